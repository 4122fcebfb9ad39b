// Approval settings and the dashboard (002 §3 "Config", "Line preset", dashboard counts; §7 config/*,
// dashboard/*).
//
//   GET    config/basic                     BasicConfig
//   PUT    config/basic                     basicConfigBody → 200 (company admin)
//   GET    config/manager/managed/list      ManagedOrgan[]: the departments the caller keeps documents for
//   GET    admin/managers                   DocumentManager[] (company admin)
//   PUT    admin/managers/{userId}          { organIds } → 200 (company admin; [] removes the manager)
//   GET    config/preset/appr-line          LinePreset[] (own, newest first)
//   POST   config/preset/appr-line          presetBody → 201 LinePreset; 400 approval.preset_limit past 30
//   PUT    config/preset/appr-line/{id}     presetBody → 200
//   DELETE config/preset/appr-line/{id}     200
//   DELETE config/preset/appr-line          idsBody → 200 (bulk)
//   GET    config/deputy                    Deputy | null
//   PUT    config/deputy                    deputyBody → 200; DELETE config/deputy → 200
//   GET    dashboard/count                  DashboardCounts
//   GET    dashboard/list                   DashboardLists (5 to approve, 6 recent drafts, 6 recent forms)
//   GET    dashboard/export/download/excel?box=<boxKey>&…boxQuery   an .xlsx of the box's documents
//                                            (exceljs; at most EXPORT_ROWS_MAX rows)
import { z } from "zod";
import { BOX_KEYS, LINES_MAX, PAGE_SIZES, PRESET_NAME_MAX } from "./constants.ts";
import type { BoxKey } from "./constants.ts";
import type { DocumentSummary } from "./documents.ts";
import type { FormSummary } from "./forms.ts";
import { lineInput } from "./lines.ts";
import type { ApprovalLine } from "./lines.ts";

export interface BasicConfig {
  pageSize: number;
}
export const basicConfigBody = z.object({
  pageSize: z.number().int().refine((v) => (PAGE_SIZES as readonly number[]).includes(v), "common.validation"),
});

export interface ManagedOrgan {
  id: number;
  name: string;
}
export interface DocumentManager {
  user: { id: number; name: string; email: string };
  organs: ManagedOrgan[];
}
export const managerBody = z.object({ organIds: z.array(z.number().int().positive()).max(500) });

export interface LinePreset {
  id: number;
  name: string;
  draftOrganId: number;
  approvalLines: ApprovalLine[];
  createdAt: number;
}
export const presetBody = z.object({
  name: z.string().trim().min(1).max(PRESET_NAME_MAX),
  draftOrganId: z.number().int().positive(),
  approvalLines: z.array(lineInput).min(1).max(LINES_MAX),
});
export const idsBody = z.object({ ids: z.array(z.number().int().positive()).min(1).max(100) });

export interface Deputy {
  deputy: { id: number; name: string; email: string };
  /**
   * Epoch ms; the deputy acts while now is in [from, to) (an absence not recorded as leave). whileOnLeave: the
   * deputy also acts, whatever this period, while the approver is on approved leave (a leave usage of theirs,
   * APPROVED, start <= now < end, when the company uses leave); pending or future leave does not count. The
   * rule: server/modules/approval/config/deputy.ts.
   */
  fromMillis: number;
  toMillis: number;
  reason: string;
}
export const deputyBody = z.object({
  deputyId: z.number().int().positive(),
  fromMillis: z.number().int().min(0),
  toMillis: z.number().int().min(0),
  reason: z.string().trim().max(200).default(""),
});

/** What waits in the department boxes of one department the caller keeps documents for. */
export interface OrganBoxCounts {
  organId: number;
  /** Cooperation requests (box oh) whose turn it is. */
  helpCount: number;
  /** Completed documents the department has to receive (box or). */
  receiveCount: number;
}
export interface DashboardCounts {
  /** The caller's own turns (box ab) and their kept departments' cooperation requests. */
  beforeApproveCount: number;
  /** The caller's own receipts (box rb) and their kept departments' receipts. */
  beforeReceiveCount: number;
  draftedCount: number;
  rejectedCount: number;
  /** Per kept department, the part of the two counts above that waits in its department boxes. */
  organs: OrganBoxCounts[];
}
export interface DashboardLists {
  toApprove: DocumentSummary[];
  recentDrafts: DocumentSummary[];
  recentForms: FormSummary[];
}
export const exportQuery = z.object({ box: z.enum(BOX_KEYS as [BoxKey, ...BoxKey[]]) });
