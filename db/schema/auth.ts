// Sessions (refresh-token families), histories, sign-in throttling, sign-up verification, server secrets.
import { bigint, bigserial, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { companies } from "./companies.ts";
import { users } from "./users.ts";

/** One row per sign-in. The refresh token rotates inside the session; reuse of an old one revokes it. */
export const sessions = pgTable("sessions", {
  id: uuid("id").primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  /** Set when the session was opened by switching into a shared account: the user who switched. */
  actorUserId: bigint("actor_user_id", { mode: "number" }).references(() => users.id, { onDelete: "cascade" }),
  refreshHash: text("refresh_hash").notNull(),
  /** Hash of the token this one replaced, to detect reuse of a rotated token. */
  previousHash: text("previous_hash"),
  generation: integer("generation").notNull().default(0),
  userAgent: text("user_agent"),
  ip: text("ip"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  refreshedAt: timestamp("refreshed_at", { withTimezone: true }).notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  revokedAt: timestamp("revoked_at", { withTimezone: true }),
  revokeReason: text("revoke_reason"),
}, (t) => [
  index("sessions_refresh_idx").on(t.refreshHash),
  index("sessions_previous_idx").on(t.previousHash),
  index("sessions_user_idx").on(t.userId),
]);

export const passwordHistory = pgTable("password_history", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  passwordHash: text("password_hash").notNull(),
  /** INIT (account created), CHANGE (by the user), FORCE (forced change), RESET (by an administrator). */
  changeType: text("change_type").notNull(),
  ip: text("ip"),
  changedAt: timestamp("changed_at", { withTimezone: true }).notNull(),
}, (t) => [index("password_history_user_idx").on(t.userId, t.changedAt)]);

export const accessHistory = pgTable("access_history", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  /** LOGIN, LOGIN_FAILED, LOGOUT, SWITCH_ACCOUNT */
  action: text("action").notNull(),
  ip: text("ip"),
  userAgent: text("user_agent"),
  at: timestamp("at", { withTimezone: true }).notNull(),
}, (t) => [index("access_history_user_idx").on(t.userId, t.at)]);

/** Failed sign-in attempts, keyed by account ("u:name") and by client address ("ip:addr"). */
export const loginFailures = pgTable("login_failures", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  key: text("key").notNull(),
  at: timestamp("at", { withTimezone: true }).notNull(),
}, (t) => [index("login_failures_key_idx").on(t.key, t.at)]);

export const signupVerifications = pgTable("signup_verifications", {
  id: uuid("id").primaryKey(),
  email: text("email").notNull(),
  codeHash: text("code_hash").notNull(),
  attempts: integer("attempts").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  verifiedAt: timestamp("verified_at", { withTimezone: true }),
  /** Hash of the token handed out after a correct code; spent by the company creation. */
  tokenHash: text("token_hash"),
  usedAt: timestamp("used_at", { withTimezone: true }),
}, (t) => [index("signup_verifications_email_idx").on(t.email, t.createdAt)]);

/** Server-wide secrets shared by every instance (token signing key, password transport key). */
export const serverSecrets = pgTable("server_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
