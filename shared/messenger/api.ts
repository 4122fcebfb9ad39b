// The messenger's HTTP API (issue 31). The spec gives only GET /api/messenger/token; the rest is ours, under
// /api/messenger. Every call needs a signed-in user of a company with useMessenger or useTeamChat on (403
// messenger.disabled). A room the caller is not a member of answers 404 messenger.room_not_found (browse and
// join of PUBLIC channels excepted). Times are epoch milliseconds.
//
//   GET    token                          MessengerTokenAnswer (002 §7: messenger.success, messenger.data.authToken,
//                                         tenantId): authToken is a short-lived token /ws accepts in place of the
//                                         access token, for the messenger's topics only (a separate window or app).
//   GET    rooms                          RoomSummary[] of the caller's rooms (hidden ones left out), newest first
//   GET    rooms/self                     RoomSummary: the chat with myself (made on first use)
//   GET    rooms/browse?keyword=          RoomSummary[]: PUBLIC channels of the company (joined or not)
//   POST   rooms                          createRoomBody → 201 RoomDetail; DIRECT with someone: their existing room
//                                         answers 200
//   GET    rooms/{r}                      RoomDetail (members, pins)
//   PUT    rooms/{r}                      updateRoomBody → 200 RoomDetail (GROUP/CHANNEL owner; 403 not_owner)
//   DELETE rooms/{r}                      204 (owner of a GROUP/CHANNEL)
//   POST   rooms/{r}/join                 200 RoomDetail (PUBLIC channel; PRIVATE 409 cannot_join)
//   POST   rooms/{r}/leave                204 (SELF/DIRECT 409 cannot_leave; owner with others 409 owner_must_stay)
//   POST   rooms/{r}/members              { userIds } → 200 RoomDetail (any member of a GROUP; a CHANNEL's
//                                         owner or, PUBLIC, any member); a DIRECT room cannot grow (409 cannot_join)
//   DELETE rooms/{r}/members/{userId}     204 (owner)
//   PUT    rooms/{r}/owner                { userId } → 200 RoomDetail (owner hands over)
//   PUT    rooms/{r}/settings             { muted?, hidden? } → 200 RoomSummary (the caller's own)
//   POST   rooms/{r}/read                 { messageId } → 204: read up to messageId (never moves back)
//   POST   rooms/{r}/typing               204 (TYPING to the room's other members)
//   GET    rooms/{r}/messages?before=&after=&size=  MessagePage, root messages (no thread replies), oldest
//                                         first within the page; before= older page, after= newer page,
//                                         neither = the newest page
//   GET    rooms/{r}/messages/around/{m}  MessagePage with m in the middle (search hits, pins)
//   GET    rooms/{r}/threads/{m}          ThreadAnswer: the root and all its replies
//   POST   rooms/{r}/messages             sendBody → 201 Message (a retry with the same clientId answers the
//                                         first message, 200)
//   PUT    rooms/{r}/messages/{m}         editBody → 200 Message (sender; deleted 409)
//   DELETE rooms/{r}/messages/{m}         204 (sender, or the room owner); the message stays as "deleted"
//   PUT    rooms/{r}/messages/{m}/reactions  { emoji } → 200 Message (toggles the caller's reaction)
//   POST   rooms/{r}/pins                 { messageId } → 200 RoomDetail; DELETE rooms/{r}/pins/{m} → 204
//   POST   rooms/{r}/files                multipart `file` (one) → 201 MessengerFile, not yet sent: a message
//                                         with fileIds sends it (files unsent for a day are removed)
//   GET    files/{f}                      the bytes (inline for images, attachment otherwise; Range); ?download=1
//   GET    search?keyword=&roomId=&page=  Page<SearchHit> (2+ characters; Korean two-syllable matching; the
//                                         caller's rooms only)
//   GET    presence?userIds=1,2           PresenceAnswer
import { z } from "zod";
import type { Page } from "../paging.ts";
import {
  EMOJI_MAX_CHARS, FILES_PER_MESSAGE_MAX, HISTORY_PAGE, HISTORY_PAGE_MAX, INVITE_MAX, MESSAGE_MAX,
  type MemberRole, type MessageKind, ROOM_DESCRIPTION_MAX, ROOM_NAME_MAX, type RoomKind, type RoomVisibility,
  SEARCH_MIN_CHARS,
} from "./constants.ts";

export interface MessengerTokenAnswer {
  messenger: { success: boolean; data: { authToken: string; tenantId: number; expiresAt: number } };
}

export interface MemberUser {
  userId: number;
  name: string;
  email: string;
  position: string | null;
  organName: string | null;
}

export interface RoomSummary {
  id: number;
  kind: RoomKind;
  visibility: RoomVisibility;
  /** The room's name; for DIRECT the other person's name, for SELF the caller's. */
  name: string;
  description: string;
  organId: number | null;
  memberCount: number;
  /** The caller's membership, null when browsing a PUBLIC channel the caller has not joined. */
  me: { role: MemberRole; lastReadId: number; muted: boolean; hidden: boolean } | null;
  /** Root messages newer than the caller's lastReadId, not their own, and replies among them that mention the
   *  caller (one read position per room: a thread's replies are read in the thread, not counted for the room). */
  unreadCount: number;
  /** Of the caller's unread: those mentioning the caller. */
  mentionCount: number;
  lastMessage: { id: number; senderName: string | null; preview: string; kind: MessageKind; createdAt: number } | null;
  /** DIRECT: the other person (presence, avatar). */
  peer: MemberUser | null;
  updatedAt: number;
}

export interface RoomDetail extends RoomSummary {
  members: (MemberUser & { role: MemberRole; lastReadId: number })[];
  pins: Message[];
}

export interface MessengerFile {
  id: number;
  name: string;
  size: number;
  contentType: string;
  /** Images: shown inline. */
  width: number | null;
  height: number | null;
  url: string;
}

export interface LinkPreview {
  url: string;
  status: "PENDING" | "OK" | "FAILED";
  title: string;
  description: string;
  siteName: string;
  imageUrl: string | null;
}

export interface Reaction {
  emoji: string;
  count: number;
  /** Whether the caller is among them. */
  mine: boolean;
  userIds: number[];
}

export interface Message {
  id: number;
  roomId: number;
  kind: MessageKind;
  sender: { userId: number; name: string } | null;
  /** Empty when deleted. SYSTEM: a key of messenger:system.* and params as JSON. */
  text: string;
  parentId: number | null;
  replyCount: number;
  lastReplyAt: number | null;
  mentions: number[];
  files: MessengerFile[];
  reactions: Reaction[];
  preview: LinkPreview | null;
  pinned: boolean;
  clientId: string | null;
  /**
   * Members (not the sender) who have not read it yet: KakaoTalk's "1". Computed from the members' last-read
   * positions when the page is read; a READ event lets the client lower it without refetching.
   */
  unreadCount: number;
  editedAt: number | null;
  deletedAt: number | null;
  createdAt: number;
}

export interface MessagePage {
  messages: Message[];
  /** Older messages exist before the first. */
  hasOlder: boolean;
  /** Newer messages exist after the last. */
  hasNewer: boolean;
  /**
   * Every member's read position, so the client recomputes unread counts as READ events arrive: member userId
   * → lastReadId, with the id after which they joined.
   */
  readers: { userId: number; lastReadId: number; joinedAfterId: number }[];
}

export interface ThreadAnswer {
  root: Message;
  replies: Message[];
  readers: MessagePage["readers"];
}

export interface SearchHit {
  message: Message;
  roomName: string;
}

export type SearchPage = Page<SearchHit>;

export interface PresenceAnswer {
  online: number[];
}

const text = (max: number) => z.string().trim().max(max);
const id = z.coerce.number().int().positive();
const ids = z.array(id).max(INVITE_MAX);

export const createRoomBody = z.object({
  kind: z.enum(["DIRECT", "GROUP", "CHANNEL"]),
  name: text(ROOM_NAME_MAX).default(""),
  description: text(ROOM_DESCRIPTION_MAX).default(""),
  visibility: z.enum(["PUBLIC", "PRIVATE"]).default("PRIVATE"),
  organId: id.nullable().default(null),
  userIds: ids.default([]),
});
export type CreateRoomBody = z.input<typeof createRoomBody>;

export const updateRoomBody = z.object({
  name: text(ROOM_NAME_MAX).optional(),
  description: text(ROOM_DESCRIPTION_MAX).optional(),
  visibility: z.enum(["PUBLIC", "PRIVATE"]).optional(),
});
export type UpdateRoomBody = z.input<typeof updateRoomBody>;

export const membersBody = z.object({ userIds: ids.min(1) });
export const ownerBody = z.object({ userId: id });
export const settingsBody = z.object({ muted: z.boolean().optional(), hidden: z.boolean().optional() });
export const readBody = z.object({ messageId: id });
export const pinBody = z.object({ messageId: id });
export const reactionBody = z.object({ emoji: z.string().min(1).max(EMOJI_MAX_CHARS) });

export const historyQuery = z.object({
  before: id.optional(),
  after: id.optional(),
  size: z.coerce.number().int().min(1).max(HISTORY_PAGE_MAX).default(HISTORY_PAGE),
});

export const sendBody = z.object({
  text: z.string().max(MESSAGE_MAX).default(""),
  parentId: id.nullable().default(null),
  fileIds: z.array(id).max(FILES_PER_MESSAGE_MAX).default([]),
  /** Mentioned user ids (the composer's picks); the server keeps only the room's members. */
  mentions: z.array(id).max(INVITE_MAX).default([]),
  clientId: z.string().min(1).max(64).optional(),
});
export type SendBody = z.input<typeof sendBody>;

export const editBody = z.object({ text: z.string().max(MESSAGE_MAX), mentions: z.array(id).max(INVITE_MAX).default([]) });

export const searchQuery = z.object({
  keyword: z.string().trim().min(SEARCH_MIN_CHARS).max(100),
  roomId: id.optional(),
  page: z.coerce.number().int().min(0).default(0),
});

export const browseQuery = z.object({ keyword: z.string().trim().max(100).default("") });
export const presenceQuery = z.object({ userIds: z.string().max(2000) });
