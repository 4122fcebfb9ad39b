// Queries of the auto-sort rules (db/schema/mail-settings.ts mail_rules): always scoped by the owner.
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { mailRules } from "../../../../db/schema/mail-settings.ts";
import { mailFolders } from "../../../../db/schema/mail.ts";
import { users } from "../../../../db/schema/users.ts";

export type RuleRow = typeof mailRules.$inferSelect;

export async function listRules(db: DbOrTx, userId: number, offset: number, limit: number): Promise<RuleRow[]> {
  return await db.select().from(mailRules).where(eq(mailRules.userId, userId))
    .orderBy(asc(mailRules.sortOrder), asc(mailRules.id)).offset(offset).limit(limit);
}

export async function allRules(db: DbOrTx, userId: number): Promise<RuleRow[]> {
  return await db.select().from(mailRules).where(eq(mailRules.userId, userId)).orderBy(asc(mailRules.sortOrder), asc(mailRules.id));
}

export async function countRules(db: DbOrTx, userId: number): Promise<number> {
  const [r] = await db.select({ n: count() }).from(mailRules).where(eq(mailRules.userId, userId));
  return r.n;
}

export async function findRule(db: DbOrTx, userId: number, id: number): Promise<RuleRow | undefined> {
  if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  const [r] = await db.select().from(mailRules).where(and(eq(mailRules.id, id), eq(mailRules.userId, userId)));
  return r;
}

/** Serialises one user's rule changes (the count limit, the order): locks the user's row until the commit. */
export async function lockOwner(db: DbOrTx, userId: number): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
}

/** The type of one of the user's own folders; undefined for a foreign or missing id. */
export async function folderTypeOf(db: DbOrTx, userId: number, folderId: number): Promise<string | undefined> {
  if (!Number.isSafeInteger(folderId) || folderId <= 0) return undefined;
  const [r] = await db.select({ folderType: mailFolders.folderType }).from(mailFolders)
    .where(and(eq(mailFolders.id, folderId), eq(mailFolders.userId, userId)));
  return r?.folderType;
}

export async function insertRule(db: DbOrTx, row: typeof mailRules.$inferInsert): Promise<RuleRow> {
  const [r] = await db.insert(mailRules).values(row).returning();
  return r;
}

export async function updateRule(
  db: DbOrTx,
  userId: number,
  id: number,
  set: Pick<RuleRow, "conditionOptions" | "conditionKey" | "folderId">,
): Promise<RuleRow | undefined> {
  const [r] = await db.update(mailRules).set(set).where(and(eq(mailRules.id, id), eq(mailRules.userId, userId))).returning();
  return r;
}

/** Numbers the given rules 1..n in the given order, in one statement. */
export async function renumber(db: DbOrTx, userId: number, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db.execute(sql`update mail_rules r set sort_order = o.pos from
    unnest(${`{${ids.join(",")}}`}::bigint[]) with ordinality as o(id, pos)
    where r.id = o.id and r.user_id = ${userId}`);
}

export async function deleteRules(db: DbOrTx, userId: number, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const gone = await db.delete(mailRules).where(and(eq(mailRules.userId, userId), inArray(mailRules.id, ids))).returning({ id: mailRules.id });
  return gone.length;
}
