// Account sharing: an owner lets another user of the same company switch into the owner's account.
import { bigint, bigserial, index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { companies } from "./companies.ts";
import { users } from "./users.ts";

export const sharedAccounts = pgTable("shared_accounts", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  /** The owner of the account being shared. */
  sharedByUserId: bigint("shared_by_user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  /** The user who may switch into it. */
  sharedToUserId: bigint("shared_to_user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  /** ACTIVE, INACTIVE or PENDING (requested by sharedTo, waiting for the owner). */
  status: text("status").notNull(),
  expireAt: timestamp("expire_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
}, (t) => [
  uniqueIndex("shared_accounts_pair_uq").on(t.sharedByUserId, t.sharedToUserId),
  index("shared_accounts_to_idx").on(t.sharedToUserId),
]);

export const sharedAccountLogs = pgTable("shared_account_logs", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  sharedAccountId: bigint("shared_account_id", { mode: "number" }),
  sharedByUserId: bigint("shared_by_user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  sharedToUserId: bigint("shared_to_user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  actorUserId: bigint("actor_user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  /** SHARE, REQUEST, STATUS, EXPIRY, DELETE, SWITCH */
  action: text("action").notNull(),
  detail: text("detail"),
  ip: text("ip"),
  at: timestamp("at", { withTimezone: true }).notNull(),
}, (t) => [index("shared_account_logs_by_idx").on(t.sharedByUserId, t.at), index("shared_account_logs_to_idx").on(t.sharedToUserId, t.at)]);
