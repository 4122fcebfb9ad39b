// CardDAV's memory of the address books (issue 24; server/modules/contacts/dav). Filled by triggers on the
// contacts tables (migrations/0028_contacts_dav.sql), so every write counts, whoever makes it: the browser
// API, an import, the trash purge job, a move between customer groups, a group renamed (its cards' CATEGORIES
// change), a photo changed, or a CardDAV PUT.
//
// - contact_dav_books: one counter per address book ("u<user id>": the user's private book; "g<group id>": a
//   customer group), raised once per statement that changes the book's cards. Its value is the book's
//   sync-token and getctag. The row is locked by the raising transaction until it commits, so counters
//   advance in commit order and a sync never skips a change that commits later with a lower value.
// - contact_dav_cards: one row per card and book it is or was in: the counter value of its last change (its
//   ETag and the sync-collection cut), whether it is gone from the book (trashed, purged, deleted, moved to
//   another group): a tombstone kept after the card itself is purged, so a sync that started before still
//   hears of the deletion (for 90 days: then pruned, and sync-tokens from before refused, so the client
//   reads the book again); and the resource name a CardDAV client gave it (null: "<card id>.vcf").
// - contact_dav_extras: the vCard properties of a card sent over CardDAV that the card model has no field for
//   (NICKNAME, IMPP, X-SOCIALPROFILE, ANNIVERSARY...), as the client wrote them, given back on every GET.
import { sql } from "drizzle-orm";
import { bigint, boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { companies } from "./companies.ts";
import { contactCards } from "./contacts.ts";

export const contactDavBooks = pgTable("contact_dav_books", {
  book: text("book").primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  seq: bigint("seq", { mode: "number" }).notNull().default(0),
  /** The newest counter value of a tombstone pruned from the book (dav/prune.ts): older tokens are refused. */
  prunedSeq: bigint("pruned_seq", { mode: "number" }).notNull().default(0),
});

export const contactDavCards = pgTable("contact_dav_cards", {
  /** No foreign key: the row outlives the card as its tombstone. */
  cardId: bigint("card_id", { mode: "number" }).notNull(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  book: text("book").notNull(),
  seq: bigint("seq", { mode: "number" }).notNull(),
  deleted: boolean("deleted").notNull().default(false),
  name: text("name"),
  changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.cardId, t.book] }),
  index("contact_dav_cards_book_seq_idx").on(t.book, t.seq),
  uniqueIndex("contact_dav_cards_name_uq").on(t.book, t.name).where(sql`name is not null and not deleted`),
]);

export const contactDavExtras = pgTable("contact_dav_extras", {
  cardId: bigint("card_id", { mode: "number" }).primaryKey().references(() => contactCards.id, { onDelete: "cascade" }),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  /** Unfolded vCard content lines, CRLF-separated. */
  lines: text("lines").notNull(),
});
