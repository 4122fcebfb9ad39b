// Messages (shared/messenger/api.ts): history pages of root messages, a page around one message, threads,
// sending (idempotent by clientId; mentions kept for members only; files uploaded before; a link's preview
// fetched afterwards), editing and deleting one's own, reactions, pins, read positions and typing. Realtime
// after the commit: MESSAGE_NEW / MESSAGE_CHANGED (the hub adds the message), READ, TYPING and ROOM_CHANGED on the
// room's topic, ROOM_READ on the reader's own topic, ROOM_ADDED on the topics of those who had hidden the room.
import { and, eq, inArray, type SQL } from "drizzle-orm";
import { messengerLinkPreviews, messengerMembers, messengerPins } from "../../../db/schema/messenger.ts";
import { users } from "../../../db/schema/users.ts";
import type { Message, MessagePage, RoomDetail, sendBody, ThreadAnswer } from "../../../shared/messenger/api.ts";
import type { z } from "zod";
import { MESSENGER_EVENTS, PINS_MAX, REACTIONS_MAX } from "../../../shared/messenger/constants.ts";
import { MESSENGER_ERRORS } from "../../../shared/messenger/errors.ts";
import type { Caller } from "../../lib/context.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import { AppError } from "../../lib/errors.ts";
import { messageNotFound, requireMember } from "./access.ts";
import { loadMessages, readersOf } from "./message-load.ts";
import * as repo from "./messages-repo.ts";
import { firstLink, fetchPreviewLater } from "./previews.ts";
import { publishMessageChanged, publishMessageNew, publishRoom, publishUser } from "./realtime.ts";
import { roomDetail } from "./rooms.ts";
import { UnreadCounter } from "./unread.ts";
import { forgetMessage, noticeMentions } from "./mention-notices.ts";

const conflict = (code: `${string}.${string}`, params?: Record<string, unknown>) => new AppError(409, code, params);
const fileNotFound = () => new AppError(404, MESSENGER_ERRORS.fileNotFound);

/** The messages and the room's read positions, read at once (two statements in parallel). */
async function messagesOf(caller: Caller, roomId: number, ids: number[] | SQL) {
  const { db } = caller.deps;
  const [readers, loaded] = await Promise.all([readersOf(db, roomId), loadMessages(db, caller.auth.companyId, ids, [], caller.auth.userId)]);
  const counter = new UnreadCounter(readers);
  const messages = loaded.map((m) => ({ ...m, unreadCount: m.kind === "SYSTEM" ? 0 : counter.count(m.id, m.sender?.userId ?? null) }));
  return { messages, readers };
}

/** One message of the room as the caller sees it. */
async function messageAnswer(caller: Caller, roomId: number, id: number): Promise<Message> {
  const { messages } = await messagesOf(caller, roomId, [id]);
  if (!messages[0]) throw messageNotFound();
  return messages[0];
}

export async function history(caller: Caller, roomId: number, q: { before?: number; after?: number; size: number }): Promise<MessagePage> {
  const { db } = caller.deps;
  await requireMember(db, caller, roomId);
  // One more than the page, to know whether there are more; the page's ids and messages in one statement.
  const forward = q.after !== undefined && q.before === undefined;
  const { messages, readers } = await messagesOf(caller, roomId, repo.pageIds(roomId, { before: q.before, after: forward ? q.after : null, limit: q.size + 1 }));
  const more = messages.length > q.size;
  if (forward) {
    return { messages: messages.slice(0, q.size), readers, hasOlder: true, hasNewer: more };
  }
  return { messages: messages.slice(messages.length - Math.min(messages.length, q.size)), readers, hasOlder: more, hasNewer: q.before !== undefined };
}

/** GET messages/around/{m}: m (or the root of its thread) in the middle of a page. */
export async function around(caller: Caller, roomId: number, messageId: number, size: number): Promise<MessagePage> {
  const { db } = caller.deps;
  await requireMember(db, caller, roomId);
  const m = await repo.messageOf(db, roomId, messageId);
  if (!m) throw messageNotFound();
  const center = m.parentId ?? m.id;
  const half = Math.max(1, Math.floor(size / 2));
  const [older, newer] = await Promise.all([repo.idsBefore(db, roomId, center, half + 1), repo.idsAfter(db, roomId, center, half + 1)]);
  const ids = [...older.slice(0, half).reverse(), center, ...newer.slice(0, half)];
  return { ...await messagesOf(caller, roomId, ids), hasOlder: older.length > half, hasNewer: newer.length > half };
}

export async function thread(caller: Caller, roomId: number, rootId: number): Promise<ThreadAnswer> {
  const { db } = caller.deps;
  await requireMember(db, caller, roomId);
  const root = await repo.messageOf(db, roomId, rootId);
  if (!root || root.parentId !== null) throw messageNotFound();
  const { messages, readers } = await messagesOf(caller, roomId, [root.id, ...await repo.replyIds(db, root.id)]);
  return { root: messages[0], replies: messages.slice(1), readers };
}

export async function send(caller: Caller, roomId: number, body: z.output<typeof sendBody>): Promise<{ status: 200 | 201; message: Message }> {
  const { deps, auth } = caller;
  const clientId = body.clientId ?? null;
  if (!body.text.trim() && !body.fileIds.length) throw new AppError(400, MESSENGER_ERRORS.emptyMessage);
  const now = deps.clock.now();
  const link = firstLink(body.text);
  const again = async () => ({ status: 200 as const, message: await messageAnswer(caller, roomId, (await repo.byClientId(deps.db, roomId, auth.userId, clientId!))!.id) });
  let sent: { row: repo.MessageRow; members: number; unhidden: string[] } | null;
  try {
    sent = await deps.db.transaction(async (tx) => {
      const { room } = await requireMember(tx, caller, roomId);
      // A retry of a send that went through: the first message answers (200).
      if (clientId && await repo.byClientId(tx, roomId, auth.userId, clientId)) return null;
      if (body.parentId !== null) {
        const parent = await repo.messageOf(tx, roomId, body.parentId, true);
        if (!parent) throw messageNotFound();
        if (parent.parentId !== null) throw conflict(MESSENGER_ERRORS.threadDepth);
        if (parent.deletedAt || parent.kind === "SYSTEM") throw conflict(MESSENGER_ERRORS.messageDeleted);
      }
      const fileIds = [...new Set(body.fileIds)];
      const files = await repo.unsentFiles(tx, roomId, auth.userId, fileIds);
      if (files.length !== fileIds.length) throw fileNotFound();
      const mentions = await membersAmong(tx, roomId, body.mentions);
      // Those who hid the room see it again (insertMessage unhides it): their clients follow only listed rooms.
      const unhidden = await tx.select({ username: users.username }).from(messengerMembers).innerJoin(users, eq(users.id, messengerMembers.userId))
        .where(and(eq(messengerMembers.roomId, roomId), eq(messengerMembers.hidden, true)));
      // Also marks the sender's read position.
      const row = await repo.insertMessage(tx, {
        companyId: auth.companyId, roomId, senderId: auth.userId, kind: fileIds.length ? "FILE" : "TEXT", text: body.text,
        parentId: body.parentId, mentions, clientId, at: now,
      });
      if (fileIds.length) await repo.attachFiles(tx, row.id, fileIds);
      if (link) await tx.insert(messengerLinkPreviews).values({ messageId: row.id, companyId: auth.companyId, url: link });
      return { row, members: room.memberCount, unhidden: unhidden.map((u) => u.username) };
    });
  } catch (e) {
    // The same clientId sent twice at once: the second answers the first.
    if (clientId && isUniqueViolation(e, "messenger_messages_client_uq")) return await again();
    throw e;
  }
  if (!sent) return await again();
  const { row } = sent;
  await publishMessageNew(deps, roomId, row.id);
  for (const u of sent.unhidden) await publishUser(deps, u, MESSENGER_EVENTS.roomAdded, { roomId });
  if (row.parentId !== null) await publishMessageChanged(deps, roomId, row.parentId);
  await noticeMentions(caller, { roomId, id: row.id, parentId: row.parentId, text: body.text, mentions: row.mentions });
  if (link) fetchPreviewLater(caller, roomId, row.id, link);
  // A message this new is read by its sender only: every other member has it unread.
  const [message] = await loadMessages(deps.db, auth.companyId, [row.id], [], auth.userId);
  return { status: 201, message: { ...message, unreadCount: Math.max(0, sent.members - 1) } };
}

async function membersAmong(tx: Parameters<typeof readersOf>[0], roomId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await tx.select({ id: messengerMembers.userId }).from(messengerMembers)
    .where(and(eq(messengerMembers.roomId, roomId), inArray(messengerMembers.userId, [...new Set(ids)])));
  const members = new Set(rows.map((r) => r.id));
  return [...new Set(ids)].filter((id) => members.has(id));
}

export async function edit(caller: Caller, roomId: number, messageId: number, body: { text: string; mentions: number[] }): Promise<Message> {
  const { deps, auth } = caller;
  const now = deps.clock.now();
  const link = firstLink(body.text);
  const done = await deps.db.transaction(async (tx) => {
    await requireMember(tx, caller, roomId);
    const m = await repo.messageOf(tx, roomId, messageId, true);
    if (!m) throw messageNotFound();
    if (m.senderId !== auth.userId || m.kind === "SYSTEM") throw new AppError(403, MESSENGER_ERRORS.notSender);
    if (m.deletedAt) throw conflict(MESSENGER_ERRORS.messageDeleted);
    if (!body.text.trim() && m.kind !== "FILE") throw new AppError(400, MESSENGER_ERRORS.emptyMessage);
    const mentions = await membersAmong(tx, roomId, body.mentions);
    await repo.editMessage(tx, m.id, body.text, mentions, now);
    // Those the edit mentions for the first time get the bell's notice, as a new message's would.
    const newlyMentioned = mentions.filter((id) => !m.mentions.includes(id));
    const base = { parentId: m.parentId, newlyMentioned, changedLink: false };
    if (link === firstLink(m.text)) return base;
    await tx.delete(messengerLinkPreviews).where(eq(messengerLinkPreviews.messageId, m.id));
    if (link) await tx.insert(messengerLinkPreviews).values({ messageId: m.id, companyId: auth.companyId, url: link });
    return { ...base, changedLink: !!link };
  });
  await publishMessageChanged(deps, roomId, messageId);
  if (done.changedLink && link) fetchPreviewLater(caller, roomId, messageId, link);
  await noticeMentions(caller, { roomId, id: messageId, parentId: done.parentId, text: body.text, mentions: done.newlyMentioned });
  return await messageAnswer(caller, roomId, messageId);
}

export async function remove(caller: Caller, roomId: number, messageId: number): Promise<void> {
  const { deps, auth } = caller;
  const m = await deps.db.transaction(async (tx) => {
    const { role } = await requireMember(tx, caller, roomId);
    const m = await repo.messageOf(tx, roomId, messageId, true);
    if (!m) throw messageNotFound();
    if (m.kind === "SYSTEM" || (m.senderId !== auth.userId && role !== "OWNER")) throw new AppError(403, MESSENGER_ERRORS.notSender);
    if (m.deletedAt) return null;
    await repo.markDeleted(tx, m, deps.clock.now());
    return m;
  });
  if (m) await publishMessageChanged(deps, roomId, messageId);
  if (m) await forgetMessage(caller, messageId);
}

export async function react(caller: Caller, roomId: number, messageId: number, emoji: string): Promise<Message> {
  const { deps, auth } = caller;
  await deps.db.transaction(async (tx) => {
    await requireMember(tx, caller, roomId);
    const m = await repo.messageOf(tx, roomId, messageId, true);
    if (!m) throw messageNotFound();
    if (m.deletedAt || m.kind === "SYSTEM") throw conflict(MESSENGER_ERRORS.messageDeleted);
    const on = await repo.toggleReaction(tx, m, auth.userId, emoji, deps.clock.now(), REACTIONS_MAX);
    if (on === null) throw conflict(MESSENGER_ERRORS.reactionsMax, { max: REACTIONS_MAX });
  });
  await publishMessageChanged(deps, roomId, messageId);
  return await messageAnswer(caller, roomId, messageId);
}

export async function pin(caller: Caller, roomId: number, messageId: number): Promise<RoomDetail> {
  const { deps, auth } = caller;
  const added = await deps.db.transaction(async (tx) => {
    await requireMember(tx, caller, roomId, true);
    const m = await repo.messageOf(tx, roomId, messageId);
    if (!m) throw messageNotFound();
    if (m.deletedAt || m.kind === "SYSTEM") throw conflict(MESSENGER_ERRORS.messageDeleted);
    if ((await repo.pinCount(tx, roomId)) >= PINS_MAX) {
      const [already] = await tx.select().from(messengerPins).where(and(eq(messengerPins.roomId, roomId), eq(messengerPins.messageId, messageId)));
      if (already) return false;
      throw conflict(MESSENGER_ERRORS.pinsMax, { max: PINS_MAX });
    }
    const rows = await tx.insert(messengerPins).values({ roomId, messageId, companyId: auth.companyId, pinnedBy: auth.userId, createdAt: deps.clock.now() })
      .onConflictDoNothing().returning();
    return rows.length > 0;
  });
  if (added) {
    await publishRoom(deps, roomId, MESSENGER_EVENTS.roomChanged);
    await publishMessageChanged(deps, roomId, messageId);
  }
  return await roomDetail(caller, roomId);
}

export async function unpin(caller: Caller, roomId: number, messageId: number): Promise<void> {
  const { deps } = caller;
  await requireMember(deps.db, caller, roomId);
  const gone = await deps.db.delete(messengerPins).where(and(eq(messengerPins.roomId, roomId), eq(messengerPins.messageId, messageId))).returning();
  if (!gone.length) throw messageNotFound();
  await publishRoom(deps, roomId, MESSENGER_EVENTS.roomChanged);
  await publishMessageChanged(deps, roomId, messageId);
}

/** POST read: up to messageId (a message of the room), never back. */
export async function read(caller: Caller, roomId: number, messageId: number): Promise<void> {
  const { deps, auth } = caller;
  await requireMember(deps.db, caller, roomId);
  if (!(await repo.messageOf(deps.db, roomId, messageId))) throw messageNotFound();
  if (!(await repo.markRead(deps.db, roomId, auth.userId, messageId))) return;
  await publishRoom(deps, roomId, MESSENGER_EVENTS.read, { userId: auth.userId, messageId });
  await publishUser(deps, auth.username, MESSENGER_EVENTS.roomRead, { roomId, messageId });
}

export async function typing(caller: Caller, roomId: number): Promise<void> {
  await requireMember(caller.deps.db, caller, roomId);
  await publishRoom(caller.deps, roomId, MESSENGER_EVENTS.typing, { userId: caller.auth.userId });
}
