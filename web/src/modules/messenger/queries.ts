// The messenger's react-query caches and the changes realtime events and our own calls make to them without
// refetching: the room list, one room's detail, a room's history (an infinite query, pages oldest first),
// threads, and every room's read positions (for the per-message unread count).
import { type InfiniteData, infiniteQueryOptions, type QueryClient, queryOptions } from "@tanstack/react-query";
import type { Message, MessagePage, RoomDetail, RoomSummary, ThreadAnswer } from "@shared/messenger/api.ts";
import { HISTORY_PAGE } from "@shared/messenger/constants.ts";
import { browseChannels, fetchAround, fetchMessages, fetchRoom, fetchRooms, fetchSelfRoom, fetchThread, searchMessages } from "./api.ts";

export const roomsKey = ["messenger", "rooms"] as const;
export const roomsQuery = queryOptions({ queryKey: roomsKey, queryFn: ({ signal }) => fetchRooms(signal), staleTime: 60_000 });
export const selfRoomQuery = queryOptions({ queryKey: ["messenger", "self"], queryFn: fetchSelfRoom, staleTime: Infinity });
export const roomQuery = (roomId: number) =>
  queryOptions({ queryKey: ["messenger", "room", roomId], queryFn: ({ signal }) => fetchRoom(roomId, signal), staleTime: 30_000 });
export const browseQuery = (keyword: string) =>
  queryOptions({ queryKey: ["messenger", "browse", keyword], queryFn: ({ signal }) => browseChannels(keyword, signal) });
export const searchQuery = (keyword: string) =>
  queryOptions({ queryKey: ["messenger", "search", keyword], queryFn: ({ signal }) => searchMessages(keyword, 0, signal), enabled: keyword.length >= 2 });
export const threadQuery = (roomId: number, rootId: number) =>
  queryOptions({ queryKey: ["messenger", "thread", roomId, rootId], queryFn: ({ signal }) => fetchThread(roomId, rootId, signal) });

/** A page to fetch: older than, newer than, or around a message; none: the newest. */
export type PageParam = { before?: number; after?: number; around?: number };
export const messagesKey = (roomId: number) => ["messenger", "messages", roomId] as const;
export const messagesQuery = (roomId: number, around?: number) =>
  infiniteQueryOptions({
    queryKey: [...messagesKey(roomId), around ?? "latest"],
    initialPageParam: (around ? { around } : {}) as PageParam,
    queryFn: ({ pageParam, signal }) =>
      pageParam.around
        ? fetchAround(roomId, pageParam.around, signal)
        : fetchMessages(roomId, { before: pageParam.before, after: pageParam.after, size: HISTORY_PAGE }, signal),
    getPreviousPageParam: (first: MessagePage): PageParam | undefined =>
      first.hasOlder && first.messages.length ? { before: first.messages[0].id } : undefined,
    getNextPageParam: (last: MessagePage): PageParam | undefined =>
      last.hasNewer && last.messages.length ? { after: last.messages[last.messages.length - 1].id } : undefined,
    staleTime: Infinity,
  });

type Readers = MessagePage["readers"];
export const readersKey = (roomId: number) => ["messenger", "readers", roomId] as const;

/** Merges read positions (a page's, a thread's, a READ event's): positions never move back. */
export function mergeReaders(qc: QueryClient, roomId: number, incoming: Readers) {
  qc.setQueryData<Readers>(readersKey(roomId), (old = []) => {
    const byUser = new Map(old.map((r) => [r.userId, r]));
    for (const r of incoming) {
      const was = byUser.get(r.userId);
      byUser.set(r.userId, was ? { ...r, lastReadId: Math.max(was.lastReadId, r.lastReadId) } : r);
    }
    return [...byUser.values()];
  });
}

/**
 * The read positions that count for a room: its current members only, and a member the pages do not know yet
 * (joined since) from the room's detail, counting from their read position on.
 */
export function roomReaders(readers: Readers | undefined, room: RoomDetail | undefined): Readers | undefined {
  if (!room) return readers;
  const known = new Map((readers ?? []).map((r) => [r.userId, r]));
  return room.members.map((m) => known.get(m.userId) ?? { userId: m.userId, lastReadId: m.lastReadId, joinedAfterId: m.lastReadId });
}

/** KakaoTalk's "1": members other than the sender who joined before the message and have not read it. */
export function unreadOf(m: Message, readers: Readers | undefined): number {
  if (!readers?.length) return m.unreadCount;
  const sender = m.sender?.userId;
  return readers.filter((r) => r.userId !== sender && r.joinedAfterId < m.id && r.lastReadId < m.id).length;
}

type History = InfiniteData<MessagePage, PageParam>;

function replaceIn(list: Message[], m: Message): Message[] {
  return list.map((x) => (x.id === m.id ? m : x));
}

/**
 * A new or changed message into every cache that holds its room's history, its thread and the room list.
 * keepCached: the answer of our own send, which only adds the message. A copy that realtime frames brought
 * first is as new or newer (its link preview may have come in a MESSAGE_CHANGED before the send's answer) and stays.
 */
export function applyMessage(qc: QueryClient, m: Message, isNew: boolean, keepCached = false) {
  if (m.parentId == null) {
    qc.setQueriesData<History>({ queryKey: messagesKey(m.roomId) }, (old) => {
      if (!old) return old;
      const has = old.pages.some((p) => p.messages.some((x) => x.id === m.id));
      if (has && keepCached) return old;
      if (has) return { ...old, pages: old.pages.map((p) => ({ ...p, messages: replaceIn(p.messages, m) })) };
      if (!isNew) return old;
      const last = old.pages[old.pages.length - 1];
      if (!last || last.hasNewer) return old; // the newest page is not loaded here: it comes when scrolled to
      const pages = [...old.pages];
      pages[pages.length - 1] = { ...last, messages: [...last.messages, m].sort((a, b) => a.id - b.id) };
      return { ...old, pages };
    });
  }
  // Threads: the root itself, or a reply to it.
  const rootId = m.parentId ?? m.id;
  qc.setQueryData<ThreadAnswer>(["messenger", "thread", m.roomId, rootId], (old) => {
    if (!old) return old;
    if (m.id === old.root.id) return { ...old, root: m };
    if (old.replies.some((r) => r.id === m.id)) return keepCached ? old : { ...old, replies: replaceIn(old.replies, m) };
    return isNew ? { ...old, replies: [...old.replies, m] } : old;
  });
  // Pins show the message too.
  qc.setQueryData<RoomDetail>(["messenger", "room", m.roomId], (old) =>
    old && old.pins.some((p) => p.id === m.id) ? { ...old, pins: replaceIn(old.pins, m) } : old);
}

/** The room list after a message: its last message, its place at the top, the counts. */
export function applyToRooms(qc: QueryClient, m: Message, me: number, countUnread: boolean): boolean {
  let found = false;
  qc.setQueryData<RoomSummary[]>(roomsKey, (old) => {
    if (!old) return old;
    const room = old.find((r) => r.id === m.roomId);
    if (!room) return old;
    found = true;
    const mine = m.sender?.userId === me;
    const next: RoomSummary = {
      ...room,
      lastMessage: m.parentId == null
        ? { id: m.id, senderName: m.sender?.name ?? null, preview: previewOf(m), kind: m.kind, createdAt: m.createdAt }
        : room.lastMessage,
      updatedAt: Math.max(room.updatedAt, m.createdAt),
      unreadCount: mine ? room.unreadCount : room.unreadCount + (countUnread ? 1 : 0),
      mentionCount: !mine && countUnread && m.mentions.includes(me) ? room.mentionCount + 1 : room.mentionCount,
      me: room.me && mine ? { ...room.me, lastReadId: Math.max(room.me.lastReadId, m.id), hidden: false } : room.me,
    };
    return [next, ...old.filter((r) => r.id !== m.roomId)];
  });
  return found;
}

/** A message in one line: its text, or its files' names. */
export function previewOf(m: Pick<Message, "text" | "files" | "deletedAt">): string {
  if (m.deletedAt) return "";
  return m.text.trim() || m.files.map((f) => f.name).join(", ");
}

/** The caller read up to messageId in a room: the list's counts fall. */
export function applyOwnRead(qc: QueryClient, roomId: number, messageId: number) {
  qc.setQueryData<RoomSummary[]>(roomsKey, (old) =>
    old?.map((r) => {
      if (r.id !== roomId || !r.me) return r;
      const all = !r.lastMessage || messageId >= r.lastMessage.id;
      return {
        ...r,
        me: { ...r.me, lastReadId: Math.max(r.me.lastReadId, messageId) },
        unreadCount: all ? 0 : r.unreadCount,
        mentionCount: all ? 0 : r.mentionCount,
      };
    }));
}

/** Messages of a cached history, oldest first. */
export const flatten = (d: InfiniteData<MessagePage, unknown> | undefined): Message[] => d?.pages.flatMap((p) => p.messages) ?? [];
