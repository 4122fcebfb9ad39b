// The list's calls to the server (shared/mail/reading.ts, shared.ts, spam.ts) and the cache edits that make
// read and star changes show at once: every cached list page holding the mail, the opened mail, and (for
// read changes in one's own folders) the unread counts of the folder tree, never below 0. When the server
// refuses, only the mails of that change are put back (undoPatch), so other changes made meanwhile stay.
import type { QueryClient, QueryKey } from "@tanstack/react-query";
import type { MailFolder, MailTag } from "@shared/mail/folders.ts";
import { VIRTUAL_SCOPE_EXCLUDED_TYPES } from "@shared/mail/folders.ts";
import type { MailListItem, MailListPage, MailView } from "@shared/mail/reading.ts";
import type { SpamActionResult } from "@shared/mail/spam.ts";
import type { Page } from "@shared/paging.ts";
import { api } from "../../../lib/api.ts";
import { mailKeys } from "../queries.ts";
import type { FolderRef } from "../route-params.ts";

/** Where the list acts: one's own mails, or a folder shared with the caller (api/share/mails). */
export interface ActTarget {
  folderId: FolderRef;
  ownerId?: number;
}

const base = (t: ActTarget) => (t.ownerId ? "/api/share/mails" : "/api/mails");
const sharedPart = (t: ActTarget) => (t.ownerId ? { folderId: Number(t.folderId), ownerId: t.ownerId } : {});

export const putRead = (t: ActTarget, mailIds: number[], read: boolean) =>
  api<{ updated: number }>(`${base(t)}/readStatus`, {
    method: "PUT",
    json: { mailIds, readStatus: read ? 1 : 0, ...(t.ownerId ? sharedPart(t) : { folderId: String(t.folderId) }) },
  });

export const putStar = (t: ActTarget, mailIds: number[], star: boolean) =>
  api<{ updated: number }>(`${base(t)}/importantStatus`, { method: "PUT", json: { mailIds, importantStatus: star ? 1 : 0, ...sharedPart(t) } });

/** To the trash; mails already in the trash or spam are deleted for ever (the server decides per mail). */
export const putDelete = (t: ActTarget, mailIds: number[]) =>
  api<{ trashed: number; deleted: number }>(`${base(t)}/deleteStatus`, {
    method: "PUT",
    json: { mailIds, ...(t.ownerId ? sharedPart(t) : { folderId: String(t.folderId) }) },
  });

export const putReadAll = (folderId: FolderRef) =>
  api<{ updated: number }>(`/api/mails/${encodeURIComponent(String(folderId))}/read`, { method: "PUT" });

export const putEmpty = (folderId: number) => api<{ deleted: number }>(`/api/mails/trash/${folderId}/clean`, { method: "PUT" });

export const putTags = (type: "add" | "delete", tag: string, mailIds: number[]) =>
  api<{ updated: number }>("/api/mails/tags", { method: "PUT", json: { type, tag, mailIds } });

export const postReport = (mailId: number) =>
  api<SpamActionResult>("/api/mails/report", { method: "POST", json: { mailId, reportContents: "" } });

export const patchUnblock = (mailId: number) => api<SpamActionResult>(`/api/mails/${mailId}/unblock`, { method: "PATCH" });

export const fetchTags = () => api<Page<MailTag>>("/api/tag", { query: { page: 0, pageSize: 130 } });

// ---- cache edits -----------------------------------------------------------------------------------------

export interface Snapshot {
  lists: [QueryKey, MailListPage | undefined][];
  views: [QueryKey, MailView | undefined][];
  folders: MailFolder[] | undefined;
}

export function snapshot(qc: QueryClient): Snapshot {
  return {
    lists: qc.getQueriesData<MailListPage>({ queryKey: mailKeys.lists }),
    views: qc.getQueriesData<MailView>({ queryKey: mailKeys.views }),
    folders: qc.getQueryData<MailFolder[]>(mailKeys.folders),
  };
}

export function restore(qc: QueryClient, s: Snapshot) {
  for (const [key, data] of s.lists) qc.setQueryData(key, data);
  for (const [key, data] of s.views) qc.setQueryData(key, data);
  qc.setQueryData(mailKeys.folders, s.folders);
}

/**
 * Every cached row of these mails, once each (a mail may sit in several cached pages: its folder, ALL, …);
 * `also` are rows the caller holds, used for mails no cached page has.
 */
export function cachedRows(qc: QueryClient, ids: number[], also: MailListItem[] = []): MailListItem[] {
  const want = new Set(ids);
  const found = new Map<number, MailListItem>();
  for (const [, page] of qc.getQueriesData<MailListPage>({ queryKey: mailKeys.lists })) {
    for (const m of page?.mails ?? []) if (want.has(m.mailId) && !found.has(m.mailId)) found.set(m.mailId, m);
  }
  for (const m of also) if (want.has(m.mailId) && !found.has(m.mailId)) found.set(m.mailId, m);
  return [...found.values()];
}

/**
 * Puts back one field of these rows (as they were before a change the server refused), and only theirs:
 * rows grouped by their old value, each group patched back.
 */
export function undoPatch(qc: QueryClient, before: MailListItem[], field: "readStatus" | "importantStatus") {
  const byValue = new Map<0 | 1, number[]>();
  for (const m of before) byValue.set(m[field], [...(byValue.get(m[field]) ?? []), m.mailId]);
  for (const [value, ids] of byValue) patchMails(qc, ids, { [field]: value });
}

/** Applies a change to every cached row and opened mail of these ids. */
export function patchMails(qc: QueryClient, ids: number[], patch: Partial<Pick<MailListItem, "readStatus" | "importantStatus" | "tags">>) {
  const want = new Set(ids);
  qc.setQueriesData<MailListPage>({ queryKey: mailKeys.lists }, (page) =>
    page && page.mails.some((m) => want.has(m.mailId))
      ? { ...page, mails: page.mails.map((m) => (want.has(m.mailId) ? { ...m, ...patch } : m)) }
      : page);
  qc.setQueriesData<MailView>({ queryKey: mailKeys.views }, (v) => (v && want.has(v.mailId) ? { ...v, ...patch } : v));
}

function mapTree(tree: MailFolder[], fn: (f: MailFolder) => MailFolder): MailFolder[] {
  return tree.map((f) => fn({ ...f, children: mapTree(f.children, fn) }));
}

function folderTypeOf(tree: MailFolder[], id: number): string | undefined {
  for (const f of tree) {
    if (f.id === id) return f.folderType;
    const inner = folderTypeOf(f.children, id);
    if (inner) return inner;
  }
  return undefined;
}

/**
 * Moves the unread counts of the tree by a change of read state of these rows: their own folders, and the
 * ALL and UNREAD virtual folders for mails in their scope. Counts never drop below 0.
 */
export function shiftUnreadCounts(qc: QueryClient, rows: MailListItem[], read: boolean) {
  const tree = qc.getQueryData<MailFolder[]>(mailKeys.folders);
  if (!tree) return;
  const delta = new Map<number | string, number>();
  const add = (id: number | string, n: number) => delta.set(id, (delta.get(id) ?? 0) + n);
  for (const m of rows) {
    if ((m.readStatus === 1) === read) continue;
    const n = read ? -1 : 1;
    add(m.folderId, n);
    const type = folderTypeOf(tree, m.folderId);
    if (type && !(VIRTUAL_SCOPE_EXCLUDED_TYPES as readonly string[]).includes(type)) {
      add(-1, n);
      add(-3, n);
    }
  }
  if (!delta.size) return;
  qc.setQueryData<MailFolder[]>(mailKeys.folders, mapTree(tree, (f) => {
    const d = delta.get(f.id);
    return d ? { ...f, newCount: Math.max(0, f.newCount + d) } : f;
  }));
}

/** Sets the unread count of one folder to 0 (read all, empty trash). */
export function zeroFolderCounts(qc: QueryClient, folderId: number | string, total = false) {
  const tree = qc.getQueryData<MailFolder[]>(mailKeys.folders);
  if (!tree) return;
  qc.setQueryData<MailFolder[]>(mailKeys.folders, mapTree(tree, (f) =>
    f.id === folderId ? { ...f, newCount: 0, ...(total ? { totalCount: 0, usedSize: 0 } : {}) } : f));
}

