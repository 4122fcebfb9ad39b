// What each box holds (shared/approval/constants.ts BOXES), as SQL over the documents aliased `d`:
// - draft boxes: the caller's own documents in one state (approval_documents_drafter_idx);
// - line boxes: the caller's lines of a kind and state (approval_lines_user_idx, _acted_idx, _organ_idx),
//   one row per document with the caller's line status, whether a CC/SHARE line is still unread, and a rank
//   that puts the lines waiting for the caller first (department boxes);
// - the ledger: completed documents the caller may read (the read rule of documents/access.ts), found as a
//   union of id sets each answered by an index rather than by testing the rule on every completed document.
import { type SQL, sql } from "drizzle-orm";
import type { BoxKey, DocumentStatus } from "../../../../shared/approval/constants.ts";
import { bigintArray } from "../../../lib/sql-array.ts";
import { type BoxScope, requireKept } from "./scope.ts";

export type BoxSort = "draftedAt" | "completedAt" | "title" | "docNum" | "formName" | "drafterName" | "updatedAt";

export interface BoxSource {
  /** Rows (doc_id, line_status, unread, rank) joined to d on doc_id; absent: d alone. */
  lines?: SQL;
  /** The condition on d (besides the company). */
  doc: SQL;
  /** Lines waiting for the caller come first (department boxes). */
  pendingFirst?: boolean;
  defaultSort: BoxSort;
}

const ACTED = sql`('APPROVED', 'PRE_APPROVED', 'PROXY_APPROVED')`;

function docStatus(...statuses: DocumentStatus[]): SQL {
  return statuses.length === 1 ? sql`d.status = ${statuses[0]}` : sql`d.status in ${sql.raw(`('${statuses.join("', '")}')`)}`;
}

/** One row per document of the caller's lines that match `cond` (on the lines aliased `l`). */
function lineRows(s: BoxScope, cond: SQL): SQL {
  return sql`
    select distinct on (l.document_id) l.document_id as doc_id, l.status as line_status,
      (l.grp in ('CC', 'SHARE') and l.read_at is null) as unread,
      case when l.status = 'PENDING_APPROVAL' then 0 else 1 end as rank
    from approval_lines l
    where l.company_id = ${s.companyId} and ${cond}
    order by l.document_id, rank, l.id`;
}

/** The caller's own lines or the lines they acted on (a deputy's 대결, a keeper's department line). */
const mineOrActed = (s: BoxScope) => sql`(l.user_id = ${s.userId} or l.acted_by_user_id = ${s.userId})`;

const drafts = (s: BoxScope, status: DocumentStatus, defaultSort: BoxSort = "draftedAt"): BoxSource => ({
  doc: sql`d.drafter_id = ${s.userId} and ${docStatus(status)}`,
  defaultSort,
});

/**
 * The completed documents the caller may read: documents/access.ts readableBy for a COMPLETED document, branch
 * by branch, so each branch is one index's answer (testing readableBy on every completed document, or even on
 * every candidate, costs a subquery per document: 160 ms for 10,000 of 50,000 documents). tests/approval/boxes
 * checks the ledger against readableBy for every person of its cast.
 * - open type PUBLIC; the caller's own documents; DEPARTMENT documents of the caller's departments and those
 *   above them; documents of the departments the caller keeps;
 * - documents with a line the caller holds (readableBy's holdsLine: their user line, one they acted on, a
 *   department line of their department, any line of a department they keep, the user line of an approver
 *   they stand in for) that grants reading (readableBy's line states; on a completed document every line of
 *   the approval group, CC and SHARE lines once notified, RECEIVE lines no longer waiting).
 */
function readableCompleted(s: BoxScope): SQL {
  const c = s.companyId;
  // Any line of a kept department grants reading: its members' branch needs only the other departments.
  const memberOnly = s.organs.filter((o) => !s.keptOrgans.includes(o));
  const grants = sql`(l.grp = 'APPROVAL' or (l.grp in ('CC', 'SHARE') and l.status in ('NOTIFIED', 'READ'))
    or (l.grp = 'RECEIVE' and l.status <> 'WAITING'))`;
  const lineDocs = sql`
    select l.document_id from approval_lines l
      where l.company_id = ${c} and l.user_id = any(${bigintArray([s.userId, ...s.absentApprovers])}) and ${grants}
    union all
    select l.document_id from approval_lines l where l.company_id = ${c} and l.acted_by_user_id = ${s.userId} and ${grants}
    union all
    select l.document_id from approval_lines l
      where l.company_id = ${c} and l.organ_id = any(${bigintArray(memberOnly)}) and l.user_id is null and ${grants}
    union all
    select l.document_id from approval_lines l where l.company_id = ${c} and l.organ_id = any(${bigintArray(s.keptOrgans)}) and ${grants}`;
  // One OR of index conditions: the planner ORs their bitmaps (a document found by several is read once).
  return sql`d.status = 'COMPLETED' and (d.open_type = 'PUBLIC'
    or (d.open_type = 'DEPARTMENT' and d.draft_organ_id = any(${bigintArray(s.organsWithAncestors)}))
    or d.drafter_id = ${s.userId}
    or d.draft_organ_id = any(${bigintArray(s.keptOrgans)})
    or d.id = any(array(${lineDocs})))`;
}

/** A keeper's ledger of one department (readableBy grants a keeper these): its completed documents and
 * completed documents with a line of it. */
function organCompleted(s: BoxScope, organId: number): SQL {
  return sql`d.status = 'COMPLETED' and (d.draft_organ_id = ${organId} or d.id = any(array(
    select l.document_id from approval_lines l
      where l.company_id = ${s.companyId} and l.organ_id = ${organId}
        and (l.grp = 'APPROVAL' or (l.grp in ('CC', 'SHARE') and l.status in ('NOTIFIED', 'READ')) or (l.grp = 'RECEIVE' and l.status <> 'WAITING')))))`;
}

/** The box's rows for the caller; department boxes (and a keeper's ledger of one department) check organId. */
export function boxSource(box: BoxKey, s: BoxScope, organId: number | undefined): BoxSource {
  const me = s.userId;
  switch (box) {
    case "dd": return drafts(s, "IN_PROGRESS");
    case "dc": return drafts(s, "COMPLETED", "completedAt");
    case "dt": return drafts(s, "TEMP", "updatedAt");
    case "dr": return drafts(s, "REJECTED", "updatedAt");
    case "dn": return drafts(s, "RETURNED", "updatedAt");
    case "de": return drafts(s, "RETRIEVED", "updatedAt");
    case "ab":
      return {
        lines: lineRows(s, sql`l.user_id = any(${bigintArray([me, ...s.absentApprovers])}) and l.status = 'PENDING_APPROVAL' and l.grp = 'APPROVAL'`),
        doc: docStatus("IN_PROGRESS"),
        defaultSort: "draftedAt",
      };
    case "ap":
      return { lines: lineRows(s, sql`${mineOrActed(s)} and l.status in ${ACTED} and l.grp = 'APPROVAL'`), doc: docStatus("IN_PROGRESS"), defaultSort: "draftedAt" };
    case "ac":
      return { lines: lineRows(s, sql`${mineOrActed(s)} and l.status in ${ACTED} and l.grp = 'APPROVAL'`), doc: docStatus("COMPLETED"), defaultSort: "completedAt" };
    case "ar":
      return { lines: lineRows(s, sql`${mineOrActed(s)} and l.status = 'REJECTED'`), doc: sql`d.status <> 'TEMP'`, defaultSort: "updatedAt" };
    case "rb":
      return {
        lines: lineRows(s, sql`l.user_id = ${me} and l.type = 'RECEIVE' and l.status = 'PENDING_APPROVAL'`),
        doc: docStatus("COMPLETED"),
        defaultSort: "completedAt",
      };
    case "rc":
      return { lines: lineRows(s, sql`${mineOrActed(s)} and l.grp = 'RECEIVE' and l.status = 'RECEIVED'`), doc: docStatus("COMPLETED"), defaultSort: "completedAt" };
    case "sh":
      return {
        lines: lineRows(s, sql`l.grp = 'SHARE' and l.status in ('NOTIFIED', 'READ')
          and (l.user_id = ${me} or (l.user_id is null and l.organ_id = any(${bigintArray(s.organs)})))`),
        doc: docStatus("COMPLETED"),
        defaultSort: "completedAt",
      };
    case "cc":
      return { lines: lineRows(s, sql`l.user_id = ${me} and l.type = 'CC' and l.status in ('NOTIFIED', 'READ')`), doc: sql`d.status not in ('TEMP', 'RETRIEVED')`, defaultSort: "draftedAt" };
    case "oh": {
      const organ = requireKept(s, organId);
      return {
        lines: lineRows(s, sql`l.organ_id = ${organ} and l.type = 'HELP_ORGAN' and l.status <> 'WAITING'`),
        doc: sql`d.status not in ('TEMP', 'RETRIEVED')`,
        pendingFirst: true,
        defaultSort: "draftedAt",
      };
    }
    case "or": {
      const organ = requireKept(s, organId);
      return {
        lines: lineRows(s, sql`l.organ_id = ${organ} and l.type = 'RECEIVE_ORGAN' and l.status <> 'WAITING'`),
        doc: docStatus("COMPLETED", "RETURNED"),
        pendingFirst: true,
        defaultSort: "completedAt",
      };
    }
    case "lg":
      return {
        doc: organId === undefined ? readableCompleted(s) : organCompleted(s, requireKept(s, organId)),
        defaultSort: "completedAt",
      };
  }
}
