// Queries of resources, custom types and bookers. Every query names the company.
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import {
  organizationMembers, organizations, resourceBookerOrgans, resourceBookerUsers, resources, resourceTypes, users,
} from "../../../db/schema/index.ts";

export type ResourceRow = typeof resources.$inferSelect;
export type TypeRow = typeof resourceTypes.$inferSelect;

export async function findResource(db: DbOrTx, companyId: number, id: number, lock = false): Promise<ResourceRow | undefined> {
  const q = db.select().from(resources).where(and(eq(resources.companyId, companyId), eq(resources.id, id)));
  const [row] = lock ? await q.for("update") : await q;
  return row;
}

/** The company's resources (of one type code, when given) in the grid's order. */
export async function resourcesOf(db: DbOrTx, companyId: number, type?: string): Promise<ResourceRow[]> {
  return await db.select().from(resources)
    .where(and(eq(resources.companyId, companyId), type ? eq(resources.type, type) : undefined))
    .orderBy(asc(resources.sortOrder), asc(resources.name), asc(resources.id));
}

export async function countResources(db: DbOrTx, companyId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(resources).where(eq(resources.companyId, companyId));
  return row.n;
}

/** Resources per type code. */
export async function countsByType(db: DbOrTx, companyId: number): Promise<Map<string, number>> {
  const rows = await db.select({ type: resources.type, n: count() }).from(resources)
    .where(eq(resources.companyId, companyId)).groupBy(resources.type);
  return new Map(rows.map((r) => [r.type, r.n]));
}

export async function insertResource(db: DbOrTx, values: typeof resources.$inferInsert): Promise<ResourceRow> {
  const [row] = await db.insert(resources).values(values).returning();
  return row;
}

export async function updateResource(db: DbOrTx, companyId: number, id: number, values: Partial<typeof resources.$inferInsert>) {
  const [row] = await db.update(resources).set(values).where(and(eq(resources.companyId, companyId), eq(resources.id, id))).returning();
  return row;
}

export async function deleteResource(db: DbOrTx, companyId: number, id: number) {
  await db.delete(resources).where(and(eq(resources.companyId, companyId), eq(resources.id, id)));
}

/** The bookers of a SELECTED resource replaced. */
export async function setBookers(db: DbOrTx, companyId: number, resourceId: number, userIds: number[], organIds: number[]) {
  await db.delete(resourceBookerUsers).where(eq(resourceBookerUsers.resourceId, resourceId));
  await db.delete(resourceBookerOrgans).where(eq(resourceBookerOrgans.resourceId, resourceId));
  if (userIds.length) await db.insert(resourceBookerUsers).values(userIds.map((userId) => ({ resourceId, companyId, userId })));
  if (organIds.length) await db.insert(resourceBookerOrgans).values(organIds.map((organId) => ({ resourceId, companyId, organId })));
}

export async function bookerUsersOf(db: DbOrTx, companyId: number, resourceIds: number[]) {
  if (!resourceIds.length) return [];
  return await db.select({ resourceId: resourceBookerUsers.resourceId, userId: resourceBookerUsers.userId }).from(resourceBookerUsers)
    .where(and(eq(resourceBookerUsers.companyId, companyId), inArray(resourceBookerUsers.resourceId, resourceIds)));
}

export async function bookerOrgansOf(db: DbOrTx, companyId: number, resourceIds: number[]) {
  if (!resourceIds.length) return [];
  return await db.select({ resourceId: resourceBookerOrgans.resourceId, id: organizations.id, name: organizations.name })
    .from(resourceBookerOrgans).innerJoin(organizations, eq(organizations.id, resourceBookerOrgans.organId))
    .where(and(eq(resourceBookerOrgans.companyId, companyId), inArray(resourceBookerOrgans.resourceId, resourceIds)))
    .orderBy(asc(organizations.sortOrder), asc(organizations.name));
}

/**
 * The SELECTED resources the user is a booker of: named directly, or through an organisation they belong to
 * or one above it (a resource open to an organisation is open to its sub-organisations).
 */
export async function selectedBookable(db: DbOrTx, companyId: number, userId: number): Promise<Set<number>> {
  const rows = await db.execute<{ resource_id: string }>(sql`
    with recursive mine(id) as (
      select organ_id from ${organizationMembers} where company_id = ${companyId} and user_id = ${userId}
      union
      select o.parent_id from ${organizations} o join mine m on o.id = m.id where o.company_id = ${companyId} and o.parent_id is not null
    )
    select resource_id from ${resourceBookerOrgans} where company_id = ${companyId} and organ_id in (select id from mine)
    union select resource_id from ${resourceBookerUsers} where company_id = ${companyId} and user_id = ${userId}`);
  return new Set(rows.map((r) => Number(r.resource_id)));
}

export interface PersonRow {
  id: number;
  name: string;
  email: string;
  organName: string | null;
}

/** Users of the company as PersonRefs, by id. */
export async function people(db: DbOrTx, companyId: number, ids: number[]): Promise<Map<number, PersonRow>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db.select({ id: users.id, name: users.accountName, email: users.username, organName: organizations.name })
    .from(users).leftJoin(organizations, eq(organizations.id, users.organId))
    .where(and(eq(users.companyId, companyId), inArray(users.id, unique)));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Of these ids, the company's users who are not deleted. */
export async function activeUserIds(db: DbOrTx, companyId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.select({ id: users.id }).from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.id, ids), sql`${users.status} <> 'DELETED'`));
  return new Set(rows.map((r) => r.id));
}

export async function organIdsIn(db: DbOrTx, companyId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.select({ id: organizations.id }).from(organizations)
    .where(and(eq(organizations.companyId, companyId), inArray(organizations.id, ids)));
  return new Set(rows.map((r) => r.id));
}

export async function typesOf(db: DbOrTx, companyId: number): Promise<TypeRow[]> {
  return await db.select().from(resourceTypes).where(eq(resourceTypes.companyId, companyId))
    .orderBy(sql`lower(${resourceTypes.name})`, asc(resourceTypes.id));
}

export async function findType(db: DbOrTx, companyId: number, id: number): Promise<TypeRow | undefined> {
  const [row] = await db.select().from(resourceTypes).where(and(eq(resourceTypes.companyId, companyId), eq(resourceTypes.id, id)));
  return row;
}

export async function insertType(db: DbOrTx, companyId: number, name: string, now: Date): Promise<TypeRow> {
  const [row] = await db.insert(resourceTypes).values({ companyId, name, createdAt: now }).returning();
  return row;
}

export async function renameType(db: DbOrTx, companyId: number, id: number, name: string): Promise<TypeRow | undefined> {
  const [row] = await db.update(resourceTypes).set({ name }).where(and(eq(resourceTypes.companyId, companyId), eq(resourceTypes.id, id))).returning();
  return row;
}

export async function deleteType(db: DbOrTx, companyId: number, id: number) {
  await db.delete(resourceTypes).where(and(eq(resourceTypes.companyId, companyId), eq(resourceTypes.id, id)));
}

/**
 * The booking locks of resources (transaction-scoped advisory locks, taken in id order): the writers of one
 * resource's bookings check for conflicts and write one after another.
 */
export async function lockResources(db: DbOrTx, ids: number[]) {
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`resource_booking:${id}`}, 0))`);
  }
}
