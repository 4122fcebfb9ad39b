// Boards (issue 28; 001 §3 "Board", "Post", "Reply", "Board config"): the board tree, members and managers,
// each person's hidden and followed boards and settings, the company's tags, posts with their reads,
// reactions, mentions and files, threaded replies, and the mail filters of a board.
//
// - boards.parent_id: the group or board it sits in (null at the top); deleted_at: soft delete (001 §4), the
//   sub-boards deleted with it carry the same deleted_at so a restore brings back exactly those.
// - boards.mail_local_part: the board's mail address on the company's first domain (unique per company).
// - board_members: one row per listed user or organisation (organisations include their sub-organisations
//   when include_children); board_managers: the managers (MANAGE).
// - board_posts: content is sanitised HTML; text its plain text (previews, search checks); search_vector the
//   lexemes of title and text (server/lib/search-tokens.ts, the mail module's two-syllable design);
//   reply_count, read_count, feel_count, file_count are kept by the writers in the same transaction.
//   deleted_at / deleted_by: in trash (purged after the company's deletedPostMaxDuration days).
// - board_post_reads: who read a post when (seen, readCount, the read list of a must-read notice).
// - board_replies: parent_id threads them; is_blind: deleted with children (001 §4); child_count kept (blind
//   children included), board_posts.reply_count counts the post's replies that are not blind.
// - board_files: the bytes in the blob store (blob_key: the blob collector and the backup find *_blob_key);
//   post_id and reply_id are null between the upload and the post or reply that claims it (swept after a day).
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn, bigint, bigserial, boolean, check, customType, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex,
} from "drizzle-orm/pg-core";
import { companies } from "./companies.ts";
import { organizations, users } from "./users.ts";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
const ts = (name: string) => timestamp(name, { withTimezone: true });
const companyId = () => bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" });

export const boards = pgTable("boards", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: companyId(),
  parentId: bigint("parent_id", { mode: "number" }).references((): AnyPgColumn => boards.id, { onDelete: "cascade" }),
  boardType: text("board_type").notNull().default("BOARD"),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  visibility: text("visibility").notNull().default("PUBLIC"),
  publicPrivilege: text("public_privilege").notNull().default("WRITE"),
  sortOrder: integer("sort_order").notNull().default(0),
  createdBy: bigint("created_by", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
  mailLocalPart: text("mail_local_part"),
  deletedAt: ts("deleted_at"),
  deletedBy: bigint("deleted_by", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
  createdAt: ts("created_at").notNull(),
  updatedAt: ts("updated_at").notNull(),
}, (t) => [
  index("boards_company_idx").on(t.companyId, t.parentId, t.sortOrder),
  index("boards_deleted_idx").on(t.deletedAt).where(sql`deleted_at is not null`),
  uniqueIndex("boards_mail_uq").on(t.companyId, t.mailLocalPart).where(sql`mail_local_part is not null`),
  check("boards_type_ck", sql`board_type in ('GROUP', 'BOARD')`),
  check("boards_visibility_ck", sql`visibility in ('PUBLIC', 'PRIVATE')`),
  check("boards_public_privilege_ck", sql`public_privilege in ('READ', 'WRITE')`),
]);

export const boardMembers = pgTable("board_members", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  boardId: bigint("board_id", { mode: "number" }).notNull().references(() => boards.id, { onDelete: "cascade" }),
  companyId: companyId(),
  userId: bigint("user_id", { mode: "number" }).references(() => users.id, { onDelete: "cascade" }),
  organId: bigint("organ_id", { mode: "number" }).references(() => organizations.id, { onDelete: "cascade" }),
  includeChildren: boolean("include_children").notNull().default(true),
  privilege: text("privilege").notNull().default("WRITE"),
}, (t) => [
  uniqueIndex("board_members_user_uq").on(t.boardId, t.userId).where(sql`user_id is not null`),
  uniqueIndex("board_members_organ_uq").on(t.boardId, t.organId).where(sql`organ_id is not null`),
  index("board_members_user_idx").on(t.userId).where(sql`user_id is not null`),
  index("board_members_organ_idx").on(t.organId).where(sql`organ_id is not null`),
  check("board_members_one_ck", sql`(user_id is null) <> (organ_id is null)`),
  check("board_members_privilege_ck", sql`privilege in ('READ', 'WRITE')`),
]);

export const boardManagers = pgTable("board_managers", {
  boardId: bigint("board_id", { mode: "number" }).notNull().references(() => boards.id, { onDelete: "cascade" }),
  companyId: companyId(),
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
}, (t) => [primaryKey({ columns: [t.boardId, t.userId] }), index("board_managers_user_idx").on(t.userId)]);

/** A person's own view of a board: hidden from their tree, followed for new-post notices. */
export const boardUserStates = pgTable("board_user_states", {
  boardId: bigint("board_id", { mode: "number" }).notNull().references(() => boards.id, { onDelete: "cascade" }),
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  companyId: companyId(),
  hidden: boolean("hidden").notNull().default(false),
  following: boolean("following").notNull().default(false),
}, (t) => [primaryKey({ columns: [t.userId, t.boardId] }), index("board_user_states_board_idx").on(t.boardId).where(sql`following`)]);

export const boardUserConfigs = pgTable("board_user_configs", {
  userId: bigint("user_id", { mode: "number" }).primaryKey().references(() => users.id, { onDelete: "cascade" }),
  companyId: companyId(),
  postPageSize: integer("post_page_size").notNull().default(10),
  replyPageSize: integer("reply_page_size").notNull().default(10),
  viewType: text("view_type").notNull().default("CARD"),
  digest: boolean("digest").notNull().default(false),
  lastDigestAt: ts("last_digest_at"),
});

export const boardTags = pgTable("board_tags", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: companyId(),
  name: text("name").notNull(),
  color: text("color").notNull(),
  createdBy: bigint("created_by", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
  createdAt: ts("created_at").notNull(),
}, (t) => [uniqueIndex("board_tags_name_uq").on(t.companyId, sql`lower(${t.name})`)]);

export const boardPosts = pgTable("board_posts", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: companyId(),
  boardId: bigint("board_id", { mode: "number" }).notNull().references(() => boards.id, { onDelete: "cascade" }),
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  title: text("title").notNull(),
  content: text("content").notNull(),
  text: text("text").notNull().default(""),
  isNotice: boolean("is_notice").notNull().default(false),
  mustRead: boolean("must_read").notNull().default(false),
  replyCount: integer("reply_count").notNull().default(0),
  /** Top-level replies, blind ones included (reply/list's totalElements without counting a huge thread). */
  topReplyCount: integer("top_reply_count").notNull().default(0),
  readCount: integer("read_count").notNull().default(0),
  feelCount: integer("feel_count").notNull().default(0),
  fileCount: integer("file_count").notNull().default(0),
  thumbnailFileId: bigint("thumbnail_file_id", { mode: "number" }),
  mailFrom: text("mail_from"),
  mailMessageId: text("mail_message_id"),
  searchVector: tsvector("search_vector").notNull().default(sql`''::tsvector`),
  createdAt: ts("created_at").notNull(),
  updatedAt: ts("updated_at").notNull(),
  deletedAt: ts("deleted_at"),
  deletedBy: bigint("deleted_by", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
}, (t) => [
  // A board's feed and list, newest first (the first page under 20 ms at 100,000 posts).
  index("board_posts_feed_idx").on(t.boardId, t.createdAt.desc(), t.id.desc()).where(sql`deleted_at is null`),
  index("board_posts_company_feed_idx").on(t.companyId, t.createdAt.desc(), t.id.desc()).where(sql`deleted_at is null`),
  index("board_posts_notice_idx").on(t.boardId, t.createdAt.desc()).where(sql`is_notice and deleted_at is null`),
  index("board_posts_user_idx").on(t.userId, t.createdAt.desc()),
  index("board_posts_trash_idx").on(t.companyId, t.deletedAt).where(sql`deleted_at is not null`),
  uniqueIndex("board_posts_mail_uq").on(t.boardId, t.mailMessageId).where(sql`mail_message_id is not null`),
  index("board_posts_search_idx").using("gin", t.searchVector),
]);

export const boardPostTags = pgTable("board_post_tags", {
  postId: bigint("post_id", { mode: "number" }).notNull().references(() => boardPosts.id, { onDelete: "cascade" }),
  tagId: bigint("tag_id", { mode: "number" }).notNull().references(() => boardTags.id, { onDelete: "cascade" }),
}, (t) => [primaryKey({ columns: [t.postId, t.tagId] }), index("board_post_tags_tag_idx").on(t.tagId)]);

export const boardPostReads = pgTable("board_post_reads", {
  postId: bigint("post_id", { mode: "number" }).notNull().references(() => boardPosts.id, { onDelete: "cascade" }),
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  readAt: ts("read_at").notNull(),
}, (t) => [primaryKey({ columns: [t.postId, t.userId] }), index("board_post_reads_user_idx").on(t.userId)]);

/**
 * Live posts and notices per board (not in trash), kept by statement triggers on board_posts (migration
 * 0051_board_post_counts), so a list's totalElements never counts a board's 100,000 posts on each page.
 */
export const boardPostCounts = pgTable("board_post_counts", {
  boardId: bigint("board_id", { mode: "number" }).primaryKey().references(() => boards.id, { onDelete: "cascade" }),
  companyId: companyId(),
  postCount: integer("post_count").notNull().default(0),
  noticeCount: integer("notice_count").notNull().default(0),
});

/**
 * Notice state of a post (replies/ and reads/): reactions not yet told to the author (feel_pending; told at
 * most once a minute, feel_noticed_at) and the last must-read reminder (reminded_at; at most one an hour).
 */
export const boardPostNotices = pgTable("board_post_notices", {
  postId: bigint("post_id", { mode: "number" }).primaryKey().references(() => boardPosts.id, { onDelete: "cascade" }),
  companyId: companyId(),
  feelPending: boolean("feel_pending").notNull().default(false),
  feelNoticedAt: ts("feel_noticed_at"),
  remindedAt: ts("reminded_at"),
}, (t) => [index("board_post_notices_feel_idx").on(t.feelNoticedAt).where(sql`feel_pending`)]);

export const boardFeelings = pgTable("board_feelings", {
  postId: bigint("post_id", { mode: "number" }).notNull().references(() => boardPosts.id, { onDelete: "cascade" }),
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  feelType: text("feel_type").notNull(),
  createdAt: ts("created_at").notNull(),
}, (t) => [
  primaryKey({ columns: [t.postId, t.userId] }),
  check("board_feelings_type_ck", sql`feel_type in ('LIKE', 'CELEBRATE', 'COOL', 'CHEER_UP')`),
]);

export const boardReplies = pgTable("board_replies", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: companyId(),
  postId: bigint("post_id", { mode: "number" }).notNull().references(() => boardPosts.id, { onDelete: "cascade" }),
  parentId: bigint("parent_id", { mode: "number" }).references((): AnyPgColumn => boardReplies.id, { onDelete: "cascade" }),
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  content: text("content").notNull(),
  childCount: integer("child_count").notNull().default(0),
  isBlind: boolean("is_blind").notNull().default(false),
  searchVector: tsvector("search_vector").notNull().default(sql`''::tsvector`),
  createdAt: ts("created_at").notNull(),
  updatedAt: ts("updated_at").notNull(),
}, (t) => [
  // A post's top-level replies and a reply's children, oldest first (the first page under 20 ms at 1,000,000).
  index("board_replies_post_idx").on(t.postId, t.createdAt, t.id).where(sql`parent_id is null`),
  index("board_replies_parent_idx").on(t.parentId, t.createdAt, t.id).where(sql`parent_id is not null`),
  // The company's replies, newest first: the reply search walks it for a frequent word (search/repo.ts).
  index("board_replies_company_idx").on(t.companyId, t.createdAt.desc(), t.id.desc()),
  index("board_replies_search_idx").using("gin", t.searchVector),
]);

/** Who is mentioned where: a post's content (reply_id null) or a reply; fills the mention folder (-3). */
export const boardMentions = pgTable("board_mentions", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: companyId(),
  postId: bigint("post_id", { mode: "number" }).notNull().references(() => boardPosts.id, { onDelete: "cascade" }),
  replyId: bigint("reply_id", { mode: "number" }).references(() => boardReplies.id, { onDelete: "cascade" }),
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  createdAt: ts("created_at").notNull(),
}, (t) => [
  index("board_mentions_user_idx").on(t.userId, t.createdAt.desc()),
  index("board_mentions_post_idx").on(t.postId),
  uniqueIndex("board_mentions_uq").on(t.postId, sql`coalesce(${t.replyId}, 0)`, t.userId),
]);

export const boardFiles = pgTable("board_files", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: companyId(),
  uploaderId: bigint("uploader_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  postId: bigint("post_id", { mode: "number" }).references(() => boardPosts.id, { onDelete: "cascade" }),
  replyId: bigint("reply_id", { mode: "number" }).references(() => boardReplies.id, { onDelete: "cascade" }),
  /** An image placed inside the content (not among the post's files). */
  inline: boolean("inline").notNull().default(false),
  name: text("name").notNull(),
  size: bigint("size", { mode: "number" }).notNull(),
  contentType: text("content_type").notNull(),
  blobKey: text("blob_key").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
  searchVector: tsvector("search_vector").notNull().default(sql`''::tsvector`),
  createdAt: ts("created_at").notNull(),
}, (t) => [
  index("board_files_post_idx").on(t.postId).where(sql`post_id is not null`),
  index("board_files_reply_idx").on(t.replyId).where(sql`reply_id is not null`),
  index("board_files_unclaimed_idx").on(t.createdAt).where(sql`post_id is null and reply_id is null`),
  index("board_files_search_idx").using("gin", t.searchVector),
]);

export const boardMailFilters = pgTable("board_mail_filters", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: companyId(),
  boardId: bigint("board_id", { mode: "number" }).notNull().references(() => boards.id, { onDelete: "cascade" }),
  direction: text("direction").notNull(),
  classifier: text("classifier").notNull(),
  content: text("content").notNull(),
  createdBy: bigint("created_by", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
  createdAt: ts("created_at").notNull(),
}, (t) => [
  index("board_mail_filters_board_idx").on(t.boardId),
  index("board_mail_filters_out_idx").on(t.companyId, t.content).where(sql`direction = 'OUT'`),
  uniqueIndex("board_mail_filters_uq").on(t.boardId, t.direction, t.classifier, t.content),
  check("board_mail_filters_direction_ck", sql`direction in ('IN', 'OUT')`),
  check("board_mail_filters_classifier_ck", sql`classifier in ('ADDRESS', 'DOMAIN')`),
]);
