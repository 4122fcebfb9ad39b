// Messenger (issue 31; 002 §2 "Messenger", §6, §7, §9): room kinds, limits, the window's stored opacity and the
// realtime topics and events. No zod here: the shell's messenger window imports it.

/** 002 §9: "opacity default 10, stored locally": a scale of 1..10 tenths, 10 = fully opaque. */
export const OPACITY_DEFAULT = 10;
export const OPACITY_MIN = 3;
export const OPACITY_MAX = 10;
/** localStorage key of the window's opacity (per browser, as the spec says). */
export const OPACITY_STORAGE_KEY = "messenger.opacity";

/** SELF: chat with myself (one per user); DIRECT: two people, one room per pair; GROUP: invited people;
 *  CHANNEL: a named room, PUBLIC (anyone of the company finds and joins it) or PRIVATE (by invitation). */
export const ROOM_KINDS = ["SELF", "DIRECT", "GROUP", "CHANNEL"] as const;
export type RoomKind = (typeof ROOM_KINDS)[number];
export const ROOM_VISIBILITIES = ["PUBLIC", "PRIVATE"] as const;
export type RoomVisibility = (typeof ROOM_VISIBILITIES)[number];
/** OWNER: the creator of a GROUP or CHANNEL (renames, deletes, removes members); MEMBER: everyone else. */
export const MEMBER_ROLES = ["OWNER", "MEMBER"] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];
export const MESSAGE_KINDS = ["TEXT", "FILE", "SYSTEM"] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export const ROOM_NAME_MAX = 80;
export const ROOM_DESCRIPTION_MAX = 500;
/** Characters of one message. */
export const MESSAGE_MAX = 10_000;
/** Members of one room. */
export const ROOM_MEMBERS_MAX = 1_000;
/** People invited in one call. */
export const INVITE_MAX = 200;
/** Messages of one history page (default and most). */
export const HISTORY_PAGE = 50;
export const HISTORY_PAGE_MAX = 100;
/** Search: the shortest keyword, results per page. */
export const SEARCH_MIN_CHARS = 2;
export const SEARCH_PAGE = 30;
/** Files of one message and the size of one file (as a mail attachment's limit). */
export const FILES_PER_MESSAGE_MAX = 10;
export const FILE_MAX_BYTES = 100 * 1024 * 1024;
export const FILE_NAME_MAX = 200;
/** Pinned notices per room. */
export const PINS_MAX = 20;
/** Distinct emoji reactions of one message, and the emoji's length in characters. */
export const REACTIONS_MAX = 20;
export const EMOJI_MAX_CHARS = 16;
/** A typing indicator shows this long after the last TYPING event; the composer sends one at most this often. */
export const TYPING_SHOW_MS = 5_000;
export const TYPING_SEND_MS = 3_000;

/** Realtime (shared/realtime.ts frames). Room topic: every member's sockets subscribe (membership checked at
 *  SUBSCRIBE); MESSAGE_NEW and MESSAGE_CHANGED frames carry the message itself in `payload` (loaded once per
 *  instance), the others ids only. */
export const messengerRoomTopic = (roomId: number) => `/topic/messenger/room/${roomId}`;
/** The user's own topic: rooms added or removed, their own read position from another tab. */
export const messengerUserTopic = (username: string) => `/topic/messenger/user/${username}`;
/** The company's topic: presence changes. */
export const messengerCompanyTopic = (companyId: number) => `/topic/messenger/company/${companyId}`;

export const MESSENGER_EVENTS = {
  /** room topic { roomId, messageId } + payload Message */
  messageNew: "MESSAGE_NEW",
  /** room topic { roomId, messageId } + payload Message (edited, deleted, reactions, reply count, preview) */
  messageChanged: "MESSAGE_CHANGED",
  /** room topic { roomId, userId, messageId }: a member read up to messageId (unread counts fall) */
  read: "READ",
  /** room topic { roomId, userId } */
  typing: "TYPING",
  /** room topic { roomId }: name, description, members or pins changed */
  roomChanged: "ROOM_CHANGED",
  /** user topic { roomId }: the user joined or was added (subscribe) */
  roomAdded: "ROOM_ADDED",
  /** user topic { roomId }: the user left or was removed, or the room was deleted (unsubscribe) */
  roomRemoved: "ROOM_REMOVED",
  /** user topic { roomId, messageId }: the user's own read position moved (another tab or device) */
  roomRead: "ROOM_READ",
  /** company topic { userId, online: 0|1 } */
  presence: "PRESENCE",
} as const;

/** SYSTEM messages: `text` is a key of messenger:system.* , a space, and its params as JSON
 *  ("system.joined {\"names\":[\"김철수\"]}"). Params: names (people concerned), by (who did it), name (a new
 *  room name). */
export const SYSTEM_KEYS = {
  created: "system.created",
  joined: "system.joined",
  invited: "system.invited",
  left: "system.left",
  removed: "system.removed",
  renamed: "system.renamed",
  ownerChanged: "system.owner_changed",
} as const;
export type SystemKey = (typeof SYSTEM_KEYS)[keyof typeof SYSTEM_KEYS];
export interface SystemParams {
  names?: string[];
  by?: string;
  name?: string;
}
export const systemText = (key: SystemKey, params: SystemParams) => `${key} ${JSON.stringify(params)}`;
/** The key and params of a SYSTEM message's text (null when it is not one). */
export function parseSystemText(text: string): { key: string; params: SystemParams } | null {
  const at = text.indexOf(" ");
  const key = at < 0 ? text : text.slice(0, at);
  if (!key.startsWith("system.")) return null;
  try {
    return { key, params: at < 0 ? {} : JSON.parse(text.slice(at + 1)) as SystemParams };
  } catch {
    return { key, params: {} };
  }
}
/** Unread counts of GET rooms stop counting here (the list shows "999+"). */
export const UNREAD_COUNT_CAP = 999;
/** Lifetime of GET token's authToken. */
export const MESSENGER_TOKEN_SECONDS = 15 * 60;
/** Files uploaded but never sent are removed after this. */
export const UNSENT_FILE_MS = 24 * 60 * 60_000;
/** A presence row not refreshed for this long counts as offline (an instance that died). */
export const PRESENCE_STALE_MS = 3 * 60_000;
