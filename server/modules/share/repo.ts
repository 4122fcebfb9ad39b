// Share records and their members. Every query is scoped by company. Member names and the organisations a
// user belongs to are read here by joining the users and organisation tables (read only), so a permission
// check stays one query.
import { and, asc, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import { organizations, shareMembers, shares, users } from "../../../db/schema/index.ts";
import type { ShareMemberType, SharePermission } from "../../../shared/share.ts";
import type { DbOrTx } from "../../../db/client.ts";
import { bigintArray } from "../../lib/sql-array.ts";

export type ShareRow = typeof shares.$inferSelect;
export type MemberRow = typeof shareMembers.$inferSelect;

export async function findShare(db: DbOrTx, companyId: number, moduleType: string, objectId: string, lock = false) {
  const q = db.select().from(shares)
    .where(and(eq(shares.companyId, companyId), eq(shares.moduleType, moduleType), eq(shares.objectId, objectId)));
  const [row] = lock ? await q.for("update") : await q;
  return row as ShareRow | undefined;
}

export async function sharesOfObjects(db: DbOrTx, companyId: number, moduleType: string, objectIds: string[], lock = false) {
  if (objectIds.length === 0) return [];
  const q = db.select().from(shares).where(and(
    eq(shares.companyId, companyId), eq(shares.moduleType, moduleType), inArray(shares.objectId, objectIds),
  )).orderBy(asc(shares.id));
  return lock ? await q.for("update") : await q;
}

/** Inserts the share; undefined when the object is already shared (another request won). */
export async function insertShare(db: DbOrTx, values: typeof shares.$inferInsert): Promise<ShareRow | undefined> {
  const [row] = await db.insert(shares).values(values).onConflictDoNothing().returning();
  return row;
}

export async function touchShare(db: DbOrTx, companyId: number, id: number, now: Date) {
  await db.update(shares).set({ updatedAt: now }).where(and(eq(shares.companyId, companyId), eq(shares.id, id)));
}

export async function deleteShares(db: DbOrTx, companyId: number, ids: number[]) {
  if (ids.length === 0) return;
  await db.delete(shares).where(and(eq(shares.companyId, companyId), inArray(shares.id, ids)));
}

export async function deleteSharesOfObjects(db: DbOrTx, companyId: number, moduleType: string, objectIds: string[]) {
  if (objectIds.length === 0) return;
  await db.delete(shares).where(and(eq(shares.companyId, companyId), eq(shares.moduleType, moduleType), inArray(shares.objectId, objectIds)));
}

/** Members with their names, users first, then by name. */
export async function membersOf(db: DbOrTx, companyId: number, shareId: number) {
  const rows = await db
    .select({
      id: shareMembers.id,
      memberId: shareMembers.memberId,
      memberType: shareMembers.memberType,
      permission: shareMembers.permission,
      includeSubOrganizations: shareMembers.includeSubOrganizations,
      name: sql<string | null>`coalesce(${users.accountName}, ${organizations.name})`,
      email: sql<string | null>`coalesce(${users.username}, ${organizations.email})`,
    })
    .from(shareMembers)
    .leftJoin(users, and(eq(shareMembers.memberType, "USER"), eq(users.id, shareMembers.memberId), eq(users.companyId, companyId)))
    .leftJoin(organizations, and(
      eq(shareMembers.memberType, "ORGANIZATION"), eq(organizations.id, shareMembers.memberId), eq(organizations.companyId, companyId),
    ))
    .where(and(eq(shareMembers.companyId, companyId), eq(shareMembers.shareId, shareId)))
    .orderBy(sql`${shareMembers.memberType} desc`, sql`lower(coalesce(${users.accountName}, ${organizations.name}))`, asc(shareMembers.id));
  return rows.map((r) => ({
    ...r,
    memberType: r.memberType as ShareMemberType,
    permission: r.permission as SharePermission,
    name: r.name ?? "",
  }));
}

export async function memberRows(db: DbOrTx, companyId: number, shareId: number): Promise<MemberRow[]> {
  return await db.select().from(shareMembers)
    .where(and(eq(shareMembers.companyId, companyId), eq(shareMembers.shareId, shareId)));
}

export async function insertMembers(db: DbOrTx, values: (typeof shareMembers.$inferInsert)[]) {
  if (values.length === 0) return;
  await db.insert(shareMembers).values(values);
}

export async function updateMember(db: DbOrTx, companyId: number, id: number, values: Partial<typeof shareMembers.$inferInsert>) {
  await db.update(shareMembers).set(values).where(and(eq(shareMembers.companyId, companyId), eq(shareMembers.id, id)));
}

export async function deleteMembers(db: DbOrTx, companyId: number, ids: number[]) {
  if (ids.length === 0) return;
  await db.delete(shareMembers).where(and(eq(shareMembers.companyId, companyId), inArray(shareMembers.id, ids)));
}

export async function countMembers(db: DbOrTx, companyId: number, shareId: number): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(shareMembers)
    .where(and(eq(shareMembers.companyId, companyId), eq(shareMembers.shareId, shareId)));
  return n;
}

/** Which of these ids are users (not deleted) of the company. */
export async function existingUserIds(db: DbOrTx, companyId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: users.id }).from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.id, ids), sql`${users.status} <> 'DELETED'`));
  return new Set(rows.map((r) => r.id));
}

export async function existingOrganizationIds(db: DbOrTx, companyId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: organizations.id }).from(organizations)
    .where(and(eq(organizations.companyId, companyId), inArray(organizations.id, ids)));
  return new Set(rows.map((r) => r.id));
}

/**
 * The organisations of a user as a recursive CTE "my_orgs"(id, direct): their memberships and stored
 * representative organisation (direct), and every ancestor of those (not direct). A share to an
 * organisation reaches the user when it is direct, or when it is an ancestor and includes sub-organisations.
 */
function myOrgs(companyId: number, userId: number): SQL {
  return sql`with recursive my_orgs(id, direct) as (
      select om.organ_id, true from organization_members om where om.company_id = ${companyId} and om.user_id = ${userId}
      union
      select u.organ_id, true from users u where u.id = ${userId} and u.company_id = ${companyId} and u.organ_id is not null
      union
      select o.parent_id, false from organizations o join my_orgs m on o.id = m.id
        where o.company_id = ${companyId} and o.parent_id is not null
    )`;
}

const reaches = (userId: number) => sql`(
    (sm.member_type = 'USER' and sm.member_id = ${userId})
    or (sm.member_type = 'ORGANIZATION' and exists (
      select 1 from my_orgs m where m.id = sm.member_id and (m.direct or sm.include_sub_organizations)))
  )`;

/** The highest permission any member row of the object's share gives the user (0: none, or no share). */
export async function memberPermission(db: DbOrTx, companyId: number, userId: number, moduleType: string, objectId: string): Promise<number> {
  const rows = await db.execute<{ p: number | null }>(sql`${myOrgs(companyId, userId)}
    select max(sm.permission)::int as p
    from shares s join share_members sm on sm.share_id = s.id and sm.company_id = s.company_id
    where s.company_id = ${companyId} and s.module_type = ${moduleType} and s.object_id = ${objectId}
      and ${reaches(userId)}`);
  return Number(rows[0]?.p ?? 0);
}

/** The highest permission the user gets on any of these objects (a module whose shares cover sub-trees). */
export async function memberPermissionOfAny(db: DbOrTx, companyId: number, userId: number, moduleType: string, objectIds: string[]): Promise<number> {
  if (objectIds.length === 0) return 0;
  const rows = await db.execute<{ p: number | null }>(sql`${myOrgs(companyId, userId)}
    select max(sm.permission)::int as p
    from shares s join share_members sm on sm.share_id = s.id and sm.company_id = s.company_id
    where s.company_id = ${companyId} and s.module_type = ${moduleType}
      and s.object_id in (${sql.join(objectIds.map((id) => sql`${id}`), sql`, `)})
      and ${reaches(userId)}`);
  return Number(rows[0]?.p ?? 0);
}

/** Which of these objects are shared with anyone. */
export async function sharedObjectIds(db: DbOrTx, companyId: number, moduleType: string, objectIds: string[]): Promise<Set<string>> {
  if (objectIds.length === 0) return new Set();
  const rows = await db.select({ objectId: shares.objectId }).from(shares).where(and(
    eq(shares.companyId, companyId), eq(shares.moduleType, moduleType), inArray(shares.objectId, objectIds),
  ));
  return new Set(rows.map((r) => r.objectId));
}

export interface SharedWithRow {
  shareId: number;
  objectId: string;
  ownerUserId: number;
  ownerName: string;
  permission: number;
}

/** Objects of a moduleType shared with the user (not their own), with the highest permission each. */
export async function sharedWith(db: DbOrTx, companyId: number, userId: number, moduleType: string): Promise<SharedWithRow[]> {
  const rows = await db.execute<{ share_id: string; object_id: string; owner_user_id: string; owner_name: string; p: number }>(
    sql`${myOrgs(companyId, userId)}
    select s.id as share_id, s.object_id, s.owner_user_id, u.account_name as owner_name, max(sm.permission)::int as p
    from shares s
      join share_members sm on sm.share_id = s.id and sm.company_id = s.company_id
      join users u on u.id = s.owner_user_id and u.company_id = s.company_id
    where s.company_id = ${companyId} and s.module_type = ${moduleType} and s.owner_user_id <> ${userId}
      and ${reaches(userId)}
    group by s.id, s.object_id, s.owner_user_id, u.account_name
    order by s.id`,
  );
  return rows.map((r) => ({
    shareId: Number(r.share_id), objectId: r.object_id, ownerUserId: Number(r.owner_user_id), ownerName: r.owner_name,
    permission: Number(r.p),
  }));
}

/** Whether the user is reached by an ORGANIZATION member row of the share. */
export async function reachedThroughOrganization(db: DbOrTx, companyId: number, userId: number, shareId: number): Promise<boolean> {
  const rows = await db.execute<{ n: number }>(sql`${myOrgs(companyId, userId)}
    select count(*)::int as n from share_members sm
    where sm.company_id = ${companyId} and sm.share_id = ${shareId} and sm.member_type = 'ORGANIZATION'
      and ${reaches(userId)}`);
  return Number(rows[0]?.n ?? 0) > 0;
}

/** The shares a user organises for objects of a moduleType, with their member counts. */
export async function ownedShares(db: DbOrTx, companyId: number, ownerUserId: number, moduleType: string) {
  return await db.select({ shareId: shares.id, objectId: shares.objectId, memberCount: count(shareMembers.id) })
    .from(shares).leftJoin(shareMembers, eq(shareMembers.shareId, shares.id))
    .where(and(eq(shares.companyId, companyId), eq(shares.ownerUserId, ownerUserId), eq(shares.moduleType, moduleType)))
    .groupBy(shares.id, shares.objectId);
}

/**
 * The active users new member rows reach: the users named, and the members of the organisations named (by
 * membership or representative organisation), with their sub-organisations' when the row includes them.
 */
export async function usersReached(
  db: DbOrTx, companyId: number, members: { memberType: string; memberId: number; includeSubOrganizations?: boolean }[],
): Promise<number[]> {
  const userIds = members.filter((m) => m.memberType === "USER").map((m) => m.memberId);
  const orgs = members.filter((m) => m.memberType === "ORGANIZATION");
  const exact = orgs.filter((m) => m.includeSubOrganizations === false).map((m) => m.memberId);
  const tree = orgs.filter((m) => m.includeSubOrganizations !== false).map((m) => m.memberId);
  if (!userIds.length && !orgs.length) return [];
  const rows = await db.execute<{ id: string }>(sql`
    with recursive tree(id) as (
      select o.id from organizations o where o.company_id = ${companyId} and o.id = any(${bigintArray(tree)})
      union select o.id from organizations o join tree t on o.parent_id = t.id where o.company_id = ${companyId}
    ), orgs(id) as (select id from tree union select unnest(${bigintArray(exact)}))
    select om.user_id as id from organization_members om where om.company_id = ${companyId} and om.organ_id in (select id from orgs)
    union select u.id from users u where u.company_id = ${companyId} and u.organ_id in (select id from orgs)
    union select u.id from users u where u.company_id = ${companyId} and u.id = any(${bigintArray(userIds)})`);
  return rows.map((r) => Number(r.id));
}
