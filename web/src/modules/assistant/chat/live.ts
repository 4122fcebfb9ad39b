// The answers being received in this tab, by chat, outside React: a stream goes on when the page showing it
// changes (another chat, another page of the dialog) and its page reads it again when it comes back. 002 §4: a
// question streams its answer into the chat's last message; stop aborts it and the answer becomes the stopped
// notice. An answer that runs on the server without a stream here (after a reload, or one left to run) is
// re-attached to (GET chats/{c}/streaming/{m}).
import { useSyncExternalStore } from "react";
import type { QueryClient } from "@tanstack/react-query";
import type { ChatMessage, StreamEvent, ToolCall } from "@shared/assistant/api.ts";
import type { AnswerStatus } from "@shared/assistant/constants.ts";
import { codeOf } from "../../../lib/api.ts";
import { attachStream, stopAnswer, streamQuestion } from "../api.ts";
import { chatsQuery, messagesQuery, patchChat } from "../queries.ts";

export interface Live {
  chatId: number;
  /** Known from the stream's "start" event on. */
  messageId: number | null;
  question: string;
  answer: string;
  toolCalls: ToolCall[];
  status: AnswerStatus;
  errorCode: string | null;
}

interface Entry extends Live {
  abort: AbortController;
  /** Re-attached: the first token carries the whole answer so far and replaces what was shown. */
  replaceNext: boolean;
}

const entries = new Map<number, Entry>();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function set(chatId: number, patch: Partial<Entry>) {
  const e = entries.get(chatId);
  if (!e) return;
  entries.set(chatId, { ...e, ...patch });
  emit();
}

export function useLive(chatId: number | undefined): Live | null {
  return useSyncExternalStore((l) => (listeners.add(l), () => listeners.delete(l)), () => (chatId ? entries.get(chatId) ?? null : null));
}

export const isStreaming = (chatId: number) => entries.has(chatId);

function onEvent(qc: QueryClient, chatId: number, e: StreamEvent) {
  const cur = entries.get(chatId);
  if (!cur) return;
  switch (e.type) {
    case "start":
      // A re-attached stream sends the tool calls so far again: they replace the ones shown.
      set(chatId, cur.replaceNext ? { messageId: e.messageId, toolCalls: [] } : { messageId: e.messageId });
      patchChat(qc, chatId, { runningMessageId: e.messageId });
      break;
    case "token":
      set(chatId, { answer: cur.replaceNext ? e.text : cur.answer + e.text, replaceNext: false });
      break;
    case "tool":
      set(chatId, { toolCalls: [...cur.toolCalls, e.call] });
      break;
    case "title":
      patchChat(qc, chatId, { title: e.title });
      break;
    case "done":
      set(chatId, { status: e.status, errorCode: e.errorCode });
      patchChat(qc, chatId, { runningMessageId: null });
      break;
  }
}

/** The stream ended (or failed): the stored messages take over from what was received. */
async function settle(qc: QueryClient, chatId: number, entry: Entry) {
  if (entries.get(chatId)?.abort !== entry.abort) return;
  await Promise.all([
    qc.invalidateQueries({ queryKey: messagesQuery(chatId).queryKey }),
    qc.invalidateQueries({ queryKey: chatsQuery.queryKey }),
  ]);
  const cur = entries.get(chatId);
  // A question the server refused (no message was made: no model, busy) stays shown with its reason.
  if (cur?.abort === entry.abort && !(cur.messageId === null && cur.status === "FAILED")) {
    entries.delete(chatId);
    emit();
  }
}

/** Re-attachments per answer: one whose stream keeps ending early is tried again less and less often. */
const attempts = new Map<number, number>();
const waiting = new Set<number>();

async function run(qc: QueryClient, entry: Entry, open: (signal: AbortSignal, on: (e: StreamEvent) => void) => Promise<void>) {
  const chatId = entry.chatId;
  entries.set(chatId, entry);
  emit();
  try {
    await open(entry.abort.signal, (e) => onEvent(qc, chatId, e));
  } catch (err) {
    if (entry.abort.signal.aborted) return;
    if (entries.get(chatId)?.abort === entry.abort) set(chatId, { status: "FAILED", errorCode: codeOf(err) });
  }
  await settle(qc, chatId, entry);
}

/** Asks a question in a chat: the answer streams into the chat's last message. */
export function ask(qc: QueryClient, chatId: number, body: { assistantId: number | null; message: string; personaFlag: number }) {
  const entry: Entry = {
    chatId, messageId: null, question: body.message, answer: "", toolCalls: [], status: "RUNNING", errorCode: null,
    abort: new AbortController(), replaceNext: false,
  };
  void run(qc, entry, (signal, on) => streamQuestion(chatId, body, on, signal));
}

/** Whether an answer of the chat is followed here (a refused question shown with its reason is not one). */
function following(chatId: number): boolean {
  const cur = entries.get(chatId);
  return !!cur && !(cur.messageId === null && cur.status === "FAILED");
}

/** Follows an answer that runs on the server without a stream in this tab. */
export function attach(qc: QueryClient, m: ChatMessage) {
  if (following(m.chatId) || waiting.has(m.id)) return;
  const n = attempts.get(m.id) ?? 0;
  attempts.set(m.id, n + 1);
  const follow = () => {
    waiting.delete(m.id);
    if (following(m.chatId)) return;
    const entry: Entry = {
      chatId: m.chatId, messageId: m.id, question: m.question, answer: m.answer, toolCalls: m.toolCalls, status: "RUNNING",
      errorCode: null, abort: new AbortController(), replaceNext: true,
    };
    void run(qc, entry, (signal, on) => attachStream(m.chatId, m.id, on, signal));
  };
  if (n === 0) follow();
  else {
    waiting.add(m.id);
    setTimeout(follow, Math.min(1000 * n, 10_000));
  }
}

/** Stop (002 §4): the answer ends where it is and becomes the stopped notice. */
export async function stop(qc: QueryClient, chatId: number): Promise<void> {
  const cur = entries.get(chatId);
  if (!cur?.messageId) return;
  try {
    const m = await stopAnswer(chatId, cur.messageId);
    set(chatId, { status: m.status, answer: m.answer, toolCalls: m.toolCalls });
    patchChat(qc, chatId, { runningMessageId: null });
  } catch (err) {
    // It ended meanwhile (409 assistant.not_running): its stream brings the end.
    if (codeOf(err) !== "assistant.not_running") throw err;
    return;
  }
  cur.abort.abort();
  await settle(qc, chatId, entries.get(chatId)!);
}

/** A deleted chat: its stream (if any) is dropped. */
export function forget(chatId?: number) {
  for (const [id, e] of entries) {
    if (chatId === undefined || id === chatId) {
      e.abort.abort();
      entries.delete(id);
    }
  }
  emit();
}
