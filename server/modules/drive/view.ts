// Rows as the drive items of 001 §3: owner, child counts, and the share and link flags (from the share and
// share-links services), loaded once per answer for all its rows.
import { DRIVE_SHARE_TYPE, type FolderType } from "../../../shared/drive/constants.ts";
import type { DriveItem } from "../../../shared/drive/items.ts";
import { kindOf } from "../../../shared/drive/kinds.ts";
import type { Caller } from "../../lib/context.ts";
import { sharedObjectIds } from "../share/access.ts";
import { linkedObjectIds } from "../share-links/service.ts";
import * as repo from "./repo.ts";

function fileTypeOf(row: repo.ItemRow): string {
  if (row.kind === "ROOT" || row.kind === "DELETED") return row.kind satisfies FolderType;
  if (row.kind === "folder") return "DIRECTORY";
  return kindOf(row.extension);
}

export async function itemsOf(caller: Caller, rows: repo.ItemRow[]): Promise<DriveItem[]> {
  if (!rows.length) return [];
  const { db } = caller.deps;
  const companyId = caller.auth.companyId;
  const ids = rows.map((r) => String(r.id));
  const folders = rows.filter((r) => r.kind !== "file" && r.kind !== "shortcut").map((r) => r.id);
  const [owners, counts, shared, linked] = await Promise.all([
    repo.ownersOf(db, companyId, [...new Set(rows.map((r) => r.ownerUserId))]),
    repo.childCounts(db, companyId, folders),
    sharedObjectIds(db, companyId, DRIVE_SHARE_TYPE, ids),
    linkedObjectIds(db, companyId, DRIVE_SHARE_TYPE, ids),
  ]);
  return rows.map((r) => {
    const owner = owners.get(r.ownerUserId);
    const item: DriveItem = {
      id: r.id,
      parentId: r.parentId,
      childCount: counts.get(r.id) ?? 0,
      important: r.important,
      shareFlag: shared.has(String(r.id)),
      linkFlag: linked.has(String(r.id)),
      isShortcut: r.kind === "shortcut",
      fileType: fileTypeOf(r),
      owner: { id: r.ownerUserId, name: owner?.name ?? "", email: owner?.email ?? "" },
      fileName: r.name,
      extension: r.extension,
      folderColor: r.folderColor,
      fileSize: r.size,
      usedTimeMillis: r.usedAt.getTime(),
      deleteTimeMillis: r.deletedAt?.getTime() ?? null,
    };
    if (r.kind === "shortcut") item.targetId = r.targetId;
    return item;
  });
}

export async function itemOf(caller: Caller, row: repo.ItemRow): Promise<DriveItem> {
  return (await itemsOf(caller, [row]))[0];
}
