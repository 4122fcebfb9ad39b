// Sharing in the drive.
// - GET share/list: folderId -3 lists the live items shared with the caller by others (share module), with
//   searchWord narrowing them by name; a folder id lists a folder the caller reaches through a share (or owns),
//   answering the caller's permission there (0 own, 2 read, 3 read and write).
// - POST share/mail/link/content: the caller's files or folders as links for a mail body; each item gets a
//   READ link open to anyone (share-links service), reusing one it already has.
import { DRIVE_PERMISSION, DRIVE_SHARE_TYPE, SPECIAL_FOLDERS } from "../../../../shared/drive/constants.ts";
import type { DriveList, ListQuery } from "../../../../shared/drive/items.ts";
import { SHARE_LINK_VIEWER_PATH } from "../../../../shared/share.ts";
import type { Caller } from "../../../lib/context.ts";
import { sharedWith } from "../../share/access.ts";
import * as links from "../../share-links/service.ts";
import { accessOf, driveNotFound, ownerRef, requireAccess } from "../access.ts";
import * as repo from "../repo.ts";
import { folderPage } from "../views/repo.ts";
import { answer, pageOf } from "../views/service.ts";

function compare(q: ListQuery) {
  const sign = q.dir === "asc" ? 1 : -1;
  const key = (r: repo.ItemRow): number | string =>
    q.sort === "fileName" ? r.sortName : q.sort === "fileSize" ? r.size : q.sort === "deleteTimeMillis" ? 0 : r.usedAt.getTime();
  return (a: repo.ItemRow, b: repo.ItemRow) => {
    if ((a.kind === "folder") !== (b.kind === "folder")) return a.kind === "folder" ? -1 : 1;
    const x = key(a), y = key(b);
    return (x < y ? -1 : x > y ? 1 : 0) * sign || (a.id - b.id) * sign;
  };
}

/** The live items others share with the caller (share module), as rows: "shared with me" (here and WebDAV's /dav/shared/). */
export async function sharedItems(caller: Caller): Promise<repo.ItemRow[]> {
  const shared = await sharedWith(caller.deps, ownerRef(caller), DRIVE_SHARE_TYPE);
  return (await repo.findItems(caller.deps.db, caller.auth.companyId, shared.map((s) => Number(s.objectId)))).filter((r) => !r.deletedAt);
}

export async function sharedList(caller: Caller, q: ListQuery): Promise<DriveList> {
  const companyId = caller.auth.companyId;
  if (q.folderId === SPECIAL_FOLDERS.share) {
    const word = (q.searchWord ?? "").trim().normalize("NFC").toLowerCase();
    const rows = (await sharedItems(caller)).filter((r) => !word || r.sortName.includes(word)).sort(compare(q));
    const p = pageOf(q);
    return await answer(caller, q, { rows: rows.slice(p.offset, p.offset + p.limit), total: rows.length }, DRIVE_PERMISSION.none, null);
  }
  if (q.folderId <= 0) throw driveNotFound();
  const a = await requireAccess(caller, q.folderId, DRIVE_PERMISSION.read);
  if (a.row.kind !== "folder" && a.row.kind !== "ROOT") throw driveNotFound();
  const found = await folderPage(caller.deps.db, companyId, a.row.id, pageOf(q));
  return await answer(caller, q, found, a.own ? DRIVE_PERMISSION.none : a.permission, a.row);
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function sizeText(bytes: number): string {
  const units = ["B", "KB", "MB", "GB"];
  let n = bytes, u = 0;
  while (n >= 1024 && u < units.length - 1) n /= 1024, u++;
  return `${u === 0 ? n : n.toFixed(1)} ${units[u]}`;
}

export async function mailLinkContent(caller: Caller, ids: number[]): Promise<{ content: string; links: { fileId: number; url: string }[] }> {
  const out: { fileId: number; url: string; name: string; size: number; folder: boolean }[] = [];
  for (const id of [...new Set(ids)]) {
    const a = await accessOf(caller, id);
    if (a.row.deletedAt || (a.row.kind !== "file" && a.row.kind !== "folder")) throw driveNotFound();
    const objectId = String(a.row.id);
    const existing = (await links.list(caller, DRIVE_SHARE_TYPE, objectId))
      .find((l) => l.accessMode === "ANYONE" && l.permission === "READ" && l.expiryDate === null && l.downloadLimitCount === null);
    const link = existing ?? await links.create(caller, { moduleType: DRIVE_SHARE_TYPE, objectId, permission: "READ", accessMode: "ANYONE" });
    const url = `${caller.deps.config.PUBLIC_URL.replace(/\/$/, "")}${SHARE_LINK_VIEWER_PATH}${link.token}`;
    out.push({ fileId: a.row.id, url, name: a.row.name, size: a.row.size, folder: a.row.kind === "folder" });
  }
  const content = out.map((l) =>
    `<p><a href="${escapeHtml(l.url)}" target="_blank" rel="noopener noreferrer">${escapeHtml(l.name)}</a>` +
    `${l.folder ? "" : ` (${sizeText(l.size)})`}</p>`
  ).join("");
  return { content, links: out.map(({ fileId, url }) => ({ fileId, url })) };
}
