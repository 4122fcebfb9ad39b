// The folder tree's server calls (shared/mail/folders.ts, reading.ts): each answers when the server has
// done it, and refreshes what it changed (the tree's counts, the lists). Errors are left to the caller,
// which shows errorText(code).
import type { QueryClient } from "@tanstack/react-query";
import type { FolderMovePosition, MailFolder, MailTag } from "@shared/mail/folders.ts";
import { TAG_ROOT_ID } from "@shared/mail/folders.ts";
import { api } from "../../../lib/api.ts";
import { mailKeys, refreshMail } from "../queries.ts";

/** Puts a tree the server answered into the cache (move and sync answer the whole tree). */
function setTree(qc: QueryClient, tree: MailFolder[]) {
  qc.setQueryData(mailKeys.folders, tree);
}

const path = (id: string | number) => `/api/folders/${encodeURIComponent(String(id))}`;

export const folderApi = {
  async create(qc: QueryClient, nameFolder: string, parentId: number | undefined) {
    const f = await api<MailFolder>("/api/folders", {
      method: "POST",
      json: { folderType: "PRIVATE", nameFolder, ...(parentId ? { parentId } : {}) },
    });
    await qc.invalidateQueries({ queryKey: mailKeys.folders });
    return f;
  },
  async rename(qc: QueryClient, id: number, nameFolder: string) {
    await api<MailFolder>(`${path(id)}/nameFolder`, { method: "PUT", form: { nameFolder } });
    await qc.invalidateQueries({ queryKey: mailKeys.folders });
  },
  async renameSearch(qc: QueryClient, f: MailFolder, nameFolder: string) {
    await api<MailFolder>(`${path(f.id)}/search`, { method: "PUT", json: { nameFolder, options: f.options } });
    await qc.invalidateQueries({ queryKey: mailKeys.folders });
  },
  async color(qc: QueryClient, id: number, color: string) {
    await api<MailFolder>(`${path(id)}/color`, { method: "PUT", form: { color } });
    await qc.invalidateQueries({ queryKey: mailKeys.folders });
  },
  async remove(qc: QueryClient, id: number) {
    await api(path(id), { method: "DELETE" });
    await qc.invalidateQueries({ queryKey: mailKeys.folders });
    // The first-screen folder may have been this one (the server resets it then).
    await qc.invalidateQueries({ queryKey: mailKeys.config });
  },
  async move(qc: QueryClient, id: string, targetId: string, position: FolderMovePosition) {
    setTree(qc, await api<MailFolder[]>(`/api/folders/move/${id}/${targetId}/${position}`, { method: "PUT" }));
  },
  async readAll(qc: QueryClient, folderId: string | number) {
    await api(`/api/mails/${encodeURIComponent(String(folderId))}/read`, { method: "PUT" });
    await refreshMail(qc, { quota: true });
  },
  /** Empties the trash or the spam folder: counts go to zero at once, then the tree and lists reload. */
  async empty(qc: QueryClient, id: number) {
    await api(`/api/mails/trash/${id}/clean`, { method: "PUT" });
    qc.setQueryData<MailFolder[]>(mailKeys.folders, (tree) => tree && zeroCounts(tree, id));
    await refreshMail(qc, { quota: true });
  },
  async sync(qc: QueryClient) {
    setTree(qc, await api<MailFolder[]>("/api/folders/sync", { method: "PUT" }));
    await qc.invalidateQueries({ queryKey: mailKeys.lists });
  },
  async tag(qc: QueryClient, type: "add" | "update" | "delete", folderId: string | number, tag?: string, color?: string | null) {
    const id = type === "add" ? TAG_ROOT_ID : folderId;
    const body: Record<string, string> = { type };
    if (tag !== undefined) body.tag = tag;
    if (color !== undefined) body.color = color ?? "";
    const out = await api<MailTag | null>(`${path(id)}/tag`, { method: "PUT", json: body });
    await refreshMail(qc, { quota: true });
    return out;
  },
};

function zeroCounts(tree: MailFolder[], id: number): MailFolder[] {
  return tree.map((f) => ({
    ...f,
    ...(f.id === id ? { newCount: 0, totalCount: 0, usedSize: 0 } : {}),
    children: zeroCounts(f.children, id),
  }));
}
