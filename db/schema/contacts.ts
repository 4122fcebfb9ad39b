// The address books (issue 24). One card table serves the private address book (owner_user_id set: the
// user's own cards, organised in their contact_groups through contact_card_groups) and, later, the company's
// customer book (customer_group_id set: a card in one customer group); the rules on a card's fields, the
// derived search columns and the import/export code are the same for both. Cards in the trash have
// deleted_at; the purge job deletes them 7 days later.
//
// Derived columns, written with every card (server/modules/contacts/cards/derive.ts):
// - sort_key: Korean names first, then Latin, then the rest (shared/contacts/hangul.ts sortKeyOf), compared
//   in code point order (collate "C") so 가나다 order holds whatever the database's locale;
// - consonant: the card's tab (ㄱ..ㅎ with double consonants folded, A..Z, #), for the consonant filter;
// - initials: the name's folded initial consonants ("김민수" → "ㄱㅁㅅ"), for "ㄱㅁ"-style search;
// - search_vector: the lexemes of server/lib/search-tokens.ts (two-character grams for Korean) of the name,
//   addresses, phones (with and without separators), company and department, plus the initials' grams;
//   search_text: the same text normalised, to check the index's candidates against.
import { sql } from "drizzle-orm";
import {
  bigint, bigserial, boolean, check, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex,
} from "drizzle-orm/pg-core";
import { companies } from "./companies.ts";
import { users } from "./users.ts";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
const bytea = customType<{ data: Uint8Array }>({ dataType: () => "bytea" });

/** A user's own group; parent_id null is the top level (PRIVATE_ROOT, id 0 in the API). */
export const contactGroups = pgTable("contact_groups", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  ownerUserId: bigint("owner_user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  parentId: bigint("parent_id", { mode: "number" }),
  name: text("name").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
}, (t) => [
  index("contact_groups_owner_idx").on(t.ownerUserId, t.parentId),
  uniqueIndex("contact_groups_name_uq").on(t.ownerUserId, sql`coalesce(${t.parentId}, 0)`, sql`lower(${t.name})`),
]);

export interface CardTel {
  number: string;
  type: string;
}
export interface CardAddress {
  type: string;
  post: string;
  locality: string;
  street: string;
  region: string;
  country: string;
}

export const contactCards = pgTable("contact_cards", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  /** The private book's owner; null for a customer card. */
  ownerUserId: bigint("owner_user_id", { mode: "number" }).references(() => users.id, { onDelete: "cascade" }),
  /** The customer book's group; null for a private card. */
  customerGroupId: bigint("customer_group_id", { mode: "number" }).references(() => customerGroups.id, { onDelete: "cascade" }),
  /** vCard UID: kept from an import, made otherwise (CardDAV later). */
  uid: text("uid").notNull(),
  userName: text("user_name").notNull(),
  firstName: text("first_name").notNull().default(""),
  lastName: text("last_name").notNull().default(""),
  phoneticName: text("phonetic_name").notNull().default(""),
  emails: text("emails").array().notNull().default(sql`'{}'::text[]`),
  tels: jsonb("tels").$type<CardTel[]>().notNull().default([]),
  addresses: jsonb("addresses").$type<CardAddress[]>().notNull().default([]),
  urls: text("urls").array().notNull().default(sql`'{}'::text[]`),
  company: text("company").notNull().default(""),
  organ: text("organ").notNull().default(""),
  position: text("position").notNull().default(""),
  memo: text("memo").notNull().default(""),
  birthday: text("birthday").notNull().default(""),
  important: boolean("important").notNull().default(false),
  hasPhoto: boolean("has_photo").notNull().default(false),
  sortKey: text("sort_key").notNull(),
  /** lower(first e-mail), for sorting by e-mail. */
  sortEmail: text("sort_email").notNull().default(""),
  consonant: text("consonant").notNull(),
  initials: text("initials").notNull(),
  searchText: text("search_text").notNull(),
  searchVector: tsvector("search_vector").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  deletedAt: timestamp("deleted_at", { withTimezone: true }),
}, (t) => [
  // Company first: every query names it, and with it in the index the list, its count and the consonant tab
  // are index-only scans (tests/bench/RESULTS.md, contacts).
  index("contact_cards_owner_sort_idx").on(t.companyId, t.ownerUserId, sql`${t.sortKey} collate "C"`, t.id).where(sql`deleted_at is null`),
  index("contact_cards_owner_consonant_idx").on(t.companyId, t.ownerUserId, t.consonant, sql`${t.sortKey} collate "C"`, t.id).where(sql`deleted_at is null`),
  index("contact_cards_owner_created_idx").on(t.companyId, t.ownerUserId, t.createdAt).where(sql`deleted_at is null`),
  index("contact_cards_owner_important_idx").on(t.companyId, t.ownerUserId, sql`${t.sortKey} collate "C"`, t.id).where(sql`deleted_at is null and important`),
  index("contact_cards_owner_trash_idx").on(t.companyId, t.ownerUserId, t.deletedAt).where(sql`deleted_at is not null`),
  index("contact_cards_trash_purge_idx").on(t.deletedAt).where(sql`deleted_at is not null`),
  index("contact_cards_customer_idx").on(t.companyId, t.customerGroupId, sql`${t.sortKey} collate "C"`, t.id)
    .where(sql`customer_group_id is not null and deleted_at is null`),
  index("contact_cards_customer_consonant_idx").on(t.companyId, t.customerGroupId, t.consonant, sql`${t.sortKey} collate "C"`, t.id)
    .where(sql`customer_group_id is not null and deleted_at is null`),
  index("contact_cards_search_idx").using("gin", t.searchVector),
  index("contact_cards_emails_idx").using("gin", t.emails),
  check("contact_cards_book_ck", sql`(owner_user_id is null) <> (customer_group_id is null)`),
]);

/** A private card's groups. */
export const contactCardGroups = pgTable("contact_card_groups", {
  cardId: bigint("card_id", { mode: "number" }).notNull().references(() => contactCards.id, { onDelete: "cascade" }),
  groupId: bigint("group_id", { mode: "number" }).notNull().references(() => contactGroups.id, { onDelete: "cascade" }),
}, (t) => [primaryKey({ columns: [t.cardId, t.groupId] }), index("contact_card_groups_group_idx").on(t.groupId, t.cardId)]);

/** A card's photo (vCard PHOTO or uploaded), at most LIMITS.photoBytes. */
export const contactPhotos = pgTable("contact_photos", {
  cardId: bigint("card_id", { mode: "number" }).primaryKey().references(() => contactCards.id, { onDelete: "cascade" }),
  mime: text("mime").notNull(),
  data: bytea("data").notNull(),
});

/** GET/PUT api/config/contact; no row: the defaults. */
export const contactConfigs = pgTable("contact_configs", {
  userId: bigint("user_id", { mode: "number" }).primaryKey().references(() => users.id, { onDelete: "cascade" }),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  firstPage: text("first_page").notNull().default("all"),
  /** "userName/asc" */
  sortDir: text("sort_dir").notNull().default("userName/asc"),
  pageSize: integer("page_size").notNull().default(20),
  blockSize: integer("block_size").notNull().default(10),
  useSelectBox: boolean("use_select_box").notNull().default(true),
  hideColumns: text("hide_columns").array().notNull().default(sql`'{}'::text[]`),
});

// --- The customer address book (company-wide) ---

/**
 * A customer group: public (every member of the company reads and writes it) or private (its members, READ or
 * READ_WRITE; at least one). domain: the customer's mail domain, unique in the company. Deleting sets
 * deleted_at (children with it); a restore within 7 days brings it back, later the purge job deletes it with
 * its cards and history.
 */
export const customerGroups = pgTable("customer_groups", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  parentId: bigint("parent_id", { mode: "number" }),
  name: text("name").notNull(),
  isPublic: boolean("is_public").notNull().default(true),
  domain: text("domain"),
  createdBy: bigint("created_by", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  deletedAt: timestamp("deleted_at", { withTimezone: true }),
}, (t) => [
  index("customer_groups_company_idx").on(t.companyId, t.parentId),
  uniqueIndex("customer_groups_name_uq").on(t.companyId, sql`lower(${t.name})`).where(sql`deleted_at is null`),
  uniqueIndex("customer_groups_domain_uq").on(t.companyId, sql`lower(${t.domain})`).where(sql`deleted_at is null and domain is not null`),
  index("customer_groups_purge_idx").on(t.deletedAt).where(sql`deleted_at is not null`),
]);

/** A private group's members and their privilege: READ or READ_WRITE. */
export const customerGroupMembers = pgTable("customer_group_members", {
  groupId: bigint("group_id", { mode: "number" }).notNull().references(() => customerGroups.id, { onDelete: "cascade" }),
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  privilege: text("privilege").notNull(),
}, (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index("customer_group_members_user_idx").on(t.userId)]);

/** The customer book's administrators (besides the company's ROLE_ADMIN users): they manage every group. */
export const customerAdmins = pgTable("customer_admins", {
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
}, (t) => [primaryKey({ columns: [t.companyId, t.userId] })]);

/**
 * A group's and its cards' history: MEMO (written by a member), LOG (written by the server on every change:
 * action ADD, UPDATE, DELETE, RESTORE, IMPORT, COPY on subject GROUP, CARD, MEMO, TAG). card_id: the card
 * it is about, if any (null when the card is gone: the log stays with the group).
 */
export const customerHistory = pgTable("customer_history", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  groupId: bigint("group_id", { mode: "number" }).notNull().references(() => customerGroups.id, { onDelete: "cascade" }),
  cardId: bigint("card_id", { mode: "number" }).references(() => contactCards.id, { onDelete: "set null" }),
  historyType: text("history_type").notNull(),
  action: text("action").notNull(),
  subject: text("subject").notNull(),
  content: text("content").notNull(),
  userId: bigint("user_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
  userName: text("user_name").notNull(),
  /**
   * MAIL: a mail kept in the history. mail_id: the keeper's mailbox copy (for byMailId; it may be gone later);
   * mail: what the popup shows (subject, addresses, date, sanitised HTML and text, the attachments' listing);
   * the raw message's blob (mail_blob_key, named so the blob collector keeps it) and header prefix, for the
   * attachments by position.
   */
  mailId: bigint("mail_id", { mode: "number" }),
  mail: jsonb("mail").$type<Record<string, unknown>>(),
  mailBlobKey: text("mail_blob_key"),
  mailHeaderPrefix: text("mail_header_prefix"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
}, (t) => [
  index("customer_history_mail_idx").on(t.companyId, t.mailId).where(sql`mail_id is not null`),
  index("customer_history_group_idx").on(t.groupId, t.updatedAt.desc(), t.id.desc()),
  index("customer_history_card_idx").on(t.cardId, t.updatedAt.desc(), t.id.desc()),
]);

/** Files attached to a memo (001 §7: the memo is sent as form data with its files); bytes in the blob store. */
export const customerHistoryFiles = pgTable("customer_history_files", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  historyId: bigint("history_id", { mode: "number" }).notNull().references(() => customerHistory.id, { onDelete: "cascade" }),
  position: integer("position").notNull(),
  name: text("name").notNull(),
  size: integer("size").notNull(),
  contentType: text("content_type").notNull(),
  /** Named *_blob_key so the blob collector keeps the bytes while the row exists. */
  fileBlobKey: text("file_blob_key").notNull(),
}, (t) => [uniqueIndex("customer_history_files_uq").on(t.historyId, t.position)]);
