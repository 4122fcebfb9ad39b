// Company announcements written by administrators.
import { bigint, bigserial, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { companies } from "./companies.ts";
import { users } from "./users.ts";

export const announcements = pgTable("announcements", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  title: text("title").notNull(),
  /** Sanitised HTML. */
  contents: text("contents").notNull(),
  authorUserId: bigint("author_user_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
  registeredAt: timestamp("registered_at", { withTimezone: true }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
}, (t) => [index("announcements_company_idx").on(t.companyId, t.registeredAt)]);
