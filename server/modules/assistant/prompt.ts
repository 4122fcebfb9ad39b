// What the model is given with a question (one system message, then the chat so far, then the question):
// - the assistant's system prompt (or the default one of the chat without an assistant);
// - today's date and time in the user's zone and who the user is (so "tomorrow" and "my" mean something);
// - the persona item the chat uses (personaFlag), as a description of the user;
// - the text of the assistant's knowledge files (at most KNOWLEDGE_CHARS_MAX characters);
// - the last HISTORY_TURNS ended questions and answers of the chat.
// And the short request for a chat's title after its first answer.
import { HISTORY_TURNS } from "../../../shared/assistant/constants.ts";
import { DEFAULT_TIMEZONE } from "../../../shared/calendar/constants.ts";
import type { Caller } from "../../lib/context.ts";
import { knowledgeText } from "./knowledge.ts";
import type { ModelMessage } from "./model-client.ts";
import { personaText } from "./persona.ts";
import * as repo from "./repo.ts";

export const DEFAULT_SYSTEM_PROMPT =
  "You are the work assistant of this company's groupware. Answer clearly and briefly, in the language the user writes in.";
const TOOLS_HINT =
  "You can use the tools to read the user's mail, calendar and free times, and to look up colleagues. Use them when the question needs them; never invent mails, events or people.";

function nowText(now: Date, zone: string): string {
  const f = new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit", weekday: "long", hour: "2-digit", minute: "2-digit", hour12: false });
  const p = Object.fromEntries(f.formatToParts(now).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} (${p.weekday}) ${p.hour}:${p.minute}`;
}

export async function buildMessages(
  caller: Caller,
  opts: { chatId: number; assistant: { id: number; systemPrompt: string } | null; tools: boolean; personaFlag: number; question: string },
): Promise<ModelMessage[]> {
  const { db, clock } = caller.deps;
  const [user, persona, knowledge, past] = await Promise.all([
    repo.userBrief(db, caller.auth.companyId, caller.auth.userId),
    personaText(caller, opts.personaFlag),
    opts.assistant ? knowledgeText(caller, opts.assistant.id) : Promise.resolve(""),
    repo.history(db, opts.chatId, Number.MAX_SAFE_INTEGER, HISTORY_TURNS),
  ]);
  const parts = [opts.assistant?.systemPrompt.trim() || DEFAULT_SYSTEM_PROMPT];
  if (opts.tools) parts.push(TOOLS_HINT);
  const who = user ? `${user.displayName} <${user.username}>${user.position ? `, ${user.position}` : ""}` : caller.auth.username;
  parts.push(`Now: ${nowText(clock.now(), DEFAULT_TIMEZONE)} (${DEFAULT_TIMEZONE}). The user: ${who}.`);
  if (persona) parts.push(`About the user (their persona; answer with it in mind):\n${persona}`);
  if (knowledge) parts.push(`Reference documents (answer from them where they apply):\n\n${knowledge}`);
  const messages: ModelMessage[] = [{ role: "system", content: parts.join("\n\n") }];
  for (const m of past) {
    messages.push({ role: "user", content: m.question });
    if (m.answer) messages.push({ role: "assistant", content: m.answer });
  }
  messages.push({ role: "user", content: opts.question });
  return messages;
}

export const TITLE_PROMPT =
  "Write a short title (at most 6 words) for a conversation that starts with the user's message below. Answer with the title only, in the language of the message, without quotes.";

export function titleMessages(question: string): ModelMessage[] {
  return [{ role: "system", content: TITLE_PROMPT }, { role: "user", content: question.slice(0, 2000) }];
}

/** The model's title made fit to keep: one line, no quotes or "Title:", at most `max` characters. */
export function cleanTitle(raw: string, max: number): string {
  const line = raw.replace(/<think>[\s\S]*?<\/think>/g, "").trim().split(/\r?\n/).find((l) => l.trim()) ?? "";
  const t = line.replace(/^\s*(title|제목)\s*[:：]\s*/i, "").replace(/^["'“‘「『*#\s]+|["'”’」』*\s.]+$/g, "").trim();
  return [...t].slice(0, max).join("");
}
