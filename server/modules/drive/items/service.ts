// Items: the roots, one item, a folder's sub-folders, the breadcrumbs, items by id, new folders, renames and
// the important flag. Rules: access.ts (owner, or a share's 2/3 on the item or a folder above it).
import { DRIVE_PERMISSION, DRIVE_SHARE_TYPE, GOOGLE_FOLDER_ID, SPECIAL_FOLDERS } from "../../../../shared/drive/constants.ts";
import { DRIVE_ERRORS } from "../../../../shared/drive/errors.ts";
import type { DriveItem } from "../../../../shared/drive/items.ts";
import { extensionOf } from "../../../../shared/drive/kinds.ts";
import type { Caller } from "../../../lib/context.ts";
import { isUniqueViolation } from "../../../lib/db-errors.ts";
import { AppError } from "../../../lib/errors.ts";
import { companyConfig } from "../../company/service.ts";
import { sharedWith } from "../../share/access.ts";
import { accessOf, driveNotFound, ownerRef, requireAccess, writableFolder } from "../access.ts";
import { checkName, sortNameOf } from "../names.ts";
import { publishDriveChanged } from "../realtime.ts";
import * as repo from "../repo.ts";
import { nameSearchColumns } from "../search/columns.ts";
import { itemOf, itemsOf } from "../view.ts";

export const nameTaken = () => new AppError(409, DRIVE_ERRORS.nameTaken);

/** The caller's ROOT and trash rows, made on first use. */
export async function ownSpecials(caller: Caller) {
  return await repo.specialRows(caller.deps.db, caller.auth.companyId, caller.auth.userId, caller.deps.clock.now());
}

/** A special view as an item (RECENT -1, IMPORTANT -2, SHARE -3, GOOGLE -5). */
function virtualItem(caller: Caller, id: number, fileType: string): DriveItem {
  return {
    id, parentId: null, childCount: 0, important: false, shareFlag: false, linkFlag: false, isShortcut: false, fileType,
    owner: { id: caller.auth.userId, name: "", email: caller.auth.username }, fileName: fileType, extension: "",
    folderColor: null, fileSize: 0, usedTimeMillis: 0, deleteTimeMillis: null,
  };
}

const VIRTUAL: Record<number, string> = {
  [SPECIAL_FOLDERS.recent]: "RECENT", [SPECIAL_FOLDERS.important]: "IMPORTANT", [SPECIAL_FOLDERS.share]: "SHARE",
  [SPECIAL_FOLDERS.search]: "SEARCH", [GOOGLE_FOLDER_ID]: "GOOGLE",
};

async function googleEnabled(caller: Caller): Promise<boolean> {
  const config = await companyConfig(caller.deps, caller.auth.companyId, "drive") as { useGoogleDrive?: boolean };
  return config.useGoogleDrive === true;
}

/** GET root: ROOT, RECENT, IMPORTANT, SHARE, DELETED, and GOOGLE when the company's drive config enables it. */
export async function roots(caller: Caller): Promise<DriveItem[]> {
  const { root, trash } = await ownSpecials(caller);
  const [rootItem, trashItem] = await itemsOf(caller, [root, trash]);
  const list = [
    rootItem,
    virtualItem(caller, SPECIAL_FOLDERS.recent, "RECENT"),
    virtualItem(caller, SPECIAL_FOLDERS.important, "IMPORTANT"),
    virtualItem(caller, SPECIAL_FOLDERS.share, "SHARE"),
    trashItem,
  ];
  if (await googleEnabled(caller)) list.push(virtualItem(caller, GOOGLE_FOLDER_ID, "GOOGLE"));
  return list;
}

export async function defaultFolder(caller: Caller): Promise<DriveItem> {
  return await itemOf(caller, (await ownSpecials(caller)).root);
}

/** GET {id}: a special view's item, or an item the caller may read (the owner's trash items included). */
export async function getItem(caller: Caller, id: number): Promise<DriveItem> {
  if (id < 0) {
    if (!(id in VIRTUAL) || (id === GOOGLE_FOLDER_ID && !(await googleEnabled(caller)))) throw driveNotFound();
    return virtualItem(caller, id, VIRTUAL[id]);
  }
  return await itemOf(caller, (await accessOf(caller, id)).row);
}

/** GET {parent}/children: the live folders directly under a folder (the move/copy dialog's tree). */
export async function children(caller: Caller, parentId: number): Promise<DriveItem[]> {
  const a = await requireAccess(caller, parentId, DRIVE_PERMISSION.read);
  if (a.row.kind !== "folder" && a.row.kind !== "ROOT") throw new AppError(400, DRIVE_ERRORS.notAFolder);
  return await itemsOf(caller, await repo.liveChildren(caller.deps.db, caller.auth.companyId, a.row.id, true));
}

/**
 * GET {id}/super/parent: the folders from the top down to the item (itself included). For the owner the top
 * is their ROOT (or trash); for a member the highest folder shared with them.
 */
export async function ancestors(caller: Caller, id: number): Promise<DriveItem[]> {
  const a = await accessOf(caller, id);
  let chain = a.chain;
  if (!a.own) {
    const shared = new Set((await sharedWith(caller.deps, ownerRef(caller), DRIVE_SHARE_TYPE)).map((s) => s.objectId));
    const top = chain.findLastIndex((r) => shared.has(String(r.id)));
    chain = chain.slice(0, top + 1);
  }
  return await itemsOf(caller, [...chain].reverse());
}

/** GET files?fileIds[]: the items the caller may read, in the order asked; others are left out. */
export async function itemsByIds(caller: Caller, ids: number[]): Promise<DriveItem[]> {
  const rows: repo.ItemRow[] = [];
  for (const id of [...new Set(ids)]) {
    try {
      rows.push((await accessOf(caller, id)).row);
    } catch (e) {
      if (!(e instanceof AppError) || (e.status !== 404 && e.status !== 403)) throw e;
    }
  }
  return await itemsOf(caller, rows);
}

/** POST create: a folder under a folder the caller may write; 409 drive.name_taken when the name is used there. */
export async function createFolder(caller: Caller, input: { fileName: string; parentId: number; folderColor?: string | null }): Promise<DriveItem> {
  const name = checkName(input.fileName, true);
  const parent = await writableFolder(caller, input.parentId);
  const now = caller.deps.clock.now();
  try {
    const [row] = await repo.insertItems(caller.deps.db, [{
      companyId: caller.auth.companyId, ownerUserId: parent.row.ownerUserId, parentId: parent.row.id, kind: "folder",
      name, sortName: sortNameOf(name), extension: "", folderColor: input.folderColor ?? null, ...nameSearchColumns(name),
      usedAt: now, createdAt: now, updatedAt: now,
    }]);
    void publishDriveChanged(caller.deps, caller.auth.companyId, [parent.row.id]);
    return await itemOf(caller, row);
  } catch (e) {
    if (isUniqueViolation(e, "drive_items_name_uq")) throw nameTaken();
    throw e;
  }
}

/** PUT {id}/name: write permission; a file keeps its rules (255), a folder its (80); 409 when taken. */
export async function rename(caller: Caller, id: number, fileName: string): Promise<DriveItem> {
  const a = await requireAccess(caller, id, DRIVE_PERMISSION.write);
  if (a.row.kind === "ROOT") throw new AppError(400, DRIVE_ERRORS.nameInvalid);
  const name = checkName(fileName, a.row.kind === "folder");
  const now = caller.deps.clock.now();
  const extension = a.row.kind === "folder" ? "" : extensionOf(name);
  try {
    const row = await repo.updateItem(caller.deps.db, caller.auth.companyId, id, {
      name, sortName: sortNameOf(name), ...(a.row.kind === "file" ? { extension } : {}), ...nameSearchColumns(name),
      usedAt: now, updatedAt: now,
    });
    if (!row) throw driveNotFound();
    void publishDriveChanged(caller.deps, caller.auth.companyId, [row.parentId]);
    return await itemOf(caller, row);
  } catch (e) {
    if (isUniqueViolation(e, "drive_items_name_uq")) throw nameTaken();
    throw e;
  }
}

/** PUT important: sets the flag of the items the caller may write (all checked first: all or nothing). */
export async function setImportant(caller: Caller, ids: number[], important: boolean): Promise<DriveItem[]> {
  const unique = [...new Set(ids)];
  const rows = [];
  for (const id of unique) rows.push((await requireAccess(caller, id, DRIVE_PERMISSION.write)).row);
  if (rows.some((r) => r.kind === "ROOT")) throw driveNotFound();
  await repo.updateItems(caller.deps.db, caller.auth.companyId, unique, { important, updatedAt: caller.deps.clock.now() });
  void publishDriveChanged(caller.deps, caller.auth.companyId, rows.map((r) => r.parentId));
  return await itemsOf(caller, await repo.findItems(caller.deps.db, caller.auth.companyId, unique));
}
