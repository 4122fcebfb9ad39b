// Electronic approval (issue 26; 002 "Approval"). Contract: shared/approval/.
//
// - approval_form_boxes / approval_forms / approval_form_versions: a form's template, fields, preset line,
//   open type and number format are versioned; a document names (form_id, form_version) and keeps showing that
//   version. starter_key marks the starter set made on a company's first use (the leave module finds 휴가신청서
//   by it).
// - approval_documents: one row per document; `version` is the optimistic counter every action checks and
//   bumps under the row lock (select ... for update), so racing actors leave one consistent state.
//   content holds the field values (jsonb). doc_num is given when the approval group completes, from
//   approval_doc_counters (per company, form, drafting organ and year; incremented in the same transaction).
//   search_vector: the title's lexemes (server/lib/search-tokens.ts, the mail module's two-syllable design).
// - approval_lines: the document's lines in their groups and order; status per shared/approval/constants.ts.
//   acted_by_user_id differs from user_id for 대결 (deputy) and for organ lines (the keeper who acted).
// - approval_files: attachments (blob_key: the blob collector keeps every blob a row names); document_id is
//   null between the upload and the draft that claims it (swept after a day).
// - approval_history: every action in order (the document's history and the audit trail).
import { sql } from "drizzle-orm";
import {
  bigint, bigserial, boolean, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex,
} from "drizzle-orm/pg-core";
import type { FieldValue } from "../../shared/approval/documents.ts";
import type { FormField } from "../../shared/approval/forms.ts";
import type { LineInput } from "../../shared/approval/lines.ts";
import { companies } from "./companies.ts";
import { organizations, users } from "./users.ts";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const approvalFormBoxes = pgTable("approval_form_boxes", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index("approval_form_boxes_company_idx").on(t.companyId, t.sortOrder)]);

export const approvalForms = pgTable("approval_forms", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  boxId: bigint("box_id", { mode: "number" }).notNull().references(() => approvalFormBoxes.id),
  name: text("name").notNull(),
  code: text("code").notNull(),
  description: text("description").notNull().default(""),
  currentVersion: integer("current_version").notNull().default(1),
  innerDraft: boolean("inner_draft").notNull().default(false),
  active: boolean("active").notNull().default(true),
  starterKey: text("starter_key"),
  sortOrder: integer("sort_order").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index("approval_forms_box_idx").on(t.companyId, t.boxId),
  uniqueIndex("approval_forms_name_uq").on(t.companyId, sql`lower(${t.name})`).where(sql`active`),
  uniqueIndex("approval_forms_starter_uq").on(t.companyId, t.starterKey).where(sql`starter_key is not null`),
]);

export const approvalFormVersions = pgTable("approval_form_versions", {
  formId: bigint("form_id", { mode: "number" }).notNull().references(() => approvalForms.id, { onDelete: "cascade" }),
  version: integer("version").notNull(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  templateBody: text("template_body").notNull(),
  fields: jsonb("fields").$type<FormField[]>().notNull(),
  presetLines: jsonb("preset_lines").$type<LineInput[]>().notNull().default([]),
  openType: text("open_type").notNull().default("DEPARTMENT"),
  numberFormat: text("number_format").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.formId, t.version] })]);

export const approvalDocuments = pgTable("approval_documents", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  formId: bigint("form_id", { mode: "number" }).notNull().references(() => approvalForms.id),
  formVersion: integer("form_version").notNull(),
  draftType: text("draft_type").notNull().default("DRAFT"),
  status: text("status").notNull(),
  title: text("title").notNull(),
  drafterId: bigint("drafter_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  draftOrganId: bigint("draft_organ_id", { mode: "number" }).notNull().references(() => organizations.id),
  openType: text("open_type").notNull().default("DEPARTMENT"),
  content: jsonb("content").$type<Record<string, FieldValue>>().notNull().default({}),
  docNum: text("doc_num"),
  originDocId: bigint("origin_doc_id", { mode: "number" }),
  originLineId: bigint("origin_line_id", { mode: "number" }),
  version: integer("version").notNull().default(0),
  searchVector: tsvector("search_vector").notNull().default(sql`''::tsvector`),
  draftedAt: timestamp("drafted_at", { withTimezone: true }),
  completedAt: timestamp("completed_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index("approval_documents_drafter_idx").on(t.companyId, t.drafterId, t.status, t.updatedAt),
  index("approval_documents_organ_idx").on(t.companyId, t.draftOrganId, t.status),
  index("approval_documents_completed_idx").on(t.companyId, t.completedAt).where(sql`status = 'COMPLETED'`),
  // The ledger's PUBLIC and DEPARTMENT branches (boxes/sources.ts).
  index("approval_documents_open_idx").on(t.companyId, t.openType, t.draftOrganId).where(sql`status = 'COMPLETED'`),
  index("approval_documents_search_idx").using("gin", t.searchVector),
  uniqueIndex("approval_documents_num_uq").on(t.companyId, t.docNum).where(sql`doc_num is not null`),
]);

export const approvalLines = pgTable("approval_lines", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  documentId: bigint("document_id", { mode: "number" }).notNull().references(() => approvalDocuments.id, { onDelete: "cascade" }),
  type: text("type").notNull(),
  grp: text("grp").notNull(),
  sortOrder: integer("sort_order").notNull(),
  status: text("status").notNull(),
  userId: bigint("user_id", { mode: "number" }).references(() => users.id),
  organId: bigint("organ_id", { mode: "number" }).references(() => organizations.id),
  actedByUserId: bigint("acted_by_user_id", { mode: "number" }).references(() => users.id),
  actedAt: timestamp("acted_at", { withTimezone: true }),
  comment: text("comment"),
  postViewedAt: timestamp("post_viewed_at", { withTimezone: true }),
  readAt: timestamp("read_at", { withTimezone: true }),
}, (t) => [
  index("approval_lines_document_idx").on(t.documentId, t.grp, t.sortOrder),
  index("approval_lines_user_idx").on(t.companyId, t.userId, t.status).where(sql`user_id is not null`),
  index("approval_lines_organ_idx").on(t.companyId, t.organId, t.status).where(sql`organ_id is not null`),
  // Lines the caller acted on (대결, department lines): the approval boxes ap, ac, ar, rc and the ledger.
  index("approval_lines_acted_idx").on(t.companyId, t.actedByUserId).where(sql`acted_by_user_id is not null`),
]);

export const approvalRefDocs = pgTable("approval_ref_docs", {
  documentId: bigint("document_id", { mode: "number" }).notNull().references(() => approvalDocuments.id, { onDelete: "cascade" }),
  refDocumentId: bigint("ref_document_id", { mode: "number" }).notNull().references(() => approvalDocuments.id, { onDelete: "cascade" }),
  sortOrder: integer("sort_order").notNull().default(0),
}, (t) => [primaryKey({ columns: [t.documentId, t.refDocumentId] })]);

export const approvalFiles = pgTable("approval_files", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  documentId: bigint("document_id", { mode: "number" }).references(() => approvalDocuments.id, { onDelete: "cascade" }),
  uploaderId: bigint("uploader_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  size: bigint("size", { mode: "number" }).notNull(),
  contentType: text("content_type").notNull(),
  blobKey: text("blob_key").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index("approval_files_document_idx").on(t.documentId),
  index("approval_files_orphan_idx").on(t.createdAt).where(sql`document_id is null`),
  index("approval_files_blob_idx").on(t.blobKey),
]);

export const approvalOpinions = pgTable("approval_opinions", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  documentId: bigint("document_id", { mode: "number" }).notNull().references(() => approvalDocuments.id, { onDelete: "cascade" }),
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  lineId: bigint("line_id", { mode: "number" }).references(() => approvalLines.id, { onDelete: "set null" }),
  action: text("action"),
  comment: text("comment").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index("approval_opinions_document_idx").on(t.documentId, t.createdAt)]);

export const approvalHistory = pgTable("approval_history", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  documentId: bigint("document_id", { mode: "number" }).notNull().references(() => approvalDocuments.id, { onDelete: "cascade" }),
  userId: bigint("user_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
  lineId: bigint("line_id", { mode: "number" }),
  action: text("action").notNull(),
  comment: text("comment"),
  at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index("approval_history_document_idx").on(t.documentId, t.at)]);

export const approvalDocCounters = pgTable("approval_doc_counters", {
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  formId: bigint("form_id", { mode: "number" }).notNull().references(() => approvalForms.id, { onDelete: "cascade" }),
  organId: bigint("organ_id", { mode: "number" }).notNull(),
  year: integer("year").notNull(),
  lastSeq: integer("last_seq").notNull().default(0),
}, (t) => [primaryKey({ columns: [t.companyId, t.formId, t.organId, t.year] })]);

export const approvalPresets = pgTable("approval_presets", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  draftOrganId: bigint("draft_organ_id", { mode: "number" }).notNull(),
  lines: jsonb("lines").$type<LineInput[]>().notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index("approval_presets_user_idx").on(t.userId, t.createdAt)]);

export const approvalConfigs = pgTable("approval_configs", {
  companyId: bigint("company_id", { mode: "number" }).primaryKey().references(() => companies.id, { onDelete: "cascade" }),
  pageSize: integer("page_size").notNull().default(10),
  /** The starter forms were made (first use). */
  seededAt: timestamp("seeded_at", { withTimezone: true }),
});

export const approvalManagers = pgTable("approval_managers", {
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  organId: bigint("organ_id", { mode: "number" }).notNull().references(() => organizations.id, { onDelete: "cascade" }),
}, (t) => [primaryKey({ columns: [t.userId, t.organId] }), index("approval_managers_organ_idx").on(t.companyId, t.organId)]);

export const approvalDeputies = pgTable("approval_deputies", {
  userId: bigint("user_id", { mode: "number" }).primaryKey().references(() => users.id, { onDelete: "cascade" }),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  deputyId: bigint("deputy_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  fromAt: timestamp("from_at", { withTimezone: true }).notNull(),
  toAt: timestamp("to_at", { withTimezone: true }).notNull(),
  reason: text("reason").notNull().default(""),
}, (t) => [index("approval_deputies_deputy_idx").on(t.deputyId)]);
