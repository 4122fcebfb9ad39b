// What the mail module asks flow about its mails (000 §3 mail list item flowMail, taskId, taskStatus; the flow
// folder -17): SQL pieces over a mail row that the mail list puts in its one select, so a page costs one index
// lookup per row answered (flow_mail_tasks' primary key starts with mail_id), never a query per mail. A mail
// shows its link while its task exists and the mail's owner is a JOINED member of the task's project; of
// several links (a mail made into a task again) the newest counts.
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";

const linkedTask = (mailId: SQL, userId: SQL) => sql`
  select t.id, t.status from flow_mail_tasks ft join flow_tasks t on t.id = ft.task_id
   where ft.mail_id = ${mailId} and ft.user_id = ${userId}
     and exists (select 1 from flow_members m where m.project_id = t.project_id and m.user_id = ${userId} and m.state = 'JOINED')
   order by ft.created_at desc, ft.task_id desc limit 1`;

/** A json { id, status } of the mail's task, or null: a column for the mail list's select. */
export function mailTaskColumn(mailId: SQL, userId: SQL): SQL<{ id: number; status: string } | string | null> {
  return sql`(select json_build_object('id', x.id, 'status', x.status) from (${linkedTask(mailId, userId)}) x)`;
}

/** The mails that are linked: the flow folder's (-17) condition. */
export function mailTaskCondition(mailId: SQL, userId: SQL): SQL {
  return sql`exists (${linkedTask(mailId, userId)})`;
}

/** The list item's fields from mailTaskColumn's value. */
export function mailTaskFields(v: { id: number | string; status: string } | string | null): { flowMail: 0 | 1; taskId: number | null; taskStatus: string | null } {
  const link = typeof v === "string" ? JSON.parse(v) as { id: number; status: string } : v;
  return link ? { flowMail: 1, taskId: Number(link.id), taskStatus: link.status } : { flowMail: 0, taskId: null, taskStatus: null };
}

/** The link of one mail of the user (the mail view). */
export async function mailTaskOf(db: DbOrTx, userId: number, mailId: number) {
  const [r] = await db.execute<{ v: { id: number; status: string } | string | null }>(
    sql`select ${mailTaskColumn(sql`${mailId}::bigint`, sql`${userId}::bigint`)} as v`,
  );
  return mailTaskFields(r?.v ?? null);
}
