// Queries behind the mail list and view. A page is read through mails_folder_list_idx or
// mails_user_received_idx (user, [folder,] received_at desc, id desc), so a page costs the same at 100 or
// 100,000 mails; the per-row extras (related mails, receipts) are index lookups for the page's rows only.
import { isBlocked } from "../store/blocked.ts";
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { mailFolders, mailMessages, mailReceipts, mails } from "../../../../db/schema/mail.ts";
import type { MailAddress, MailListItem, MailReceiptSummary } from "../../../../shared/mail/reading.ts";
import { mailTaskColumn, mailTaskFields } from "../../flow/mail-tasks/link.ts";

/**
 * Newest received first, exactly as the mail indexes are ordered (DESC NULLS LAST): a plain DESC means NULLS
 * FIRST, which the planner cannot read from those indexes, and it would sort the whole folder instead.
 */
export const NEWEST_FIRST = [sql`${mails.receivedAt} desc nulls last`, sql`${mails.id} desc nulls last`];

const listFields = {
  mailId: mails.id,
  folderId: mails.folderId,
  mailType: mails.mailType,
  read: mails.read,
  important: mails.important,
  tags: mails.tags,
  receivedAt: mails.receivedAt,
  size: mails.size,
  hasAttachments: mails.hasAttachments,
  internal: mails.internal,
  reserveAt: mails.reserveAt,
  exchange: sql<number>`(select count(*)::int from mails x where x.user_id = ${mails.userId} and x.thread_key = ${mails.threadKey}) - 1`,
  receipt: sql<MailReceiptSummary | string | null>`(select case when count(*) = 0 then null else json_build_object('total', count(*), 'read', count(*) filter (where r.status = 'READ')) end from mail_receipts r where r.sender_mail_id = ${mails.id})`,
  fromName: mailMessages.fromName,
  fromAddress: mailMessages.fromAddress,
  to: sql<MailAddress[] | string>`jsonb_path_query_array(${mailMessages.to}, '$[0 to 4]')`,
  toCount: sql<number>`jsonb_array_length(${mailMessages.to})`,
  subject: mailMessages.subject,
  snippet: mailMessages.snippet,
  priority: mailMessages.priority,
  spamReason: mails.spamReason,
  category: mails.category,
  /** The task the mail was made into (flow's mail-tasks/link.ts): one index lookup per row answered. */
  flowTask: mailTaskColumn(sql`${mails.id}`, sql`${mails.userId}`),
};

type ListRow = {
  [K in keyof typeof listFields]: (typeof listFields)[K] extends { _: { data: infer D } } ? D : never;
};

const json = <T>(v: T | string): T => (typeof v === "string" ? JSON.parse(v) as T : v);

export function toListItem(r: ListRow): MailListItem {
  return {
    mailId: r.mailId,
    folderId: r.folderId,
    dataId: String(r.mailId),
    readStatus: r.read ? 1 : 0,
    importantStatus: r.important ? 1 : 0,
    mailType: r.mailType,
    ...mailTaskFields(r.flowTask),
    tags: r.tags,
    receivedTimeMillis: r.receivedAt.getTime(),
    emlSize: r.size,
    exchange: Math.max(0, Number(r.exchange)),
    receipt: r.receipt === null ? null : json(r.receipt),
    fromName: r.fromName,
    fromAddress: r.fromAddress,
    to: json(r.to),
    toCount: Number(r.toCount),
    subject: r.subject,
    snippet: isBlocked(r) ? "" : r.snippet,
    hasAttach: r.hasAttachments,
    priority: r.priority,
    internal: r.internal,
    reserveTimeMillis: r.reserveAt?.getTime() ?? null,
    category: r.category,
  };
}

/** A page of list items matching `where`, newest received first. */
export async function listPage(db: DbOrTx, where: SQL, limit: number, offset: number): Promise<MailListItem[]> {
  const rows = await db.select(listFields).from(mails).innerJoin(mailMessages, eq(mailMessages.id, mails.messageId))
    .where(where).orderBy(...NEWEST_FIRST).limit(limit).offset(offset);
  return rows.map((r) => toListItem(r as ListRow));
}

/** List items of the given ids of the user, in the order of the ids. */
export async function listItemsByIds(db: DbOrTx, userId: number, ids: number[]): Promise<MailListItem[]> {
  if (!ids.length) return [];
  const rows = await db.select(listFields).from(mails).innerJoin(mailMessages, eq(mailMessages.id, mails.messageId))
    .where(and(eq(mails.userId, userId), inArray(mails.id, ids)));
  const byId = new Map(rows.map((r) => [r.mailId, toListItem(r as ListRow)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * `where` narrowed to one smart-mailbox class (mails.category). A plain extra condition: the list is still
 * read in the order of mails_folder_list_idx / mails_user_received_idx, the class checked per row.
 */
export function inCategory(where: SQL, category: string | undefined): SQL {
  return category ? and(where, eq(mails.category, category))! : where;
}

export async function countWhere(db: DbOrTx, where: SQL): Promise<number> {
  const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(mails).where(where);
  return r.n;
}

/** One mail of the user with its message and folder type; undefined when missing or foreign. */
export async function findMailWithMessage(db: DbOrTx, userId: number, mailId: number) {
  const [row] = await db.select({ mail: mails, message: mailMessages, folderType: mailFolders.folderType })
    .from(mails)
    .innerJoin(mailMessages, eq(mailMessages.id, mails.messageId))
    .innerJoin(mailFolders, eq(mailFolders.id, mails.folderId))
    .where(and(eq(mails.id, mailId), eq(mails.userId, userId)));
  return row;
}

/** Marks one mail read (the counters follow by trigger) and its internal read receipt. */
export async function markRead(db: DbOrTx, mailId: number, at: Date): Promise<boolean> {
  const done = await db.update(mails).set({ read: true, readAt: at })
    .where(and(eq(mails.id, mailId), eq(mails.read, false))).returning({ id: mails.id });
  if (done.length) {
    await markReceiptsRead(db, [mailId], at);
  }
  return done.length > 0;
}

/** Internal read receipts of these recipient copies become READ. */
export async function markReceiptsRead(db: DbOrTx, mailIds: number[], at: Date): Promise<void> {
  if (!mailIds.length) return;
  await db.update(mailReceipts).set({ status: "READ", updatedAt: at })
    .where(and(inArray(mailReceipts.recipientMailId, mailIds), eq(mailReceipts.status, "UNREAD")));
}

/** Ids of the user's other mails in a conversation, newest first. */
export async function threadMailIds(db: DbOrTx, userId: number, threadKey: string, exceptId: number, limit = 200) {
  const rows = await db.select({ id: mails.id }).from(mails)
    .where(and(eq(mails.userId, userId), eq(mails.threadKey, threadKey), sql`${mails.id} <> ${exceptId}`))
    .orderBy(...NEWEST_FIRST).limit(limit);
  return rows.map((r) => r.id);
}

/** Mails exchanged with an address: received from it, or sent by the user to it (To or Cc). */
export function exchangedWith(userId: number, address: string, excludedFolders: number[]): SQL {
  const contains = JSON.stringify([{ address }]);
  return and(
    eq(mails.userId, userId),
    excludedFolders.length ? sql`${mails.folderId} <> all(${sql.raw(`'{${excludedFolders.join(",")}}'`)}::bigint[])` : undefined,
    sql`exists (select 1 from mail_messages h where h.id = ${mails.messageId} and (h.from_address = ${address}
      or (${mails.mailType} in ('SENT','RESERVE','RESERVE_CANCEL') and (h."to" @> ${contains}::jsonb or h.cc @> ${contains}::jsonb))))`,
  )!;
}
