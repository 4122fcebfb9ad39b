// todo_workspaces and todo_workspace_users rows (db/schema/todo.ts): the company's workspaces with the caller's
// relation to them, their followers, and the writes of the workspace calls. Every query is scoped by company.
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { todoWorkspaces, todoWorkspaceUsers } from "../../../../db/schema/todo.ts";

export type NewWorkspace = typeof todoWorkspaces.$inferInsert;

/** A workspace as listed: the row's fields with its owner's name, counts and the caller's relation. */
export interface WorkspaceListRow extends Record<string, unknown> {
  id: string;
  title: string;
  emoji: string;
  color: string;
  owner_id: string;
  owner_name: string | null;
  following: boolean;
  user_count: string;
  board_count: string;
  created_at: Date | string;
}

const listSelect = (userId: number) => sql`
  select w.id, w.title, w.emoji, w.color, w.owner_id, o.display_name as owner_name, w.created_at,
         exists (select 1 from todo_workspace_users f where f.workspace_id = w.id and f.user_id = ${userId}) as following,
         (select count(*) from todo_workspace_users f where f.workspace_id = w.id) as user_count,
         (select count(*) from todo_boards b where b.workspace_id = w.id and b.board_type = 'BOARD') as board_count
    from todo_workspaces w left join users o on o.id = w.owner_id`;

/** Every workspace of the company: the caller's own (by title), then followed ones, then the others. */
export async function listWorkspaces(db: DbOrTx, companyId: number, userId: number): Promise<WorkspaceListRow[]> {
  return await db.execute<WorkspaceListRow>(sql`
    select * from (${listSelect(userId)} where w.company_id = ${companyId}) x
     order by (case when x.owner_id = ${userId} then 0 when x.following then 1 else 2 end), x.title collate "C", x.id`);
}

export async function workspaceListRow(db: DbOrTx, companyId: number, userId: number, id: number): Promise<WorkspaceListRow | null> {
  const [r] = await db.execute<WorkspaceListRow>(sql`${listSelect(userId)} where w.company_id = ${companyId} and w.id = ${id}`);
  return r ?? null;
}

export async function ownedCount(db: DbOrTx, companyId: number, userId: number): Promise<number> {
  const [r] = await db.execute<{ n: string }>(sql`
    select count(*) as n from todo_workspaces where company_id = ${companyId} and owner_id = ${userId}`);
  return Number(r.n);
}

export interface FollowerRow extends Record<string, unknown> {
  id: string;
  name: string;
  email: string;
  owner: boolean;
  followed_at: Date | string;
}

/** The followers, the owner first, then by name. */
export async function followers(db: DbOrTx, workspaceId: number, ownerId: number): Promise<FollowerRow[]> {
  return await db.execute<FollowerRow>(sql`
    select u.id, u.display_name as name, u.username as email, (u.id = ${ownerId}) as owner, f.created_at as followed_at
      from todo_workspace_users f join users u on u.id = f.user_id
     where f.workspace_id = ${workspaceId}
     order by (u.id = ${ownerId}) desc, u.display_name, u.id`);
}

export async function insertWorkspace(db: DbOrTx, row: NewWorkspace): Promise<number> {
  const [r] = await db.insert(todoWorkspaces).values(row).returning({ id: todoWorkspaces.id });
  return r.id;
}

export async function updateWorkspace(db: DbOrTx, companyId: number, id: number, patch: Partial<NewWorkspace>): Promise<void> {
  await db.update(todoWorkspaces).set(patch).where(and(eq(todoWorkspaces.id, id), eq(todoWorkspaces.companyId, companyId)));
}

export async function deleteWorkspace(db: DbOrTx, companyId: number, id: number): Promise<void> {
  await db.delete(todoWorkspaces).where(and(eq(todoWorkspaces.id, id), eq(todoWorkspaces.companyId, companyId)));
}

/** Adds a follower; false when they followed already. */
export async function addFollower(db: DbOrTx, row: typeof todoWorkspaceUsers.$inferInsert): Promise<boolean> {
  const r = await db.insert(todoWorkspaceUsers).values(row).onConflictDoNothing().returning({ userId: todoWorkspaceUsers.userId });
  return r.length > 0;
}

/** Removes a follower; false when they did not follow. */
export async function removeFollower(db: DbOrTx, companyId: number, workspaceId: number, userId: number): Promise<boolean> {
  const r = await db.delete(todoWorkspaceUsers)
    .where(and(eq(todoWorkspaceUsers.workspaceId, workspaceId), eq(todoWorkspaceUsers.userId, userId), eq(todoWorkspaceUsers.companyId, companyId)))
    .returning({ userId: todoWorkspaceUsers.userId });
  return r.length > 0;
}

export async function isFollower(db: DbOrTx, workspaceId: number, userId: number): Promise<boolean> {
  const [r] = await db.select({ userId: todoWorkspaceUsers.userId }).from(todoWorkspaceUsers)
    .where(and(eq(todoWorkspaceUsers.workspaceId, workspaceId), eq(todoWorkspaceUsers.userId, userId)));
  return !!r;
}

/** Followers other than the owner. */
export async function otherFollowerCount(db: DbOrTx, workspaceId: number, ownerId: number): Promise<number> {
  const [r] = await db.execute<{ n: string }>(sql`
    select count(*) as n from todo_workspace_users where workspace_id = ${workspaceId} and user_id <> ${ownerId}`);
  return Number(r.n);
}
