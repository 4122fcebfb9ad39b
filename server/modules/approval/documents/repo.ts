// Queries of approval documents: the row (locked for actions), its lines with their people and organs, files,
// reference documents, summaries. Times come back as epoch milliseconds.
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { approvalDocuments } from "../../../../db/schema/approval.ts";

export type DocRow = typeof approvalDocuments.$inferSelect;

/** The document of the company, or null. `lock`: select ... for update (every action takes it first). */
export async function docRow(db: DbOrTx, companyId: number, id: number, lock = false): Promise<DocRow | null> {
  const q = db.select().from(approvalDocuments).where(and(eq(approvalDocuments.id, id), eq(approvalDocuments.companyId, companyId)));
  const rows = lock ? await q.for("update") : await q;
  return rows[0] ?? null;
}

/** An epoch-ms column expression (null stays null). */
export const ms = (col: SQL) => sql`(extract(epoch from ${col}) * 1000)::bigint`;
export const num = (v: unknown): number | null => v === null || v === undefined ? null : Number(v);

export interface LineRow {
  id: number;
  type: string;
  grp: string;
  sortOrder: number;
  status: string;
  userId: number | null;
  userName: string | null;
  userEmail: string | null;
  position: string | null;
  organId: number | null;
  organName: string | null;
  actedByUserId: number | null;
  actedByName: string | null;
  actedAt: number | null;
  comment: string | null;
  postViewedAt: number | null;
  readAt: number | null;
}

const GROUP_ORDER = sql`case l.grp when 'APPROVAL' then 0 when 'RECEIVE' then 1 when 'CC' then 2 else 3 end`;

/** The document's lines, group by group (approval, receive, cc, share), each in sort order. */
export async function linesOf(db: DbOrTx, documentId: number): Promise<LineRow[]> {
  const rows = await db.execute<Record<string, unknown>>(sql`
    select l.id, l.type, l.grp, l.sort_order, l.status, l.user_id, u.display_name as user_name, u.username as user_email,
      u.position, l.organ_id, o.name as organ_name, l.acted_by_user_id, a.display_name as acted_by_name,
      ${ms(sql`l.acted_at`)} as acted_at, l.comment, ${ms(sql`l.post_viewed_at`)} as post_viewed_at, ${ms(sql`l.read_at`)} as read_at
    from approval_lines l
      left join users u on u.id = l.user_id
      left join organizations o on o.id = l.organ_id
      left join users a on a.id = l.acted_by_user_id
    where l.document_id = ${documentId}
    order by ${GROUP_ORDER}, l.sort_order, l.id`);
  return rows.map((r) => ({
    id: Number(r.id),
    type: String(r.type),
    grp: String(r.grp),
    sortOrder: Number(r.sort_order),
    status: String(r.status),
    userId: num(r.user_id),
    userName: (r.user_name as string | null) ?? null,
    userEmail: (r.user_email as string | null) ?? null,
    position: (r.position as string | null) ?? null,
    organId: num(r.organ_id),
    organName: (r.organ_name as string | null) ?? null,
    actedByUserId: num(r.acted_by_user_id),
    actedByName: (r.acted_by_name as string | null) ?? null,
    actedAt: num(r.acted_at),
    comment: (r.comment as string | null) ?? null,
    postViewedAt: num(r.post_viewed_at),
    readAt: num(r.read_at),
  }));
}

export interface SummaryRow {
  id: number;
  title: string;
  status: string;
  docNum: string | null;
  formId: number;
  formName: string;
  drafterId: number;
  drafterName: string;
  drafterPosition: string | null;
  draftOrganId: number;
  draftOrganName: string;
  draftedAt: number | null;
  completedAt: number | null;
  updatedAt: number;
  hasFiles: boolean;
  currentApprover: string | null;
  myLineStatus: string | null;
  unread: boolean;
}

/** The summary columns of documents `d` for the user (their line status, unread CC/SHARE). */
export function summaryColumns(userId: number): SQL {
  return sql`d.id, d.title, d.status, d.doc_num, d.form_id, f.name as form_name, d.drafter_id, du.display_name as drafter_name,
    du.position as drafter_position, d.draft_organ_id, dor.name as draft_organ_name, ${ms(sql`d.drafted_at`)} as drafted_at,
    ${ms(sql`d.completed_at`)} as completed_at, ${ms(sql`d.updated_at`)} as updated_at,
    exists (select 1 from approval_files af where af.document_id = d.id) as has_files,
    (select coalesce(cu.display_name, co.name) from approval_lines cl
       left join users cu on cu.id = cl.user_id left join organizations co on co.id = cl.organ_id
       where cl.document_id = d.id and cl.status = 'PENDING_APPROVAL'
       order by case cl.grp when 'APPROVAL' then 0 else 1 end, cl.sort_order limit 1) as current_approver,
    (select ml.status from approval_lines ml where ml.document_id = d.id and ml.user_id = ${userId}
       order by case ml.status when 'PENDING_APPROVAL' then 0 else 1 end, ml.sort_order limit 1) as my_line_status,
    exists (select 1 from approval_lines rl where rl.document_id = d.id and rl.user_id = ${userId} and rl.status = 'NOTIFIED') as unread`;
}

/** The joins summaryColumns needs after `from approval_documents d`. */
export const summaryJoins = sql`join approval_forms f on f.id = d.form_id join users du on du.id = d.drafter_id
  join organizations dor on dor.id = d.draft_organ_id`;

export function summaryOf(r: Record<string, unknown>): SummaryRow {
  return {
    id: Number(r.id),
    title: String(r.title),
    status: String(r.status),
    docNum: (r.doc_num as string | null) ?? null,
    formId: Number(r.form_id),
    formName: String(r.form_name),
    drafterId: Number(r.drafter_id),
    drafterName: String(r.drafter_name),
    drafterPosition: (r.drafter_position as string | null) ?? null,
    draftOrganId: Number(r.draft_organ_id),
    draftOrganName: String(r.draft_organ_name),
    draftedAt: num(r.drafted_at),
    completedAt: num(r.completed_at),
    updatedAt: Number(r.updated_at),
    hasFiles: Boolean(r.has_files),
    currentApprover: (r.current_approver as string | null) ?? null,
    myLineStatus: (r.my_line_status as string | null) ?? null,
    unread: Boolean(r.unread),
  };
}

/** Summaries of these documents of the company, in the order of `ids`. */
export async function summariesOf(db: DbOrTx, companyId: number, userId: number, ids: number[]): Promise<SummaryRow[]> {
  if (!ids.length) return [];
  const rows = await db.execute<Record<string, unknown>>(sql`
    select ${summaryColumns(userId)} from approval_documents d ${summaryJoins}
    where d.company_id = ${companyId} and d.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
  const byId = new Map(rows.map((r) => [Number(r.id), summaryOf(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function refDocIdsOf(db: DbOrTx, documentId: number): Promise<number[]> {
  const rows = await db.execute<{ ref_document_id: string }>(sql`
    select ref_document_id from approval_ref_docs where document_id = ${documentId} order by sort_order`);
  return rows.map((r) => Number(r.ref_document_id));
}

export interface FileRow {
  id: number;
  name: string;
  size: number;
  contentType: string;
  blobKey: string;
  uploaderId: number;
  documentId: number | null;
}

export async function filesOf(db: DbOrTx, documentId: number): Promise<FileRow[]> {
  const rows = await db.execute<Record<string, unknown>>(sql`
    select id, name, size, content_type, blob_key, uploader_id, document_id from approval_files
    where document_id = ${documentId} order by sort_order, id`);
  return rows.map(fileOf);
}

export function fileOf(r: Record<string, unknown>): FileRow {
  return {
    id: Number(r.id),
    name: String(r.name),
    size: Number(r.size),
    contentType: String(r.content_type),
    blobKey: String(r.blob_key),
    uploaderId: Number(r.uploader_id),
    documentId: num(r.document_id),
  };
}

/** One history entry of an action (the audit trail). */
export async function addHistory(
  db: DbOrTx,
  e: { companyId: number; documentId: number; userId: number; lineId: number | null; action: string; comment: string | null; at: Date },
) {
  await db.execute(sql`
    insert into approval_history (company_id, document_id, user_id, line_id, action, comment, at)
    values (${e.companyId}, ${e.documentId}, ${e.userId}, ${e.lineId}, ${e.action}, ${e.comment}, ${e.at.toISOString()}::timestamptz)`);
}

/** Bumps the document's version (and updated_at), with any other columns set; answers the new version. */
export async function bumpDocument(db: DbOrTx, id: number, at: Date, set: SQL | null = null): Promise<number> {
  const rows = await db.execute<{ version: number }>(sql`
    update approval_documents set version = version + 1, updated_at = ${at.toISOString()}::timestamptz
      ${set ? sql`, ${set}` : sql``}
    where id = ${id} returning version`);
  return Number(rows[0].version);
}
