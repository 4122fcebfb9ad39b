// The search's own calls: the search history (GET / DELETE /api/mail/history), the tags the detail panel
// offers (GET /api/tag) and saving a search as a folder (POST /api/folders, type SEARCH).
import { queryOptions } from "@tanstack/react-query";
import type { MailFolder, MailSearchOptions, MailTag } from "@shared/mail/folders.ts";
import type { SearchHistoryItem } from "@shared/mail/search.ts";
import type { Page } from "@shared/paging.ts";
import { MAX_PAGE_SIZE } from "@shared/paging.ts";
import { api } from "../../../lib/api.ts";

export const searchKeys = {
  history: ["mail", "search", "history"] as const,
  tags: ["mail", "search", "tags"] as const,
};

export const historyQuery = queryOptions({
  queryKey: searchKeys.history,
  queryFn: ({ signal }) => api<SearchHistoryItem[]>("/api/mail/history", { signal }),
  staleTime: 0,
});

export const tagsQuery = queryOptions({
  queryKey: searchKeys.tags,
  queryFn: ({ signal }) => api<Page<MailTag>>("/api/tag", { signal, query: { pageSize: MAX_PAGE_SIZE } }),
  staleTime: 30_000,
});

/** Deletes one history entry, or all of them. */
export function deleteHistory(which: { id: number } | "all"): Promise<unknown> {
  return api("/api/mail/history", { method: "DELETE", form: which === "all" ? { isAll: true } : { id: which.id } });
}

export function saveSearchFolder(nameFolder: string, parentId: number | undefined, options: MailSearchOptions): Promise<MailFolder> {
  return api<MailFolder>("/api/folders", {
    method: "POST",
    json: { nameFolder, folderType: "SEARCH", ...(parentId === undefined ? {} : { parentId }), options },
  });
}
