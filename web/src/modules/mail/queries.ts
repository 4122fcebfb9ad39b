// The mail island's shared queries: the folder tree, the user's mail config, a list page and an opened mail.
// Every key starts with "mail", so a change can refresh the whole family; the parts below say which.
//   ["mail","folders"]                       the tree (GET /api/folders)
//   ["mail","config"]                        the mail config (GET /api/mail/config)
//   ["mail","list", folderId, page, action, pageSize, category]  one list page (0-based page on the API,
//                                            1-based in routes; category: the SMART folder's class or null)
//   ["mail","view", mailId, ownerId?]        one opened mail
import { keepPreviousData, type QueryClient, queryOptions } from "@tanstack/react-query";
import type { MailFolder } from "@shared/mail/folders.ts";
import type { MailListPage, MailView } from "@shared/mail/reading.ts";
import type { SmartCategory } from "@shared/mail/smart.ts";
import { MAIL_CONFIG_DEFAULTS, type MailConfig } from "@shared/mail/config.ts";
import { api } from "../../lib/api.ts";
import { quotaQuery } from "../../app/queries.ts";
import type { FolderRef, ListAction, ViewPart } from "./route-params.ts";

export const mailKeys = {
  all: ["mail"] as const,
  folders: ["mail", "folders"] as const,
  config: ["mail", "config"] as const,
  lists: ["mail", "list"] as const,
  list: (folderId: FolderRef, page: number, action: ListAction, pageSize: number, category?: SmartCategory) =>
    ["mail", "list", String(folderId), page, action, pageSize, category ?? null] as const,
  views: ["mail", "view"] as const,
  view: (mailId: number, ownerId?: number) => ["mail", "view", mailId, ownerId ?? null] as const,
};

/**
 * After mail changed: the tree's counts and every list refetch, and with `quota` the user's used size too
 * (mail added or deleted for good). Awaitable; most callers do not wait.
 */
export async function refreshMail(qc: QueryClient, opts: { quota?: boolean } = {}): Promise<void> {
  await Promise.all([
    qc.invalidateQueries({ queryKey: mailKeys.folders }),
    qc.invalidateQueries({ queryKey: mailKeys.lists }),
    opts.quota && qc.invalidateQueries({ queryKey: quotaQuery.queryKey }),
  ]);
}

export const foldersQuery = queryOptions({
  queryKey: mailKeys.folders,
  queryFn: ({ signal }) => api<MailFolder[]>("/api/folders", { signal }),
  staleTime: 30_000,
});

export const mailConfigQuery = queryOptions({
  queryKey: mailKeys.config,
  queryFn: async ({ signal }) => ({ ...MAIL_CONFIG_DEFAULTS, ...await api<Partial<MailConfig>>("/api/mail/config", { signal }) }),
  staleTime: Infinity,
});

/**
 * One page of a list: a folder (api/mails), a shared folder (api/share/mails with ownerId) or a search
 * (api/mails/search with the options). `page` is 1-based. `category` narrows a folder of the user's own to
 * one smart-mailbox class (the SMART folder's "Promotion / Social" choice); searches and shared folders
 * do not take it.
 */
export function mailListQuery(folderId: FolderRef, page: number, action: ListAction, pageSize: number, category?: SmartCategory) {
  const narrowed = action.search || action.ownerId ? undefined : category;
  const queryKey = mailKeys.list(folderId, page, action, pageSize, narrowed);
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => {
      const paging = { page: page - 1, pageSize };
      if (action.search) {
        return api<MailListPage>("/api/mails/search", { signal, query: { ...searchQuery(action.search), ...paging } });
      }
      if (action.ownerId) {
        return api<MailListPage>("/api/share/mails", { signal, query: { folderId: String(folderId), ownerId: action.ownerId, ...paging } });
      }
      return api<MailListPage>("/api/mails", { signal, query: { folderId: String(folderId), category: narrowed, ...paging } });
    },
    // While another page of the same list loads, the current one stays; another folder, search or class
    // never shows the previous one's mail under its name (the list shows its loading state instead).
    placeholderData: (previous, previousQuery) =>
      previousQuery && sameList(previousQuery.queryKey, queryKey) ? keepPreviousData(previous) : undefined,
    staleTime: 10_000,
  });
}

/** Whether two list keys name the same list (folder, action and class), whatever the page and its size. */
function sameList(a: readonly unknown[], b: readonly unknown[]): boolean {
  return JSON.stringify([a[2], a[4], a[6]]) === JSON.stringify([b[2], b[4], b[6]]);
}

/** Search options as query parameters, the way GET /api/mails/search reads them (timeRange as text). */
export function searchQuery(o: NonNullable<ListAction["search"]>): Record<string, string | number | string[] | undefined> {
  const { timeRange, tags, folderId, ...words } = o;
  return {
    ...words,
    folderId: folderId === undefined ? undefined : String(folderId),
    timeRange: typeof timeRange === "object" ? `${timeRange.startTimeMillis ?? ""},${timeRange.endTimeMillis ?? ""}` : timeRange,
    tags,
  };
}

/** One mail as the reader shows it; opening it marks it read on the server (not for shared folders). */
export function mailViewQuery(view: ViewPart, folderId: FolderRef | undefined, ownerId?: number) {
  return queryOptions({
    queryKey: mailKeys.view(view.mailId, ownerId),
    queryFn: ({ signal }) =>
      ownerId
        ? api<MailView>(`/api/share/mails/view/${view.mailId}`, { signal, query: { ownerId, folderId: folderId === undefined ? undefined : String(folderId) } })
        : api<MailView>(`/api/mails/view/${view.mailId}`, {
          signal,
          query: { includesReference: true, basedMailId: view.basedMailId, folderId: folderId === undefined ? undefined : String(folderId) },
        }),
    staleTime: 60_000,
  });
}

/** Every folder of the tree, flattened (depth-first, display order). */
export function flattenFolders(tree: MailFolder[], out: MailFolder[] = []): MailFolder[] {
  for (const f of tree) {
    out.push(f);
    flattenFolders(f.children, out);
  }
  return out;
}

/** Every folder of the tree in order with its depth (0 for the top level: system folders and the roots). */
export function flattenWithDepth(tree: MailFolder[], depth = 0, out: { folder: MailFolder; depth: number }[] = []) {
  for (const folder of tree) {
    out.push({ folder, depth });
    flattenWithDepth(folder.children, depth + 1, out);
  }
  return out;
}

/** Indent of a folder in a flat "move to" menu: own folders by their depth under "my folders", 12 px a level. */
export function moveMenuIndent(f: MailFolder, depth: number): number {
  return f.folderType === "PRIVATE" ? 12 * Math.max(1, depth) : 0;
}

export function findFolder(tree: MailFolder[] | undefined, id: FolderRef | undefined): MailFolder | undefined {
  if (!tree || id === undefined) return undefined;
  const key = id === "all" ? -1 : id;
  return flattenFolders(tree).find((f) => f.id === key);
}

/** The folder `mail` opens: the configured first-screen folder while it exists, else the inbox. */
export async function firstMailFolder(qc: QueryClient): Promise<string> {
  const [folders, config] = await Promise.all([qc.ensureQueryData(foldersQuery), qc.ensureQueryData(mailConfigQuery)]);
  const chosen = config.firstScreenFolderId ?? undefined;
  if (chosen !== undefined && findFolder(folders, chosen as FolderRef)) return String(chosen);
  const inbox = flattenFolders(folders).find((f) => f.folderType === "INBOX");
  return String(inbox?.id ?? -1);
}
