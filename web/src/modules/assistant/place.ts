// Where the assistant dialog is: its page and what the page shows. Kept in sessionStorage so a reload opens the
// dialog again where it was (and re-attaches to a running answer of the chat shown).
import type { AssistantPage } from "@shared/assistant/constants.ts";

export interface Place {
  page: AssistantPage;
  /** AGENT, EDITOR (editing), CHAT (the assistant of a new chat). */
  assistantId?: number;
  /** CHAT: the chat shown (none: a new chat). */
  chatId?: number;
  /** CHAT: a starter to ask at once in a new chat (not kept: a reload must not ask it again). */
  ask?: string;
}

const KEY = "gw.assistant.place";

export function loadPlace(): Place | null {
  try {
    const v = JSON.parse(sessionStorage.getItem(KEY) ?? "null") as Place | null;
    return v && typeof v.page === "string" ? v : null;
  } catch {
    return null;
  }
}

export function savePlace(p: Place | null) {
  if (p) sessionStorage.setItem(KEY, JSON.stringify({ ...p, ask: undefined }));
  else sessionStorage.removeItem(KEY);
}
