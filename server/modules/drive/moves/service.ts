// PUT {target}/moved, POST copy and GET moveable (001 §5: "cannot move into a sub-folder; cannot copy into
// the current folder"). All or nothing: every item is checked before anything changes.
// - Move: write permission on the items and the target folder, both in the same owner's tree (a member moves
//   within the shared tree; items never change owner by a move: 403 drive.66); not into the item itself or
//   below it (400 drive.move_into_descendant); a name taken in the target answers 409 drive.name_taken.
// - Copy: read permission on the items, write on the target; not into the folder an item is in (400
//   drive.copy_into_same_folder), not a folder into itself or below it; folders with their live sub-trees;
//   the copies belong to the target's owner and count into their quota (507 drive.73); a taken name gets
//   "name (n).ext". Files share their blob (content-addressed), their bytes count again.
import { DRIVE_PERMISSION, DRIVE_SHARE_TYPE } from "../../../../shared/drive/constants.ts";
import { DRIVE_ERRORS } from "../../../../shared/drive/errors.ts";
import type { DriveItem } from "../../../../shared/drive/items.ts";
import { extensionOf } from "../../../../shared/drive/kinds.ts";
import type { Tx } from "../../../../db/client.ts";
import type { Caller } from "../../../lib/context.ts";
import { isUniqueViolation } from "../../../lib/db-errors.ts";
import { AppError } from "../../../lib/errors.ts";
import { transactionWithRetry } from "../../../lib/transaction.ts";
import { sharedWith } from "../../share/access.ts";
import { type Access, driveNotFound, noPermission, ownerRef, requireAccess, writableFolder } from "../access.ts";
import { checkQuota } from "../files/service.ts";
import { nameTaken } from "../items/service.ts";
import { checkName, freeName, sortNameOf } from "../names.ts";
import { publishDriveChanged } from "../realtime.ts";
import { trashIn } from "../trash/service.ts";
import * as repo from "../repo.ts";
import { nameSearchColumns } from "../search/columns.ts";
import { itemsOf } from "../view.ts";

async function itemsWith(caller: Caller, ids: number[], need: number, tx?: Tx): Promise<Access[]> {
  const out: Access[] = [];
  for (const id of [...new Set(ids)]) {
    const a = await requireAccess(caller, id, need, tx);
    if (a.row.kind === "ROOT") throw driveNotFound();
    out.push(a);
  }
  return out;
}

export async function moveItems(caller: Caller, targetId: number, ids: number[]): Promise<DriveItem[]> {
  const companyId = caller.auth.companyId;
  const now = caller.deps.clock.now();
  const { moved, oldParents } = await transactionWithRetry(caller.deps.db, async (tx) => {
    const target = await writableFolder(caller, targetId, tx);
    const list = await itemsWith(caller, ids, DRIVE_PERMISSION.write, tx);
    const above = new Set(target.chain.map((r) => r.id));
    for (const a of list) {
      if (a.row.ownerUserId !== target.row.ownerUserId) throw noPermission();
      if (above.has(a.row.id)) throw new AppError(400, DRIVE_ERRORS.moveIntoItself);
    }
    const moving = list.filter((a) => a.row.parentId !== target.row.id);
    const names = new Set<string>();
    for (const a of moving) {
      if (names.has(a.row.sortName)) throw nameTaken();
      names.add(a.row.sortName);
    }
    try {
      for (const a of moving) await repo.updateItem(tx, companyId, a.row.id, { parentId: target.row.id, updatedAt: now });
    } catch (e) {
      if (isUniqueViolation(e, "drive_items_name_uq")) throw nameTaken();
      throw e;
    }
    return { moved: list.map((a) => a.row.id), oldParents: moving.map((a) => a.row.parentId) };
  });
  void publishDriveChanged(caller.deps, companyId, [targetId, ...oldParents]);
  return await itemsOf(caller, await repo.findItems(caller.deps.db, companyId, moved));
}

/**
 * A move of one item into a folder under the name given (WebDAV MOVE; into its own folder it is a rename): the
 * move's rules (write on the item and the target, one owner's tree, not into itself) and the name's, in ONE
 * update, so the item is never left moved but not renamed; 409 drive.name_taken when another item has the name.
 * `replacing`: an item trashed in the same transaction (the destination a MOVE with Overwrite replaces).
 */
export async function moveItemAs(caller: Caller, id: number, targetId: number, name: string, replacing?: number): Promise<DriveItem> {
  const companyId = caller.auth.companyId;
  const now = caller.deps.clock.now();
  const { row, oldParent } = await transactionWithRetry(caller.deps.db, async (tx) => {
    if (replacing !== undefined) await trashIn(caller, tx, [replacing]);
    const target = await writableFolder(caller, targetId, tx);
    const [a] = await itemsWith(caller, [id], DRIVE_PERMISSION.write, tx);
    if (a.row.ownerUserId !== target.row.ownerUserId) throw noPermission();
    if (target.chain.some((r) => r.id === a.row.id)) throw new AppError(400, DRIVE_ERRORS.moveIntoItself);
    const checked = checkName(name, a.row.kind === "folder");
    try {
      const row = await repo.updateItem(tx, companyId, a.row.id, {
        parentId: target.row.id, name: checked, sortName: sortNameOf(checked), ...nameSearchColumns(checked),
        ...(a.row.kind === "file" ? { extension: extensionOf(checked) } : {}), updatedAt: now,
      });
      return { row: row!, oldParent: a.row.parentId };
    } catch (e) {
      if (isUniqueViolation(e, "drive_items_name_uq")) throw nameTaken();
      throw e;
    }
  });
  void publishDriveChanged(caller.deps, companyId, [targetId, oldParent]);
  return (await itemsOf(caller, [row]))[0];
}

export async function copyItems(caller: Caller, targetId: number, ids: number[]): Promise<DriveItem[]> {
  const companyId = caller.auth.companyId;
  const copies = await transactionWithRetry(caller.deps.db, async (tx) => {
    const target = await writableFolder(caller, targetId, tx);
    const list = await itemsWith(caller, ids, DRIVE_PERMISSION.read, tx);
    const above = new Set(target.chain.map((r) => r.id));
    for (const a of list) {
      if (a.row.parentId === target.row.id) throw new AppError(400, DRIVE_ERRORS.copyIntoSame);
      if (above.has(a.row.id)) throw new AppError(400, DRIVE_ERRORS.moveIntoItself);
    }
    const taken = await repo.takenNames(tx, companyId, target.row.id, "");
    const names = list.map((a) => {
      const name = freeName(a.row.name, taken, a.row.kind === "folder");
      taken.add(sortNameOf(name));
      return name;
    });
    const copied = await copyTrees(caller, tx, target, list.map((a) => a.row), names, true);
    return list.map((a) => copied.get(a.row.id)!);
  });
  void publishDriveChanged(caller.deps, companyId, [targetId]);
  return await itemsOf(caller, await repo.findItems(caller.deps.db, companyId, copies));
}

/**
 * A copy of one item under the exact name given (WebDAV COPY): copy's rules, except that the folder the item is
 * in may be the target (under another name), a taken name answers 409 drive.name_taken instead of "name (n)",
 * and a folder comes without its content unless `deep`. `replacing`: an item trashed in the same transaction
 * first (the destination a COPY with Overwrite replaces). `alongside` runs in the same transaction with the
 * copies' ids (old → new), for rows of the caller's own (WebDAV's dead properties). All or nothing: a copy over
 * the quota (507) or a name taken leaves no part of the tree behind, and the replaced item where it was.
 */
export async function copyItemAs(caller: Caller, id: number, targetId: number, name: string, opts: {
  deep: boolean;
  replacing?: number;
  alongside?: (tx: Tx, copies: Map<number, number>) => Promise<void>;
}): Promise<DriveItem> {
  const { deep, replacing, alongside } = opts;
  const companyId = caller.auth.companyId;
  const copy = await transactionWithRetry(caller.deps.db, async (tx) => {
    if (replacing !== undefined) await trashIn(caller, tx, [replacing]);
    const target = await writableFolder(caller, targetId, tx);
    const [a] = await itemsWith(caller, [id], DRIVE_PERMISSION.read, tx);
    if (target.chain.some((r) => r.id === a.row.id)) throw new AppError(400, DRIVE_ERRORS.moveIntoItself);
    const checked = checkName(name, a.row.kind === "folder");
    const copies = await copyTrees(caller, tx, target, [a.row], [checked], deep);
    await alongside?.(tx, copies);
    return copies.get(a.row.id)!;
  });
  void publishDriveChanged(caller.deps, companyId, [targetId]);
  return (await itemsOf(caller, await repo.findItems(caller.deps.db, companyId, [copy])))[0];
}

/**
 * Copies `tops` (live rows the caller may read) into the target folder under `names`, with their live sub-trees
 * when `deep`, inside the caller's transaction: the copies belong to the target's owner and count into their
 * quota (507 drive.73, checked before anything is written); files share their blob. Answers old id → new id.
 */
async function copyTrees(caller: Caller, tx: Tx, target: Access, tops: repo.ItemRow[], names: string[], deep: boolean) {
  const companyId = caller.auth.companyId;
  const now = caller.deps.clock.now();
  await repo.findItem(tx, companyId, target.row.id, true);
  // The live sub-trees, level by level from the copied items down.
  const levels: repo.ItemRow[][] = [tops];
  while (deep) {
    const parents = levels.at(-1)!.filter((r) => r.kind === "folder").map((r) => r.id);
    if (!parents.length) break;
    const next = (await Promise.all(parents.map((p) => repo.liveChildren(tx, companyId, p)))).flat();
    if (!next.length) break;
    levels.push(next);
  }
  const bytes = levels.flat().reduce((n, r) => n + (r.kind === "file" ? r.size : 0), 0);
  await checkQuota(tx, companyId, target.row.ownerUserId, bytes);
  const newId = new Map<number, number>();
  for (const [depth, level] of levels.entries()) {
    const values = level.map((r, i) => {
      const name = depth === 0 ? names[i] : r.name;
      const { id: _id, ...rest } = r;
      return {
        ...rest,
        ownerUserId: target.row.ownerUserId,
        parentId: depth === 0 ? target.row.id : newId.get(r.parentId!)!,
        name,
        sortName: sortNameOf(name),
        ...(depth === 0 && r.kind === "file" ? { extension: extensionOf(name) } : {}),
        important: false,
        usedAt: now,
        createdAt: now,
        updatedAt: now,
        deletedAt: null,
        originalParentId: null,
        ...nameSearchColumns(name),
      };
    });
    let inserted: repo.ItemRow[];
    try {
      inserted = await repo.insertItems(tx, values);
    } catch (e) {
      if (isUniqueViolation(e, "drive_items_name_uq")) throw nameTaken();
      throw e;
    }
    inserted.forEach((row, i) => newId.set(level[i].id, row.id));
  }
  await repo.copyContents(tx, companyId, newId);
  return newId;
}

/** GET moveable?fileIds[]: the folders (and ROOT) the items may move into: their owner's tree as far as the
 *  caller may write it, without the items and what is below them. */
export async function moveableFolders(caller: Caller, ids: number[]): Promise<DriveItem[]> {
  const companyId = caller.auth.companyId;
  const list = await itemsWith(caller, ids, DRIVE_PERMISSION.write);
  const owners = new Set(list.map((a) => a.row.ownerUserId));
  if (owners.size !== 1) return [];
  const owner = [...owners][0];
  let tops: number[];
  if (owner === caller.auth.userId) {
    tops = [(await repo.specialRows(caller.deps.db, companyId, owner, caller.deps.clock.now())).root.id];
  } else {
    const shared = await sharedWith(caller.deps, ownerRef(caller), DRIVE_SHARE_TYPE);
    tops = shared.filter((s) => s.ownerUserId === owner && s.permission >= DRIVE_PERMISSION.write).map((s) => Number(s.objectId));
  }
  const excluded = new Set([...list.map((a) => a.row.id), ...await repo.descendantIds(caller.deps.db, companyId, list.map((a) => a.row.id))]);
  const rows = await repo.liveFolderTrees(caller.deps.db, companyId, tops);
  return await itemsOf(caller, rows.filter((r) => !excluded.has(r.id)));
}
