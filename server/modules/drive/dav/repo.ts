// Queries of WebDAV's own tables (db/schema/drive-dav.ts): locks by tree, dead properties by item.
import { and, eq, inArray, lte } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { driveDavLocks, driveDavProps } from "../../../../db/schema/index.ts";

export type LockRow = typeof driveDavLocks.$inferSelect;

/** The live locks of a tree; expired ones are removed on the way. */
export async function treeLocks(db: DbOrTx, companyId: number, treeUserId: number, now: Date): Promise<LockRow[]> {
  const scope = and(eq(driveDavLocks.companyId, companyId), eq(driveDavLocks.treeUserId, treeUserId));
  await db.delete(driveDavLocks).where(and(scope, lte(driveDavLocks.expiresAt, now)));
  return await db.select().from(driveDavLocks).where(scope);
}

export async function insertLock(db: DbOrTx, row: LockRow): Promise<void> {
  await db.insert(driveDavLocks).values(row);
}

export async function refreshLock(db: DbOrTx, companyId: number, token: string, timeoutSeconds: number, expiresAt: Date): Promise<void> {
  await db.update(driveDavLocks).set({ timeoutSeconds, expiresAt })
    .where(and(eq(driveDavLocks.companyId, companyId), eq(driveDavLocks.token, token)));
}

export async function deleteLocks(db: DbOrTx, companyId: number, tokens: string[]): Promise<void> {
  if (!tokens.length) return;
  await db.delete(driveDavLocks).where(and(eq(driveDavLocks.companyId, companyId), inArray(driveDavLocks.token, tokens)));
}

export async function propsOf(db: DbOrTx, companyId: number, itemIds: number[]): Promise<Map<number, Map<string, string>>> {
  const out = new Map<number, Map<string, string>>();
  if (!itemIds.length) return out;
  const rows = await db.select().from(driveDavProps)
    .where(and(eq(driveDavProps.companyId, companyId), inArray(driveDavProps.itemId, itemIds)));
  for (const r of rows) {
    if (!out.has(r.itemId)) out.set(r.itemId, new Map());
    out.get(r.itemId)!.set(r.name, r.value);
  }
  return out;
}

export async function setProp(db: DbOrTx, companyId: number, itemId: number, name: string, value: string): Promise<void> {
  await db.insert(driveDavProps).values({ itemId, companyId, name, value })
    .onConflictDoUpdate({ target: [driveDavProps.itemId, driveDavProps.name], set: { value } });
}

export async function removeProp(db: DbOrTx, companyId: number, itemId: number, name: string): Promise<void> {
  await db.delete(driveDavProps).where(and(eq(driveDavProps.companyId, companyId), eq(driveDavProps.itemId, itemId), eq(driveDavProps.name, name)));
}

/** The dead properties of one item given to another (a copy). */
export async function copyProps(db: DbOrTx, companyId: number, fromId: number, toId: number): Promise<void> {
  const rows = await db.select().from(driveDavProps).where(and(eq(driveDavProps.companyId, companyId), eq(driveDavProps.itemId, fromId)));
  if (!rows.length) return;
  await db.insert(driveDavProps).values(rows.map((r) => ({ ...r, itemId: toId }))).onConflictDoNothing();
}
