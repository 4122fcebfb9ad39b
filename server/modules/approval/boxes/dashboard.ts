// The approval dashboard (002 §7 dashboard/count and dashboard/list, §9 page sizes): the counts of the boxes
// that wait for the caller, the documents to approve, the caller's recent drafts and recently used forms.
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import type { DashboardCounts, DashboardLists, OrganBoxCounts } from "../../../../shared/approval/config.ts";
import {
  DASHBOARD_RECENT_DRAFTS,
  DASHBOARD_RECENT_FORMS,
  DASHBOARD_TO_APPROVE,
  type StarterFormKey,
} from "../../../../shared/approval/constants.ts";
import type { FormSummary } from "../../../../shared/approval/forms.ts";
import type { Caller } from "../../../lib/context.ts";
import { bigintArray } from "../../../lib/sql-array.ts";
import { boxCount, boxPage, summariesOf } from "./repo.ts";
import type { BoxScope } from "./scope.ts";
import { callerScope } from "./service.ts";
import { boxSource } from "./sources.ts";

/**
 * What waits in the department boxes of each department the caller keeps documents for: cooperation requests
 * whose turn it is (box oh) and receipts of completed documents (box or), as those boxes list them.
 */
async function organPending(db: DbOrTx, s: BoxScope): Promise<OrganBoxCounts[]> {
  if (!s.keptOrgans.length) return [];
  const rows = await db.execute<{ organ_id: string; help: string; receive: string }>(sql`
    select l.organ_id,
      count(distinct l.document_id) filter (where l.type = 'HELP_ORGAN' and d.status = 'IN_PROGRESS') as help,
      count(distinct l.document_id) filter (where l.type = 'RECEIVE_ORGAN' and d.status = 'COMPLETED') as receive
    from approval_lines l join approval_documents d on d.id = l.document_id
    where l.company_id = ${s.companyId} and l.organ_id = any(${bigintArray(s.keptOrgans)})
      and l.type in ('HELP_ORGAN', 'RECEIVE_ORGAN') and l.status = 'PENDING_APPROVAL'
    group by l.organ_id`);
  const by = new Map(rows.map((r) => [Number(r.organ_id), r]));
  return s.keptOrgans.map((organId) => ({
    organId,
    helpCount: Number(by.get(organId)?.help ?? 0),
    receiveCount: Number(by.get(organId)?.receive ?? 0),
  }));
}

/** GET dashboard/count */
export async function dashboardCounts(caller: Caller): Promise<DashboardCounts> {
  const db = caller.deps.db;
  const s = await callerScope(caller);
  const count = (box: "ab" | "rb" | "dd" | "dr") => boxCount(db, s.companyId, boxSource(box, s, undefined));
  const [ab, rb, organs, dd, dr] = await Promise.all([count("ab"), count("rb"), organPending(db, s), count("dd"), count("dr")]);
  const sum = (k: "helpCount" | "receiveCount") => organs.reduce((n, o) => n + o[k], 0);
  return {
    beforeApproveCount: ab + sum("helpCount"),
    beforeReceiveCount: rb + sum("receiveCount"),
    draftedCount: dd,
    rejectedCount: dr,
    organs,
  };
}

type FormRow = {
  id: string;
  box_id: string;
  box_name: string;
  name: string;
  code: string;
  description: string;
  current_version: number;
  inner_draft: boolean;
  starter_key: StarterFormKey | null;
};

/** The active forms the caller drafted with most recently (a saved draft counts), newest use first. */
async function recentForms(db: DbOrTx, s: BoxScope): Promise<FormSummary[]> {
  const rows = await db.execute<FormRow>(sql`
    select f.id, f.box_id, b.name as box_name, f.name, f.code, f.description, f.current_version, f.inner_draft, f.starter_key
    from (select form_id, max(coalesce(drafted_at, created_at)) as used_at from approval_documents
          where company_id = ${s.companyId} and drafter_id = ${s.userId} group by form_id) used
      join approval_forms f on f.id = used.form_id and f.active
      join approval_form_boxes b on b.id = f.box_id
    order by used.used_at desc, f.id desc limit ${DASHBOARD_RECENT_FORMS}`);
  return rows.map((r) => ({
    id: Number(r.id),
    boxId: Number(r.box_id),
    boxName: r.box_name,
    name: r.name,
    code: r.code,
    description: r.description,
    version: r.current_version,
    innerDraft: r.inner_draft,
    starterKey: r.starter_key,
  }));
}

/** GET dashboard/list */
export async function dashboardLists(caller: Caller): Promise<DashboardLists> {
  const db = caller.deps.db;
  const s = await callerScope(caller);
  const ab = boxSource("ab", s, undefined);
  const ownDrafts = { doc: sql`d.drafter_id = ${s.userId} and d.status <> 'TEMP'`, defaultSort: "draftedAt" as const };
  const newest = { sort: "draftedAt" as const, dir: "desc" as const };
  const [toApprove, drafts, forms] = await Promise.all([
    boxPage(db, s.companyId, ab, undefined, newest, DASHBOARD_TO_APPROVE, 0, false),
    boxPage(db, s.companyId, ownDrafts, undefined, newest, DASHBOARD_RECENT_DRAFTS, 0, false),
    recentForms(db, s),
  ]);
  const [toApproveRows, draftRows] = await Promise.all([
    summariesOf(db, s.companyId, toApprove.rows),
    summariesOf(db, s.companyId, drafts.rows),
  ]);
  return { toApprove: toApproveRows, recentDrafts: draftRows, recentForms: forms };
}
