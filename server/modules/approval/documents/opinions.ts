// Opinions (의견) on a document (shared/approval/documents.ts): the readers of a document list them and add
// their own; each edits or deletes only their own (403 approval.not_allowed for another's, 404 for a missing or
// foreign one). Opinions that came with a line action carry the action's name.
import { sql } from "drizzle-orm";
import type { Opinion } from "../../../../shared/approval/documents.ts";
import type { Caller } from "../../../lib/context.ts";
import { approvalNotAllowed, approvalNotFound, readerOf, requireReadable } from "./access.ts";
import { ms } from "./repo.ts";

async function opinionsOf(caller: Caller, docId: number, id?: number): Promise<Opinion[]> {
  const rows = await caller.deps.db.execute<Record<string, unknown>>(sql`
    select o.id, o.document_id, o.user_id, u.display_name as user_name, o.comment, o.action,
      ${ms(sql`o.created_at`)} as created_at, ${ms(sql`o.updated_at`)} as updated_at
    from approval_opinions o join users u on u.id = o.user_id
    where o.document_id = ${docId} and o.company_id = ${caller.auth.companyId} ${id ? sql`and o.id = ${id}` : sql``}
    order by o.created_at, o.id`);
  return rows.map((r) => ({
    id: Number(r.id),
    opinionId: Number(r.id),
    documentId: Number(r.document_id),
    user: { id: Number(r.user_id), name: String(r.user_name) },
    comment: String(r.comment),
    action: (r.action as string | null) ?? null,
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
    mine: Number(r.user_id) === caller.auth.userId,
  }));
}

export async function listOpinions(caller: Caller, docId: number): Promise<Opinion[]> {
  await requireReadable(caller.deps.db, readerOf(caller), docId);
  return await opinionsOf(caller, docId);
}

/** The opinion of the document with this id (404 otherwise); 403 when it is another's. */
async function ownOpinion(caller: Caller, docId: number, id: number) {
  const rows = await caller.deps.db.execute<{ user_id: string }>(sql`
    select user_id from approval_opinions where id = ${id} and document_id = ${docId} and company_id = ${caller.auth.companyId}`);
  if (!rows.length) throw approvalNotFound();
  if (Number(rows[0].user_id) !== caller.auth.userId) throw approvalNotAllowed();
}

/** Adds an opinion, or edits one's own (opinionId). */
export async function saveOpinion(caller: Caller, input: { docId: number; opinionId?: number; comment: string }): Promise<Opinion> {
  await requireReadable(caller.deps.db, readerOf(caller), input.docId);
  const at = caller.deps.clock.now().toISOString();
  let id = input.opinionId;
  if (id) {
    await ownOpinion(caller, input.docId, id);
    await caller.deps.db.execute(sql`update approval_opinions set comment = ${input.comment}, updated_at = ${at}::timestamptz where id = ${id}`);
  } else {
    const rows = await caller.deps.db.execute<{ id: string }>(sql`
      insert into approval_opinions (company_id, document_id, user_id, comment, created_at, updated_at)
      values (${caller.auth.companyId}, ${input.docId}, ${caller.auth.userId}, ${input.comment}, ${at}::timestamptz, ${at}::timestamptz)
      returning id`);
    id = Number(rows[0].id);
  }
  return (await opinionsOf(caller, input.docId, id))[0];
}

/** Deletes one's own opinion (any document of the company the caller may still read). */
export async function deleteOpinion(caller: Caller, id: number): Promise<void> {
  const rows = await caller.deps.db.execute<{ document_id: string }>(sql`
    select document_id from approval_opinions where id = ${id} and company_id = ${caller.auth.companyId}`);
  if (!rows.length) throw approvalNotFound();
  const docId = Number(rows[0].document_id);
  await requireReadable(caller.deps.db, readerOf(caller), docId);
  await ownOpinion(caller, docId, id);
  await caller.deps.db.execute(sql`delete from approval_opinions where id = ${id}`);
}
