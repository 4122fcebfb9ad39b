// Queries of the private groups. Every query is scoped by the owner (and company) of the request.
import { and, asc, eq, isNull, sql } from "drizzle-orm";
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

/** Cards (not in the trash) per own group. */
export async function cardCounts(db: DbOrTx, o: Owner): Promise<Map<number, number>> {
  const rows = await db.select({ groupId: contactCardGroups.groupId, n: sql<number>`count(*)::int` })
    .from(contactCardGroups)
    .innerJoin(contactCards, eq(contactCards.id, contactCardGroups.cardId))
    .where(and(eq(contactCards.companyId, o.companyId), eq(contactCards.ownerUserId, o.userId), isNull(contactCards.deletedAt)))
    .groupBy(contactCardGroups.groupId);
  return new Map(rows.map((r) => [r.groupId, r.n]));
}

/** The counts of the special groups: all, important, added since `newSince`, in no group. */
export async function specialCounts(db: DbOrTx, o: Owner, newSince: Date) {
  const [row] = await db.select({
    all: sql<number>`count(*)::int`,
    important: sql<number>`(count(*) filter (where ${contactCards.important}))::int`,
    fresh: sql<number>`(count(*) filter (where contact_cards.created_at > ${newSince.toISOString()}::timestamptz))::int`,
    unmapped: sql<number>`(count(*) filter (where not exists (select 1 from contact_card_groups g where g.card_id = contact_cards.id)))::int`,
  }).from(contactCards)
    .where(and(eq(contactCards.companyId, o.companyId), eq(contactCards.ownerUserId, o.userId), isNull(contactCards.deletedAt)));
  return row;
}

/** Serialises one user's group edits, so two adds cannot both pass the depth and count checks. */
export async function lockGroups(db: DbOrTx, o: Owner) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`contact-groups:${o.userId}`}, 0))`);
}
