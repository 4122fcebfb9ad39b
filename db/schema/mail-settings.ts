// Per-user mail settings (000 §3 "Mail config"): the fields a user changed, over the defaults of
// shared/mail/config.ts (so a new default reaches everyone who never changed that field).
import { sql } from "drizzle-orm";
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { companies } from "./companies.ts";
import { mailFolders, mails } from "./mail.ts";
import { users } from "./users.ts";

export const mailConfigs = pgTable("mail_configs", {
  userId: bigint("user_id", { mode: "number" }).primaryKey().references(() => users.id, { onDelete: "cascade" }),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  /** Only the fields the user set: Partial<MailConfig>. */
  config: jsonb("config").notNull().default({}),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

// ---- Issue 7: the settings that change what the suite does with mail (000 §3, §5, §7 "Mail settings").

/** Signatures (000 §3 "Signature"): at most 5 per user; one may be the default for new mail, one for replies. */
export const mailSignatures = pgTable("mail_signatures", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  title: text("title").notNull(),
  /** How the signature is laid out (the UI's style choice). */
  signStyle: text("sign_style").notNull().default("DEFAULT"),
  /** Sanitised HTML. */
  contents: text("contents").notNull().default(""),
  useNewMail: boolean("use_new_mail").notNull().default(false),
  useReplyForward: boolean("use_reply_forward").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index("mail_signatures_user_idx").on(t.userId)]);

/** Aliases: more addresses of one mailbox, on a company domain; valid as sender and as recipient. */
export const mailAliases = pgTable("mail_aliases", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  /** Lower-cased; unique on the server (no alias may equal another alias; users.username is checked by the service). */
  address: text("address").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex("mail_aliases_address_uq").on(t.address), index("mail_aliases_user_idx").on(t.userId)]);

/** Auto-sort rules (000 §3): address conditions → move to a folder; applied in sortOrder, first match wins. */
export const mailRules = pgTable("mail_rules", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  /** { From?: string[], To?: string[], Cc?: string[], ToCc?: string[] } lower-cased addresses, ≤ 10 each. */
  conditionOptions: jsonb("condition_options").$type<Record<string, string[]>>().notNull(),
  /** Canonical text of the conditions: a duplicate rule of one user is refused (409 mail.386). */
  conditionKey: text("condition_key").notNull(),
  /** The target folder; deleting the folder deletes its rules. */
  folderId: bigint("folder_id", { mode: "number" }).notNull().references(() => mailFolders.id, { onDelete: "cascade" }),
  sortOrder: integer("sort_order").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index("mail_rules_user_order_idx").on(t.userId, t.sortOrder),
  uniqueIndex("mail_rules_user_condition_uq").on(t.userId, t.conditionKey),
]);

/** Forwarding (000 §3 "Forward config"): one row per user. */
export const mailForwardConfigs = pgTable("mail_forward_configs", {
  userId: bigint("user_id", { mode: "number" }).primaryKey().references(() => users.id, { onDelete: "cascade" }),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  useYn: boolean("use_yn").notNull().default(false),
  /** Keep a copy in the mailbox too. */
  saveOriginal: boolean("save_original").notNull().default(true),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Forwarding targets: PENDING until the target accepts through the link of the approval mail, then ACCEPTED. */
export const mailForwardTargets = pgTable("mail_forward_targets", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  address: text("address").notNull(),
  /** PENDING, ACCEPTED */
  status: text("status").notNull().default("PENDING"),
  /** SHA-256 (hex) of the acceptance link's token; the token itself is only in the approval mail. */
  tokenHash: text("token_hash"),
  requestedAt: timestamp("requested_at", { withTimezone: true }).notNull(),
  acceptedAt: timestamp("accepted_at", { withTimezone: true }),
}, (t) => [uniqueIndex("mail_forward_targets_uq").on(t.userId, t.address), index("mail_forward_targets_token_idx").on(t.tokenHash)]);

/** Away reply (000 §3 "Away config"): one row per user. */
export const mailAwayConfigs = pgTable("mail_away_configs", {
  userId: bigint("user_id", { mode: "number" }).primaryKey().references(() => users.id, { onDelete: "cascade" }),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  useAway: boolean("use_away").notNull().default(false),
  startAt: timestamp("start_at", { withTimezone: true }),
  endAt: timestamp("end_at", { withTimezone: true }),
  contents: text("contents").notNull().default(""),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Who got an away reply in which period (the period is the config's updatedAt): one reply per sender per period. */
export const mailAwayReplies = pgTable("mail_away_replies", {
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  sender: text("sender").notNull(),
  period: timestamp("period", { withTimezone: true }).notNull(),
  repliedAt: timestamp("replied_at", { withTimezone: true }).notNull(),
}, (t) => [primaryKey({ columns: [t.userId, t.sender, t.period] })]);

/** External mail accounts (000 §3): fetched over POP3 or IMAP; optionally used to send through its SMTP. */
export const mailExternalAccounts = pgTable("mail_external_accounts", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  /** CUSTOM or a provider preset (shared/mail/external.ts). */
  serverName: text("server_name").notNull(),
  /** POP3 or IMAP */
  protocol: text("protocol").notNull(),
  host: text("host").notNull(),
  port: integer("port").notNull(),
  secure: boolean("secure").notNull().default(true),
  email: text("email").notNull(),
  /** Login name at the provider (usually the address). */
  loginId: text("login_id").notNull(),
  /** AES-GCM ciphertext (base64) of the password, under a server secret. */
  passwordEnc: text("password_enc").notNull(),
  /** Imported mail gets this tag. */
  tag: text("tag").notNull(),
  /** Leave fetched mail on the provider's server. */
  keepOnServer: boolean("keep_on_server").notNull().default(true),
  useSmtp: boolean("use_smtp").notNull().default(false),
  smtpHost: text("smtp_host").notNull().default(""),
  smtpPort: integer("smtp_port").notNull().default(465),
  smtpSecure: boolean("smtp_secure").notNull().default(true),
  /** null until checked; SUCCEEDED_CERTIFICATE or FAILED_CERTIFICATE. */
  smtpStatus: text("smtp_status"),
  privacyAgreed: boolean("privacy_agreed").notNull().default(false),
  /** NONE, AUTH_SUCCESS, AUTH_FAILURE */
  authStatus: text("auth_status").notNull().default("NONE"),
  /** IDLE, FETCHING, COMPLETE, FAILED */
  fetchStatus: text("fetch_status").notNull().default("IDLE"),
  fetchedCount: integer("fetched_count").notNull().default(0),
  totalCount: integer("total_count").notNull().default(0),
  lastProtocolMessage: text("last_protocol_message"),
  lastFetchAt: timestamp("last_fetch_at", { withTimezone: true }),
  /** A fetch in progress holds this until it ends (or it expires): one fetch per account at a time. */
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex("mail_external_accounts_user_email_uq").on(t.userId, t.email), index("mail_external_accounts_due_idx").on(t.lastFetchAt)]);

/** What was already imported from an external account: POP3 UIDL or IMAP "uidvalidity:uid" per message. */
export const mailExternalSeen = pgTable("mail_external_seen", {
  accountId: bigint("account_id", { mode: "number" }).notNull().references(() => mailExternalAccounts.id, { onDelete: "cascade" }),
  uid: text("uid").notNull(),
  seenAt: timestamp("seen_at", { withTimezone: true }).notNull(),
}, (t) => [primaryKey({ columns: [t.accountId, t.uid] })]);

/**
 * Block and allow lists (spam management). userId null: the company's list, set by its admin; otherwise one
 * user's. pattern: an address (a@b.c) or a domain (@b.c or b.c), lower-cased.
 */
export const mailSenderLists = pgTable("mail_sender_lists", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  userId: bigint("user_id", { mode: "number" }).references(() => users.id, { onDelete: "cascade" }),
  /** BLOCK or ALLOW */
  kind: text("kind").notNull(),
  pattern: text("pattern").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex("mail_sender_lists_uq").on(t.companyId, sql`coalesce(${t.userId}, 0)`, t.kind, t.pattern),
  index("mail_sender_lists_user_idx").on(t.userId, t.kind),
]);

/** The spam log (000 §3 "Spam item"): one row per blocked inbound mail, with the pattern that blocked it. */
export const mailSpamLog = pgTable("mail_spam_log", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  /** The blocked mail while it exists (recovery moves it back to the inbox). */
  mailId: bigint("mail_id", { mode: "number" }).references(() => mails.id, { onDelete: "set null" }),
  adrFrom: text("adr_from").notNull(),
  /** The block-list pattern, or the reason (AUTH_FAIL, SYSTEM) when no pattern matched. */
  pattern: text("pattern").notNull(),
  msgSize: integer("msg_size").notNull(),
  subject: text("subject").notNull().default(""),
  /** BLOCKED, RECOVERED */
  status: text("status").notNull().default("BLOCKED"),
  insertDate: timestamp("insert_date", { withTimezone: true }).notNull(),
}, (t) => [index("mail_spam_log_user_idx").on(t.userId, t.insertDate.desc())]);

/**
 * Follow-ups of a delivered message still to run for one recipient (forwarding, the away reply:
 * inbound/after.ts), written in the filing transaction so a crash between the commit and their end loses
 * none: the server starts them at once after the commit and deletes the row when done; the followups job
 * runs rows still there after `runAfter` (a lease: each claim pushes it forward and counts an attempt).
 */
export const mailFollowups = pgTable("mail_followups", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  /** The recipient's mail row the follow-ups are for (gone with it: nothing left to forward). */
  mailId: bigint("mail_id", { mode: "number" }).notNull().references(() => mails.id, { onDelete: "cascade" }),
  /** SMTP MAIL FROM of the arriving message ("" for bounces). */
  envelopeFrom: text("envelope_from").notNull(),
  /** It came from a user of this server (outbound/dispatch.ts), not over SMTP. */
  local: boolean("local").notNull(),
  attempts: integer("attempts").notNull().default(0),
  runAfter: timestamp("run_after", { withTimezone: true }).notNull(),
  lastError: text("last_error"),
  /**
   * The forward went out: set in the transaction that filed and queued the forwarded copy
   * (inbound/forward.ts), so a retry after a crash never sends it again.
   */
  forwardedAt: timestamp("forwarded_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index("mail_followups_due_idx").on(t.runAfter), uniqueIndex("mail_followups_mail_uq").on(t.mailId)]);
