// Items by name, for WebDAV (dav/), whose paths are names: a folder's live children of every kind (with the
// read check on the folder), one child by its name and the items along a path of names (ignoring case, as
// names are unique). The rows are answered as they are: WebDAV reads sizes, blob keys and times the DriveItem
// does not carry.
import { DRIVE_PERMISSION } from "../../../../shared/drive/constants.ts";
import { DRIVE_ERRORS } from "../../../../shared/drive/errors.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { type Access, requireAccess } from "../access.ts";
import { sortNameOf } from "../names.ts";
import * as repo from "../repo.ts";

export type { ItemRow } from "../repo.ts";

/** A live item the caller may read, as its row (404 when missing, foreign or trashed). */
export async function readableRow(caller: Caller, id: number): Promise<repo.ItemRow> {
  return (await requireAccess(caller, id, DRIVE_PERMISSION.read)).row;
}

/** The live children of a folder (or ROOT) the caller may read, in name order. */
export async function childRows(caller: Caller, folderId: number): Promise<repo.ItemRow[]> {
  const a = await requireAccess(caller, folderId, DRIVE_PERMISSION.read);
  if (a.row.kind !== "folder" && a.row.kind !== "ROOT") throw new AppError(400, DRIVE_ERRORS.notAFolder);
  return await repo.liveChildren(caller.deps.db, caller.auth.companyId, a.row.id);
}

/** The live child of that name (any case) in a folder the caller may read; undefined when there is none. */
export async function childByName(caller: Caller, folderId: number, name: string): Promise<repo.ItemRow | undefined> {
  return (await rowsAlong(caller, folderId, [name]))[0];
}

/**
 * The live items along a path of names (any case) below a folder the caller may read — its right covers what is
 * below it — one per name for as far as the path exists (a file ends it). One query, not a folder's children
 * per name: WebDAV names every item by its path, and a folder may hold thousands.
 */
export async function rowsAlong(caller: Caller, folder: number | Access, names: string[]): Promise<repo.ItemRow[]> {
  // An Access the caller already holds (requireAccess with read or more) is not looked up again.
  const a = typeof folder === "number" ? await requireAccess(caller, folder, DRIVE_PERMISSION.read) : folder;
  if (a.row.kind !== "folder" && a.row.kind !== "ROOT") throw new AppError(400, DRIVE_ERRORS.notAFolder);
  return await repo.livePath(caller.deps.db, caller.auth.companyId, a.row.id, names.map((n) => sortNameOf(n.normalize("NFC"))));
}
