// CardDAV's memory of two more kinds of resources (issue 24; server/modules/contacts/dav), kept by triggers
// like contact_dav_cards (migrations/0035_contacts_dav_groups_directory.sql) and counted on the same
// per-book counters of contact_dav_books:
// - contact_dav_groups: the private groups served as group vCards in their owner's book ("u<user id>"): the
//   counter value of the group's last change (renamed, a member joined or left, a member trashed or
//   restored), whether it is deleted (a tombstone), the resource name a client gave it (null:
//   "group-<id>.vcf") and its vCard UID (made when the group is made; a client's UID when a client made it).
// - contact_dav_people: the company directory ("d<company id>"): the counter value of a user's last change
//   that shows on their card (names, address, organisation, position, status, memberships, an organisation
//   renamed), and whether they are no longer active (deactivated or deleted).
import { sql } from "drizzle-orm";
import { bigint, boolean, index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { companies } from "./companies.ts";

export const contactDavGroups = pgTable("contact_dav_groups", {
  /** No foreign key: the row outlives the group as its tombstone. */
  groupId: bigint("group_id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  book: text("book").notNull(),
  seq: bigint("seq", { mode: "number" }).notNull(),
  deleted: boolean("deleted").notNull().default(false),
  name: text("name"),
  uid: text("uid").notNull(),
  changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index("contact_dav_groups_book_seq_idx").on(t.book, t.seq),
  uniqueIndex("contact_dav_groups_name_uq").on(t.book, t.name).where(sql`name is not null and not deleted`),
]);

export const contactDavPeople = pgTable("contact_dav_people", {
  /** No foreign key: the row outlives a deleted user as their tombstone. */
  userId: bigint("user_id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  book: text("book").notNull(),
  seq: bigint("seq", { mode: "number" }).notNull(),
  deleted: boolean("deleted").notNull().default(false),
  changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index("contact_dav_people_book_seq_idx").on(t.book, t.seq)]);
