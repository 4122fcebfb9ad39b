// The drive (issue 25). One table holds every item of every user: the per-user ROOT (the user's own folder
// tree) and DELETED (the trash) rows, folders, files and shortcuts. An item belongs to the owner of the tree
// it is in (a member writing into a shared folder writes into the owner's tree, on the owner's quota).
//
// - parent_id: null for ROOT and DELETED; an item in the trash hangs under DELETED (original_parent_id keeps
//   where it was, for restore); the items inside a trashed folder keep their parent and get the same
//   deleted_at, so "deleted_at is null" is every live item and the trash list is DELETED's children.
// - sort_name: the name lower-cased (JavaScript's toLowerCase of the NFC name): names are unique per folder
//   among live items ignoring case (the drive is mounted over WebDAV, Windows is case-insensitive), and the
//   name sort reads it in code point order (collate "C": 가나다 order whatever the database's locale).
// - size: bytes of a file; the files' sizes are kept in users.used_size (the column mail keeps too) by the
//   statement triggers of the migration, trash included, until the row is deleted for good.
// - blob_key: the file's bytes in the blob store (server/lib/blobs.ts); the blob collector keeps every blob a
//   row names (its catalogue finds columns called blob_key).
// - search_vector / search_text: the name's lexemes (server/lib/search-tokens.ts) and normalised text.
// - content_state: 'none' (nothing to extract), 'pending' (the extraction job will read it), 'done', 'failed';
//   drive_item_contents holds what was extracted.
import { sql } from "drizzle-orm";
import { type AnyPgColumn, bigint, bigserial, boolean, customType, index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { companies } from "./companies.ts";
import { users } from "./users.ts";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const DRIVE_KINDS = ["ROOT", "DELETED", "folder", "file", "shortcut"] as const;
export type DriveKind = (typeof DRIVE_KINDS)[number];

export const driveItems = pgTable("drive_items", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  ownerUserId: bigint("owner_user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  parentId: bigint("parent_id", { mode: "number" }).references((): AnyPgColumn => driveItems.id, { onDelete: "cascade" }),
  kind: text("kind").$type<DriveKind>().notNull(),
  name: text("name").notNull(),
  sortName: text("sort_name").notNull(),
  extension: text("extension").notNull().default(""),
  size: bigint("size", { mode: "number" }).notNull().default(0),
  blobKey: text("blob_key"),
  mimeType: text("mime_type"),
  important: boolean("important").notNull().default(false),
  folderColor: text("folder_color"),
  /** A shortcut's target item. */
  targetId: bigint("target_id", { mode: "number" }).references((): AnyPgColumn => driveItems.id, { onDelete: "cascade" }),
  usedAt: timestamp("used_at", { withTimezone: true }).notNull(),
  deletedAt: timestamp("deleted_at", { withTimezone: true }),
  originalParentId: bigint("original_parent_id", { mode: "number" }),
  searchText: text("search_text").notNull().default(""),
  searchVector: tsvector("search_vector").notNull().default(sql`''::tsvector`),
  contentState: text("content_state").notNull().default("none"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
}, (t) => [
  // The user's ROOT and DELETED rows, made on first use (insert ... on conflict do nothing).
  uniqueIndex("drive_items_special_uq").on(t.ownerUserId, t.kind).where(sql`kind in ('ROOT', 'DELETED')`),
  uniqueIndex("drive_items_name_uq").on(t.parentId, t.sortName).where(sql`deleted_at is null and parent_id is not null`),
  // A folder's list: folders (few) by parent; files and shortcuts by each sort. Company first, as every
  // query names it: the files' count and the page's ids are then index-only scans, and only the page's rows
  // are read from the table (tests/bench/drive-list.ts, RESULTS.md).
  index("drive_items_folders_idx").on(t.parentId, t.sortName).where(sql`deleted_at is null and kind = 'folder'`),
  index("drive_items_files_used_idx").on(t.companyId, t.parentId, t.usedAt, t.id).where(sql`deleted_at is null and kind <> 'folder'`),
  index("drive_items_files_name_idx").on(t.companyId, t.parentId, sql`${t.sortName} collate "C"`, t.id)
    .where(sql`deleted_at is null and kind <> 'folder'`),
  index("drive_items_files_size_idx").on(t.companyId, t.parentId, t.size, t.id).where(sql`deleted_at is null and kind <> 'folder'`),
  // Every child of a folder, live or trashed (sub-tree walks).
  index("drive_items_parent_idx").on(t.parentId),
  index("drive_items_trash_idx").on(t.deletedAt).where(sql`deleted_at is not null`),
  index("drive_items_recent_idx").on(t.companyId, t.ownerUserId, t.usedAt).where(sql`deleted_at is null and kind = 'file'`),
  index("drive_items_important_idx").on(t.companyId, t.ownerUserId).where(sql`deleted_at is null and important`),
  index("drive_items_search_idx").using("gin", t.searchVector),
  // The owner's live items: the search ANDs it with the GIN index's bitmap (a common word matches many other
  // users' items too).
  index("drive_items_owner_idx").on(t.companyId, t.ownerUserId).where(sql`deleted_at is null`),
  index("drive_items_target_idx").on(t.targetId).where(sql`target_id is not null`),
  index("drive_items_blob_idx").on(t.blobKey).where(sql`blob_key is not null`),
  index("drive_items_content_pending_idx").on(t.id).where(sql`content_state = 'pending'`),
]);

/** The text extracted from a file's content (text, PDF, Office), bounded, for the search. */
export const driveItemContents = pgTable("drive_item_contents", {
  itemId: bigint("item_id", { mode: "number" }).primaryKey().references(() => driveItems.id, { onDelete: "cascade" }),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  searchText: text("search_text").notNull(),
  searchVector: tsvector("search_vector").notNull(),
}, (t) => [index("drive_item_contents_search_idx").using("gin", t.searchVector)]);
