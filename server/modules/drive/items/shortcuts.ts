// Shortcuts: an item pointing at a file or folder the caller may read, placed in a folder they may write
// (named like its target, "(n)" when the name is taken there). Shortcuts are never downloaded (readableFile
// answers 400 drive.shortcut_not_downloadable). GET shortcut/{id} (own) and share/shortcut/{id} (in a shared
// tree) answer the target, when the caller may still read it.
import { DRIVE_PERMISSION } from "../../../../shared/drive/constants.ts";
import { DRIVE_ERRORS } from "../../../../shared/drive/errors.ts";
import type { DriveItem } from "../../../../shared/drive/items.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { transactionWithRetry } from "../../../lib/transaction.ts";
import { accessOf, driveNotFound, requireAccess, writableFolder } from "../access.ts";
import { freeName, sortNameOf } from "../names.ts";
import { publishDriveChanged } from "../realtime.ts";
import * as repo from "../repo.ts";
import { nameSearchColumns } from "../search/columns.ts";
import { itemOf } from "../view.ts";

export async function createShortcut(caller: Caller, input: { fileId: number; parentId: number }): Promise<DriveItem> {
  const target = await requireAccess(caller, input.fileId, DRIVE_PERMISSION.read);
  if (target.row.kind !== "file" && target.row.kind !== "folder") throw driveNotFound();
  const companyId = caller.auth.companyId;
  const now = caller.deps.clock.now();
  const row = await transactionWithRetry(caller.deps.db, async (tx) => {
    const folder = await writableFolder(caller, input.parentId, tx);
    await repo.findItem(tx, companyId, folder.row.id, true);
    const isFolder = target.row.kind === "folder";
    const taken = await repo.takenNames(tx, companyId, folder.row.id, sortNameOf(target.row.name).split(".")[0]);
    const name = freeName(target.row.name, taken, isFolder);
    const [inserted] = await repo.insertItems(tx, [{
      companyId, ownerUserId: folder.row.ownerUserId, parentId: folder.row.id, kind: "shortcut", name, sortName: sortNameOf(name),
      extension: target.row.extension, mimeType: target.row.mimeType, targetId: target.row.id, ...nameSearchColumns(name),
      usedAt: now, createdAt: now, updatedAt: now,
    }]);
    return inserted;
  });
  void publishDriveChanged(caller.deps, companyId, [row.parentId]);
  return await itemOf(caller, row);
}

/** The target of a shortcut the caller may read; 404 when the target is gone or in the trash. */
export async function shortcutTarget(caller: Caller, id: number, shared: boolean): Promise<DriveItem> {
  const a = await requireAccess(caller, id, DRIVE_PERMISSION.read);
  // GET shortcut/{id} is for the caller's own tree, share/shortcut/{id} for a shared one too.
  if (!a.own && !shared) throw new AppError(403, DRIVE_ERRORS.noPermission);
  if (a.row.kind !== "shortcut" || !a.row.targetId) throw driveNotFound();
  const target = await accessOf(caller, a.row.targetId);
  if (target.row.deletedAt) throw driveNotFound();
  return await itemOf(caller, target.row);
}
