// The AI assistant's HTTP API (002 §7 "AI assistant (/api/assistants)"; fetch, list and save answer 200, deletes
// 204). Every call but GET status needs a signed-in user of a company the plan rule allows (403
// assistant.not_available). Assistants are visible to the whole company (organId null) or to their organisation's
// members (and of its sub-organisations with includeSubOrganizations); their owner and the company's admins always
// see them. An assistant the caller cannot see answers 404 assistant.not_found as a missing one; another user's
// chat 404 assistant.chat_not_found, a message not of the chat 404 assistant.message_not_found. Times are epoch
// milliseconds.
//
//   GET    tools                       ToolInfo[]: what TOOLS assistants may call
//   GET    favorites                   Favorite[];  POST favorites (form assistantId, title) → 200 Favorite
//                                      (again for the same assistant: the existing one);  DELETE favorites/{id} 204
//   GET    list                        AssistantSummary[] (visible to the caller), by category then title
//   GET    {a}                         AssistantSummary;  GET {a}/detail → AssistantDetail
//   POST   save                        multipart form (id?, icon, title, description, systemPrompt, starter
//                                      (repeated), category, organId, includeSubOrganizations, files (repeated),
//                                      removeFiles (repeated ids)) → 200 AssistantDetail. New: any user (owner);
//                                      existing: owner or company admin (403 assistant.not_owner). File texts are
//                                      extracted on save (PDF, DOCX, XLSX, PPTX, HWPX, text; 400
//                                      assistant.file_unreadable { name }; 413 assistant.file_too_large { max };
//                                      409 assistant.files_max { max }; 507 assistant.insufficient_space). organId
//                                      "" (or left out) = the whole company. Without files JSON works too.
//   DELETE {a}                         204 (owner or admin)
//   GET    persona                     PersonaItem[] by idx;  POST persona (JSON PersonaItemInput[], or
//                                      { items: [...] }) → 200 PersonaItem[] (the whole list replaces the caller's;
//                                      an idx twice: 400)
//   GET    chats/my                    Chat[] newest first
//   POST   chats                       (form or JSON assistantId?, title, personaFlag) → 201 Chat
//   POST   chats/{c}/title             (form title) → 200 Chat
//   GET    chats/{c}/messages          ChatMessage[] oldest first (a RUNNING one carries its answer so far)
//   DELETE chats/{c}                   204 (a running answer is stopped);  DELETE chats → 204 (all of the caller's)
//   POST   chats/{c}/streaming         (form or JSON assistantId, message, personaFlag) → text/event-stream of
//                                      StreamEvent; the answer is generated on the server and kept whether or
//                                      not the stream stays open (409 assistant.busy while one runs, 409
//                                      assistant.no_provider without a provider). Events: "start", then "tool"
//                                      and "token" as they come, "done" when the answer ended (its row is
//                                      written), then, after a chat's first answer while it has no title,
//                                      "title" (the model's proposal, also CHATS_CHANGED); then the stream
//                                      ends. The chat's assistant is its own, else the form's; personaFlag
//                                      sent replaces the chat's. TOOLS assistants and the chat without one
//                                      may call the tools.
//   GET    chats/{c}/streaming/{m}     text/event-stream re-attaching to answer m: "start", one "token" with
//                                      the answer so far, then the rest live; an ended answer sends "done" at once
//   POST   chats/{c}/messages/{m}/stop 200 ChatMessage (STOPPED; 409 assistant.not_running)
//   GET    status                      AssistantStatus (any signed-in user, on any plan: available says the
//                                      plan rule, providerConfigured whether a provider is connected and on)
//   GET    provider                    ProviderSettings (company admin; 403 assistant.admin_only)
//   PUT    provider                    providerBody → 200 ProviderSettings
//   DELETE provider                    204
//   POST   provider/test               providerBody (optional; else the stored one) → 200 ProviderTestAnswer
import { z } from "zod";
import {
  ASSISTANT_CATEGORIES, type AnswerStatus, type AssistantCategory, type AssistantToolName, CHAT_TITLE_MAX,
  DESCRIPTION_MAX, ICON_MAX, PERSONA_DEFAULT_JOB_TITLE, PERSONA_ITEMS_MAX, PERSONA_NONE, PERSONA_TEXT_MAX,
  QUESTION_MAX, STARTER_MAX, STARTERS_MAX, SYSTEM_PROMPT_MAX, TITLE_MAX,
} from "./constants.ts";

export interface ToolInfo {
  name: AssistantToolName;
  /** JSON schema of the arguments, as given to the model. */
  parameters: Record<string, unknown>;
}

export interface Favorite {
  id: number;
  assistantId: number;
  title: string;
}

export interface AssistantSummary {
  id: number;
  icon: string;
  title: string;
  description: string;
  starter: string[];
  category: AssistantCategory;
  organId: number | null;
  organName: string | null;
  includeSubOrganizations: boolean;
  ownerId: number | null;
  ownerName: string | null;
  /** The caller may edit and delete it (owner or company admin). */
  editable: boolean;
  favorite: boolean;
  updatedAt: number;
}

export interface AssistantFile {
  id: number;
  name: string;
  size: number;
  contentType: string;
  /** Characters of text read from it (0: nothing usable). */
  textLength: number;
}

export interface AssistantDetail extends AssistantSummary {
  systemPrompt: string;
  files: AssistantFile[];
}

export interface PersonaItem {
  id: number;
  idx: number;
  title: string;
  jobTitle: string;
  traits: string;
  other: string;
}

export interface Chat {
  chatId: number;
  title: string;
  assistantId: number | null;
  personaFlag: number;
  /** A RUNNING answer of the chat, to re-attach to. */
  runningMessageId: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface ToolCall {
  name: AssistantToolName;
  arguments: Record<string, unknown>;
  /** A short summary of what the tool found, in English (the failure's reason when not ok); the model got the
   *  full result. */
  summary: string;
  ok: boolean;
  /** What it looked for (a search word, a day or a span of days) and how many it found, so the chat words the
   *  summary in the reader's language (assistant:toolSummary.<name>). Absent on a failed call. */
  subject?: string;
  count?: number;
}

export interface ChatMessage {
  id: number;
  chatId: number;
  question: string;
  answer: string;
  status: AnswerStatus;
  errorCode: string | null;
  toolCalls: ToolCall[];
  createdAt: number;
  updatedAt: number;
}

/** One server-sent event of a streaming answer: `event: <type>` and `data: <JSON of the rest>`. */
export type StreamEvent =
  | { type: "start"; chatId: number; messageId: number }
  | { type: "token"; text: string }
  | { type: "tool"; call: ToolCall }
  | { type: "title"; title: string }
  | { type: "done"; status: Exclude<AnswerStatus, "RUNNING">; errorCode: string | null };

export interface AssistantStatus {
  available: boolean;
  providerConfigured: boolean;
  isAdmin: boolean;
}

export interface ProviderSettings {
  configured: boolean;
  baseUrl: string;
  model: string;
  /** A key is stored (never sent back). */
  hasKey: boolean;
  enabled: boolean;
  updatedAt: number | null;
}

export interface ProviderTestAnswer {
  ok: boolean;
  /** The models the endpoint lists (GET {baseUrl}/models), when it answers. */
  models: string[];
  errorCode: string | null;
}

const text = (max: number) => z.string().trim().max(max);
const id = z.coerce.number().int().positive();
const bool = z.union([z.boolean(), z.enum(["true", "false"]).transform((s) => s === "true")]);

export const favoriteBody = z.object({ assistantId: id, title: text(TITLE_MAX).default("") });

export const saveFields = z.object({
  id: id.optional(),
  icon: text(ICON_MAX).default(""),
  title: text(TITLE_MAX).min(1),
  description: text(DESCRIPTION_MAX).default(""),
  systemPrompt: z.string().max(SYSTEM_PROMPT_MAX).default(""),
  starter: z.array(text(STARTER_MAX)).max(STARTERS_MAX).default([]),
  category: z.enum(ASSISTANT_CATEGORIES),
  organId: id.nullable().default(null),
  includeSubOrganizations: bool.default(false),
  removeFiles: z.array(id).max(100).default([]),
});
export type SaveFields = z.input<typeof saveFields>;

export const personaItemInput = z.object({
  idx: z.coerce.number().int().min(0).max(PERSONA_ITEMS_MAX - 1),
  title: text(PERSONA_TEXT_MAX).default(""),
  jobTitle: text(PERSONA_TEXT_MAX).default(PERSONA_DEFAULT_JOB_TITLE),
  traits: text(PERSONA_TEXT_MAX).default(""),
  other: text(PERSONA_TEXT_MAX).default(""),
});
export const personaBody = z.array(personaItemInput).max(PERSONA_ITEMS_MAX);
export type PersonaItemInput = z.input<typeof personaItemInput>;

export const createChatBody = z.object({
  assistantId: id.nullable().default(null),
  title: text(CHAT_TITLE_MAX).default(""),
  personaFlag: z.coerce.number().int().min(PERSONA_NONE).max(PERSONA_ITEMS_MAX - 1).default(PERSONA_NONE),
});
export const chatTitleBody = z.object({ title: text(CHAT_TITLE_MAX).min(1) });

export const streamingBody = z.object({
  assistantId: id.nullable().default(null),
  message: z.string().trim().min(1).max(QUESTION_MAX),
  personaFlag: z.coerce.number().int().min(PERSONA_NONE).max(PERSONA_ITEMS_MAX - 1).default(PERSONA_NONE),
});

export const providerBody = z.object({
  baseUrl: z.string().trim().min(1).max(500),
  model: z.string().trim().min(1).max(200),
  /** Omitted: keep the stored key; "" removes it. */
  apiKey: z.string().max(1000).optional(),
  enabled: z.boolean().default(true),
});
export type ProviderBody = z.input<typeof providerBody>;
