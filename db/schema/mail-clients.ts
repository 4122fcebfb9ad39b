// Desktop and phone mail clients (IMAP, POP3, SMTP submission: server/modules/mail/clients/): the
// mail-program password, an app password kept apart from the web password so that users with two-factor
// sign-in can still use a client. One per user; only its argon2id hash is stored.
import { bigint, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { companies } from "./companies.ts";
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
