// Queries of the private groups. Every query is scoped by the owner (and company) of the request.
import { and, asc, eq, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import { bigintArray } from "../../../lib/sql-array.ts";
import type { DbOrTx } from "../../../../db/client.ts";
import { contactCardGroups, contactCards, contactGroups } from "../../../../db/schema/contacts.ts";

export type GroupRow = typeof contactGroups.$inferSelect;

export interface Owner {
  companyId: number;
  userId: number;
}

const mine = (o: Owner) => and(eq(contactGroups.companyId, o.companyId), eq(contactGroups.ownerUserId, o.userId));

export async function allGroups(db: DbOrTx, o: Owner): Promise<GroupRow[]> {
  return await db.select().from(contactGroups).where(mine(o)).orderBy(asc(contactGroups.name), asc(contactGroups.id));
}

export async function findGroup(db: DbOrTx, o: Owner, id: number): Promise<GroupRow | null> {
  const [row] = await db.select().from(contactGroups).where(and(mine(o), eq(contactGroups.id, id)));
  return row ?? null;
}

export async function childrenOf(db: DbOrTx, o: Owner, parentId: number | null): Promise<GroupRow[]> {
  return await db.select().from(contactGroups)
    .where(and(mine(o), parentId === null ? isNull(contactGroups.parentId) : eq(contactGroups.parentId, parentId)))
    .orderBy(asc(contactGroups.name), asc(contactGroups.id));
}

export async function countGroups(db: DbOrTx, o: Owner): Promise<number> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(contactGroups).where(mine(o));
  return n;
}

export async function insertGroup(db: DbOrTx, values: typeof contactGroups.$inferInsert): Promise<GroupRow> {
  const [row] = await db.insert(contactGroups).values(values).returning();
  return row;
}

export async function renameGroup(db: DbOrTx, o: Owner, id: number, name: string) {
  await db.update(contactGroups).set({ name }).where(and(mine(o), eq(contactGroups.id, id)));
}

export async function deleteGroup(db: DbOrTx, o: Owner, id: number) {
  await db.delete(contactGroups).where(and(mine(o), eq(contactGroups.id, id)));
}

/**
 * Cards (not in the trash) per own group: the group's relations (an index-only count) less those of cards in
 * the trash (few, found through the trash index), rather than a join of every relation with its card.
 */
export async function cardCounts(db: DbOrTx, o: Owner, groupIds: number[]): Promise<Map<number, number>> {
  if (groupIds.length === 0) return new Map();
  const [all, trashed] = await Promise.all([
    db.select({ groupId: contactCardGroups.groupId, n: sql<number>`count(*)::int` }).from(contactCardGroups)
      .where(sql`${contactCardGroups.groupId} = any(${bigintArray(groupIds)})`).groupBy(contactCardGroups.groupId),
    trashedRelations(db, o).groupBy(contactCardGroups.groupId),
  ]);
  const out = new Map(all.map((r) => [r.groupId, r.n]));
  for (const r of trashed) out.set(r.groupId, (out.get(r.groupId) ?? 0) - r.n);
  return out;
}

function trashedRelations(db: DbOrTx, o: Owner) {
  return db.select({ groupId: contactCardGroups.groupId, n: sql<number>`count(*)::int` }).from(contactCardGroups)
    .innerJoin(contactCards, eq(contactCards.id, contactCardGroups.cardId))
    .where(and(eq(contactCards.companyId, o.companyId), eq(contactCards.ownerUserId, o.userId), isNotNull(contactCards.deletedAt)));
}

/**
 * The counts of the special groups: all, important, added since `newSince`, in no group. Each is an index
 * count; "in no group" is all less the live cards that have a relation (distinct cards of the own groups'
 * relations, less those in the trash).
 */
export async function specialCounts(db: DbOrTx, o: Owner, newSince: Date, groupIds: number[]) {
  const live = and(eq(contactCards.companyId, o.companyId), eq(contactCards.ownerUserId, o.userId), isNull(contactCards.deletedAt));
  const count = (extra?: SQL) => db.select({ n: sql<number>`count(*)::int` }).from(contactCards).where(and(live, extra)).then(([r]) => r.n);
  const [all, important, fresh, mapped, mappedTrashed] = await Promise.all([
    count(),
    count(eq(contactCards.important, true)),
    count(sql`${contactCards.createdAt} > ${newSince.toISOString()}::timestamptz`),
    groupIds.length
      ? db.select({ n: sql<number>`count(distinct ${contactCardGroups.cardId})::int` }).from(contactCardGroups)
        .where(sql`${contactCardGroups.groupId} = any(${bigintArray(groupIds)})`).then(([r]) => r.n)
      : 0,
    groupIds.length
      ? db.select({ n: sql<number>`count(distinct ${contactCardGroups.cardId})::int` }).from(contactCardGroups)
        .innerJoin(contactCards, eq(contactCards.id, contactCardGroups.cardId))
        .where(and(eq(contactCards.companyId, o.companyId), eq(contactCards.ownerUserId, o.userId), isNotNull(contactCards.deletedAt)))
        .then(([r]) => r.n)
      : 0,
  ]);
  return { all, important, fresh, unmapped: all - (mapped - mappedTrashed) };
}

/** Serialises one user's group edits, so two adds cannot both pass the depth and count checks. */
export async function lockGroups(db: DbOrTx, o: Owner) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`contact-groups:${o.userId}`}, 0))`);
}
