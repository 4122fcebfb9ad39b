// Flow projects' SQL (no rules here): the rows a FlowProject answer is built from (the projects, every
// membership with the person's name and address, top-level task counts), the caller's pages of projects, the
// tree's favourites and saved filters, and the writes of create, change and delete. Every query is scoped by
// the company.
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { flowGroups, flowMembers, flowProjects } from "../../../../db/schema/flow.ts";
import type { Authority, MemberState } from "../../../../shared/flow/constants.ts";
import { containsPattern } from "../../../lib/like.ts";

export type ProjectRow = typeof flowProjects.$inferSelect;

export interface MemberPersonRow {
  projectId: number;
  userId: number;
  name: string;
  email: string;
  authority: Authority;
  state: MemberState;
  favorite: boolean;
  favoriteOrder: number;
  requestedAt: Date;
  joinedAt: Date | null;
}

export async function projectsByIds(db: DbOrTx, companyId: number, ids: number[]): Promise<ProjectRow[]> {
  if (!ids.length) return [];
  return await db.select().from(flowProjects)
    .where(and(eq(flowProjects.companyId, companyId), sql`${flowProjects.id} = any(${idArray(ids)})`));
}

/** Every membership of these projects with the person's name and address, JOINED first (MASTER, ADMIN,
 *  MEMBER, READ), then INVITED, then APPLIED; within, by when they joined or asked. */
export async function membersOf(db: DbOrTx, companyId: number, projectIds: number[]): Promise<MemberPersonRow[]> {
  if (!projectIds.length) return [];
  const rows = await db.execute<Record<string, unknown>>(sql`
    select m.project_id, m.user_id, u.account_name, u.username, m.authority, m.state, m.favorite, m.favorite_order,
           m.requested_at, m.joined_at
      from flow_members m join users u on u.id = m.user_id
     where m.company_id = ${companyId} and m.project_id = any(${idArray(projectIds)})
     order by m.project_id,
              array_position(array['JOINED','INVITED','APPLIED'], m.state),
              array_position(array['MASTER','ADMIN','MEMBER','READ'], m.authority),
              coalesce(m.joined_at, m.requested_at), m.user_id`);
  return rows.map((r) => ({
    projectId: Number(r.project_id),
    userId: Number(r.user_id),
    name: String(r.account_name),
    email: String(r.username),
    authority: r.authority as Authority,
    state: r.state as MemberState,
    favorite: !!r.favorite,
    favoriteOrder: Number(r.favorite_order),
    requestedAt: new Date(r.requested_at as string),
    joinedAt: r.joined_at === null ? null : new Date(r.joined_at as string),
  }));
}

/** Top-level tasks of each project. */
export async function taskCounts(db: DbOrTx, companyId: number, projectIds: number[]): Promise<Map<number, number>> {
  if (!projectIds.length) return new Map();
  const rows = await db.execute<{ project_id: string; n: string }>(sql`
    select project_id, count(*) as n from flow_tasks
     where company_id = ${companyId} and project_id = any(${idArray(projectIds)}) and parent_id is null
     group by project_id`);
  return new Map(rows.map((r) => [Number(r.project_id), Number(r.n)]));
}

export const idArray = (ids: number[]) => sql`${sql.raw(`'{${ids.map((i) => Math.trunc(Number(i))).join(",")}}'`)}::bigint[]`;

/** One page of project ids matching `where` (over p), by title, and how many match. */
async function pageIds(db: DbOrTx, where: SQL, limit: number, offset: number): Promise<{ ids: number[]; total: number }> {
  const rows = await db.execute<{ id: string; total: string }>(sql`
    select p.id, count(*) over () as total from flow_projects p
     where ${where}
     order by p.title, p.id limit ${limit} offset ${offset}`);
  if (rows.length) return { ids: rows.map((r) => Number(r.id)), total: Number(rows[0].total) };
  if (offset === 0) return { ids: [], total: 0 };
  const [c] = await db.execute<{ n: string }>(sql`select count(*) as n from flow_projects p where ${where}`);
  return { ids: [], total: Number(c.n) };
}

/** The projects the user has JOINED. */
export async function myProjectIds(db: DbOrTx, companyId: number, userId: number, limit: number, offset: number) {
  return await pageIds(
    db,
    sql`p.company_id = ${companyId} and exists (select 1 from flow_members m
          where m.project_id = p.id and m.user_id = ${userId} and m.state = 'JOINED')`,
    limit,
    offset,
  );
}

export async function allProjectIds(
  db: DbOrTx,
  companyId: number,
  userId: number,
  f: { excludeMyProjects: boolean; excludePrivateProjects: boolean; title: string },
  limit: number,
  offset: number,
) {
  const parts: SQL[] = [sql`p.company_id = ${companyId}`];
  if (f.excludeMyProjects) {
    parts.push(sql`not exists (select 1 from flow_members m where m.project_id = p.id and m.user_id = ${userId} and m.state = 'JOINED')`);
  }
  if (f.excludePrivateProjects) parts.push(sql`not p.is_private`);
  if (f.title) parts.push(sql`p.title ilike ${containsPattern(f.title)}`);
  return await pageIds(db, sql.join(parts, sql` and `), limit, offset);
}

/** The user's JOINED projects in the tree's order: favourites first (by their order, then title), then the
 *  others by title. */
export async function joinedInTreeOrder(db: DbOrTx, companyId: number, userId: number): Promise<{ id: number; title: string }[]> {
  const rows = await db.execute<{ id: string; title: string }>(sql`
    select p.id, p.title from flow_projects p join flow_members m on m.project_id = p.id
     where p.company_id = ${companyId} and m.user_id = ${userId} and m.state = 'JOINED'
     order by m.favorite desc, case when m.favorite then m.favorite_order else 0 end, p.title, p.id`);
  return rows.map((r) => ({ id: Number(r.id), title: String(r.title) }));
}

/** The user's favourite JOINED projects, by their order then title. */
export async function favourites(db: DbOrTx, companyId: number, userId: number): Promise<{ id: number; title: string }[]> {
  const rows = await db.execute<{ id: string; title: string }>(sql`
    select p.id, p.title from flow_projects p join flow_members m on m.project_id = p.id
     where p.company_id = ${companyId} and m.user_id = ${userId} and m.state = 'JOINED' and m.favorite
     order by m.favorite_order, p.title, p.id`);
  return rows.map((r) => ({ id: Number(r.id), title: String(r.title) }));
}

/** The user's saved task filters (id, name), oldest first. */
export async function savedFilters(db: DbOrTx, companyId: number, userId: number): Promise<{ id: number; name: string }[]> {
  const rows = await db.execute<{ id: string; name: string }>(sql`
    select id, name from flow_filters where company_id = ${companyId} and user_id = ${userId} order by created_at, id`);
  return rows.map((r) => ({ id: Number(r.id), name: String(r.name) }));
}

/** The next favourite order of the user (after their last). */
export async function nextFavoriteOrder(db: DbOrTx, companyId: number, userId: number): Promise<number> {
  const [r] = await db.execute<{ n: string }>(sql`
    select coalesce(max(favorite_order), 0) + 1 as n from flow_members
     where company_id = ${companyId} and user_id = ${userId} and favorite`);
  return Number(r.n);
}

export async function projectCount(db: DbOrTx, companyId: number): Promise<number> {
  const [r] = await db.execute<{ n: string }>(sql`select count(*) as n from flow_projects where company_id = ${companyId}`);
  return Number(r.n);
}

export async function insertProject(db: DbOrTx, values: typeof flowProjects.$inferInsert): Promise<ProjectRow> {
  const [row] = await db.insert(flowProjects).values(values).returning();
  return row;
}

export async function insertDefaultGroup(db: DbOrTx, companyId: number, projectId: number, title: string, sortOrder: string, now: Date) {
  await db.insert(flowGroups).values({ companyId, projectId, title, isDefault: true, sortOrder, createdAt: now });
}

export async function insertMember(db: DbOrTx, values: typeof flowMembers.$inferInsert) {
  await db.insert(flowMembers).values(values);
}

export async function updateProject(db: DbOrTx, companyId: number, id: number, set: Partial<typeof flowProjects.$inferInsert>) {
  await db.update(flowProjects).set(set).where(and(eq(flowProjects.id, id), eq(flowProjects.companyId, companyId)));
}

/** Anyone JOINED but this user. */
export async function othersJoined(db: DbOrTx, projectId: number, userId: number): Promise<number> {
  const [r] = await db.execute<{ n: string }>(sql`
    select count(*) as n from flow_members where project_id = ${projectId} and user_id <> ${userId} and state = 'JOINED'`);
  return Number(r.n);
}

/** The project with its groups, tasks, members, files' rows (their bytes uncounted by the migration's
 *  triggers) and mail links (cascades). */
export async function deleteProject(db: DbOrTx, companyId: number, id: number) {
  await db.delete(flowProjects).where(and(eq(flowProjects.id, id), eq(flowProjects.companyId, companyId)));
}
