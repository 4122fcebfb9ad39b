// SQL of mails made into tasks (no rules here): the caller's own mails with what a task is made from, the room
// left in their storage, the .eml's file row, the links (flow_mail_tasks) and their page. Scoped by the caller.
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { idArray } from "../projects/repo.ts";

export interface OwnMail {
  id: number;
  subject: string;
  textBody: string;
  blobKey: string;
  headerPrefix: string | null;
  blocked: boolean;
}

/** The user's own mails among these ids (any other id is missing to them). */
export async function ownMails(db: DbOrTx, companyId: number, userId: number, ids: number[]): Promise<OwnMail[]> {
  if (!ids.length) return [];
  const rows = await db.execute<Record<string, unknown>>(sql`
    select m.id, g.subject, g.text_body, g.blob_key, g.header_prefix, m.spam_reason is not null and m.mail_type <> 'REPORT_MAIL' as blocked
      from mails m join mail_messages g on g.id = m.message_id
     where m.company_id = ${companyId} and m.user_id = ${userId} and m.id = any(${idArray(ids)})`);
  return rows.map((r) => ({
    id: Number(r.id),
    subject: String(r.subject ?? ""),
    textBody: String(r.text_body ?? ""),
    blobKey: String(r.blob_key),
    headerPrefix: (r.header_prefix as string | null) ?? null,
    blocked: !!r.blocked,
  }));
}

/** Whether `bytes` more fit in the user's storage (their row locked until the transaction ends). */
export async function hasRoom(db: DbOrTx, companyId: number, userId: number, bytes: number): Promise<boolean> {
  const [r] = await db.execute<{ total: string; used: string }>(sql`
    select total_quota as total, used_size as used from users where id = ${userId} and company_id = ${companyId} for no key update`);
  return !r || Number(r.total) <= 0 || Number(r.used) + bytes <= Number(r.total);
}

/** The .eml as the task's file (the migration's trigger counts its bytes in the uploader's storage). */
export async function insertEmlFile(
  db: DbOrTx,
  v: { companyId: number; taskId: number; userId: number; name: string; size: number; blobKey: string; at: Date },
) {
  await db.execute(sql`insert into flow_task_files (company_id, task_id, uploader_id, name, size, content_type, blob_key, created_at)
    values (${v.companyId}, ${v.taskId}, ${v.userId}, ${v.name}, ${v.size}, 'message/rfc822', ${v.blobKey}, ${v.at.toISOString()}::timestamptz)`);
  await db.execute(sql`update flow_tasks set file_cnt = file_cnt + 1 where id = ${v.taskId}`);
}

export async function insertLink(db: DbOrTx, v: { mailId: number; taskId: number; companyId: number; userId: number; at: Date }) {
  await db.execute(sql`insert into flow_mail_tasks (mail_id, task_id, company_id, user_id, created_at)
    values (${v.mailId}, ${v.taskId}, ${v.companyId}, ${v.userId}, ${v.at.toISOString()}::timestamptz)`);
}

/** The user's links of these mails removed (the tasks stay). */
export async function deleteLinks(db: DbOrTx, userId: number, mailIds: number[]) {
  if (!mailIds.length) return;
  await db.execute(sql`delete from flow_mail_tasks where user_id = ${userId} and mail_id = any(${idArray(mailIds)})`);
}

export interface LinkRow {
  mailId: number;
  taskId: number;
  projectId: number;
  projectTitle: string;
  taskTitle: string;
  taskStatus: string;
  createdAt: Date;
}

/** The user's links whose task exists in a project they have JOINED, newest first (of one mail, the newest). */
const visibleLinks = (companyId: number, userId: number) => sql`
  select distinct on (ft.mail_id) ft.mail_id, ft.task_id, t.project_id, p.title as project_title, t.title as task_title,
         t.status as task_status, ft.created_at
    from flow_mail_tasks ft
    join flow_tasks t on t.id = ft.task_id
    join flow_projects p on p.id = t.project_id
   where ft.company_id = ${companyId} and ft.user_id = ${userId}
     and exists (select 1 from flow_members m where m.project_id = t.project_id and m.user_id = ${userId} and m.state = 'JOINED')
   order by ft.mail_id, ft.created_at desc, ft.task_id desc`;

const linkOf = (r: Record<string, unknown>): LinkRow => ({
  mailId: Number(r.mail_id),
  taskId: Number(r.task_id),
  projectId: Number(r.project_id),
  projectTitle: String(r.project_title),
  taskTitle: String(r.task_title),
  taskStatus: String(r.task_status),
  createdAt: new Date(r.created_at as string),
});

export async function linkPage(db: DbOrTx, companyId: number, userId: number, limit: number, offset: number): Promise<{ rows: LinkRow[]; total: number }> {
  const rows = await db.execute<Record<string, unknown>>(sql`
    select l.*, count(*) over () as total from (${visibleLinks(companyId, userId)}) l
     order by l.created_at desc, l.mail_id desc limit ${limit} offset ${offset}`);
  if (rows.length || offset === 0) return { rows: rows.map(linkOf), total: rows.length ? Number(rows[0].total) : 0 };
  const [c] = await db.execute<{ n: string }>(sql`select count(*) as n from (${visibleLinks(companyId, userId)}) l`);
  return { rows: [], total: Number(c.n) };
}

/** The link of one mail of the user, as listed; null when it has none (or its task is out of reach). */
export async function linkOfMail(db: DbOrTx, companyId: number, userId: number, mailId: number): Promise<LinkRow | null> {
  const [r] = await db.execute<Record<string, unknown>>(sql`select l.* from (${visibleLinks(companyId, userId)}) l where l.mail_id = ${mailId}`);
  return r ? linkOf(r) : null;
}
