// The drive's queries on drive_items (db/schema/drive.ts). Every query names the company; the services
// decide who may do what.
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { driveItems, users } from "../../../db/schema/index.ts";

export type ItemRow = typeof driveItems.$inferSelect;
export type NewItem = typeof driveItems.$inferInsert;

const idList = (ids: number[]) => sql.join(ids.map((id) => sql`${id}`), sql`, `);

/** The user's ROOT and DELETED rows, made when missing (two first calls at once make one each). */
export async function specialRows(db: DbOrTx, companyId: number, userId: number, now: Date): Promise<{ root: ItemRow; trash: ItemRow }> {
  const find = () =>
    db.select().from(driveItems).where(and(
      eq(driveItems.companyId, companyId), eq(driveItems.ownerUserId, userId), inArray(driveItems.kind, ["ROOT", "DELETED"]),
    ));
  let rows = await find();
  if (rows.length < 2) {
    const base = { companyId, ownerUserId: userId, extension: "", usedAt: now, createdAt: now, updatedAt: now };
    await db.insert(driveItems).values([
      { ...base, kind: "ROOT", name: "ROOT", sortName: "root" },
      { ...base, kind: "DELETED", name: "DELETED", sortName: "deleted" },
    ]).onConflictDoNothing();
    rows = await find();
  }
  return { root: rows.find((r) => r.kind === "ROOT")!, trash: rows.find((r) => r.kind === "DELETED")! };
}

export async function findItem(db: DbOrTx, companyId: number, id: number, lock = false): Promise<ItemRow | undefined> {
  const q = db.select().from(driveItems).where(and(eq(driveItems.companyId, companyId), eq(driveItems.id, id)));
  const [row] = lock ? await q.for("no key update") : await q;
  return row;
}

export async function findItems(db: DbOrTx, companyId: number, ids: number[]): Promise<ItemRow[]> {
  if (!ids.length) return [];
  return await db.select().from(driveItems).where(and(eq(driveItems.companyId, companyId), inArray(driveItems.id, ids)));
}

/** The item and its ancestors, the item first, up to its ROOT or DELETED row (one round trip). */
export async function ancestry(db: DbOrTx, companyId: number, id: number): Promise<ItemRow[]> {
  const rows = await db.select().from(driveItems).where(and(eq(driveItems.companyId, companyId), sql`${driveItems.id} in (
    with recursive up(id, parent_id, depth) as (
      select id, parent_id, 0 from drive_items where company_id = ${companyId} and id = ${id}
      union all
      select d.id, d.parent_id, up.depth + 1 from drive_items d join up on d.id = up.parent_id
      where d.company_id = ${companyId} and up.depth < 1000
    ) select id from up)`));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const chain: ItemRow[] = [];
  for (let row = byId.get(id); row && chain.length <= rows.length; row = row.parentId === null ? undefined : byId.get(row.parentId)) {
    chain.push(row);
  }
  return chain;
}

/** The ids of the items under these (not the items themselves), live or not. */
export async function descendantIds(db: DbOrTx, companyId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db.execute<{ id: string }>(sql`
    with recursive down(id) as (
      select id from drive_items where company_id = ${companyId} and parent_id in (${idList(ids)})
      union all
      select d.id from drive_items d join down on d.parent_id = down.id where d.company_id = ${companyId}
    ) select id from down`);
  return rows.map((r) => Number(r.id));
}

/** The live children of a folder (every kind), in name order. */
export async function liveChildren(db: DbOrTx, companyId: number, parentId: number, foldersOnly = false): Promise<ItemRow[]> {
  return await db.select().from(driveItems).where(and(
    eq(driveItems.companyId, companyId), eq(driveItems.parentId, parentId), isNull(driveItems.deletedAt),
    foldersOnly ? eq(driveItems.kind, "folder") : undefined,
  )).orderBy(sql`${driveItems.sortName} collate "C"`, driveItems.id);
}

/**
 * The live items along a path of sort names below a folder, one per name for as far as the path exists, in path
 * order (one round trip; each step reads the name index drive_items_name_uq, whatever the folders' sizes).
 */
export async function livePath(db: DbOrTx, companyId: number, fromId: number, sortNames: string[]): Promise<ItemRow[]> {
  if (!sortNames.length) return [];
  const rows = await db.select().from(driveItems).where(and(eq(driveItems.companyId, companyId), sql`${driveItems.id} in (
    with recursive walk(id, depth) as (
      select ${fromId}::bigint, 0
      union all
      select d.id, walk.depth + 1 from walk join drive_items d on d.parent_id = walk.id
      where d.company_id = ${companyId} and d.deleted_at is null and walk.depth < ${sortNames.length}
        and d.sort_name = (${JSON.stringify(sortNames)}::jsonb ->> walk.depth)
    ) select id from walk where depth > 0)`));
  const byParent = new Map(rows.map((r) => [r.parentId, r]));
  const path: ItemRow[] = [];
  for (let row = byParent.get(fromId); row && path.length < rows.length; row = byParent.get(row.id)) path.push(row);
  return path;
}

/** The keys of live names in a folder starting like `prefix` (for "name (n)" choices). */
export async function takenNames(db: DbOrTx, companyId: number, parentId: number, prefix: string): Promise<Set<string>> {
  const rows = await db.select({ k: driveItems.sortName }).from(driveItems).where(and(
    eq(driveItems.companyId, companyId), eq(driveItems.parentId, parentId), isNull(driveItems.deletedAt),
    sql`left(${driveItems.sortName}, ${prefix.length}) = ${prefix}`,
  ));
  return new Set(rows.map((r) => r.k));
}

export async function insertItems(db: DbOrTx, values: NewItem[]): Promise<ItemRow[]> {
  if (!values.length) return [];
  return await db.insert(driveItems).values(values).returning();
}

export async function updateItem(db: DbOrTx, companyId: number, id: number, values: Partial<NewItem>): Promise<ItemRow | undefined> {
  const [row] = await db.update(driveItems).set(values).where(and(eq(driveItems.companyId, companyId), eq(driveItems.id, id))).returning();
  return row;
}

export async function updateItems(db: DbOrTx, companyId: number, ids: number[], values: Partial<NewItem>): Promise<void> {
  if (!ids.length) return;
  await db.update(driveItems).set(values).where(and(eq(driveItems.companyId, companyId), inArray(driveItems.id, ids)));
}

export async function deleteItems(db: DbOrTx, companyId: number, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db.delete(driveItems).where(and(eq(driveItems.companyId, companyId), inArray(driveItems.id, ids)));
}

/** The user's quota and use, locked until the transaction ends (uploads and copies check, then insert). */
export async function lockedQuota(db: DbOrTx, companyId: number, userId: number): Promise<{ total: number; used: number }> {
  const [row] = await db.select({ total: users.totalQuota, used: users.usedSize }).from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId))).for("no key update");
  return row ?? { total: 0, used: 0 };
}

export interface OwnerRow {
  id: number;
  name: string;
  email: string;
}

export async function ownersOf(db: DbOrTx, companyId: number, ids: number[]): Promise<Map<number, OwnerRow>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: users.id, name: users.accountName, email: users.username }).from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.id, ids)));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Live children per folder. */
export async function childCounts(db: DbOrTx, companyId: number, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: driveItems.parentId, n: sql<number>`count(*)::int` }).from(driveItems)
    .where(and(eq(driveItems.companyId, companyId), inArray(driveItems.parentId, ids), isNull(driveItems.deletedAt)))
    .groupBy(driveItems.parentId);
  return new Map(rows.map((r) => [Number(r.id), Number(r.n)]));
}

/** These folders and every live folder below them (the move dialog's choices), the given ones first. */
export async function liveFolderTrees(db: DbOrTx, companyId: number, topIds: number[]): Promise<ItemRow[]> {
  if (!topIds.length) return [];
  const rows = await db.execute<{ id: string }>(sql`
    with recursive down(id, depth) as (
      select id, 0 from drive_items where company_id = ${companyId} and id in (${idList(topIds)}) and deleted_at is null
      union all
      select d.id, down.depth + 1 from drive_items d join down on d.parent_id = down.id
      where d.company_id = ${companyId} and d.kind = 'folder' and d.deleted_at is null
    ) select id from down order by depth, id`);
  const order = rows.map((r) => Number(r.id));
  const byId = new Map((await findItems(db, companyId, order)).map((r) => [r.id, r]));
  return order.map((id) => byId.get(id)!).filter(Boolean);
}

/** The extracted contents of copied files go with their copies (old id → new id). */
export async function copyContents(db: DbOrTx, companyId: number, newIds: Map<number, number>): Promise<void> {
  if (!newIds.size) return;
  const olds = [...newIds.keys()];
  const news = olds.map((id) => newIds.get(id)!);
  await db.execute(sql`
    insert into drive_item_contents (item_id, company_id, search_text, search_vector)
    select m.new_id, c.company_id, c.search_text, c.search_vector
    from drive_item_contents c join unnest(${`{${olds.join(",")}}`}::bigint[], ${`{${news.join(",")}}`}::bigint[]) as m(old_id, new_id)
      on c.item_id = m.old_id
    where c.company_id = ${companyId}`);
}

/** Sets (a trashed folder's sub-tree) or clears (its restore) deleted_at of these items. */
export async function markTrashed(db: DbOrTx, companyId: number, ids: number[], at: Date | null): Promise<void> {
  if (!ids.length) return;
  await db.update(driveItems).set({ deletedAt: at }).where(and(eq(driveItems.companyId, companyId), inArray(driveItems.id, ids)));
}
