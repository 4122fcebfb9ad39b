// Who may read an approval document (002 §6 "Approval"; shared/approval/constants.ts for the states). One rule,
// written once as a SQL condition so the document view, the box lists and the ledger (boxes/) all use it:
// - the drafter;
// - anyone on a line once the document was submitted: a user line's user; an organ line's members; a document
//   keeper of a line's organ (config/keepers.ts: its document managers, else its organisation managers); an active deputy of a user line's approver (config/deputy.ts deputyActsAt: its period, or the approver on leave), and whoever acted on a line. Lines
//   count from the moment they concern someone: the approval group (APPROVAL, HELP, HELP_ORGAN) from the
//   submission, CC lines from submission (NOTIFIED), SHARE lines from completion (NOTIFIED), RECEIVE lines once
//   the approval group completed (no longer WAITING);
// - a document keeper of the drafting organ (submitted documents);
// - for COMPLETED documents, by open type: PUBLIC the whole company, DEPARTMENT the members of the drafting
//   organ and of the organs under it.
// Another company's document, or a missing one, answers 404 approval.not_found; a document of the company the
// caller may not read answers 403 approval.not_allowed.
import { type SQL, sql } from "drizzle-orm";
import { APPROVAL_ERRORS } from "../../../../shared/approval/errors.ts";
import type { DbOrTx } from "../../../../db/client.ts";
import { deputyActsAt } from "../config/deputy.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";

export const approvalNotFound = () => new AppError(404, APPROVAL_ERRORS.notFound);
export const approvalNotAllowed = () => new AppError(403, APPROVAL_ERRORS.notAllowed);

export interface Reader {
  companyId: number;
  userId: number;
  now: Date;
}

export const readerOf = (caller: Caller): Reader =>
  ({ companyId: caller.auth.companyId, userId: caller.auth.userId, now: caller.deps.clock.now() });

/** The organs the user belongs to and every organ above them (a document of any of these organs' sub-trees). */
function organsAndAncestors(userId: number): SQL {
  return sql`(with recursive up(id) as (
      select om.organ_id from organization_members om where om.user_id = ${userId}
      union select o.parent_id from organizations o join up on o.id = up.id where o.parent_id is not null)
    select id from up)`;
}

/** The organs whose documents the user keeps (config/keepers.ts isDocumentKeeper's rule as SQL): those they are a
 * document manager of, and those they lead (organisation manager) that have no document manager. */
export function keptOrganIds(userId: number): SQL {
  return sql`(select m.organ_id from approval_managers m where m.user_id = ${userId}
    union select om.organ_id from organization_members om where om.user_id = ${userId} and om.is_manager
      and not exists (select 1 from approval_managers m2 where m2.organ_id = om.organ_id))`;
}

/** The user is a line's approver, a member or keeper of its organ, an active deputy of its approver, or acted on it. */
function holdsLine(r: Reader, l: SQL): SQL {
  return sql`(${l}.user_id = ${r.userId}
    or ${l}.acted_by_user_id = ${r.userId}
    or (${l}.user_id is null and ${l}.organ_id in (select om.organ_id from organization_members om where om.user_id = ${r.userId}))
    or ${l}.organ_id in ${keptOrganIds(r.userId)}
    or exists (select 1 from approval_deputies dp where dp.user_id = ${l}.user_id and dp.deputy_id = ${r.userId}
      and ${deputyActsAt(r.now)}))`;
}

/**
 * The read rule as a condition on a document row `d` (an alias of approval_documents in the caller's query).
 * It does not scope by company: the caller's query does (d.company_id = the caller's company).
 */
export function readableBy(r: Reader, d: SQL = sql.raw("d")): SQL {
  return sql`(${d}.drafter_id = ${r.userId}
    or (${d}.status <> 'TEMP' and (
      exists (select 1 from approval_lines l where l.document_id = ${d}.id and (
          l.grp = 'APPROVAL'
          or (l.grp in ('CC', 'SHARE') and l.status in ('NOTIFIED', 'READ'))
          or (l.grp = 'RECEIVE' and l.status <> 'WAITING'))
        and ${holdsLine(r, sql.raw("l"))})
      or ${d}.draft_organ_id in ${keptOrganIds(r.userId)}
      or (${d}.status = 'COMPLETED' and (${d}.open_type = 'PUBLIC'
        or (${d}.open_type = 'DEPARTMENT' and ${d}.draft_organ_id in ${organsAndAncestors(r.userId)})))
    )))`;
}

/** Whether the caller may read the document: 404 when it is missing or another company's, else true/false. */
export async function canRead(db: DbOrTx, r: Reader, docId: number): Promise<boolean> {
  const rows = await db.execute<{ ok: boolean }>(sql`
    select ${readableBy(r)} as ok from approval_documents d where d.id = ${docId} and d.company_id = ${r.companyId}`);
  if (!rows.length) throw approvalNotFound();
  return rows[0].ok;
}

/** canRead, answering 403 approval.not_allowed when the caller may not read it. */
export async function requireReadable(db: DbOrTx, r: Reader, docId: number): Promise<void> {
  if (!(await canRead(db, r, docId))) throw approvalNotAllowed();
}

/** Of these document ids, the ones the caller may read (other companies' and missing ones left out). */
export async function readableIds(db: DbOrTx, r: Reader, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db.execute<{ id: string }>(sql`
    select d.id from approval_documents d
    where d.company_id = ${r.companyId} and d.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) and ${readableBy(r)}`);
  return rows.map((x) => Number(x.id));
}
