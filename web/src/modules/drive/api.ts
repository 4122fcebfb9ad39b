// The drive's calls (001 §7 "Drive"; the list of calls and their shapes in shared/drive/items.ts), through
// the app's API client. Bytes (download, zip, preview) are links with a download ticket (shared/drive/transfer.ts),
// so the browser streams them to disk or into a frame.
import type { DriveItem, DriveList } from "@shared/drive/items.ts";
import type { DriveSortField } from "@shared/drive/constants.ts";
import { downloadPath, type DownloadTicket, previewPath, zipPath } from "@shared/drive/transfer.ts";
import { api } from "../../lib/api.ts";

const B = "/api/drive";

export interface ListParams {
  /** list: a folder id or a special one (-1 recent, -2 important, -3 my shares, -4 search); share/list: -3 or a folder. */
  folderId: number;
  /** share/list (shared with me) instead of list. */
  shared?: boolean;
  page: number;
  pageSize?: number;
  sort?: DriveSortField;
  dir?: "asc" | "desc";
  searchWord?: string;
  days?: number;
}

export const roots = (signal?: AbortSignal) => api<DriveItem[]>(`${B}/root`, { signal });
export const defaultFolder = (signal?: AbortSignal) => api<DriveItem>(`${B}/default`, { signal });
export const item = (id: number, signal?: AbortSignal) => api<DriveItem>(`${B}/${id}`, { signal });
export const children = (parent: number, signal?: AbortSignal) => api<DriveItem[]>(`${B}/${parent}/children`, { signal });
export const parents = (id: number, signal?: AbortSignal) => api<DriveItem[]>(`${B}/${id}/super/parent`, { signal });
export const moveable = (fileIds: number[], signal?: AbortSignal) => api<DriveItem[]>(`${B}/moveable`, { signal, query: { fileIds } });
export const files = (fileIds: number[], signal?: AbortSignal) => api<DriveItem[]>(`${B}/files`, { signal, query: { fileIds } });
export const shortcutTarget = (id: number, shared: boolean) => api<DriveItem>(`${B}/${shared ? "share/" : ""}shortcut/${id}`);

/** GET list / share/list (an answer with a folder's list; its message is null when all went well). */
export function list(p: ListParams, signal?: AbortSignal): Promise<DriveList> {
  const query = { folderId: p.folderId, page: p.page, pageSize: p.pageSize, sort: p.sort, dir: p.dir, searchWord: p.searchWord, days: p.days };
  return api<DriveList>(`${B}/${p.shared ? "share/list" : "list"}`, { signal, query });
}

export const createFolder = (fileName: string, parentId: number) => api<DriveItem>(`${B}/create`, { method: "POST", json: { fileName, parentId } });
export const rename = (id: number, fileName: string) => api<DriveItem>(`${B}/${id}/name`, { method: "PUT", json: { fileName } });
export const copy = (fileIds: number[], targetFolderId: number) => api<DriveItem[]>(`${B}/copy`, { method: "POST", json: { fileIds, targetFolderId } });
export const move = (fileIds: number[], target: number) => api<unknown>(`${B}/${target}/moved`, { method: "PUT", json: { fileIds } });
export const setImportant = (fileIds: number[], important: boolean) => api<unknown>(`${B}/important`, { method: "PUT", json: { fileIds, important } });
export const makeShortcut = (fileId: number, parentId: number) => api<DriveItem>(`${B}/shortcut`, { method: "POST", json: { fileId, parentId } });
export const toTrash = (fileIds: number[]) => api<void>(B, { method: "DELETE", json: { fileIds } });
export const restore = (fileIds: number[]) => api<unknown>(`${B}/restore`, { method: "PUT", json: { fileIds } });
export const clean = (id: number) => api<void>(`${B}/${id}/clean`, { method: "DELETE" });
export const emptyTrash = () => api<void>(`${B}/trash`, { method: "DELETE" });

/** POST download/ticket: a short-lived stand-in for the bearer, for these items only, so the browser can save a
 * large file or zip straight to disk through a link, and frame a preview. */
export const ticket = (fileIds: number[]) => api<DownloadTicket>(`${B}/download/ticket`, { method: "POST", json: { fileIds } });

/** The address that saves one file's bytes. */
export async function downloadUrl(id: number): Promise<string> {
  return downloadPath(id, (await ticket([id])).ticket);
}

/** The address of a zip of the items (folders with their contents). */
export async function zipUrl(fileIds: number[]): Promise<string> {
  return zipPath(fileIds, (await ticket(fileIds)).ticket);
}

/** The address of an image's or PDF's preview (GET {id}/preview). */
export async function previewUrl(id: number): Promise<string> {
  return previewPath(id, (await ticket([id])).ticket);
}
