// Per-user mail settings (000 §3 "Mail config"): the fields a user changed, over the defaults of
// shared/mail/config.ts (so a new default reaches everyone who never changed that field).
import { bigint, jsonb, pgTable, timestamp } from "drizzle-orm/pg-core";
import { companies } from "./companies.ts";
import { users } from "./users.ts";

export const mailConfigs = pgTable("mail_configs", {
  userId: bigint("user_id", { mode: "number" }).primaryKey().references(() => users.id, { onDelete: "cascade" }),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  /** Only the fields the user set: Partial<MailConfig>. */
  config: jsonb("config").notNull().default({}),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
