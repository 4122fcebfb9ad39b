// Flow (issue 30; 002 §3 "Flow"): projects, their members (JOINED, INVITED, APPLIED with an authority), each
// member's favourite, task groups, tasks and subtasks, a task's assignees, checklist, comments and files, each
// person's saved task filters, and the mails made into tasks (the mail module's flow folder, -17).
//
// - sort orders (task groups, list and kanban order of tasks) are fractional-indexing keys; the migration
//   declares them COLLATE "C", so a move writes one row.
// - flow_tasks.start_date / due_date: days (002 §9 "date format YYYY-MM-DD"); completed_at an instant.
//   search_vector: the title's lexemes (server/lib/search-tokens.ts, the two-syllable design) for the search word.
// - flow_task_files: blob_key in the blob store (blob collector, backup); counted in the uploader's used_size.
// - flow_mail_tasks: a mail (of the person who made the task from it) and its task; the mail list's flowMail,
//   taskId and taskStatus come from here.
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn, bigint, bigserial, boolean, customType, date, index, integer, jsonb, pgTable, primaryKey, text,
  timestamp, uniqueIndex,
} from "drizzle-orm/pg-core";
import { companies } from "./companies.ts";
import { mails } from "./mail.ts";
import { users } from "./users.ts";
import { uploadedFileColumns } from "./uploaded-file.ts";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
const ts = (name: string) => timestamp(name, { withTimezone: true });
const companyId = () => bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" });
const userRef = (name: string) => bigint(name, { mode: "number" }).references(() => users.id, { onDelete: "set null" });
/** A fractional key (COLLATE "C" in the migration). */
const sortKey = (name: string) => text(name).notNull();

export const flowProjects = pgTable("flow_projects", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: companyId(),
  title: text("title").notNull(),
  description: text("description").notNull().default(""),
  isPrivate: boolean("is_private").notNull().default(false),
  mainViewTab: text("main_view_tab").notNull().default("LIST"),
  color: text("color").notNull(),
  /** The next taskRegistrationOrder. */
  taskSeq: bigint("task_seq", { mode: "number" }).notNull().default(0),
  createdBy: userRef("created_by"),
  createdAt: ts("created_at").notNull(),
  updatedAt: ts("updated_at").notNull(),
}, (t) => [index("flow_projects_company_idx").on(t.companyId, t.title)]);

export const flowMembers = pgTable("flow_members", {
  projectId: bigint("project_id", { mode: "number" }).notNull().references(() => flowProjects.id, { onDelete: "cascade" }),
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  companyId: companyId(),
  authority: text("authority").notNull(),
  state: text("state").notNull(),
  favorite: boolean("favorite").notNull().default(false),
  /** The member's order among their favourites. */
  favoriteOrder: integer("favorite_order").notNull().default(0),
  invitedBy: userRef("invited_by"),
  requestedAt: ts("requested_at").notNull(),
  joinedAt: ts("joined_at"),
}, (t) => [
  primaryKey({ columns: [t.projectId, t.userId] }),
  index("flow_members_user_idx").on(t.userId, t.state),
  uniqueIndex("flow_members_one_master").on(t.projectId).where(sql`authority = 'MASTER'`),
]);

export const flowGroups = pgTable("flow_groups", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: companyId(),
  projectId: bigint("project_id", { mode: "number" }).notNull().references(() => flowProjects.id, { onDelete: "cascade" }),
  title: text("title").notNull(),
  isDefault: boolean("is_default").notNull().default(false),
  sortOrder: sortKey("sort_order"),
  createdAt: ts("created_at").notNull(),
}, (t) => [
  index("flow_groups_project_idx").on(t.projectId),
  uniqueIndex("flow_groups_one_default").on(t.projectId).where(sql`is_default`),
]);

export const flowTasks = pgTable("flow_tasks", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: companyId(),
  projectId: bigint("project_id", { mode: "number" }).notNull().references(() => flowProjects.id, { onDelete: "cascade" }),
  groupId: bigint("group_id", { mode: "number" }).notNull().references(() => flowGroups.id),
  parentId: bigint("parent_id", { mode: "number" }).references((): AnyPgColumn => flowTasks.id, { onDelete: "cascade" }),
  title: text("title").notNull(),
  content: text("content").notNull().default(""),
  contentType: text("content_type").notNull().default("text/html"),
  status: text("status").notNull().default("REQUESTED"),
  priority: text("priority").notNull().default("NORMAL"),
  progress: integer("progress").notNull().default(0),
  startDate: date("start_date", { mode: "string" }),
  dueDate: date("due_date", { mode: "string" }),
  completedAt: ts("completed_at"),
  listSortOrder: sortKey("list_sort_order"),
  kanbanSortOrder: sortKey("kanban_sort_order"),
  registrationOrder: bigint("registration_order", { mode: "number" }).notNull(),
  searchVector: tsvector("search_vector").notNull().default(sql`''::tsvector`),
  subCnt: integer("sub_cnt").notNull().default(0),
  commentCnt: integer("comment_cnt").notNull().default(0),
  fileCnt: integer("file_cnt").notNull().default(0),
  checklistCnt: integer("checklist_cnt").notNull().default(0),
  checklistDoneCnt: integer("checklist_done_cnt").notNull().default(0),
  requesterId: userRef("requester_id"),
  createdAt: ts("created_at").notNull(),
  updatedAt: ts("updated_at").notNull(),
}, (t) => [
  index("flow_tasks_list_idx").on(t.groupId, t.listSortOrder, t.id).where(sql`parent_id IS NULL`),
  index("flow_tasks_kanban_idx").on(t.projectId, t.status, t.kanbanSortOrder, t.id).where(sql`parent_id IS NULL`),
  index("flow_tasks_parent_idx").on(t.parentId).where(sql`parent_id IS NOT NULL`),
  index("flow_tasks_dates_idx").on(t.projectId, t.startDate, t.dueDate),
  index("flow_tasks_requester_idx").on(t.requesterId),
  index("flow_tasks_search_idx").using("gin", t.searchVector),
]);

export const flowTaskAssignees = pgTable("flow_task_assignees", {
  taskId: bigint("task_id", { mode: "number" }).notNull().references(() => flowTasks.id, { onDelete: "cascade" }),
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  companyId: companyId(),
  projectId: bigint("project_id", { mode: "number" }).notNull(),
}, (t) => [primaryKey({ columns: [t.taskId, t.userId] }), index("flow_task_assignees_user_idx").on(t.userId, t.projectId)]);

export const flowChecklist = pgTable("flow_checklist", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: companyId(),
  taskId: bigint("task_id", { mode: "number" }).notNull().references(() => flowTasks.id, { onDelete: "cascade" }),
  title: text("title").notNull(),
  checked: boolean("checked").notNull().default(false),
  createdAt: ts("created_at").notNull(),
}, (t) => [index("flow_checklist_task_idx").on(t.taskId, t.id)]);

export const flowComments = pgTable("flow_comments", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: companyId(),
  taskId: bigint("task_id", { mode: "number" }).notNull().references(() => flowTasks.id, { onDelete: "cascade" }),
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  content: text("content").notNull(),
  createdAt: ts("created_at").notNull(),
  updatedAt: ts("updated_at").notNull(),
}, (t) => [index("flow_comments_task_idx").on(t.taskId, t.id)]);

export const flowTaskFiles = pgTable("flow_task_files", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: companyId(),
  taskId: bigint("task_id", { mode: "number" }).notNull().references(() => flowTasks.id, { onDelete: "cascade" }),
  ...uploadedFileColumns(),
}, (t) => [index("flow_task_files_task_idx").on(t.taskId)]);

/** Each person's saved task filters (project_id null: saved under all). */
export const flowFilters = pgTable("flow_filters", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: companyId(),
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  projectId: bigint("project_id", { mode: "number" }).references(() => flowProjects.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  filters: jsonb("filters").notNull(),
  createdAt: ts("created_at").notNull(),
}, (t) => [index("flow_filters_user_idx").on(t.userId)]);

/** A mail made into a task (002 §3 "Mail-linked task"; 000 mail list flowMail, taskId, taskStatus). */
export const flowMailTasks = pgTable("flow_mail_tasks", {
  mailId: bigint("mail_id", { mode: "number" }).notNull().references(() => mails.id, { onDelete: "cascade" }),
  taskId: bigint("task_id", { mode: "number" }).notNull().references(() => flowTasks.id, { onDelete: "cascade" }),
  companyId: companyId(),
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  createdAt: ts("created_at").notNull(),
}, (t) => [primaryKey({ columns: [t.mailId, t.taskId] }), index("flow_mail_tasks_task_idx").on(t.taskId), index("flow_mail_tasks_user_idx").on(t.userId, t.createdAt)]);
