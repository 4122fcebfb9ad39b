// Query factories of the assistant. The assistant list is loaded once (002 §4: "loaded once, only if not yet
// loaded"): it never goes stale by itself; a save puts the saved item in its place, a delete takes it out.
import { queryOptions, type QueryClient } from "@tanstack/react-query";
import type { AssistantDetail, AssistantSummary, Chat } from "@shared/assistant/api.ts";
import {
  fetchChats, fetchDetail, fetchFavorites, fetchList, fetchMessages, fetchPersona, fetchProvider, fetchStatus, fetchTools,
} from "./api.ts";

export const statusQuery = queryOptions({ queryKey: ["assistant", "status"], queryFn: ({ signal }) => fetchStatus(signal), staleTime: 60_000 });
export const toolsQuery = queryOptions({ queryKey: ["assistant", "tools"], queryFn: ({ signal }) => fetchTools(signal), staleTime: Infinity });
export const listQuery = queryOptions({ queryKey: ["assistant", "list"], queryFn: ({ signal }) => fetchList(signal), staleTime: Infinity });
export const favoritesQuery = queryOptions({ queryKey: ["assistant", "favorites"], queryFn: ({ signal }) => fetchFavorites(signal) });
export const detailQuery = (id: number) =>
  queryOptions({ queryKey: ["assistant", "detail", id], queryFn: ({ signal }) => fetchDetail(id, signal) });
export const personaQuery = queryOptions({ queryKey: ["assistant", "persona"], queryFn: ({ signal }) => fetchPersona(signal) });
export const chatsQuery = queryOptions({ queryKey: ["assistant", "chats"], queryFn: ({ signal }) => fetchChats(signal) });
export const messagesQuery = (chatId: number) =>
  queryOptions({ queryKey: ["assistant", "messages", chatId], queryFn: ({ signal }) => fetchMessages(chatId, signal) });
export const providerQuery = queryOptions({ queryKey: ["assistant", "provider"], queryFn: ({ signal }) => fetchProvider(signal) });

/** 002 §4: after a save the saved item replaces its entry (or joins the list when new). */
export function putInList(qc: QueryClient, saved: AssistantDetail) {
  const { systemPrompt: _p, files: _f, ...summary } = saved;
  qc.setQueryData<AssistantSummary[]>(listQuery.queryKey, (list) => {
    if (!list) return list;
    return list.some((a) => a.id === saved.id) ? list.map((a) => (a.id === saved.id ? summary : a)) : [...list, summary];
  });
  qc.setQueryData(detailQuery(saved.id).queryKey, saved);
}

/** 002 §4: after a delete the item is removed from the list. */
export function dropFromList(qc: QueryClient, id: number) {
  qc.setQueryData<AssistantSummary[]>(listQuery.queryKey, (list) => list?.filter((a) => a.id !== id));
  qc.removeQueries({ queryKey: detailQuery(id).queryKey });
  void qc.invalidateQueries({ queryKey: favoritesQuery.queryKey });
}

/** A chat's entry in the list, changed in place (a title the model proposed, a running answer's id). */
export function patchChat(qc: QueryClient, chatId: number, patch: Partial<Chat>) {
  qc.setQueryData<Chat[]>(chatsQuery.queryKey, (list) => list?.map((c) => (c.chatId === chatId ? { ...c, ...patch } : c)));
}
