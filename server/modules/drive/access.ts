// Who may do what with a drive item. The owner of an item (the owner of the tree it is in) may do anything;
// another user of the company gets the highest permission a share gives them on the item or any folder above
// it (share module, moduleType "drive": 2 read, 3 read and write; a shared folder's permission covers its
// sub-tree). Items in the trash are the owner's alone. An id of another company, or a missing one, answers 404
// drive.not_found; an item of the company the caller may not see answers 403 drive.66.
import { DRIVE_PERMISSION, DRIVE_SHARE_TYPE } from "../../../shared/drive/constants.ts";
import { DRIVE_ERRORS } from "../../../shared/drive/errors.ts";
import type { DbOrTx } from "../../../db/client.ts";
import type { Caller } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";
import { memberPermissionOfAny } from "../share/access.ts";
import * as repo from "./repo.ts";

export const driveNotFound = () => new AppError(404, DRIVE_ERRORS.notFound);
export const noPermission = () => new AppError(403, DRIVE_ERRORS.noPermission);

export interface Access {
  row: repo.ItemRow;
  /** The item, then its ancestors up to its ROOT or DELETED row. */
  chain: repo.ItemRow[];
  /** 3 for the owner; the share's 2 or 3 for a member. */
  permission: number;
  own: boolean;
}

export function ownerRef(caller: Caller) {
  return { companyId: caller.auth.companyId, userId: caller.auth.userId };
}

/** The item with the caller's permission on it; 404 when missing, foreign or (for members) in the trash. */
export async function accessOf(caller: Caller, id: number, db: DbOrTx = caller.deps.db): Promise<Access> {
  const chain = await repo.ancestry(db, caller.auth.companyId, id);
  const row = chain[0];
  if (!row) throw driveNotFound();
  if (row.ownerUserId === caller.auth.userId) return { row, chain, permission: DRIVE_PERMISSION.write, own: true };
  if (row.deletedAt || row.kind === "DELETED" || chain.at(-1)!.kind !== "ROOT") throw driveNotFound();
  const permission = row.kind === "ROOT" ? 0 : await memberPermissionOfAny(
    caller.deps, ownerRef(caller), DRIVE_SHARE_TYPE, chain.filter((r) => r.kind !== "ROOT").map((r) => String(r.id)),
  );
  if (permission < DRIVE_PERMISSION.read) throw noPermission();
  return { row, chain, permission, own: false };
}

/** accessOf, requiring a live item (not in the trash) and at least `need`. */
export async function requireAccess(caller: Caller, id: number, need: number, db?: DbOrTx): Promise<Access> {
  const a = await accessOf(caller, id, db);
  if (a.row.deletedAt || a.row.kind === "DELETED") throw driveNotFound();
  if (a.permission < need) throw noPermission();
  return a;
}

/** A folder (or ROOT) items may go into, with write permission: 400 drive.not_a_folder for anything else. */
export async function writableFolder(caller: Caller, id: number, db?: DbOrTx): Promise<Access> {
  const a = await accessOf(caller, id, db);
  if (a.row.deletedAt || a.row.kind === "DELETED") {
    throw a.row.kind === "DELETED" ? new AppError(400, DRIVE_ERRORS.uploadRefused) : driveNotFound();
  }
  if (a.row.kind !== "folder" && a.row.kind !== "ROOT") throw new AppError(400, DRIVE_ERRORS.notAFolder);
  if (a.permission < DRIVE_PERMISSION.write) throw noPermission();
  return a;
}
