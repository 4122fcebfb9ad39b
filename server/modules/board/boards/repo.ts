// The board tree's queries (boards, members, managers, each person's board states, unread counts). Every query
// is scoped by the company; the rules live in the services beside this file.
import { and, asc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { boardManagers, boardMembers, boards, boardUserStates, organizations, users } from "../../../../db/schema/index.ts";
import type { BoardMembersInput, BoardUserRef } from "../../../../shared/board/boards.ts";
import type { Privilege } from "../../../../shared/board/constants.ts";
import { bigintArray } from "../../../lib/sql-array.ts";

export type BoardRow = typeof boards.$inferSelect;

/** Tree changes of a company (create, move, delete, restore, the FREE plan count) run one at a time. */
export async function lockTree(tx: DbOrTx, companyId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`board-tree:${companyId}`}, 0))`);
}

export async function findBoard(db: DbOrTx, companyId: number, id: number): Promise<BoardRow | undefined> {
  const [row] = await db.select().from(boards).where(and(eq(boards.companyId, companyId), eq(boards.id, id)));
  return row;
}

export interface BoardExtra {
  id: number;
  description: string;
  hidden: boolean;
  following: boolean;
}

/** Description and the caller's own state of every board of the company that is not deleted. */
export async function boardExtras(db: DbOrTx, companyId: number, userId: number): Promise<Map<number, BoardExtra>> {
  const rows = await db.select({
    id: boards.id,
    description: boards.description,
    hidden: sql<boolean>`coalesce(${boardUserStates.hidden}, false)`,
    following: sql<boolean>`coalesce(${boardUserStates.following}, false)`,
  }).from(boards)
    .leftJoin(boardUserStates, and(eq(boardUserStates.boardId, boards.id), eq(boardUserStates.userId, userId)))
    .where(and(eq(boards.companyId, companyId), isNull(boards.deletedAt)));
  return new Map(rows.map((r) => [r.id, r]));
}

export interface UnreadCount {
  boardId: number;
  unread: number;
  unreadNotices: number;
}

/**
 * Posts not in trash the user has not read, per board of `boardIds` (one query): only posts written since
 * `since` (UNREAD_WINDOW_DAYS: a board of 100,000 posts is not read through on every tree load) and by others.
 */
export async function unreadCounts(db: DbOrTx, companyId: number, userId: number, boardIds: number[], since: Date): Promise<UnreadCount[]> {
  if (!boardIds.length) return [];
  const rows = await db.execute<{ board_id: string; unread: string; notices: string }>(sql`
    select p.board_id, count(*) as unread, count(*) filter (where p.is_notice) as notices
      from board_posts p
     where p.company_id = ${companyId} and p.deleted_at is null and p.board_id = any(${bigintArray(boardIds)})
       and p.created_at >= ${since.toISOString()}::timestamptz and p.user_id <> ${userId}
       and not exists (select 1 from board_post_reads r where r.post_id = p.id and r.user_id = ${userId})
     group by p.board_id`);
  return rows.map((r) => ({ boardId: Number(r.board_id), unread: Number(r.unread), unreadNotices: Number(r.notices) }));
}

export async function postCount(db: DbOrTx, companyId: number, boardId: number): Promise<number> {
  const [r] = await db.execute<{ n: string }>(sql`
    select count(*) as n from board_posts where company_id = ${companyId} and board_id = ${boardId} and deleted_at is null`);
  return Number(r.n);
}

/** Sub-boards (or a group's boards) that are not deleted. */
export async function liveChildCount(db: DbOrTx, companyId: number, boardId: number): Promise<number> {
  const [r] = await db.execute<{ n: string }>(sql`
    select count(*) as n from boards where company_id = ${companyId} and parent_id = ${boardId} and deleted_at is null`);
  return Number(r.n);
}

/** Boards of type BOARD that are not deleted (the FREE plan's count). */
export async function liveBoardCount(db: DbOrTx, companyId: number): Promise<number> {
  const [r] = await db.execute<{ n: string }>(sql`
    select count(*) as n from boards where company_id = ${companyId} and board_type = 'BOARD' and deleted_at is null`);
  return Number(r.n);
}

/** The board's level: 1 at the top, 2 under a top-level group or board, … */
export async function depthOf(db: DbOrTx, companyId: number, boardId: number): Promise<number> {
  const [r] = await db.execute<{ n: string }>(sql`
    with recursive up as (
      select id, parent_id, 1 as n from boards where id = ${boardId} and company_id = ${companyId}
      union all
      select b.id, b.parent_id, up.n + 1 from boards b join up on b.id = up.parent_id where b.company_id = ${companyId}
    )
    select max(n) as n from up`);
  return Number(r?.n ?? 0);
}

export interface SubtreeRow {
  id: number;
  parentId: number | null;
  level: number;
  deletedAt: Date | null;
}

/** The board and everything under it (deleted or not), with each one's level below the board (0 for itself). */
export async function subtree(db: DbOrTx, companyId: number, boardId: number): Promise<SubtreeRow[]> {
  const rows = await db.execute<{ id: string; parent_id: string | null; level: number; deleted_at: string | Date | null }>(sql`
    with recursive down as (
      select id, parent_id, 0 as level, deleted_at from boards where id = ${boardId} and company_id = ${companyId}
      union all
      select b.id, b.parent_id, down.level + 1, b.deleted_at from boards b join down on b.parent_id = down.id
       where b.company_id = ${companyId}
    )
    select id, parent_id, level, deleted_at from down`);
  return rows.map((r) => ({
    id: Number(r.id),
    parentId: r.parent_id === null ? null : Number(r.parent_id),
    level: Number(r.level),
    deletedAt: r.deleted_at === null ? null : new Date(r.deleted_at),
  }));
}

export async function boardsByIds(db: DbOrTx, companyId: number, ids: number[]): Promise<BoardRow[]> {
  if (!ids.length) return [];
  return await db.select().from(boards).where(and(eq(boards.companyId, companyId), inArray(boards.id, ids)));
}

export async function nextSortOrder(db: DbOrTx, companyId: number, parentId: number | null): Promise<number> {
  const [r] = await db.select({ n: sql<number>`coalesce(max(${boards.sortOrder}), -1) + 1` }).from(boards)
    .where(and(eq(boards.companyId, companyId), parentId === null ? isNull(boards.parentId) : eq(boards.parentId, parentId)));
  return Number(r.n);
}

/** The ids of the siblings under `parentId` that are not deleted, in their order. */
export async function siblingIds(db: DbOrTx, companyId: number, parentId: number | null): Promise<number[]> {
  const rows = await db.select({ id: boards.id }).from(boards)
    .where(and(
      eq(boards.companyId, companyId),
      parentId === null ? isNull(boards.parentId) : eq(boards.parentId, parentId),
      isNull(boards.deletedAt),
    ))
    .orderBy(asc(boards.sortOrder), asc(boards.id));
  return rows.map((r) => r.id);
}

export async function setSortOrders(db: DbOrTx, companyId: number, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db.execute(sql`
    update boards b set sort_order = o.n - 1
      from unnest(${bigintArray(ids)}) with ordinality as o(id, n)
     where b.id = o.id and b.company_id = ${companyId}`);
}

export async function insertBoard(db: DbOrTx, values: typeof boards.$inferInsert): Promise<BoardRow> {
  const [row] = await db.insert(boards).values(values).returning();
  return row;
}

export async function updateBoard(db: DbOrTx, companyId: number, id: number, values: Partial<typeof boards.$inferInsert>) {
  await db.update(boards).set(values).where(and(eq(boards.companyId, companyId), eq(boards.id, id)));
}

export async function markDeleted(db: DbOrTx, companyId: number, ids: number[], at: Date, by: number): Promise<void> {
  if (!ids.length) return;
  await db.execute(sql`
    update boards set deleted_at = ${at.toISOString()}::timestamptz, deleted_by = ${by}, updated_at = ${at.toISOString()}::timestamptz
     where company_id = ${companyId} and id = any(${bigintArray(ids)}) and deleted_at is null`);
}

export async function markRestored(db: DbOrTx, companyId: number, ids: number[], at: Date): Promise<void> {
  if (!ids.length) return;
  await db.execute(sql`
    update boards set deleted_at = null, deleted_by = null, updated_at = ${at.toISOString()}::timestamptz
     where company_id = ${companyId} and id = any(${bigintArray(ids)})`);
}

/** Deleted boards of the company deleted after `since`, oldest parents first. */
export async function deletedSince(db: DbOrTx, companyId: number, since: Date): Promise<BoardRow[]> {
  return await db.select().from(boards)
    .where(and(eq(boards.companyId, companyId), gt(boards.deletedAt, since)))
    .orderBy(sql`${boards.deletedAt} desc`, asc(boards.sortOrder), asc(boards.id));
}

/** The ids of `ids` that are users of the company (not deleted). */
export async function companyUserIds(db: DbOrTx, companyId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.select({ id: users.id }).from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.id, ids), sql`${users.status} <> 'DELETED'`));
  return new Set(rows.map((r) => r.id));
}

export async function companyOrganIds(db: DbOrTx, companyId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.select({ id: organizations.id }).from(organizations)
    .where(and(eq(organizations.companyId, companyId), inArray(organizations.id, ids)));
  return new Set(rows.map((r) => r.id));
}

export async function replaceMembers(db: DbOrTx, companyId: number, boardId: number, members: BoardMembersInput): Promise<void> {
  await db.delete(boardMembers).where(and(eq(boardMembers.companyId, companyId), eq(boardMembers.boardId, boardId)));
  const rows = [
    ...members.users.map((u) => ({ boardId, companyId, userId: u.userId, privilege: u.privilege })),
    ...members.organs.map((o) => ({ boardId, companyId, organId: o.organId, includeChildren: o.includeChildren, privilege: o.privilege })),
  ];
  if (rows.length) await db.insert(boardMembers).values(rows);
}

export async function replaceManagers(db: DbOrTx, companyId: number, boardId: number, userIds: number[]): Promise<void> {
  await db.delete(boardManagers).where(and(eq(boardManagers.companyId, companyId), eq(boardManagers.boardId, boardId)));
  if (userIds.length) await db.insert(boardManagers).values(userIds.map((userId) => ({ boardId, companyId, userId })));
}

export async function managersOf(db: DbOrTx, companyId: number, boardId: number): Promise<BoardUserRef[]> {
  return await db.select({ id: users.id, name: users.displayName, email: users.username }).from(boardManagers)
    .innerJoin(users, eq(users.id, boardManagers.userId))
    .where(and(eq(boardManagers.companyId, companyId), eq(boardManagers.boardId, boardId)))
    .orderBy(asc(users.displayName), asc(users.id));
}

export interface MemberRows {
  users: { id: number; name: string; email: string; privilege: Privilege }[];
  organs: { id: number; name: string; includeChildren: boolean; privilege: Privilege }[];
}

export async function membersOf(db: DbOrTx, companyId: number, boardId: number): Promise<MemberRows> {
  const where = and(eq(boardMembers.companyId, companyId), eq(boardMembers.boardId, boardId));
  const [u, o] = await Promise.all([
    db.select({ id: users.id, name: users.displayName, email: users.username, privilege: boardMembers.privilege }).from(boardMembers)
      .innerJoin(users, eq(users.id, boardMembers.userId)).where(where).orderBy(asc(users.displayName), asc(users.id)),
    db.select({ id: organizations.id, name: organizations.name, includeChildren: boardMembers.includeChildren, privilege: boardMembers.privilege })
      .from(boardMembers).innerJoin(organizations, eq(organizations.id, boardMembers.organId)).where(where)
      .orderBy(asc(organizations.sortOrder), asc(organizations.name), asc(organizations.id)),
  ]);
  return { users: u as MemberRows["users"], organs: o as MemberRows["organs"] };
}

export async function userState(db: DbOrTx, userId: number, boardId: number) {
  const [row] = await db.select().from(boardUserStates).where(and(eq(boardUserStates.userId, userId), eq(boardUserStates.boardId, boardId)));
  return row;
}

export async function setUserState(
  db: DbOrTx,
  companyId: number,
  userId: number,
  boardId: number,
  set: { hidden?: boolean; following?: boolean },
): Promise<void> {
  await db.insert(boardUserStates).values({ companyId, userId, boardId, ...set })
    .onConflictDoUpdate({ target: [boardUserStates.userId, boardUserStates.boardId], set });
}

/** The user's hidden boards that are not deleted. */
export async function hiddenRows(db: DbOrTx, companyId: number, userId: number) {
  return await db.select({ id: boards.id, groupId: boards.parentId, name: boards.name }).from(boardUserStates)
    .innerJoin(boards, eq(boards.id, boardUserStates.boardId))
    .where(and(
      eq(boardUserStates.companyId, companyId),
      eq(boardUserStates.userId, userId),
      eq(boardUserStates.hidden, true),
      eq(boards.companyId, companyId),
      isNull(boards.deletedAt),
    ))
    .orderBy(asc(boards.parentId), asc(boards.sortOrder), asc(boards.id));
}

/**
 * Claims up to `limit` boards deleted before `cutoff` whose parent is not deleted (a deleted parent takes its
 * sub-boards with it when its turn comes), skipping rows another instance holds, and removes them for good
 * (their sub-boards, posts, replies, files and states follow by the foreign keys).
 */
export async function purgeClaimed(db: DbOrTx, cutoff: Date, limit: number): Promise<{ id: number; companyId: number }[]> {
  const rows = await db.execute<{ id: string; company_id: string }>(sql`
    with claimed as (
      select b.id from boards b
       where b.deleted_at is not null and b.deleted_at < ${cutoff.toISOString()}::timestamptz
         and (b.parent_id is null or exists (select 1 from boards p where p.id = b.parent_id and p.deleted_at is null))
       order by b.deleted_at
       limit ${limit}
       for update of b skip locked
    )
    delete from boards d using claimed where d.id = claimed.id
    returning d.id, d.company_id`);
  return rows.map((r) => ({ id: Number(r.id), companyId: Number(r.company_id) }));
}
