// Approval lines (002 §3 "Approval line", §5 "Approval lines", §7 appr-line/*) and the line actions.
//
//   GET  appr-line/list?docId                  ApprovalLine[] of a document the caller may read
//   PUT  appr-line/approve                     lineActionBody → 200 ActionResult. preApproval: 전결 (the rest
//                                              of the approval group is SKIPPED and the document completes)
//   PUT  appr-line/reject                      lineActionBody → 200 ActionResult. preReject: 전단계 반려 (the
//                                              previous acting line is PENDING_APPROVAL again; 409
//                                              approval.no_previous_line on the first)
//   PUT  appr-line/cancel                      lineActionBody → 200: 결재 취소 by the one who approved, while the
//                                              next line has not acted (409 approval.not_cancellable)
//   PUT  appr-line/receive                     lineActionBody → 200: 접수 (RECEIVE: the user; RECEIVE_ORGAN: a
//                                              document keeper of the department)
//   PUT  appr-line/return                      lineActionBody → 200: 반송 to the drafter (document RETURNED)
//   PUT  appr-line/upper                       upperLinesBody → 200 ApprovalLine[]: the acting approver
//                                              replaces the lines after theirs that have not acted
//   POST appr-line/share                       shareLinesBody → 201 ApprovalLine[]: add SHARE/SHARE_ORGAN
//                                              lines (002 §5 "Adding a line" checks)
//   POST appr-line/approver/validate           approverValidateBody → LineCheck (one line to add)
//   POST appr-line/approver/list/validate      lineListValidateBody → LineCheck[] (a whole line list)
// Every action takes the document's row lock and checks `version` (409 approval.version_conflict when the
// document changed since the caller read it; 409 approval.line_not_pending when the line is not the caller's
// turn), so racing approvers and the drafter leave one consistent state. A deputy (config/deputy) acts on an
// absent approver's APPROVAL/HELP line: PROXY_APPROVED with actedBy the deputy.
import { z } from "zod";
import { COMMENT_MAX, LINE_TYPES, LINES_MAX } from "./constants.ts";
import type { LineGroup, LineStatus, LineType } from "./constants.ts";

/** 002 §3 approver: a user (with the department they act for) or a department. */
export interface Approver {
  userId: number | null;
  userName: string | null;
  userEmail: string | null;
  /** The user's position/job grade shown in the stamp box. */
  position: string | null;
  organId: number | null;
  organName: string | null;
  isUser: boolean;
  isOrgan: boolean;
}

export interface ApprovalLine {
  id: number;
  type: LineType;
  group: LineGroup;
  sortOrder: number;
  status: LineStatus;
  approver: Approver;
  /** USER_{id} or ORGAN_{id}. */
  key: string;
  /** Who acted: the approver, their deputy (대결), a document keeper of the department. */
  actedBy: { userId: number; userName: string } | null;
  actedAt: number | null;
  /** The comment given with the action. */
  comment: string | null;
  /** 대결: when the absent approver saw it afterwards (후열). */
  postViewedAt: number | null;
  /** Validation codes (approval.line_*) when the line was checked. */
  errors: string[];
}

/** A line as the client sends it (draft, preset, upper, share, validate). */
export const lineInput = z.object({
  type: z.enum(LINE_TYPES),
  sortOrder: z.number().int().min(0).max(10_000),
  /** Set for user lines; for organ lines the department. A user line may name the department the user acts
   * for (one of theirs); null means their main department. */
  userId: z.number().int().positive().nullable().default(null),
  organId: z.number().int().positive().nullable().default(null),
});
export type LineInput = z.infer<typeof lineInput>;

export interface LineCheck {
  line: ApprovalLine;
  /** Empty when the line is valid. */
  errors: string[];
}

export const lineActionBody = z.object({
  lineId: z.number().int().positive(),
  /** The document version the caller saw (Document.version). */
  version: z.number().int().min(0),
  preApproval: z.boolean().default(false),
  preReject: z.boolean().default(false),
  comment: z.string().trim().max(COMMENT_MAX).default(""),
});
export type LineAction = z.infer<typeof lineActionBody>;

export interface ActionResult {
  documentId: number;
  /** 002 §4: where the client goes next: a box key, or "home". */
  next: string;
  /** The document after the action. */
  version: number;
}

export const upperLinesBody = z.object({
  docId: z.number().int().positive(),
  version: z.number().int().min(0),
  lines: z.array(lineInput).max(LINES_MAX),
});
export const shareLinesBody = z.object({
  docId: z.number().int().positive(),
  lines: z.array(lineInput).min(1).max(LINES_MAX),
});
export const approverValidateBody = z.object({
  draftOrganId: z.number().int().positive(),
  /** The lines already chosen (for the duplicate checks). */
  lines: z.array(lineInput).max(LINES_MAX).default([]),
  line: lineInput,
  /** The document for share/upper additions (its drafter and drafting department count). */
  docId: z.number().int().positive().optional(),
});
export const lineListValidateBody = z.object({
  draftOrganId: z.number().int().positive(),
  lines: z.array(lineInput).max(LINES_MAX),
});
export const docIdQuery = z.object({ docId: z.coerce.number().int().positive() });
