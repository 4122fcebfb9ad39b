// AI assistant (issue 31, 002 §3 "AI assistant"): the company's model provider, assistants (agents) with their
// knowledge files, favourites, the persona, chats and their messages.
//
// - assistant_providers: one per company, an OpenAI-compatible endpoint (base URL, model); api_key_enc is the
//   key encrypted at rest (as external_connections' tokens are).
// - assistants: category TOOLS | HR_ACCOUNTING | SALES_MARKETING | DEV_OPERATIONS | INNOVATION (the default
//   categories of §3); organ_id null = the whole company, else that organisation (and its sub-organisations
//   when include_sub_organizations). starters: the suggested first questions.
// - assistant_files: knowledge files; text is what the extractor read (PDF, DOCX, XLSX, HWPX, plain text),
//   given to the model as context; bytes in the blob store, counted in the uploader's used_size (triggers).
// - assistant_personas: the user's persona items (idx orders them; job_title defaults to developer).
// - assistant_chats: persona_flag -1 = no persona, else the idx of the persona item used.
// - assistant_messages: one question and its answer. status RUNNING while the answer is generated (answer holds
//   what came so far, flushed as it streams), DONE, STOPPED (the user stopped it: the stopped notice), FAILED
//   (error_code says why). tool_calls: the tool calls made for it, shown in the chat ([{ name, arguments,
//   summary, ok }]: shared/assistant/api.ts ToolCall; the model got the full result). instance_id: the instance generating a RUNNING answer (stop and re-attach find it).
import { sql } from "drizzle-orm";
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { companies } from "./companies.ts";
import { organizations, users } from "./users.ts";
import { uploadedFileColumns } from "./uploaded-file.ts";

const ts = (name: string) => timestamp(name, { withTimezone: true });
const companyId = () => bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" });
const userId = () => bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" });

export const assistantProviders = pgTable("assistant_providers", {
  companyId: bigint("company_id", { mode: "number" }).primaryKey().references(() => companies.id, { onDelete: "cascade" }),
  baseUrl: text("base_url").notNull(),
  model: text("model").notNull(),
  apiKeyEnc: text("api_key_enc"),
  enabled: boolean("enabled").notNull().default(true),
  updatedBy: bigint("updated_by", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
  updatedAt: ts("updated_at").notNull(),
});

export const assistants = pgTable("assistants", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: companyId(),
  ownerId: bigint("owner_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
  icon: text("icon").notNull().default(""),
  title: text("title").notNull(),
  description: text("description").notNull().default(""),
  systemPrompt: text("system_prompt").notNull().default(""),
  starters: text("starters").array().notNull().default(sql`'{}'::text[]`),
  category: text("category").notNull(),
  organId: bigint("organ_id", { mode: "number" }).references(() => organizations.id, { onDelete: "set null" }),
  includeSubOrganizations: boolean("include_sub_organizations").notNull().default(false),
  createdAt: ts("created_at").notNull(),
  updatedAt: ts("updated_at").notNull(),
}, (t) => [index("assistants_company_idx").on(t.companyId, t.category, t.id)]);

export const assistantFiles = pgTable("assistant_files", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: companyId(),
  assistantId: bigint("assistant_id", { mode: "number" }).notNull().references(() => assistants.id, { onDelete: "cascade" }),
  text: text("text").notNull().default(""),
  ...uploadedFileColumns(),
}, (t) => [index("assistant_files_assistant_idx").on(t.assistantId)]);

export const assistantFavorites = pgTable("assistant_favorites", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: companyId(),
  userId: userId(),
  assistantId: bigint("assistant_id", { mode: "number" }).notNull().references(() => assistants.id, { onDelete: "cascade" }),
  title: text("title").notNull().default(""),
  createdAt: ts("created_at").notNull(),
}, (t) => [uniqueIndex("assistant_favorites_uq").on(t.userId, t.assistantId)]);

export const assistantPersonas = pgTable("assistant_personas", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: companyId(),
  userId: userId(),
  idx: integer("idx").notNull(),
  title: text("title").notNull().default(""),
  jobTitle: text("job_title").notNull().default("developer"),
  traits: text("traits").notNull().default(""),
  other: text("other").notNull().default(""),
}, (t) => [uniqueIndex("assistant_personas_idx_uq").on(t.userId, t.idx)]);

export const assistantChats = pgTable("assistant_chats", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: companyId(),
  userId: userId(),
  assistantId: bigint("assistant_id", { mode: "number" }).references(() => assistants.id, { onDelete: "set null" }),
  title: text("title").notNull().default(""),
  personaFlag: integer("persona_flag").notNull().default(-1),
  createdAt: ts("created_at").notNull(),
  updatedAt: ts("updated_at").notNull(),
}, (t) => [index("assistant_chats_user_idx").on(t.userId, t.updatedAt)]);

export const assistantMessages = pgTable("assistant_messages", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: companyId(),
  chatId: bigint("chat_id", { mode: "number" }).notNull().references(() => assistantChats.id, { onDelete: "cascade" }),
  question: text("question").notNull(),
  answer: text("answer").notNull().default(""),
  status: text("status").notNull().default("RUNNING"),
  errorCode: text("error_code"),
  toolCalls: jsonb("tool_calls").notNull().default(sql`'[]'::jsonb`),
  instanceId: text("instance_id"),
  createdAt: ts("created_at").notNull(),
  updatedAt: ts("updated_at").notNull(),
}, (t) => [
  index("assistant_messages_chat_idx").on(t.chatId, t.id),
  index("assistant_messages_running_idx").on(t.status).where(sql`status = 'RUNNING'`),
]);
