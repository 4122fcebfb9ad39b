// The customer book's tags (001 §5 "tag required and unique"; §3 history subject TAG): labels of the whole
// company's customer book, each with a name (unique in the company, ignoring case) and a colour, put on any
// number of customer cards. A card's tags go with it (card deleted: its rows go); a tag deleted: off every card.
import { sql } from "drizzle-orm";
import { bigint, bigserial, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { companies } from "./companies.ts";
import { contactCards } from "./contacts.ts";
import { users } from "./users.ts";

export const customerTags = pgTable("customer_tags", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  /** "#rrggbb" */
  color: text("color").notNull(),
  createdBy: bigint("created_by", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
}, (t) => [uniqueIndex("customer_tags_name_uq").on(t.companyId, sql`lower(${t.name})`)]);

export const customerCardTags = pgTable("customer_card_tags", {
  cardId: bigint("card_id", { mode: "number" }).notNull().references(() => contactCards.id, { onDelete: "cascade" }),
  tagId: bigint("tag_id", { mode: "number" }).notNull().references(() => customerTags.id, { onDelete: "cascade" }),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
}, (t) => [primaryKey({ columns: [t.cardId, t.tagId] }), index("customer_card_tags_tag_idx").on(t.companyId, t.tagId, t.cardId)]);
