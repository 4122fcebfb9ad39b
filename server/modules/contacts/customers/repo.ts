// Queries of the customer book's groups, members, admins and history. Every query is scoped by company.
import { and, asc, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import {
  contactCards, customerAdmins, customerGroupMembers, customerGroups, customerHistory,
} from "../../../../db/schema/contacts.ts";
import { users } from "../../../../db/schema/users.ts";

export type GroupRow = typeof customerGroups.$inferSelect;
export type HistoryRow = typeof customerHistory.$inferSelect;

export async function allGroups(db: DbOrTx, companyId: number): Promise<GroupRow[]> {
  return await db.select().from(customerGroups).where(eq(customerGroups.companyId, companyId))
    .orderBy(asc(customerGroups.name), asc(customerGroups.id));
}

export async function insertGroup(db: DbOrTx, values: typeof customerGroups.$inferInsert): Promise<GroupRow> {
  const [row] = await db.insert(customerGroups).values(values).returning();
  return row;
}

export async function updateGroup(db: DbOrTx, companyId: number, id: number, values: Partial<typeof customerGroups.$inferInsert>) {
  await db.update(customerGroups).set(values).where(and(eq(customerGroups.companyId, companyId), eq(customerGroups.id, id)));
}

export async function setDeleted(db: DbOrTx, companyId: number, ids: number[], at: Date | null) {
  if (ids.length === 0) return;
  await db.update(customerGroups).set({ deletedAt: at, updatedAt: at ?? new Date() })
    .where(and(eq(customerGroups.companyId, companyId), inArray(customerGroups.id, ids)));
}

/** Groups deleted before `before`, deleted for good with their cards, members and history; how many. */
export async function purgeGroups(db: DbOrTx, before: Date): Promise<number> {
  const rows = await db.delete(customerGroups).where(and(isNotNull(customerGroups.deletedAt), sql`${customerGroups.deletedAt} < ${before.toISOString()}::timestamptz`))
    .returning({ id: customerGroups.id });
  return rows.length;
}

export async function membersOf(db: DbOrTx, companyId: number, groupIds: number[]) {
  if (groupIds.length === 0) return [];
  return await db.select({
    groupId: customerGroupMembers.groupId,
    userId: customerGroupMembers.userId,
    privilege: customerGroupMembers.privilege,
    userName: users.accountName,
    email: users.username,
  }).from(customerGroupMembers)
    .innerJoin(users, eq(users.id, customerGroupMembers.userId))
    .where(and(eq(customerGroupMembers.companyId, companyId), inArray(customerGroupMembers.groupId, groupIds)))
    .orderBy(asc(users.accountName), asc(users.id));
}

/** The caller's memberships: groupId → privilege. */
export async function membershipsOf(db: DbOrTx, companyId: number, userId: number): Promise<Map<number, string>> {
  const rows = await db.select({ groupId: customerGroupMembers.groupId, privilege: customerGroupMembers.privilege })
    .from(customerGroupMembers)
    .where(and(eq(customerGroupMembers.companyId, companyId), eq(customerGroupMembers.userId, userId)));
  return new Map(rows.map((r) => [r.groupId, r.privilege]));
}

export async function setMembers(db: DbOrTx, companyId: number, groupId: number, list: { userId: number; privilege: string }[]) {
  await db.delete(customerGroupMembers).where(and(eq(customerGroupMembers.companyId, companyId), eq(customerGroupMembers.groupId, groupId)));
  if (list.length) await db.insert(customerGroupMembers).values(list.map((m) => ({ ...m, groupId, companyId })));
}

/** Which of ids are active users of the company. */
export async function companyUsers(db: DbOrTx, companyId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return await db.select({ id: users.id, accountName: users.accountName, username: users.username, role: users.role })
    .from(users).where(and(eq(users.companyId, companyId), inArray(users.id, ids), eq(users.status, "ACTIVE")));
}

export async function companyAdmins(db: DbOrTx, companyId: number) {
  return await db.select({ id: users.id, accountName: users.accountName, username: users.username })
    .from(users).where(and(eq(users.companyId, companyId), eq(users.role, "ROLE_ADMIN"), eq(users.status, "ACTIVE")))
    .orderBy(asc(users.accountName), asc(users.id));
}

export async function namedAdmins(db: DbOrTx, companyId: number) {
  return await db.select({ id: users.id, accountName: users.accountName, username: users.username })
    .from(customerAdmins).innerJoin(users, eq(users.id, customerAdmins.userId))
    .where(eq(customerAdmins.companyId, companyId)).orderBy(asc(users.accountName), asc(users.id));
}

export async function isNamedAdmin(db: DbOrTx, companyId: number, userId: number): Promise<boolean> {
  const [row] = await db.select({ u: customerAdmins.userId }).from(customerAdmins)
    .where(and(eq(customerAdmins.companyId, companyId), eq(customerAdmins.userId, userId)));
  return !!row;
}

export async function setNamedAdmins(db: DbOrTx, companyId: number, ids: number[]) {
  await db.delete(customerAdmins).where(eq(customerAdmins.companyId, companyId));
  if (ids.length) await db.insert(customerAdmins).values(ids.map((userId) => ({ companyId, userId })));
}

export async function cardCounts(db: DbOrTx, companyId: number): Promise<Map<number, number>> {
  const rows = await db.select({ groupId: contactCards.customerGroupId, n: sql<number>`count(*)::int` }).from(contactCards)
    .where(and(eq(contactCards.companyId, companyId), isNotNull(contactCards.customerGroupId), isNull(contactCards.deletedAt)))
    .groupBy(contactCards.customerGroupId);
  return new Map(rows.map((r) => [r.groupId!, r.n]));
}

export async function insertHistory(db: DbOrTx, values: typeof customerHistory.$inferInsert | (typeof customerHistory.$inferInsert)[]) {
  const list = Array.isArray(values) ? values : [values];
  if (list.length) await db.insert(customerHistory).values(list);
}

export async function historyPage(db: DbOrTx, companyId: number, where: SQL, order: "asc" | "desc", sortBy: "updated" | "created", limit: number, offset: number) {
  const cond = and(eq(customerHistory.companyId, companyId), where);
  const col = sortBy === "created" ? customerHistory.createdAt : customerHistory.updatedAt;
  const d = order === "asc" ? asc : desc;
  const [rows, [{ n }]] = await Promise.all([
    db.select().from(customerHistory).where(cond).orderBy(d(col), d(customerHistory.id)).limit(limit).offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(customerHistory).where(cond),
  ]);
  return { rows, total: n };
}

export async function findHistory(db: DbOrTx, companyId: number, id: number): Promise<HistoryRow | null> {
  const [row] = await db.select().from(customerHistory).where(and(eq(customerHistory.companyId, companyId), eq(customerHistory.id, id)));
  return row ?? null;
}

export async function updateHistory(db: DbOrTx, companyId: number, id: number, content: string, at: Date) {
  await db.update(customerHistory).set({ content, updatedAt: at }).where(and(eq(customerHistory.companyId, companyId), eq(customerHistory.id, id)));
}

export async function deleteHistory(db: DbOrTx, companyId: number, id: number) {
  await db.delete(customerHistory).where(and(eq(customerHistory.companyId, companyId), eq(customerHistory.id, id)));
}

export async function lockBook(db: DbOrTx, companyId: number) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`customer-book:${companyId}`}, 0))`);
}
