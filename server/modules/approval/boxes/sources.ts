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
import { readableBy, type Reader } from "../documents/access.ts";
import { type BoxScope, requireKept } from "./scope.ts";

const readerOfScope = (s: BoxScope): Reader => ({ companyId: s.companyId, userId: s.userId, now: s.now });

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
 * The completed documents the caller may read (documents/access.ts readableBy), as ids: the sets the rule
 * grants outright (public, own, the caller's department tree for DEPARTMENT documents) straight from their
 * indexes, and the documents of the caller's lines, of their departments' lines and of the departments they
 * keep, each checked against the rule (a keeper by organisation lead alone, or a line still waiting, may not
 * grant reading).
 */
function readableCompleted(s: BoxScope): SQL {
  const c = s.companyId;
  const users = bigintArray([s.userId, ...s.absentApprovers]);
  const organs = bigintArray([...s.organs, ...s.keptOrgans]);
  return sql`
    select x.id as doc_id, null::text as line_status, false as unread, 1 as rank from approval_documents x
      where x.company_id = ${c} and x.status = 'COMPLETED' and x.open_type = 'PUBLIC'
    union
    select x.id, null, false, 1 from approval_documents x
      where x.company_id = ${c} and x.drafter_id = ${s.userId} and x.status = 'COMPLETED'
    union
    select x.id, null, false, 1 from approval_documents x
      where x.company_id = ${c} and x.status = 'COMPLETED' and x.open_type = 'DEPARTMENT'
        and x.draft_organ_id = any(${bigintArray(s.organsWithAncestors)})
    union
    select x.id, null, false, 1 from approval_documents x
      where x.company_id = ${c} and x.status = 'COMPLETED' and x.id in (
          select l.document_id from approval_lines l where l.company_id = ${c} and l.user_id = any(${users}) and l.user_id is not null
          union all
          select l.document_id from approval_lines l where l.company_id = ${c} and l.acted_by_user_id = ${s.userId}
          union all
          select l.document_id from approval_lines l where l.company_id = ${c} and l.organ_id = any(${organs}) and l.organ_id is not null
          union all
          select k.id from approval_documents k
            where k.company_id = ${c} and k.draft_organ_id = any(${bigintArray(s.keptOrgans)}) and k.status = 'COMPLETED')
        and ${readableBy(readerOfScope(s), sql.raw("x"))}`;
}

/** A keeper's ledger of one department: its completed documents and those with a line of it, as the rule
 * lets the keeper read them. */
function organCompleted(s: BoxScope, organId: number): SQL {
  return sql`
    select x.id as doc_id, null::text as line_status, false as unread, 1 as rank from approval_documents x
      where x.company_id = ${s.companyId} and x.status = 'COMPLETED' and x.id in (
          select k.id from approval_documents k where k.company_id = ${s.companyId} and k.draft_organ_id = ${organId} and k.status = 'COMPLETED'
          union all
          select l.document_id from approval_lines l where l.company_id = ${s.companyId} and l.organ_id = ${organId})
        and ${readableBy(readerOfScope(s), sql.raw("x"))}`;
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
        lines: lineRows(s, sql`l.grp = 'SHARE' and (l.user_id = ${me} or l.organ_id = any(${bigintArray(s.organs)}))`),
        doc: docStatus("COMPLETED"),
        defaultSort: "completedAt",
      };
    case "cc":
      return { lines: lineRows(s, sql`l.user_id = ${me} and l.type = 'CC'`), doc: sql`d.status not in ('TEMP', 'RETRIEVED')`, defaultSort: "draftedAt" };
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
        lines: organId === undefined ? readableCompleted(s) : organCompleted(s, requireKept(s, organId)),
        doc: docStatus("COMPLETED"),
        defaultSort: "completedAt",
      };
  }
}
