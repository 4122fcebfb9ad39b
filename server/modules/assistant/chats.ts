// The caller's chats with the assistant (002 §3 Chat: chatId, title, personaFlag; messages hold a question and
// its answer): list newest first, create (201), rename, the messages oldest first, delete one or all (a running
// answer of a deleted chat is stopped). Another user's chat, or one of another company, answers 404
// assistant.chat_not_found as a missing one does.
import type { Chat, ChatMessage, ToolCall } from "../../../shared/assistant/api.ts";
import { ASSISTANT_EVENTS, type AnswerStatus, assistantUserTopic } from "../../../shared/assistant/constants.ts";
import { ASSISTANT_ERRORS } from "../../../shared/assistant/errors.ts";
import type { Caller } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";
import { visibleAssistant } from "./access.ts";
import { abortLocal } from "./generation.ts";
import * as repo from "./repo.ts";

export const chatNotFound = () => new AppError(404, ASSISTANT_ERRORS.chatNotFound);
export const messageNotFound = () => new AppError(404, ASSISTANT_ERRORS.messageNotFound);

export function presentChat(c: repo.ChatListRow): Chat {
  return {
    chatId: c.id, title: c.title, assistantId: c.assistantId, personaFlag: c.personaFlag, runningMessageId: c.runningMessageId,
    createdAt: c.createdAt.getTime(), updatedAt: c.updatedAt.getTime(),
  };
}

export function presentMessage(m: repo.MessageRow): ChatMessage {
  return {
    id: m.id, chatId: m.chatId, question: m.question, answer: m.answer, status: m.status as AnswerStatus, errorCode: m.errorCode,
    toolCalls: m.toolCalls as ToolCall[], createdAt: m.createdAt.getTime(), updatedAt: m.updatedAt.getTime(),
  };
}

export async function requireChat(caller: Caller, chatId: number): Promise<repo.ChatListRow> {
  const chat = await repo.findChat(caller.deps.db, caller.auth.companyId, caller.auth.userId, chatId);
  if (!chat) throw chatNotFound();
  return chat;
}

/** CHATS_CHANGED on the caller's topic: their other tabs refresh the list. */
export async function announceChats(caller: Caller, data: { chatId?: number } = {}): Promise<void> {
  await caller.deps.realtime.publish(assistantUserTopic(caller.auth.username), ASSISTANT_EVENTS.chatsChanged, data);
}

/** GET chats/my. */
export async function list(caller: Caller): Promise<Chat[]> {
  return (await repo.chatsOf(caller.deps.db, caller.auth.companyId, caller.auth.userId)).map(presentChat);
}

/** POST chats (201). */
export async function create(caller: Caller, body: { assistantId: number | null; title: string; personaFlag: number }): Promise<Chat> {
  if (body.assistantId !== null) await visibleAssistant(caller, body.assistantId);
  const now = caller.deps.clock.now();
  const row = await repo.insertChat(caller.deps.db, {
    companyId: caller.auth.companyId, userId: caller.auth.userId, assistantId: body.assistantId, title: body.title, personaFlag: body.personaFlag,
    createdAt: now, updatedAt: now,
  });
  await announceChats(caller, { chatId: row.id });
  return presentChat({ ...row, runningMessageId: null });
}

/** POST chats/{c}/title. */
export async function rename(caller: Caller, chatId: number, title: string): Promise<Chat> {
  await requireChat(caller, chatId);
  await repo.updateChat(caller.deps.db, chatId, { title });
  await announceChats(caller, { chatId });
  return presentChat(await requireChat(caller, chatId));
}

/** GET chats/{c}/messages. */
export async function messages(caller: Caller, chatId: number): Promise<ChatMessage[]> {
  await requireChat(caller, chatId);
  return (await repo.messagesOf(caller.deps.db, chatId)).map(presentMessage);
}

/** DELETE chats/{c} (204), or every chat of the caller without chatId. */
export async function remove(caller: Caller, chatId?: number): Promise<void> {
  const { db } = caller.deps;
  if (chatId !== undefined) await requireChat(caller, chatId);
  const ids = chatId !== undefined ? [chatId] : (await repo.chatsOf(db, caller.auth.companyId, caller.auth.userId)).map((c) => c.id);
  const running = await repo.runningIn(db, ids);
  await repo.deleteChats(db, caller.auth.companyId, caller.auth.userId, chatId);
  // Answers running here stop at once (their rows are gone); one on another instance finds that at its next write.
  abortLocal(caller.deps, running);
  await announceChats(caller, chatId !== undefined ? { chatId } : {});
}
