// Desktop and phone mail clients (IMAP, POP3, SMTP submission: server/modules/mail/clients/): the
// mail-program password, an app password kept apart from the web password so that users with two-factor
// sign-in can still use a client. One per user; only its argon2id hash is stored.
import { sql } from "drizzle-orm";
import { bigint, index, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { companies } from "./companies.ts";
import { mailFolders } from "./mail.ts";
import { users } from "./users.ts";

export const mailClientPasswords = pgTable("mail_client_passwords", {
  userId: bigint("user_id", { mode: "number" }).primaryKey().references(() => users.id, { onDelete: "cascade" }),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  hash: text("hash").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  /** The last successful sign-in of a client with it. */
  lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
});

/**
 * POP3 maildrop locks (RFC 1939: one session per mailbox at a time; server/modules/mail/pop3/maildrop-lock.ts),
 * in the database so that they hold across server instances: the holding session's token and the end of the
 * lease it renews while it lives. A row whose lease has run out (its instance died) may be taken over.
 */
export const mailPop3Locks = pgTable("mail_pop3_locks", {
  userId: bigint("user_id", { mode: "number" }).primaryKey().references(() => users.id, { onDelete: "cascade" }),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  token: text("token").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/**
 * IMAP QRESYNC (RFC 7162 §3.2): the UIDs that left a folder (expunged, moved, deleted or purged, by any path),
 * recorded by the triggers mails_imap_vanished (migrations/0012) with no MODSEQ; the IMAP layer hands them
 * one lazily with the folder's other changes (mail/imap/store/vanished.ts) and keeps the newest few
 * thousand per folder. Scoped through its folder (the folder's company and user).
 */
export const mailImapVanished = pgTable("mail_imap_vanished", {
  folderId: bigint("folder_id", { mode: "number" }).notNull().references(() => mailFolders.id, { onDelete: "cascade" }),
  uid: bigint("uid", { mode: "number" }).notNull(),
  /** Null until handed out (then the MODSEQ of the removal). */
  modseq: bigint("modseq", { mode: "number" }),
}, (t) => [
  primaryKey({ columns: [t.folderId, t.uid] }),
  index("mail_imap_vanished_modseq_idx").on(t.folderId, t.modseq),
  index("mail_imap_vanished_pending_idx").on(t.folderId).where(sql`modseq is null`),
]);
