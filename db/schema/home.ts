// The home dashboard (issue 32, shared/home/): each user's layout, bookmarks and notepad, and the company's
// default layout an admin sets.
// - home_configs: one row per user once they change anything; widgets null = the company's default layout
//   (home_company_defaults, else shared/home/widgets.ts DEFAULT_WIDGETS). notepad plain text.
// - home_bookmarks: the user's bookmarks in the order added (id).
// - home_company_defaults: one row per company that set its own default layout.
import { bigint, bigserial, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { Widget } from "../../shared/home/widgets.ts";
import { companies } from "./companies.ts";
import { users } from "./users.ts";

const ts = (name: string) => timestamp(name, { withTimezone: true });
const companyId = () => bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" });

export const homeConfigs = pgTable("home_configs", {
  userId: bigint("user_id", { mode: "number" }).primaryKey().references(() => users.id, { onDelete: "cascade" }),
  companyId: companyId(),
  widgets: jsonb("widgets").$type<Widget[]>(),
  notepad: text("notepad").notNull().default(""),
  notepadUpdatedAt: ts("notepad_updated_at"),
  updatedAt: ts("updated_at").notNull().defaultNow(),
}, (t) => [index("home_configs_company").on(t.companyId)]);

export const homeBookmarks = pgTable("home_bookmarks", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: companyId(),
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  link: text("link").notNull(),
  title: text("title").notNull(),
  createdAt: ts("created_at").notNull().defaultNow(),
}, (t) => [index("home_bookmarks_user").on(t.userId, t.id)]);

export const homeCompanyDefaults = pgTable("home_company_defaults", {
  companyId: bigint("company_id", { mode: "number" }).primaryKey().references(() => companies.id, { onDelete: "cascade" }),
  widgets: jsonb("widgets").$type<Widget[]>().notNull(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});
