// To-do (issue 30; 002 §3 "To-do"): workspaces and their followers, the board tree (folders of boards), each
// board's header columns, groups and items (sub-items one level down), cell values, each person's saved filters,
// the kanban lanes, gantt dependencies, and an item's detail: content, checklist, files, comments.
//
// - sort_order everywhere is a fractional-indexing key (the `fractional-indexing` package): text compared with
//   COLLATE "C" (the migration declares the columns so), so a move writes one row (issue 30: "never rewrites more than a few rows").
// - todo_boards.header: the board's HeaderColumn[] (shared/todo/boards.ts) as JSON; kanban the KanbanColumns.
// - todo_items.cells: the item's values by column key (shared/todo/items.ts CellValue; title and CREATED_LOG
//   are columns of the row, not cells). A removed column's key is dropped from every item's cells.
// - todo_item_files: blob_key in the blob store (the blob collector and the backup find *_blob_key); counted in
//   the uploader's users.used_size like the drive's files (migration triggers).
import { sql } from "drizzle-orm";
import { type AnyPgColumn, bigint, bigserial, boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { companies } from "./companies.ts";
import { users } from "./users.ts";
import { uploadedFileColumns } from "./uploaded-file.ts";

const ts = (name: string) => timestamp(name, { withTimezone: true });
const companyId = () => bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" });
const userRef = (name: string) => bigint(name, { mode: "number" }).references(() => users.id, { onDelete: "set null" });
/** A fractional key: the migration declares these columns COLLATE "C" (drizzle has no column collation), so a
 *  plain ORDER BY sort_order compares bytes, as the keys need. */
const collateC = (name: string) => text(name).notNull();

export const todoWorkspaces = pgTable("todo_workspaces", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: companyId(),
  title: text("title").notNull(),
  emoji: text("emoji").notNull().default(""),
  color: text("color").notNull(),
  ownerId: bigint("owner_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  createdAt: ts("created_at").notNull(),
  updatedAt: ts("updated_at").notNull(),
}, (t) => [index("todo_workspaces_company_idx").on(t.companyId, t.title), index("todo_workspaces_owner_idx").on(t.ownerId)]);

/** Followers, the owner included. */
export const todoWorkspaceUsers = pgTable("todo_workspace_users", {
  workspaceId: bigint("workspace_id", { mode: "number" }).notNull().references(() => todoWorkspaces.id, { onDelete: "cascade" }),
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  companyId: companyId(),
  createdAt: ts("created_at").notNull(),
}, (t) => [primaryKey({ columns: [t.workspaceId, t.userId] }), index("todo_workspace_users_user_idx").on(t.userId)]);

export const todoBoards = pgTable("todo_boards", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: companyId(),
  workspaceId: bigint("workspace_id", { mode: "number" }).notNull().references(() => todoWorkspaces.id, { onDelete: "cascade" }),
  parentId: bigint("parent_id", { mode: "number" }).references((): AnyPgColumn => todoBoards.id, { onDelete: "cascade" }),
  boardType: text("board_type").notNull().default("BOARD"),
  title: text("title").notNull(),
  sortOrder: collateC("sort_order"),
  header: jsonb("header").notNull().default(sql`'[]'::jsonb`),
  kanban: jsonb("kanban"),
  createdBy: userRef("created_by"),
  createdAt: ts("created_at").notNull(),
  updatedAt: ts("updated_at").notNull(),
}, (t) => [index("todo_boards_workspace_idx").on(t.workspaceId, t.parentId)]);

export const todoGroups = pgTable("todo_groups", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: companyId(),
  boardId: bigint("board_id", { mode: "number" }).notNull().references(() => todoBoards.id, { onDelete: "cascade" }),
  title: text("title").notNull(),
  color: text("color").notNull(),
  sortOrder: collateC("sort_order"),
  createdAt: ts("created_at").notNull(),
}, (t) => [index("todo_groups_board_idx").on(t.boardId)]);

export const todoItems = pgTable("todo_items", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: companyId(),
  boardId: bigint("board_id", { mode: "number" }).notNull().references(() => todoBoards.id, { onDelete: "cascade" }),
  groupId: bigint("group_id", { mode: "number" }).notNull().references(() => todoGroups.id, { onDelete: "cascade" }),
  /** null for a top-level item. */
  parentId: bigint("parent_id", { mode: "number" }).references((): AnyPgColumn => todoItems.id, { onDelete: "cascade" }),
  sortOrder: collateC("sort_order"),
  title: text("title").notNull(),
  cells: jsonb("cells").notNull().default(sql`'{}'::jsonb`),
  content: text("content").notNull().default(""),
  subCnt: bigint("sub_cnt", { mode: "number" }).notNull().default(0),
  checklistCnt: bigint("checklist_cnt", { mode: "number" }).notNull().default(0),
  checklistDoneCnt: bigint("checklist_done_cnt", { mode: "number" }).notNull().default(0),
  attachCnt: bigint("attach_cnt", { mode: "number" }).notNull().default(0),
  commentCnt: bigint("comment_cnt", { mode: "number" }).notNull().default(0),
  createdBy: userRef("created_by"),
  createdAt: ts("created_at").notNull(),
  updatedAt: ts("updated_at").notNull(),
}, (t) => [
  // A group's top-level items in order (the board's first page and the next pages).
  index("todo_items_group_order_idx").on(t.groupId, t.sortOrder, t.id).where(sql`parent_id IS NULL`),
  index("todo_items_parent_idx").on(t.parentId, t.sortOrder).where(sql`parent_id IS NOT NULL`),
  index("todo_items_board_idx").on(t.boardId),
]);

/** Each person's saved filters of a board (002 §3 "Saved filter"). */
export const todoFilters = pgTable("todo_filters", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: companyId(),
  boardId: bigint("board_id", { mode: "number" }).notNull().references(() => todoBoards.id, { onDelete: "cascade" }),
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  isDefault: boolean("is_default").notNull().default(false),
  filters: jsonb("filters").notNull(),
  createdAt: ts("created_at").notNull(),
}, (t) => [
  index("todo_filters_board_user_idx").on(t.boardId, t.userId),
  uniqueIndex("todo_filters_one_default").on(t.boardId, t.userId).where(sql`is_default`),
]);

/** Gantt dependencies, finish-to-start. */
export const todoDependencies = pgTable("todo_dependencies", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: companyId(),
  boardId: bigint("board_id", { mode: "number" }).notNull().references(() => todoBoards.id, { onDelete: "cascade" }),
  fromItemId: bigint("from_item_id", { mode: "number" }).notNull().references(() => todoItems.id, { onDelete: "cascade" }),
  toItemId: bigint("to_item_id", { mode: "number" }).notNull().references(() => todoItems.id, { onDelete: "cascade" }),
}, (t) => [
  uniqueIndex("todo_dependencies_pair").on(t.fromItemId, t.toItemId),
  index("todo_dependencies_board_idx").on(t.boardId),
  index("todo_dependencies_to_idx").on(t.toItemId),
]);

export const todoChecklist = pgTable("todo_checklist", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: companyId(),
  itemId: bigint("item_id", { mode: "number" }).notNull().references(() => todoItems.id, { onDelete: "cascade" }),
  title: text("title").notNull(),
  checked: boolean("checked").notNull().default(false),
  createdAt: ts("created_at").notNull(),
}, (t) => [index("todo_checklist_item_idx").on(t.itemId, t.id)]);

export const todoItemFiles = pgTable("todo_item_files", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: companyId(),
  itemId: bigint("item_id", { mode: "number" }).notNull().references(() => todoItems.id, { onDelete: "cascade" }),
  ...uploadedFileColumns(),
}, (t) => [index("todo_item_files_item_idx").on(t.itemId)]);

export const todoComments = pgTable("todo_comments", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: companyId(),
  itemId: bigint("item_id", { mode: "number" }).notNull().references(() => todoItems.id, { onDelete: "cascade" }),
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  content: text("content").notNull(),
  createdAt: ts("created_at").notNull(),
  updatedAt: ts("updated_at").notNull(),
}, (t) => [index("todo_comments_item_idx").on(t.itemId, t.id)]);
