// The trash (001 §4: items stay TRASH_DAYS, then go for good; restorable meanwhile).
// - DELETE (fileIds): write permission; the items go into their OWNER's trash (a member deleting in a shared
//   folder too), hung under the owner's DELETED row with deleted_at and original_parent_id; what is below a
//   trashed folder keeps its place and gets the same deleted_at. Their bytes still count until purged.
// - PUT restore: the owner's top-level trash items go back to their folder, or to the ROOT when that folder is
//   gone or in the trash, named "name (n)" when the name is taken there.
// - DELETE {id}/clean, DELETE trash: for good (the rows below go with the parent's: foreign key cascade; the
//   quota trigger subtracts their bytes; the blob collector removes bytes no row names any more); their shares
//   and share links are forgotten.
// - purgeTrash (the job): top-level trash items deleted more than TRASH_DAYS ago, claimed with FOR UPDATE SKIP
//   LOCKED so any number of instances may run it.
import { and, eq, isNotNull, lt, sql } from "drizzle-orm";
import { driveItems } from "../../../../db/schema/index.ts";
import type { DbOrTx, Tx } from "../../../../db/client.ts";
import { DRIVE_PERMISSION, DRIVE_SHARE_TYPE, TRASH_DAYS } from "../../../../shared/drive/constants.ts";
import { DRIVE_ERRORS } from "../../../../shared/drive/errors.ts";
import type { DriveItem } from "../../../../shared/drive/items.ts";
import type { AppDeps, Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { transactionWithRetry } from "../../../lib/transaction.ts";
import { forgetShares } from "../../share/access.ts";
import { forgetLinks } from "../../share-links/service.ts";
import { accessOf, driveNotFound, requireAccess } from "../access.ts";
import { freeName, sortNameOf } from "../names.ts";
import { publishDriveChanged } from "../realtime.ts";
import * as repo from "../repo.ts";
import { nameSearchColumns } from "../search/columns.ts";
import { itemsOf } from "../view.ts";

export async function trashItems(caller: Caller, ids: number[]): Promise<void> {
  const parents = await transactionWithRetry(caller.deps.db, (tx) => trashIn(caller, tx, ids));
  void publishDriveChanged(caller.deps, caller.auth.companyId, parents);
}

/** trashItems inside the caller's transaction (publishing is the caller's); answers the folders they left. */
export async function trashIn(caller: Caller, tx: Tx, ids: number[]): Promise<number[]> {
  const companyId = caller.auth.companyId;
  const now = caller.deps.clock.now();
  const rows: repo.ItemRow[] = [];
  for (const id of [...new Set(ids)]) {
    const a = await requireAccess(caller, id, DRIVE_PERMISSION.write, tx);
    if (a.row.kind === "ROOT") throw driveNotFound();
    rows.push(a.row);
  }
  // An item below another one of the list goes with it.
  const listed = new Set(rows.map((r) => r.id));
  const below = new Set(await repo.descendantIds(tx, companyId, [...listed]));
  const tops = rows.filter((r) => !below.has(r.id));
  for (const r of tops) {
    const { trash } = await repo.specialRows(tx, companyId, r.ownerUserId, now);
    await repo.updateItem(tx, companyId, r.id, { parentId: trash.id, originalParentId: r.parentId, deletedAt: now, updatedAt: now });
  }
  await repo.markTrashed(tx, companyId, await repo.descendantIds(tx, companyId, tops.map((r) => r.id)), now);
  return tops.map((r) => r.parentId!);
}

/** A top-level item of the caller's own trash, locked; 400 drive.not_in_trash for a live item. */
async function ownTrashItem(caller: Caller, tx: DbOrTx, id: number): Promise<repo.ItemRow> {
  const a = await accessOf(caller, id, tx);
  if (!a.own) throw driveNotFound();
  const parent = a.chain[1];
  if (!a.row.deletedAt || parent?.kind !== "DELETED") {
    if (a.row.deletedAt) throw driveNotFound(); // inside a trashed folder: restore or clean the folder
    throw new AppError(400, DRIVE_ERRORS.notInTrash);
  }
  return (await repo.findItem(tx, caller.auth.companyId, id, true))!;
}

export async function restoreItems(caller: Caller, ids: number[]): Promise<DriveItem[]> {
  const companyId = caller.auth.companyId;
  const now = caller.deps.clock.now();
  const restored = await transactionWithRetry(caller.deps.db, async (tx) => {
    const rows: repo.ItemRow[] = [];
    for (const id of [...new Set(ids)]) rows.push(await ownTrashItem(caller, tx, id));
    const { root } = await repo.specialRows(tx, companyId, caller.auth.userId, now);
    const out: repo.ItemRow[] = [];
    for (const r of rows) {
      let targetId = root.id;
      if (r.originalParentId) {
        const chain = await repo.ancestry(tx, companyId, r.originalParentId);
        const live = chain.length > 0 && chain.every((x) => !x.deletedAt) && chain.at(-1)!.kind === "ROOT" &&
          chain[0].ownerUserId === r.ownerUserId && (chain[0].kind === "folder" || chain[0].kind === "ROOT");
        if (live) targetId = chain[0].id;
      }
      await repo.findItem(tx, companyId, targetId, true);
      const isFolder = r.kind === "folder";
      const taken = await repo.takenNames(tx, companyId, targetId, "");
      const name = freeName(r.name, taken, isFolder);
      await repo.markTrashed(tx, companyId, await repo.descendantIds(tx, companyId, [r.id]), null);
      out.push((await repo.updateItem(tx, companyId, r.id, {
        parentId: targetId, originalParentId: null, deletedAt: null, name, sortName: sortNameOf(name), ...nameSearchColumns(name),
        updatedAt: now,
      }))!);
    }
    return out;
  });
  void publishDriveChanged(caller.deps, companyId, restored.map((r) => r.parentId));
  return await itemsOf(caller, restored);
}

/** Deletes items and what is below them for good, with their shares and links (in the caller's transaction). */
async function deleteForGood(tx: DbOrTx, companyId: number, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const all = [...ids, ...await repo.descendantIds(tx, companyId, ids)].map(String);
  await forgetShares(tx, companyId, DRIVE_SHARE_TYPE, all);
  await forgetLinks(tx, companyId, DRIVE_SHARE_TYPE, all);
  await repo.deleteItems(tx, companyId, ids);
}

export async function cleanItem(caller: Caller, id: number): Promise<void> {
  const trashId = await transactionWithRetry(caller.deps.db, async (tx) => {
    const row = await ownTrashItem(caller, tx, id);
    await deleteForGood(tx, caller.auth.companyId, [row.id]);
    return row.parentId;
  });
  void publishDriveChanged(caller.deps, caller.auth.companyId, [trashId]);
}

export async function emptyTrash(caller: Caller): Promise<void> {
  const companyId = caller.auth.companyId;
  const trashId = await transactionWithRetry(caller.deps.db, async (tx) => {
    const { trash } = await repo.specialRows(tx, companyId, caller.auth.userId, caller.deps.clock.now());
    await repo.findItem(tx, companyId, trash.id, true);
    const rows = await tx.select({ id: driveItems.id }).from(driveItems)
      .where(and(eq(driveItems.companyId, companyId), eq(driveItems.parentId, trash.id)));
    await deleteForGood(tx, companyId, rows.map((r) => r.id));
    return trash.id;
  });
  void publishDriveChanged(caller.deps, companyId, [trashId]);
}

const PURGE_BATCH = 200;

/** The job: top-level trash items older than `days` go for good; answers how many. */
export async function purgeTrash(deps: AppDeps, days = TRASH_DAYS): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - days * 86_400_000);
  let total = 0;
  for (;;) {
    const n = await deps.db.transaction(async (tx) => {
      const rows = await tx.select({ id: driveItems.id, companyId: driveItems.companyId }).from(driveItems)
        .where(and(isNotNull(driveItems.deletedAt), lt(driveItems.deletedAt, cutoff), isNotNull(driveItems.originalParentId),
          sql`exists (select 1 from drive_items t where t.id = ${driveItems.parentId} and t.kind = 'DELETED')`))
        .limit(PURGE_BATCH).for("update", { skipLocked: true });
      const byCompany = new Map<number, number[]>();
      for (const r of rows) byCompany.set(r.companyId, [...byCompany.get(r.companyId) ?? [], r.id]);
      for (const [companyId, ids] of byCompany) await deleteForGood(tx, companyId, ids);
      return rows.length;
    });
    total += n;
    if (n < PURGE_BATCH) return total;
  }
}
