// Wiki (issue 29; 001 §3 "Wiki document", "Property", "Property value", "Permission member", "Version",
// "Favourite"): the document tree, database properties and row values, permissions, versions, each person's
// reads and favourites, attached files, and the live editor's Yjs state.
//
// - wiki_docs.parent_id: the document above (null at the top); path the ids root first, the document last,
//   "/"-separated ("12/40/41"), depth its number of ids: both rewritten for a subtree on move
//   (server/modules/wiki/access.ts refreshSubtree). acl_from: the nearest document, itself or an ancestor,
//   with rows in wiki_permissions (null: none up the tree), kept with path so access is one join.
// - text is the editor's HTML (shared/wiki/editor-schema.ts); plain its text (highlights, search checks);
//   search_vector the lexemes of title (A) and plain (B) (server/lib/search-tokens.ts, two-syllable design).
// - status PUBLISHED or REMOVED; deleted_at, deleted_by and removed_with (the document whose delete removed it:
//   itself for the one deleted, so trash lists those and a restore brings back exactly its subtree).
// - ydoc: the merged Yjs state of the live editor (null until someone opens it live; a text replaced outside the
//   live editor is applied to it as a diff, never cleared: server/modules/wiki/collab/replace.ts);
//   wiki_doc_updates carries updates (and, marked, carets) between instances for a while (collab/store.ts).
// - view_config: a database's shared view (shared/wiki/properties.ts DatabaseView).
// - wiki_versions: coalesced per person (VERSION_COALESCE_MS); user_id the last editor.
// - wiki_files: blob_key in the blob store (the blob collector and the backup find *_blob_key); counted in the
//   uploader's users.used_size like the drive's files.
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn, bigint, bigserial, boolean, check, customType, doublePrecision, index, integer, jsonb, pgTable,
  primaryKey, text, timestamp, uniqueIndex,
} from "drizzle-orm/pg-core";
import { companies } from "./companies.ts";
import { organizations, users } from "./users.ts";
import { uploadedFileColumns } from "./uploaded-file.ts";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
const bytea = customType<{ data: Uint8Array }>({ dataType: () => "bytea" });
const ts = (name: string) => timestamp(name, { withTimezone: true });
const companyId = () => bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" });
const userRef = (name: string) => bigint(name, { mode: "number" }).references(() => users.id, { onDelete: "set null" });

export const wikiDocs = pgTable("wiki_docs", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: companyId(),
  parentId: bigint("parent_id", { mode: "number" }).references((): AnyPgColumn => wikiDocs.id, { onDelete: "cascade" }),
  type: text("type").notNull().default("document"),
  status: text("status").notNull().default("PUBLISHED"),
  title: text("title").notNull().default(""),
  text: text("text").notNull().default(""),
  plain: text("plain").notNull().default(""),
  searchVector: tsvector("search_vector").notNull().default(sql`''::tsvector`),
  sortOrder: integer("sort_order").notNull().default(0),
  path: text("path").notNull(),
  depth: integer("depth").notNull().default(1),
  aclFrom: bigint("acl_from", { mode: "number" }),
  viewConfig: jsonb("view_config"),
  ydoc: bytea("ydoc"),
  createdBy: userRef("created_by"),
  updatedBy: userRef("updated_by"),
  createdAt: ts("created_at").notNull(),
  updatedAt: ts("updated_at").notNull(),
  deletedAt: ts("deleted_at"),
  deletedBy: userRef("deleted_by"),
  removedWith: bigint("removed_with", { mode: "number" }),
}, (t) => [
  index("wiki_docs_children_idx").on(t.companyId, t.parentId, t.sortOrder, t.id).where(sql`status = 'PUBLISHED'`),
  index("wiki_docs_path_idx").using("btree", sql`${t.companyId}, ${t.path} text_pattern_ops`),
  index("wiki_docs_search_idx").using("gin", t.searchVector),
  index("wiki_docs_trash_idx").on(t.companyId, t.deletedAt).where(sql`status = 'REMOVED' and removed_with = id`),
  index("wiki_docs_acl_idx").on(t.aclFrom).where(sql`acl_from is not null`),
  check("wiki_docs_type_ck", sql`type in ('document', 'database')`),
  check("wiki_docs_status_ck", sql`status in ('PUBLISHED', 'REMOVED')`),
]);

export const wikiDocUpdates = pgTable("wiki_doc_updates", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  docId: bigint("doc_id", { mode: "number" }).notNull().references(() => wikiDocs.id, { onDelete: "cascade" }),
  update: bytea("update").notNull(),
  createdAt: ts("created_at").notNull().default(sql`now()`),
}, (t) => [index("wiki_doc_updates_doc_idx").on(t.docId, t.id)]);

export const wikiPermissions = pgTable("wiki_permissions", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: companyId(),
  docId: bigint("doc_id", { mode: "number" }).notNull().references(() => wikiDocs.id, { onDelete: "cascade" }),
  userId: bigint("user_id", { mode: "number" }).references(() => users.id, { onDelete: "cascade" }),
  organId: bigint("organ_id", { mode: "number" }).references(() => organizations.id, { onDelete: "cascade" }),
  includeChildren: boolean("include_children").notNull().default(true),
  accessLevel: text("access_level").notNull(),
}, (t) => [
  uniqueIndex("wiki_permissions_user_uq").on(t.docId, t.userId).where(sql`user_id is not null`),
  uniqueIndex("wiki_permissions_organ_uq").on(t.docId, t.organId).where(sql`organ_id is not null`),
  // A document's rows (access.ts levelOf per listed document, refreshSubtree's exists per document).
  index("wiki_permissions_doc_idx").on(t.docId),
  index("wiki_permissions_user_idx").on(t.userId).where(sql`user_id is not null`),
  index("wiki_permissions_organ_idx").on(t.organId).where(sql`organ_id is not null`),
  check("wiki_permissions_one_ck", sql`(user_id is null) <> (organ_id is null)`),
  check("wiki_permissions_level_ck", sql`access_level in ('NONE', 'READ', 'WRITE', 'OWNER')`),
]);

export const wikiProperties = pgTable("wiki_properties", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: companyId(),
  docId: bigint("doc_id", { mode: "number" }).notNull().references(() => wikiDocs.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  type: text("type").notNull(),
  config: jsonb("config").notNull().default(sql`'{}'::jsonb`),
  sortOrder: integer("sort_order").notNull().default(0),
}, (t) => [
  index("wiki_properties_doc_idx").on(t.docId, t.sortOrder),
  check("wiki_properties_type_ck", sql`type in ('text', 'number', 'select', 'multi_select', 'date', 'person', 'checkbox', 'url')`),
]);

export const wikiPropertyValues = pgTable("wiki_property_values", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: companyId(),
  docId: bigint("doc_id", { mode: "number" }).notNull().references(() => wikiDocs.id, { onDelete: "cascade" }),
  propertyId: bigint("property_id", { mode: "number" }).notNull().references(() => wikiProperties.id, { onDelete: "cascade" }),
  textValue: text("text_value"),
  numberValue: doublePrecision("number_value"),
  boolValue: boolean("bool_value"),
  jsonValue: jsonb("json_value"),
}, (t) => [
  uniqueIndex("wiki_property_values_uq").on(t.docId, t.propertyId),
  index("wiki_property_values_property_idx").on(t.propertyId),
]);

export const wikiVersions = pgTable("wiki_versions", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: companyId(),
  docId: bigint("doc_id", { mode: "number" }).notNull().references(() => wikiDocs.id, { onDelete: "cascade" }),
  title: text("title").notNull(),
  text: text("text").notNull(),
  userId: userRef("user_id"),
  createdAt: ts("created_at").notNull(),
  updatedAt: ts("updated_at").notNull(),
}, (t) => [index("wiki_versions_doc_idx").on(t.docId, t.createdAt.desc(), t.id.desc())]);

export const wikiReads = pgTable("wiki_reads", {
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  docId: bigint("doc_id", { mode: "number" }).notNull().references(() => wikiDocs.id, { onDelete: "cascade" }),
  companyId: companyId(),
  readAt: ts("read_at").notNull(),
}, (t) => [primaryKey({ columns: [t.userId, t.docId] }), index("wiki_reads_recent_idx").on(t.userId, t.readAt.desc())]);

export const wikiFavorites = pgTable("wiki_favorites", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: companyId(),
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  docId: bigint("doc_id", { mode: "number" }).notNull().references(() => wikiDocs.id, { onDelete: "cascade" }),
  sortOrder: integer("sort_order").notNull().default(0),
  createdAt: ts("created_at").notNull(),
}, (t) => [uniqueIndex("wiki_favorites_uq").on(t.userId, t.docId), index("wiki_favorites_user_idx").on(t.userId, t.sortOrder)]);

export const wikiFiles = pgTable("wiki_files", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: companyId(),
  docId: bigint("doc_id", { mode: "number" }).notNull().references(() => wikiDocs.id, { onDelete: "cascade" }),
  ...uploadedFileColumns(),
}, (t) => [index("wiki_files_doc_idx").on(t.docId)]);
