// The mail store. A stored message (mail_messages: the raw .eml in the blob store plus what was parsed from
// it) is referenced by one mailbox entry (mails) per person who has it: the recipients' inbox copies and the
// sender's Sent copy share one message. Folder counters (total, unread, used size; the same over starred
// mails, over mails with attachments, and per tag in mail_tag_counts) and each user's used size are kept
// exact by statement-level triggers on mails (migrations/0002_mail.sql, 0017_mail_flag_tag_counts.sql),
// never by hand.
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { companies } from "./companies.ts";
import { users } from "./users.ts";
import type { MailAttachmentMeta } from "../../shared/mail/reading.ts";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export interface MailAddressJson {
  name: string;
  address: string;
}

export type MailAttachmentJson = MailAttachmentMeta;

/** A user's folders: the system ones (one each per user) and private and saved-search folders as a tree. */
export const mailFolders = pgTable("mail_folders", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  parentId: bigint("parent_id", { mode: "number" }),
  /** INBOX, TOME, SENT, DRAFTS, DELETED, SPAM, PRIVATE_ROOT, SEARCH_ROOT (system); PRIVATE, SEARCH */
  folderType: text("folder_type").notNull(),
  name: text("name").notNull(),
  color: text("color"),
  sortOrder: integer("sort_order").notNull().default(0),
  /** Saved search options of a SEARCH folder; folder options otherwise. */
  options: jsonb("options").$type<Record<string, unknown>>(),
  totalCount: integer("total_count").notNull().default(0),
  newCount: integer("new_count").notNull().default(0),
  usedSize: bigint("used_size", { mode: "number" }).notNull().default(0),
  /** The same three counters over the folder's starred mails (the starred virtual folder adds them up). */
  importantCount: integer("important_count").notNull().default(0),
  importantNewCount: integer("important_new_count").notNull().default(0),
  importantSize: bigint("important_size", { mode: "number" }).notNull().default(0),
  /** And over its mails with attachments (the with-attachments virtual folder). */
  attachCount: integer("attach_count").notNull().default(0),
  attachNewCount: integer("attach_new_count").notNull().default(0),
  attachSize: bigint("attach_size", { mode: "number" }).notNull().default(0),
  /** IMAP: the UID the next mail filed here gets (UIDs are handed out lazily: mail/imap/store/uids.ts). */
  uidNext: bigint("uid_next", { mode: "number" }).notNull().default(1),
  /** IMAP CONDSTORE: the highest MODSEQ handed out in this folder. */
  highestModseq: bigint("highest_modseq", { mode: "number" }).notNull().default(1),
  /** IMAP QRESYNC: expunged UIDs with MODSEQs up to this one are forgotten (mail/imap/store/vanished.ts). */
  imapVanishedFloor: bigint("imap_vanished_floor", { mode: "number" }).notNull().default(0),
  /** IMAP \Recent: the highest UID already given out as recent to a session (mail/imap/store/recent.ts). */
  imapRecentUid: bigint("imap_recent_uid", { mode: "number" }).notNull().default(0),
  /** IMAP SUBSCRIBE state of the folder. */
  imapSubscribed: boolean("imap_subscribed").notNull().default(true),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index("mail_folders_user_parent_idx").on(t.userId, t.parentId),
  uniqueIndex("mail_folders_system_uq").on(t.userId, t.folderType)
    .where(sql`folder_type in ('INBOX','TOME','SENT','DRAFTS','DELETED','SPAM','SMART','PRIVATE_ROOT','SEARCH_ROOT')`),
]);

/**
 * One stored message: its bytes are headerPrefix (when set) followed by the blob stored under blobKey
 * (store/message-bytes.ts); the rest is parsed from them.
 */
export const mailMessages = pgTable("mail_messages", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  blobKey: text("blob_key").notNull(),
  /**
   * Inbound mail: the header fields this server puts in front of the bytes it received (Return-Path, Received,
   * Authentication-Results; CRLF-terminated), kept here so that the blob (the received bytes) is written while
   * the checks that make them run. Null: the blob is the whole message.
   */
  headerPrefix: text("header_prefix"),
  size: integer("size").notNull(),
  /** Message-ID header, without angle brackets. */
  messageIdHeader: text("message_id_header"),
  inReplyTo: text("in_reply_to"),
  references: text("references").array().notNull().default(sql`'{}'::text[]`),
  subject: text("subject").notNull().default(""),
  fromName: text("from_name").notNull().default(""),
  fromAddress: text("from_address").notNull().default(""),
  to: jsonb("to").$type<MailAddressJson[]>().notNull().default([]),
  cc: jsonb("cc").$type<MailAddressJson[]>().notNull().default([]),
  /** Only known for mail sent from here (the sender's copy shows it). */
  bcc: jsonb("bcc").$type<MailAddressJson[]>().notNull().default([]),
  replyTo: jsonb("reply_to").$type<MailAddressJson[]>().notNull().default([]),
  /** The Date header, when it parsed. */
  sentAt: timestamp("sent_at", { withTimezone: true }),
  /** Plain text of the body (from text/plain, or derived from the HTML): search and preview. */
  textBody: text("text_body").notNull().default(""),
  /** The HTML body after sanitising (once, at ingest); null for plain-text mail. */
  htmlBody: text("html_body"),
  snippet: text("snippet").notNull().default(""),
  attachments: jsonb("attachments").$type<MailAttachmentJson[]>().notNull().default([]),
  hasAttachments: boolean("has_attachments").notNull().default(false),
  /** X-Priority 1 (highest) to 5; 3 normal. */
  priority: integer("priority").notNull().default(3),
  /** SPF/DKIM/DMARC verdicts of inbound mail. */
  authResults: jsonb("auth_results").$type<Record<string, unknown>>(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index("mail_messages_company_msgid_idx").on(t.companyId, t.messageIdHeader),
  // The blob collector asks which keys are still referred to.
  index("mail_messages_blob_idx").on(t.blobKey),
]);

/** A message in one user's mailbox. */
export const mails = pgTable("mails", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  folderId: bigint("folder_id", { mode: "number" }).notNull().references(() => mailFolders.id),
  messageId: bigint("message_id", { mode: "number" }).notNull().references(() => mailMessages.id),
  /** NORMAL, SENT, RESERVE, RESERVE_CANCEL, REPORT_MAIL, DRAFT */
  mailType: text("mail_type").notNull().default("NORMAL"),
  read: boolean("read").notNull().default(false),
  important: boolean("important").notNull().default(false),
  tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
  readAt: timestamp("read_at", { withTimezone: true }),
  size: integer("size").notNull(),
  hasAttachments: boolean("has_attachments").notNull().default(false),
  /** From a sender inside the company. */
  internal: boolean("internal").notNull().default(false),
  /** Where a mail in the trash came from, for restoring. */
  prevFolderId: bigint("prev_folder_id", { mode: "number" }),
  /** Scheduled send time of a RESERVE mail (the sender's copy). */
  reserveAt: timestamp("reserve_at", { withTimezone: true }),
  /** Why a mail is in spam: BLOCK_LIST, USER_RULE, AUTH_FAIL, REPORTED, SYSTEM (system-blocked cannot be unblocked). */
  spamReason: text("spam_reason"),
  /** Smart mailbox class of a mail filed in SMART: PROMOTION or SOCIAL (moved to trash after 7 days). */
  category: text("category"),
  /** Mails of one conversation share this key (related mails). */
  threadKey: text("thread_key"),
  /** Search lexemes, weighted: A subject, B addresses, C body, D attachment names. */
  searchVector: tsvector("search_vector"),
  /**
   * IMAP UID in the current folder, null until the IMAP layer hands one out (mail/imap/store/uids.ts). Moving
   * the mail to another folder clears it (trigger mails_imap_changes), so UIDs only ever grow in a folder.
   */
  uid: bigint("uid", { mode: "number" }),
  /** IMAP CONDSTORE MODSEQ; null = changed (flags, read, important, tags, folder) since one was handed out. */
  modseq: bigint("modseq", { mode: "number" }),
  /** IMAP flags the suite has no column for: \Answered, \Deleted, \Draft, $Forwarded and keywords. */
  imapFlags: text("imap_flags").array().notNull().default(sql`'{}'::text[]`),
  /** When a POP3 client first downloaded (RETR) this mail; the NEW fetch range offers only mails without it. */
  pop3FetchedAt: timestamp("pop3_fetched_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index("mails_folder_list_idx").on(t.userId, t.folderId, t.receivedAt.desc(), t.id.desc()),
  index("mails_user_received_idx").on(t.userId, t.receivedAt.desc(), t.id.desc()),
  index("mails_message_idx").on(t.messageId),
  index("mails_thread_idx").on(t.userId, t.threadKey),
  index("mails_reserve_idx").on(t.reserveAt).where(sql`mail_type = 'RESERVE'`),
  index("mails_search_idx").using("gin", t.searchVector),
  index("mails_tags_idx").using("gin", t.tags),
  // The starred and with-attachments virtual folders (lists and counts).
  index("mails_important_idx").on(t.userId, t.receivedAt.desc(), t.id.desc()).where(sql`important`),
  // The smart-mailbox clean-up: categorised mails by age.
  index("mails_category_idx").on(t.receivedAt).where(sql`category is not null`),
  index("mails_attach_idx").on(t.userId, t.receivedAt.desc(), t.id.desc()).where(sql`has_attachments`),
  // IMAP: a folder's mails by UID, and the ones still waiting for a UID or MODSEQ (what changed).
  uniqueIndex("mails_folder_uid_uq").on(t.folderId, t.uid).where(sql`uid is not null`),
  index("mails_imap_pending_idx").on(t.folderId).where(sql`uid is null or modseq is null`),
]);

/**
 * Per folder and tag name, the mails of the folder carrying the tag: total, unread, size (the tag folders of
 * the tree add up the folders they cover). Kept by the same triggers as the folder counters; a row whose
 * total drops to 0 is removed.
 */
export const mailTagCounts = pgTable("mail_tag_counts", {
  folderId: bigint("folder_id", { mode: "number" }).notNull().references(() => mailFolders.id, { onDelete: "cascade" }),
  tag: text("tag").notNull(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  totalCount: integer("total_count").notNull().default(0),
  newCount: integer("new_count").notNull().default(0),
  usedSize: bigint("used_size", { mode: "number" }).notNull().default(0),
}, (t) => [
  primaryKey({ columns: [t.folderId, t.tag] }),
  index("mail_tag_counts_user_idx").on(t.userId, t.tag),
]);

/** A user's tags with their colours; mails carry tag names in mails.tags. */
export const mailTags = pgTable("mail_tags", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  tag: text("tag").notNull(),
  color: text("color"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex("mail_tags_user_tag_uq").on(t.userId, t.tag)]);

/** Past mail searches of a user (the top bar's search history). */
export const mailSearchHistory = pgTable("mail_search_history", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  options: jsonb("options").$type<Record<string, unknown>>().notNull(),
  /** The options in a canonical form, so repeating a search moves it to the top instead of adding a row. */
  optionsKey: text("options_key").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
}, (t) => [uniqueIndex("mail_search_history_uq").on(t.userId, t.optionsKey)]);

/** Files uploaded for a mail being written (normal temp, draft or large temp files). */
export const mailUploads = pgTable("mail_uploads", {
  id: text("id").primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  /** normal, draft or large */
  uploadType: text("upload_type").notNull(),
  name: text("name").notNull(),
  size: bigint("size", { mode: "number" }).notNull(),
  contentType: text("content_type").notNull(),
  blobKey: text("blob_key").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
}, (t) => [index("mail_uploads_user_idx").on(t.userId, t.createdAt)]);

/** Large attachments sent as links: downloadable for a time and a number of times, maybe behind a password. */
export const mailLargeFiles = pgTable("mail_large_files", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  /** The unguessable part of the download URL. */
  token: text("token").notNull(),
  name: text("name").notNull(),
  size: bigint("size", { mode: "number" }).notNull(),
  contentType: text("content_type").notNull(),
  blobKey: text("blob_key").notNull(),
  maxDownloads: integer("max_downloads").notNull(),
  downloadCount: integer("download_count").notNull().default(0),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  /** argon2id hash of the password the sender set (company isLargeAttPw); null: whoever holds the link. */
  passwordHash: text("password_hash"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
}, (t) => [uniqueIndex("mail_large_files_token_uq").on(t.token)]);

/** The durable outbound queue: one row per message and remote domain, retried with backoff. */
export const mailOutbound = pgTable("mail_outbound", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  messageId: bigint("message_id", { mode: "number" }).notNull().references(() => mailMessages.id),
  senderUserId: bigint("sender_user_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
  envelopeFrom: text("envelope_from").notNull(),
  recipients: text("recipients").array().notNull(),
  /** QUEUED, SENT, FAILED */
  status: text("status").notNull().default("QUEUED"),
  attempts: integer("attempts").notNull().default(0),
  nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull(),
  lastError: text("last_error"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
}, (t) => [
  index("mail_outbound_due_idx").on(t.nextAttemptAt).where(sql`status = 'QUEUED'`),
  // Deleting a message asks whether a send still needs it.
  index("mail_outbound_message_idx").on(t.messageId),
]);

/** Read receipts: one row per internal recipient of a sent mail. */
export const mailReceipts = pgTable("mail_receipts", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  /** The sender's copy (SENT). */
  senderMailId: bigint("sender_mail_id", { mode: "number" }).notNull().references(() => mails.id, { onDelete: "cascade" }),
  /** The recipient's copy; null for external recipients or once cancelled and removed. */
  recipientMailId: bigint("recipient_mail_id", { mode: "number" }),
  recipientUserId: bigint("recipient_user_id", { mode: "number" }),
  address: text("address").notNull(),
  name: text("name").notNull().default(""),
  /** UNREAD, READ, CANCELED, SENT (external: delivery only), FAILED */
  status: text("status").notNull(),
  replyCode: text("reply_code"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
}, (t) => [index("mail_receipts_sender_idx").on(t.senderMailId), index("mail_receipts_recipient_idx").on(t.recipientMailId)]);

/**
 * What a composed mail was written with beyond its MIME (eachSend, reservation, compose type, the original
 * replied to): kept for drafts and scheduled mails, so reopening one restores the compose screen as it was.
 */
export const mailComposeStates = pgTable("mail_compose_states", {
  mailId: bigint("mail_id", { mode: "number" }).primaryKey().references(() => mails.id, { onDelete: "cascade" }),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  /** The compose body as validated (shared/mail/compose.ts composeBody), attachments as upload ids. */
  state: jsonb("state").$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});

/** DKIM signing keys, one per company mail domain: outbound mail from the domain is signed with it. */
export const mailDkimKeys = pgTable("mail_dkim_keys", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  domain: text("domain").notNull(),
  selector: text("selector").notNull(),
  /** PKCS#8 PEM of the RSA private key. */
  privateKey: text("private_key").notNull(),
  /** Base64 SPKI of the public key: the p= of the DNS record. */
  publicKey: text("public_key").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
}, (t) => [uniqueIndex("mail_dkim_keys_domain_uq").on(t.domain)]);

/**
 * Secure mail: recipients get a notice with a link instead of the message; the link opens the sender's
 * stored message only with its password. Message ids are plain columns (no foreign keys) so deleting the
 * sender's mail is never blocked: the link then answers 404.
 */
export const mailSecureLinks = pgTable("mail_secure_links", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  senderUserId: bigint("sender_user_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
  /** The unguessable part of the link. */
  token: text("token").notNull(),
  /** The real message (the sender's copy). */
  messageId: bigint("message_id", { mode: "number" }).notNull(),
  /** The notice the recipients get instead (what is delivered and queued). */
  noticeMessageId: bigint("notice_message_id", { mode: "number" }).notNull(),
  passwordHash: text("password_hash").notNull(),
  hint: text("hint").notNull().default(""),
  failedAttempts: integer("failed_attempts").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
}, (t) => [
  uniqueIndex("mail_secure_links_token_uq").on(t.token),
  index("mail_secure_links_message_idx").on(t.messageId),
  index("mail_secure_links_notice_idx").on(t.noticeMessageId),
]);
