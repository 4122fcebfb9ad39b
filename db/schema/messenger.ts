// Messenger (team chat; issue 31, 002 §2 "Messenger": the spec shows only the window and its token call, the
// rest is ours): rooms, their members, messages with threads, files, reactions, pins and link previews.
//
// - messenger_rooms.kind: SELF (chat with myself, one per user), DIRECT (two people, one room per pair:
//   direct_key "<small id>:<big id>" is unique per company), GROUP (invited people), CHANNEL (named; PUBLIC
//   anyone of the company may find and join, PRIVATE by invitation; organ_id ties it to an organisation).
// - messenger_rooms.last_message_id / last_message_at: the newest visible message, for the room list order.
// - messenger_members.last_read_id: the newest message id the member has read. A message's unread count
//   (KakaoTalk's "1") is the number of other members with last_read_id < the message id who had joined
//   before it (joined_after_id < message id).
// - messenger_messages.seq-free design: ids are a bigserial, so "newer" is "bigger id" within a room.
//   parent_id: a thread reply's root (one level); reply_count / last_reply_at on the root.
//   kind: TEXT | FILE | SYSTEM (joins, leaves, renames; text holds a message key and params as JSON).
//   deleted_at: a deleted message keeps its row (threads and unread counts stay right) with its text emptied.
//   search_vector: server/lib/search-tokens.ts lexemes of the text (Korean two-syllable grams).
// - messenger_files: bytes in the blob store (*_blob_key for the collector and the backup); counted in the
//   uploader's used_size by triggers (migration); message_id null until the message that carries it is sent.
// - messenger_link_previews: one per message (the first http(s) link), fetched after the send by the
//   SSRF-safe fetcher; status PENDING | OK | FAILED.
// - messenger_presence: open sockets per user and instance (presence across instances); stale rows (seen_at
//   older than a few minutes) count as offline.
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn, bigint, bigserial, boolean, customType, index, integer, pgTable, primaryKey, text, timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { companies } from "./companies.ts";
import { organizations, users } from "./users.ts";
import { uploadedFileColumns } from "./uploaded-file.ts";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
const ts = (name: string) => timestamp(name, { withTimezone: true });
const companyId = () => bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" });
const userRef = (name: string) => bigint(name, { mode: "number" }).references(() => users.id, { onDelete: "set null" });

export const messengerRooms = pgTable("messenger_rooms", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: companyId(),
  kind: text("kind").notNull(),
  visibility: text("visibility").notNull().default("PRIVATE"),
  name: text("name").notNull().default(""),
  description: text("description").notNull().default(""),
  organId: bigint("organ_id", { mode: "number" }).references(() => organizations.id, { onDelete: "set null" }),
  directKey: text("direct_key"),
  ownerId: userRef("owner_id"),
  memberCount: integer("member_count").notNull().default(0),
  lastMessageId: bigint("last_message_id", { mode: "number" }),
  lastMessageAt: ts("last_message_at"),
  createdAt: ts("created_at").notNull(),
  updatedAt: ts("updated_at").notNull(),
}, (t) => [
  uniqueIndex("messenger_rooms_direct_uq").on(t.companyId, t.directKey).where(sql`direct_key is not null`),
  index("messenger_rooms_public_idx").on(t.companyId, t.kind, t.visibility),
]);

export const messengerMembers = pgTable("messenger_members", {
  roomId: bigint("room_id", { mode: "number" }).notNull().references(() => messengerRooms.id, { onDelete: "cascade" }),
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  companyId: companyId(),
  role: text("role").notNull().default("MEMBER"),
  lastReadId: bigint("last_read_id", { mode: "number" }).notNull().default(0),
  joinedAfterId: bigint("joined_after_id", { mode: "number" }).notNull().default(0),
  muted: boolean("muted").notNull().default(false),
  hidden: boolean("hidden").notNull().default(false),
  joinedAt: ts("joined_at").notNull(),
}, (t) => [
  primaryKey({ columns: [t.roomId, t.userId] }),
  index("messenger_members_user_idx").on(t.userId, t.roomId),
]);

export const messengerMessages = pgTable("messenger_messages", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: companyId(),
  roomId: bigint("room_id", { mode: "number" }).notNull().references(() => messengerRooms.id, { onDelete: "cascade" }),
  senderId: userRef("sender_id"),
  kind: text("kind").notNull().default("TEXT"),
  text: text("text").notNull().default(""),
  parentId: bigint("parent_id", { mode: "number" }).references((): AnyPgColumn => messengerMessages.id, { onDelete: "cascade" }),
  replyCount: integer("reply_count").notNull().default(0),
  lastReplyAt: ts("last_reply_at"),
  mentions: bigint("mentions", { mode: "number" }).array().notNull().default(sql`'{}'::bigint[]`),
  /** The sender's own id for the send (a retry with the same one returns the first message). */
  clientId: text("client_id"),
  searchVector: tsvector("search_vector").notNull().default(sql`''::tsvector`),
  editedAt: ts("edited_at"),
  deletedAt: ts("deleted_at"),
  createdAt: ts("created_at").notNull(),
}, (t) => [
  index("messenger_messages_room_idx").on(t.roomId, t.id).where(sql`parent_id is null`),
  /** Every message of a room by id, replies included: the unread and mention counts of GET rooms (0057). */
  index("messenger_messages_room_all_idx").on(t.roomId, t.id),
  index("messenger_messages_thread_idx").on(t.parentId, t.id).where(sql`parent_id is not null`),
  uniqueIndex("messenger_messages_client_uq").on(t.roomId, t.senderId, t.clientId).where(sql`client_id is not null`),
  index("messenger_messages_search_idx").using("gin", t.searchVector),
]);

export const messengerFiles = pgTable("messenger_files", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: companyId(),
  roomId: bigint("room_id", { mode: "number" }).notNull().references(() => messengerRooms.id, { onDelete: "cascade" }),
  messageId: bigint("message_id", { mode: "number" }).references(() => messengerMessages.id, { onDelete: "cascade" }),
  width: integer("width"),
  height: integer("height"),
  ...uploadedFileColumns(),
}, (t) => [
  index("messenger_files_message_idx").on(t.messageId),
  index("messenger_files_room_idx").on(t.roomId, t.id),
]);

export const messengerReactions = pgTable("messenger_reactions", {
  messageId: bigint("message_id", { mode: "number" }).notNull().references(() => messengerMessages.id, { onDelete: "cascade" }),
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  emoji: text("emoji").notNull(),
  companyId: companyId(),
  createdAt: ts("created_at").notNull(),
}, (t) => [primaryKey({ columns: [t.messageId, t.userId, t.emoji] })]);

export const messengerPins = pgTable("messenger_pins", {
  roomId: bigint("room_id", { mode: "number" }).notNull().references(() => messengerRooms.id, { onDelete: "cascade" }),
  messageId: bigint("message_id", { mode: "number" }).notNull().references(() => messengerMessages.id, { onDelete: "cascade" }),
  companyId: companyId(),
  pinnedBy: userRef("pinned_by"),
  createdAt: ts("created_at").notNull(),
}, (t) => [primaryKey({ columns: [t.roomId, t.messageId] })]);

export const messengerLinkPreviews = pgTable("messenger_link_previews", {
  messageId: bigint("message_id", { mode: "number" }).primaryKey().references(() => messengerMessages.id, { onDelete: "cascade" }),
  companyId: companyId(),
  url: text("url").notNull(),
  status: text("status").notNull().default("PENDING"),
  title: text("title").notNull().default(""),
  description: text("description").notNull().default(""),
  siteName: text("site_name").notNull().default(""),
  imageUrl: text("image_url"),
  fetchedAt: ts("fetched_at"),
});

export const messengerPresence = pgTable("messenger_presence", {
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  instanceId: text("instance_id").notNull(),
  companyId: companyId(),
  sockets: integer("sockets").notNull().default(0),
  seenAt: ts("seen_at").notNull(),
}, (t) => [primaryKey({ columns: [t.userId, t.instanceId] })]);
