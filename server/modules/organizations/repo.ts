// Organisation and membership queries. Every query is scoped by company.
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, max, notExists, or, type SQL, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import { organizationMembers, organizations, users } from "../../../db/schema/index.ts";
import type { AutocompleteType } from "../../../shared/organizations.ts";
import type { DbOrTx } from "../../../db/client.ts";

export type OrgRow = Pick<typeof organizations.$inferSelect, "id" | "parentId" | "name" | "email" | "sortOrder">;

const orgColumns = {
  id: organizations.id,
  parentId: organizations.parentId,
  name: organizations.name,
  email: organizations.email,
  sortOrder: organizations.sortOrder,
};

/** The whole tree of a company, flat, in display order (sortOrder, then id). */
export async function listOrganizations(db: DbOrTx, companyId: number): Promise<OrgRow[]> {
  return await db.select(orgColumns).from(organizations).where(eq(organizations.companyId, companyId))
    .orderBy(asc(organizations.sortOrder), asc(organizations.id));
}

export async function findOrganization(db: DbOrTx, companyId: number, id: number): Promise<OrgRow | undefined> {
  const [row] = await db.select(orgColumns).from(organizations)
    .where(and(eq(organizations.companyId, companyId), eq(organizations.id, id)));
  return row;
}

export async function findOrganizationByEmail(db: DbOrTx, companyId: number, email: string): Promise<OrgRow | undefined> {
  const [row] = await db.select(orgColumns).from(organizations)
    .where(and(eq(organizations.companyId, companyId), eq(sql`lower(${organizations.email})`, email.toLowerCase())))
    .orderBy(asc(organizations.id))
    .limit(1);
  return row;
}

/** Whether any user (of any company, in any status) holds this username. */
export async function usernameExists(db: DbOrTx, username: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, username.toLowerCase())).limit(1);
  return !!row;
}

/** organId → number of direct members, counting users in the given statuses. */
export async function memberCounts(db: DbOrTx, companyId: number, statuses: string[], organId?: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ organId: organizationMembers.organId, n: count() })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(and(
      eq(organizationMembers.companyId, companyId),
      eq(users.companyId, companyId),
      inArray(users.status, statuses),
      organId === undefined ? undefined : eq(organizationMembers.organId, organId),
    ))
    .groupBy(organizationMembers.organId);
  return new Map(rows.map((r) => [r.organId, r.n]));
}

export async function countChildren(db: DbOrTx, companyId: number, id: number): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(organizations)
    .where(and(eq(organizations.companyId, companyId), eq(organizations.parentId, id)));
  return n;
}

/** The user's memberships in display order of the organisations. */
export async function membershipsOf(db: DbOrTx, companyId: number, userIds: number[]) {
  if (userIds.length === 0) return [];
  return await db
    .select({ userId: organizationMembers.userId, organId: organizations.id, organName: organizations.name, manager: organizationMembers.isManager })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organId))
    .where(and(eq(organizationMembers.companyId, companyId), inArray(organizationMembers.userId, userIds)))
    .orderBy(asc(organizations.sortOrder), asc(organizations.id));
}

/** userId → stored representative organisation. */
export async function storedRepresentatives(db: DbOrTx, companyId: number, userIds: number[]): Promise<Map<number, number | null>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.select({ id: users.id, organId: users.organId }).from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.id, userIds)));
  return new Map(rows.map((r) => [r.id, r.organId]));
}

/** Users who belong to at least one of these organisations. */
export async function userIdsInOrganizations(db: DbOrTx, companyId: number, organIds: number[]): Promise<number[]> {
  if (organIds.length === 0) return [];
  const rows = await db.selectDistinct({ id: organizationMembers.userId }).from(organizationMembers)
    .where(and(eq(organizationMembers.companyId, companyId), inArray(organizationMembers.organId, organIds)));
  return rows.map((r) => r.id);
}

/** Active members of one organisation: managers first, then by name. */
export async function membersPage(db: DbOrTx, companyId: number, organId: number, pattern: string | undefined, limit: number, offset: number) {
  const where = and(
    eq(organizationMembers.companyId, companyId),
    eq(organizationMembers.organId, organId),
    eq(users.companyId, companyId),
    eq(users.status, "ACTIVE"),
    pattern ? or(ilike(users.accountName, pattern), ilike(users.username, pattern)) : undefined,
  );
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({
        id: users.id, accountName: users.accountName, username: users.username, jobGrade: users.jobGrade,
        position: users.position, manager: organizationMembers.isManager,
      })
      .from(organizationMembers)
      .innerJoin(users, eq(users.id, organizationMembers.userId))
      .where(where)
      .orderBy(desc(organizationMembers.isManager), asc(users.accountName), asc(users.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(organizationMembers).innerJoin(users, eq(users.id, organizationMembers.userId)).where(where),
  ]);
  return { rows, total: n };
}

/**
 * Active users of the company by name: matching the pattern (name or address) when given, only those without
 * any organisation when `unassigned`, only `userIds` when given (org-chart-restricted callers).
 */
export async function directoryPage(
  db: DbOrTx,
  companyId: number,
  f: { pattern?: string; unassigned: boolean; userIds?: number[] },
  limit: number,
  offset: number,
) {
  const where = and(
    eq(users.companyId, companyId),
    eq(users.status, "ACTIVE"),
    f.pattern ? or(ilike(users.accountName, f.pattern), ilike(users.username, f.pattern)) : undefined,
    f.unassigned
      ? notExists(db.select({ one: sql`1` }).from(organizationMembers)
        .where(and(eq(organizationMembers.companyId, companyId), eq(organizationMembers.userId, users.id))))
      : undefined,
    f.userIds ? inArray(users.id, f.userIds) : undefined,
  );
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ id: users.id, accountName: users.accountName, username: users.username, jobGrade: users.jobGrade, position: users.position })
      .from(users)
      .where(where)
      .orderBy(asc(users.accountName), asc(users.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: n };
}

export interface AutocompleteFilter {
  types: AutocompleteType[];
  contains: string;
  prefix: string;
  /** Limits the candidates (org-chart-restricted callers); undefined means no limit. */
  userIds?: number[];
  organIds?: number[];
}

/** The company's active users' names (the autocomplete's initial-consonant match is made on them in code). */
export async function activeUserNames(db: DbOrTx, companyId: number): Promise<{ id: number; accountName: string }[]> {
  return await db.select({ id: users.id, accountName: users.accountName }).from(users)
    .where(and(eq(users.companyId, companyId), eq(users.status, "ACTIVE")));
}

/** Active users and addressed organisations matching by name or address; prefix matches first, then by name. */
export async function autocompletePage(db: DbOrTx, companyId: number, f: AutocompleteFilter, limit: number, offset: number) {
  const userWhere = and(
    eq(users.companyId, companyId),
    eq(users.status, "ACTIVE"),
    or(ilike(users.accountName, f.contains), ilike(users.username, f.contains)),
    f.userIds ? inArray(users.id, f.userIds) : undefined,
  );
  const orgWhere = and(
    eq(organizations.companyId, companyId),
    isNotNull(organizations.email),
    sql`${organizations.email} <> ''`,
    or(ilike(organizations.name, f.contains), ilike(organizations.email, f.contains)),
    f.organIds ? inArray(organizations.id, f.organIds) : undefined,
  );
  const rank = (name: SQL | typeof users.accountName, email: SQL | typeof users.username) =>
    sql<number>`case when ${name} ilike ${f.prefix} or ${email} ilike ${f.prefix} then 0 else 1 end`.as("rank");
  const userQ = db.select({
    type: sql<AutocompleteType>`'USER'::text`.as("type"),
    id: users.id,
    name: users.accountName,
    email: users.username,
    rank: rank(users.accountName, users.username),
    sortName: sql<string>`lower(${users.accountName})`.as("sort_name"),
  }).from(users).where(userWhere);
  const orgQ = db.select({
    type: sql<AutocompleteType>`'ORGANIZATION'::text`.as("type"),
    id: organizations.id,
    name: organizations.name,
    email: sql<string>`${organizations.email}`.as("email"),
    rank: rank(sql`${organizations.name}`, sql`${organizations.email}`),
    sortName: sql<string>`lower(${organizations.name})`.as("sort_name"),
  }).from(organizations).where(orgWhere);

  const wantUsers = f.types.includes("USER");
  const wantOrgs = f.types.includes("ORGANIZATION");
  const order = [sql`"rank"`, sql`"sort_name"`, sql`"type" desc`, sql`"id"`];
  const pageQ = wantUsers && wantOrgs ? unionAll(userQ, orgQ) : wantUsers ? userQ : orgQ;
  const [rows, userCount, orgCount] = await Promise.all([
    pageQ.orderBy(...order).limit(limit).offset(offset),
    wantUsers ? db.select({ n: count() }).from(users).where(userWhere).then(([r]) => r.n) : 0,
    wantOrgs ? db.select({ n: count() }).from(organizations).where(orgWhere).then(([r]) => r.n) : 0,
  ]);
  return { rows: rows.map(({ type, id, name, email }) => ({ type, id, name, email })), total: userCount + orgCount };
}

// --- Writes (administration) ---

/** Serialises edits of one company's tree and memberships, so cycles and orphans cannot slip in between checks. */
export async function lockTree(db: DbOrTx, companyId: number) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`organizations:${companyId}`}, 0))`);
}

export async function nextSortOrder(db: DbOrTx, companyId: number, parentId: number | null): Promise<number> {
  const [{ m }] = await db.select({ m: max(organizations.sortOrder) }).from(organizations).where(and(
    eq(organizations.companyId, companyId),
    parentId === null ? sql`${organizations.parentId} is null` : eq(organizations.parentId, parentId),
  ));
  return m === null ? 0 : m + 1;
}

export async function insertOrganization(db: DbOrTx, values: typeof organizations.$inferInsert): Promise<OrgRow> {
  const [row] = await db.insert(organizations).values(values).returning(orgColumns);
  return row;
}

export async function updateOrganization(db: DbOrTx, companyId: number, id: number, values: Partial<typeof organizations.$inferInsert>) {
  await db.update(organizations).set(values).where(and(eq(organizations.companyId, companyId), eq(organizations.id, id)));
}

export async function deleteOrganization(db: DbOrTx, companyId: number, id: number) {
  await db.update(users).set({ organId: null }).where(and(eq(users.companyId, companyId), eq(users.organId, id)));
  await db.delete(organizations).where(and(eq(organizations.companyId, companyId), eq(organizations.id, id)));
}

export async function replaceMemberships(db: DbOrTx, companyId: number, userId: number, relations: { organId: number; manager: boolean }[]) {
  await db.delete(organizationMembers).where(and(eq(organizationMembers.companyId, companyId), eq(organizationMembers.userId, userId)));
  if (relations.length === 0) return;
  await db.insert(organizationMembers).values(relations.map((r) => ({ companyId, userId, organId: r.organId, isManager: r.manager })));
}
