// The bell's queries (db/schema/notifications.ts): a person's notifications newest first, their unread count,
// marking read, deleting one, the mail choices per kind and the retention purge. Every query is scoped by the
// recipient (user and company).
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { bigintArray } from "../../lib/sql-array.ts";

export interface NotificationRow {
  id: number;
  kind: string;
  actorId: number | null;
  actorName: string | null;
  title: string;
  excerpt: string | null;
  link: string;
  createdAt: Date;
  readAt: Date | null;
}

interface Owner {
  companyId: number;
  userId: number;
}

/** Up to `limit` notifications of the person below `before` (an id), newest first. */
export async function listRows(db: DbOrTx, o: Owner, q: { before?: number; limit: number; unread: boolean }): Promise<NotificationRow[]> {
  const rows = await db.execute<Record<string, unknown>>(sql`
    select n.id, n.kind, n.actor_id, a.display_name as actor_name, n.title, n.excerpt, n.link, n.created_at, n.read_at
    from notifications n left join users a on a.id = n.actor_id and a.company_id = n.company_id
    where n.user_id = ${o.userId} and n.company_id = ${o.companyId}
      ${q.before !== undefined ? sql`and n.id < ${q.before}` : sql``}
      ${q.unread ? sql`and n.read_at is null` : sql``}
    order by n.id desc limit ${q.limit}`);
  return rows.map((r) => ({
    id: Number(r.id),
    kind: String(r.kind),
    actorId: r.actor_id === null ? null : Number(r.actor_id),
    actorName: r.actor_name === null ? null : String(r.actor_name),
    title: String(r.title),
    excerpt: r.excerpt === null ? null : String(r.excerpt),
    link: String(r.link),
    createdAt: new Date(r.created_at as string | Date),
    readAt: r.read_at === null ? null : new Date(r.read_at as string | Date),
  }));
}

export async function unreadCount(db: DbOrTx, o: Owner): Promise<number> {
  const [r] = await db.execute<{ count: string }>(sql`
    select count(*) as count from notifications where user_id = ${o.userId} and company_id = ${o.companyId} and read_at is null`);
  return Number(r?.count ?? 0);
}

/** Marks these (or all) unread notifications of the person read; answers how many changed. */
export async function markRead(db: DbOrTx, o: Owner, ids: number[] | "all", at: Date): Promise<number> {
  const rows = await db.execute<{ id: string }>(sql`
    update notifications set read_at = ${at.toISOString()}
    where user_id = ${o.userId} and company_id = ${o.companyId} and read_at is null
      ${ids === "all" ? sql`` : sql`and id = any(${bigintArray(ids)})`}
    returning id`);
  return rows.length;
}

/** Deletes one notification of the person; null when there is none, else whether it was unread. */
export async function deleteOne(db: DbOrTx, o: Owner, id: number): Promise<{ wasUnread: boolean } | null> {
  const [r] = await db.execute<{ unread: boolean }>(sql`
    delete from notifications where id = ${id} and user_id = ${o.userId} and company_id = ${o.companyId}
    returning read_at is null as unread`);
  return r ? { wasUnread: r.unread } : null;
}

/** The person's own mail choices (kinds without a row follow their default). */
export async function mailChoices(db: DbOrTx, userId: number): Promise<Map<string, boolean>> {
  const rows = await db.execute<{ kind: string; mail: boolean }>(sql`
    select kind, mail from notification_mail_settings where user_id = ${userId}`);
  return new Map(rows.map((r) => [r.kind, r.mail]));
}

export async function saveMailChoices(db: DbOrTx, userId: number, choices: [string, boolean][]): Promise<void> {
  if (!choices.length) return;
  await db.execute(sql`
    insert into notification_mail_settings (user_id, kind, mail)
    values ${sql.join(choices.map(([kind, mail]) => sql`(${userId}, ${kind}, ${mail})`), sql`, `)}
    on conflict (user_id, kind) do update set mail = excluded.mail`);
}

/** Removes notifications created before `cutoff`, a batch at a time; answers how many went. */
export async function purgeOlderThan(db: DbOrTx, cutoff: Date, batch: number): Promise<number> {
  const rows = await db.execute<{ id: string }>(sql`
    delete from notifications where id in (
      select id from notifications where created_at < ${cutoff.toISOString()} order by id limit ${batch} for update skip locked)
    returning id`);
  return rows.length;
}
