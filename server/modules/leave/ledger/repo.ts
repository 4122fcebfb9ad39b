// Queries of allocations, usages and their draws (leave_usage_allocations). Every query names the company.
import { and, asc, desc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import {
  leaveAllocations, leaveHrUsers, leaveTemplates, leaveUsageAllocations, leaveUsages, users,
} from "../../../../db/schema/index.ts";

export type AllocationRow = typeof leaveAllocations.$inferSelect;
export type UsageRow = typeof leaveUsages.$inferSelect;

/** The user's hr row, made when missing and locked: every balance check and draw of the user runs under it. */
export async function lockHrUser(tx: DbOrTx, companyId: number, userId: number) {
  await tx.insert(leaveHrUsers).values({ userId, companyId }).onConflictDoNothing();
  await tx.select({ userId: leaveHrUsers.userId }).from(leaveHrUsers).where(eq(leaveHrUsers.userId, userId)).for("update");
}

export async function findAllocation(db: DbOrTx, companyId: number, id: number, lock = false): Promise<AllocationRow | undefined> {
  const q = db.select().from(leaveAllocations).where(and(eq(leaveAllocations.companyId, companyId), eq(leaveAllocations.id, id)));
  const [row] = lock ? await q.for("update") : await q;
  return row;
}

export async function findUsage(db: DbOrTx, companyId: number, id: number, lock = false): Promise<UsageRow | undefined> {
  const q = db.select().from(leaveUsages).where(and(eq(leaveUsages.companyId, companyId), eq(leaveUsages.id, id)));
  const [row] = lock ? await q.for("update") : await q;
  return row;
}

export async function usageByDocument(db: DbOrTx, documentId: number): Promise<UsageRow | undefined> {
  const [row] = await db.select().from(leaveUsages).where(eq(leaveUsages.approvalDocumentId, documentId));
  return row;
}

/** Allocations of a user (of a type, valid on a date, when given), the latest expiry first. */
export async function allocationsOfUser(
  db: DbOrTx, companyId: number, userId: number, o: { templateId?: number; date?: string } = {},
): Promise<AllocationRow[]> {
  return await db.select().from(leaveAllocations).where(and(
    eq(leaveAllocations.companyId, companyId), eq(leaveAllocations.userId, userId),
    o.templateId ? eq(leaveAllocations.templateId, o.templateId) : undefined,
    o.date ? lte(leaveAllocations.validFrom, o.date) : undefined,
    o.date ? gte(leaveAllocations.validTo, o.date) : undefined,
  )).orderBy(desc(leaveAllocations.validTo), desc(leaveAllocations.id));
}

export async function allocationsOfTemplate(db: DbOrTx, companyId: number, templateId: number, date?: string): Promise<AllocationRow[]> {
  return await db.select().from(leaveAllocations).where(and(
    eq(leaveAllocations.companyId, companyId), eq(leaveAllocations.templateId, templateId),
    date ? lte(leaveAllocations.validFrom, date) : undefined, date ? gte(leaveAllocations.validTo, date) : undefined,
  )).orderBy(asc(leaveAllocations.userId), desc(leaveAllocations.validTo));
}

export async function pendingAllocationsOf(db: DbOrTx, companyId: number, userIds: number[]): Promise<AllocationRow[]> {
  if (!userIds.length) return [];
  return await db.select().from(leaveAllocations).where(and(
    eq(leaveAllocations.companyId, companyId), inArray(leaveAllocations.userId, userIds), eq(leaveAllocations.status, "PENDING"),
  )).orderBy(asc(leaveAllocations.createdAt), asc(leaveAllocations.id));
}

/** Usages of a user overlapping [from, to) instants (all when not given), by start. */
export async function usagesOfUser(db: DbOrTx, companyId: number, userId: number, from?: Date, to?: Date): Promise<UsageRow[]> {
  return await db.select().from(leaveUsages).where(and(
    eq(leaveUsages.companyId, companyId), eq(leaveUsages.userId, userId),
    to ? sql`${leaveUsages.startAt} < ${to.toISOString()}::timestamptz` : undefined,
    from ? sql`${leaveUsages.endAt} > ${from.toISOString()}::timestamptz` : undefined,
  )).orderBy(asc(leaveUsages.startAt), asc(leaveUsages.id));
}

export async function usagesOfTemplate(db: DbOrTx, companyId: number, templateId: number, from: Date, to: Date): Promise<UsageRow[]> {
  return await db.select().from(leaveUsages).where(and(
    eq(leaveUsages.companyId, companyId), eq(leaveUsages.templateId, templateId),
    sql`${leaveUsages.startAt} < ${to.toISOString()}::timestamptz`, sql`${leaveUsages.endAt} > ${from.toISOString()}::timestamptz`,
  )).orderBy(asc(leaveUsages.startAt), asc(leaveUsages.id));
}

export async function pendingUsagesOf(db: DbOrTx, companyId: number, userIds: number[]): Promise<UsageRow[]> {
  if (!userIds.length) return [];
  return await db.select().from(leaveUsages).where(and(
    eq(leaveUsages.companyId, companyId), inArray(leaveUsages.userId, userIds), eq(leaveUsages.status, "PENDING"),
  )).orderBy(asc(leaveUsages.startAt), asc(leaveUsages.id));
}

/** The user's PENDING or APPROVED usages overlapping the instants (another than `exceptId`). */
export async function overlapping(db: DbOrTx, companyId: number, userId: number, startAt: Date, endAt: Date, exceptId = 0) {
  const rows = await db.select({ id: leaveUsages.id }).from(leaveUsages).where(and(
    eq(leaveUsages.companyId, companyId), eq(leaveUsages.userId, userId), inArray(leaveUsages.status, ["PENDING", "APPROVED"]),
    sql`${leaveUsages.id} <> ${exceptId}`,
    sql`${leaveUsages.startAt} < ${endAt.toISOString()}::timestamptz`, sql`${leaveUsages.endAt} > ${startAt.toISOString()}::timestamptz`,
  )).limit(1);
  return rows.length > 0;
}

export interface Drawn {
  /** Days drawn by APPROVED and PENDING usages. */
  held: number;
  /** Days drawn by APPROVED usages that started by `now`. */
  used: number;
}

/** What the usages draw from each allocation. */
export async function drawnFrom(db: DbOrTx, allocationIds: number[], now: Date): Promise<Map<number, Drawn>> {
  const out = new Map<number, Drawn>();
  if (!allocationIds.length) return out;
  const rows = await db.select({
    id: leaveUsageAllocations.allocationId,
    held: sql<string>`coalesce(sum(${leaveUsageAllocations.days}) filter (where ${leaveUsages.status} in ('APPROVED', 'PENDING')), 0)`,
    used: sql<string>`coalesce(sum(${leaveUsageAllocations.days}) filter (where ${leaveUsages.status} = 'APPROVED'
      and ${leaveUsages.startAt} <= ${now.toISOString()}::timestamptz), 0)`,
  }).from(leaveUsageAllocations).innerJoin(leaveUsages, eq(leaveUsages.id, leaveUsageAllocations.usageId))
    .where(inArray(leaveUsageAllocations.allocationId, allocationIds)).groupBy(leaveUsageAllocations.allocationId);
  for (const r of rows) out.set(Number(r.id), { held: Number(r.held), used: Number(r.used) });
  return out;
}

export async function drawsOfUsage(db: DbOrTx, usageId: number) {
  return await db.select().from(leaveUsageAllocations).where(eq(leaveUsageAllocations.usageId, usageId));
}

export async function clearDraws(db: DbOrTx, usageId: number) {
  await db.delete(leaveUsageAllocations).where(eq(leaveUsageAllocations.usageId, usageId));
}

/** Names of users of the company by id. */
export async function namesOf(db: DbOrTx, companyId: number, ids: (number | null)[]): Promise<Map<number, string>> {
  const list = [...new Set(ids.filter((id): id is number => id !== null))];
  if (!list.length) return new Map();
  const rows = await db.select({ id: users.id, name: users.accountName }).from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.id, list)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function templatesById(db: DbOrTx, companyId: number, ids: number[]) {
  const list = [...new Set(ids)];
  if (!list.length) return new Map<number, typeof leaveTemplates.$inferSelect>();
  const rows = await db.select().from(leaveTemplates).where(and(eq(leaveTemplates.companyId, companyId), inArray(leaveTemplates.id, list)));
  return new Map(rows.map((r) => [r.id, r]));
}
