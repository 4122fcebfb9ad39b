// Queries of messages: inserts (with the room's last message and the thread root's reply count), history pages
// by id (root messages through the partial index (room_id, id) where parent_id is null), threads, reactions,
// pins and read positions.
import { and, asc, desc, eq, gt, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import {
  messengerFiles, messengerLinkPreviews, messengerMembers, messengerMessages, messengerPins, messengerReactions, messengerRooms,
} from "../../../db/schema/messenger.ts";
import { type SystemKey, type SystemParams, systemText } from "../../../shared/messenger/constants.ts";
import { lexemes, vectorLiteral } from "../../lib/search-tokens.ts";

export type MessageRow = typeof messengerMessages.$inferSelect;

export const messageVector = (text: string) => vectorLiteral([[lexemes(text), "B"]]);

export interface NewMessage {
  companyId: number;
  roomId: number;
  senderId: number | null;
  kind: "TEXT" | "FILE" | "SYSTEM";
  text: string;
  parentId: number | null;
  mentions: number[];
  clientId: string | null;
  at: Date;
}

/** Inserts a message; the room's last message (root messages) or the root's reply count (replies) follow. */
export async function insertMessage(db: DbOrTx, m: NewMessage): Promise<MessageRow> {
  const [row] = await db.insert(messengerMessages).values({
    companyId: m.companyId, roomId: m.roomId, senderId: m.senderId, kind: m.kind, text: m.text, parentId: m.parentId,
    mentions: m.mentions, clientId: m.clientId, searchVector: m.kind === "SYSTEM" ? "" : messageVector(m.text), createdAt: m.at,
  }).returning();
  if (m.parentId === null) {
    await db.update(messengerRooms).set({ lastMessageId: row.id, lastMessageAt: m.at, updatedAt: m.at }).where(eq(messengerRooms.id, m.roomId));
  } else {
    await db.update(messengerMessages).set({ replyCount: sql`${messengerMessages.replyCount} + 1`, lastReplyAt: m.at })
      .where(eq(messengerMessages.id, m.parentId));
    await db.update(messengerRooms).set({ lastMessageAt: m.at }).where(eq(messengerRooms.id, m.roomId));
  }
  // A new message shows a hidden room again to those who hid it, and the sender has read it (one statement).
  const me = m.senderId ?? 0;
  await db.update(messengerMembers).set({
    hidden: false,
    lastReadId: sql`case when ${messengerMembers.userId} = ${me} then greatest(${messengerMembers.lastReadId}, ${row.id}) else ${messengerMembers.lastReadId} end`,
  }).where(and(eq(messengerMembers.roomId, m.roomId), or(eq(messengerMembers.hidden, true), eq(messengerMembers.userId, me))));
  return row;
}

export function insertSystem(db: DbOrTx, room: { id: number; companyId: number }, key: SystemKey, params: SystemParams, at: Date) {
  return insertMessage(db, {
    companyId: room.companyId, roomId: room.id, senderId: null, kind: "SYSTEM", text: systemText(key, params), parentId: null, mentions: [],
    clientId: null, at,
  });
}

export async function messageOf(db: DbOrTx, roomId: number, id: number, lock = false): Promise<MessageRow | null> {
  const q = db.select().from(messengerMessages).where(and(eq(messengerMessages.id, id), eq(messengerMessages.roomId, roomId)));
  const [m] = lock ? await q.for("update") : await q;
  return m ?? null;
}

export async function byClientId(db: DbOrTx, roomId: number, senderId: number, clientId: string): Promise<MessageRow | null> {
  const [m] = await db.select().from(messengerMessages).where(and(
    eq(messengerMessages.roomId, roomId), eq(messengerMessages.senderId, senderId), eq(messengerMessages.clientId, clientId),
  ));
  return m ?? null;
}

const roots = (roomId: number) => and(eq(messengerMessages.roomId, roomId), isNull(messengerMessages.parentId));

/** The same as idsBefore / idsAfter, as a subquery for loadMessages (one statement for a page). */
export function pageIds(roomId: number, q: { before?: number | null; after?: number | null; limit: number }): SQL {
  if (q.after !== undefined && q.after !== null) {
    return sql`select id from messenger_messages where room_id = ${roomId} and parent_id is null and id > ${q.after} order by id limit ${q.limit}`;
  }
  const before = q.before === undefined || q.before === null ? sql`` : sql`and id < ${q.before}`;
  return sql`select id from messenger_messages where room_id = ${roomId} and parent_id is null ${before} order by id desc limit ${q.limit}`;
}

/** Root message ids older than `before` (newest first), at most `limit`. */
export async function idsBefore(db: DbOrTx, roomId: number, before: number | null, limit: number): Promise<number[]> {
  const rows = await db.select({ id: messengerMessages.id }).from(messengerMessages)
    .where(before === null ? roots(roomId) : and(roots(roomId), lt(messengerMessages.id, before)))
    .orderBy(desc(messengerMessages.id)).limit(limit);
  return rows.map((r) => r.id);
}

/** Root message ids newer than `after` (oldest first), at most `limit`. */
export async function idsAfter(db: DbOrTx, roomId: number, after: number, limit: number): Promise<number[]> {
  const rows = await db.select({ id: messengerMessages.id }).from(messengerMessages)
    .where(and(roots(roomId), gt(messengerMessages.id, after)))
    .orderBy(asc(messengerMessages.id)).limit(limit);
  return rows.map((r) => r.id);
}

export async function replyIds(db: DbOrTx, rootId: number): Promise<number[]> {
  const rows = await db.select({ id: messengerMessages.id }).from(messengerMessages)
    .where(eq(messengerMessages.parentId, rootId)).orderBy(asc(messengerMessages.id));
  return rows.map((r) => r.id);
}

export async function editMessage(db: DbOrTx, id: number, text: string, mentions: number[], at: Date) {
  await db.update(messengerMessages).set({ text, mentions, searchVector: messageVector(text), editedAt: at }).where(eq(messengerMessages.id, id));
}

/** Deleted: the row stays (threads, unread counts), its text, mentions, vector, reactions and preview go. */
export async function markDeleted(db: DbOrTx, m: MessageRow, at: Date) {
  await db.update(messengerMessages).set({ text: "", mentions: [], searchVector: "", deletedAt: at }).where(eq(messengerMessages.id, m.id));
  await db.delete(messengerReactions).where(eq(messengerReactions.messageId, m.id));
  await db.delete(messengerLinkPreviews).where(eq(messengerLinkPreviews.messageId, m.id));
  await db.delete(messengerPins).where(eq(messengerPins.messageId, m.id));
  // Its files are removed with it (their bytes go with the blob collector; used_size falls by the trigger).
  await db.delete(messengerFiles).where(eq(messengerFiles.messageId, m.id));
}

/** Toggles the user's reaction; answers whether it is now on, or null when the emoji would pass `maxDistinct`. */
export async function toggleReaction(db: DbOrTx, m: { id: number; companyId: number }, userId: number, emoji: string, at: Date, maxDistinct: number): Promise<boolean | null> {
  const gone = await db.delete(messengerReactions).where(and(
    eq(messengerReactions.messageId, m.id), eq(messengerReactions.userId, userId), eq(messengerReactions.emoji, emoji),
  )).returning({ emoji: messengerReactions.emoji });
  if (gone.length) return false;
  const [{ distinct, has }] = await db.execute<{ distinct: number; has: boolean }>(sql`
    select count(distinct emoji)::int as distinct, bool_or(emoji = ${emoji}) as has from messenger_reactions where message_id = ${m.id}`);
  if (!has && distinct >= maxDistinct) return null;
  await db.insert(messengerReactions).values({ messageId: m.id, userId, emoji, companyId: m.companyId, createdAt: at }).onConflictDoNothing();
  return true;
}

export async function pinCount(db: DbOrTx, roomId: number): Promise<number> {
  const [r] = await db.execute<{ n: number }>(sql`select count(*)::int as n from messenger_pins where room_id = ${roomId}`);
  return r.n;
}

export async function pinnedIds(db: DbOrTx, roomId: number): Promise<number[]> {
  const rows = await db.select({ id: messengerPins.messageId }).from(messengerPins).where(eq(messengerPins.roomId, roomId))
    .orderBy(desc(messengerPins.createdAt));
  return rows.map((r) => r.id);
}

/** Moves the member's read position forward to `id` (never back); answers whether it moved. */
export async function markRead(db: DbOrTx, roomId: number, userId: number, id: number): Promise<boolean> {
  const rows = await db.update(messengerMembers).set({ lastReadId: id })
    .where(and(eq(messengerMembers.roomId, roomId), eq(messengerMembers.userId, userId), lt(messengerMembers.lastReadId, id)))
    .returning({ id: messengerMembers.lastReadId });
  return rows.length > 0;
}

/** The files of `ids` the uploader put in this room and has not sent yet (locked). */
export async function unsentFiles(db: DbOrTx, roomId: number, uploaderId: number, ids: number[]) {
  if (!ids.length) return [];
  return await db.select().from(messengerFiles).where(and(
    eq(messengerFiles.roomId, roomId), eq(messengerFiles.uploaderId, uploaderId), isNull(messengerFiles.messageId),
    sql`${messengerFiles.id} = any(${`{${ids.join(",")}}`}::bigint[])`,
  )).for("update");
}

export async function attachFiles(db: DbOrTx, messageId: number, ids: number[]) {
  await db.update(messengerFiles).set({ messageId }).where(sql`${messengerFiles.id} = any(${`{${ids.join(",")}}`}::bigint[])`);
}
