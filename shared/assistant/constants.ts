// AI assistant (issue 31; 002 §2-§9 "AI assistant"): dialog pages, categories, limits, statuses and the plan
// rule. No zod here: the shell's assistant button imports it.

/** 002 §2: the assistant is a dialog with these pages. */
export const ASSISTANT_PAGES = ["HOME", "AGENTS", "AGENT", "CHAT", "EDITOR", "PERSONA"] as const;
export type AssistantPage = (typeof ASSISTANT_PAGES)[number];

/** 002 §3 "Default categories: work assistant (TOOLS), HR/accounting, sales/marketing, dev/operations,
 *  innovation support". Assistants of TOOLS may call the tools (GET /tools) with the user's permissions. */
export const ASSISTANT_CATEGORIES = ["TOOLS", "HR_ACCOUNTING", "SALES_MARKETING", "DEV_OPERATIONS", "INNOVATION"] as const;
export type AssistantCategory = (typeof ASSISTANT_CATEGORIES)[number];

/** 002 §6/§9: available for plans FREE, BASIC, STANDARD, ADVANCED, or company id 1 (so CUSTOM plans but 1 not). */
export const ASSISTANT_PLANS = ["FREE", "BASIC", "STANDARD", "ADVANCED"] as const;
export const ASSISTANT_ALWAYS_COMPANY_ID = 1;
export function assistantAvailable(company: { id: number; planType: string }): boolean {
  return company.id === ASSISTANT_ALWAYS_COMPANY_ID || (ASSISTANT_PLANS as readonly string[]).includes(company.planType);
}

/** 002 §3/§9: personaFlag default -1 (no persona); else the idx of the persona item the chat uses. */
export const PERSONA_NONE = -1;
/** 002 §5: a persona item's job title defaults to developer. */
export const PERSONA_DEFAULT_JOB_TITLE = "developer";
/** 002 §9: the editor's default height (px). */
export const EDITOR_DEFAULT_HEIGHT = 619;

/** An answer's state: RUNNING while generated, DONE, STOPPED (the stopped notice), FAILED (errorCode). */
export const ANSWER_STATUSES = ["RUNNING", "DONE", "STOPPED", "FAILED"] as const;
export type AnswerStatus = (typeof ANSWER_STATUSES)[number];

export const TITLE_MAX = 100;
export const DESCRIPTION_MAX = 500;
export const SYSTEM_PROMPT_MAX = 20_000;
export const STARTERS_MAX = 6;
export const STARTER_MAX = 200;
export const ICON_MAX = 16;
export const QUESTION_MAX = 20_000;
export const CHAT_TITLE_MAX = 100;
export const PERSONA_ITEMS_MAX = 10;
export const PERSONA_TEXT_MAX = 1_000;
/** Knowledge files of one assistant, the size of one, and the text of all given to the model. */
export const ASSISTANT_FILES_MAX = 10;
export const ASSISTANT_FILE_MAX_BYTES = 20 * 1024 * 1024;
export const KNOWLEDGE_CHARS_MAX = 60_000;
/** Earlier turns of the chat sent with a question. */
export const HISTORY_TURNS = 10;
/** Tool calls one answer may make. */
export const TOOL_ROUNDS_MAX = 4;

/** The tools (TOOLS category), each with the caller's permissions only. Texts: assistant:tools.<name>. */
export const ASSISTANT_TOOLS = ["search_mail", "calendar_events", "calendar_free_times", "find_colleague"] as const;
export type AssistantToolName = (typeof ASSISTANT_TOOLS)[number];

/** Realtime on the user's topic: ANSWER_UPDATED { chatId, messageId } when a running answer ends (done,
 *  stopped, failed) or its chat's title changed, so other tabs refresh. */
export const assistantUserTopic = (username: string) => `/topic/assistant/user/${username}`;
export const ASSISTANT_EVENTS = { answerUpdated: "ANSWER_UPDATED", chatsChanged: "CHATS_CHANGED" } as const;
