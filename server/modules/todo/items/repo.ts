// SQL of to-do's groups and items (no rules here: groups.ts, create-delete.ts, move.ts, cells.ts decide).
// Every statement is scoped by the company and the board.
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import type { TodoGroup } from "../../../../shared/todo/boards.ts";
import { bigintArray } from "../../../lib/sql-array.ts";
import { ITEM_COLUMNS, type ItemRow } from "./present.ts";

export type GroupRow = {
  id: string | number;
  board_id: string | number;
  title: string;
  color: string;
  sort_order: string;
  item_count: string | number;
};

/** The few columns of an item the rules look at. */
export type ItemRef = {
  id: number;
  groupId: number;
  parentId: number | null;
  sortOrder: string;
  subCnt: number;
  cells: Record<string, unknown>;
};

const GROUP_COLUMNS = sql.raw(`g.id, g.board_id, g.title, g.color, g.sort_order,
  (select count(*) from todo_items i where i.group_id = g.id and i.parent_id is null) as item_count`);

export function presentGroup(r: GroupRow): TodoGroup {
  return { id: Number(r.id), boardId: Number(r.board_id), title: r.title, color: r.color, sortOrder: r.sort_order, itemCount: Number(r.item_count) };
}

/** The board's groups in order. */
export async function boardGroups(db: DbOrTx, companyId: number, boardId: number): Promise<TodoGroup[]> {
  const rows = await db.execute<GroupRow>(sql`
    select ${GROUP_COLUMNS} from todo_groups g where g.board_id = ${boardId} and g.company_id = ${companyId}
     order by g.sort_order, g.id`);
  return rows.map(presentGroup);
}

export async function groupById(db: DbOrTx, companyId: number, groupId: number): Promise<TodoGroup | null> {
  const [row] = await db.execute<GroupRow>(sql`
    select ${GROUP_COLUMNS} from todo_groups g where g.id = ${groupId} and g.company_id = ${companyId}`);
  return row ? presentGroup(row) : null;
}

export async function insertGroup(db: DbOrTx, v: { companyId: number; boardId: number; title: string; color: string; sortOrder: string; now: Date }): Promise<number> {
  const [row] = await db.execute<{ id: string }>(sql`
    insert into todo_groups (company_id, board_id, title, color, sort_order, created_at)
    values (${v.companyId}, ${v.boardId}, ${v.title}, ${v.color}, ${v.sortOrder}, ${v.now.toISOString()}::timestamptz) returning id`);
  return Number(row.id);
}

export async function updateGroup(db: DbOrTx, groupId: number, set: { title?: string; color?: string; sortOrder?: string }): Promise<void> {
  const parts = [];
  if (set.title !== undefined) parts.push(sql`title = ${set.title}`);
  if (set.color !== undefined) parts.push(sql`color = ${set.color}`);
  if (set.sortOrder !== undefined) parts.push(sql`sort_order = ${set.sortOrder}`);
  if (parts.length === 0) return;
  await db.execute(sql`update todo_groups set ${sql.join(parts, sql`, `)} where id = ${groupId}`);
}

export async function deleteGroup(db: DbOrTx, groupId: number): Promise<void> {
  await db.execute(sql`delete from todo_groups where id = ${groupId}`);
}

/** One item of the board (null: missing, foreign, or another board's). */
export async function itemRef(db: DbOrTx, companyId: number, boardId: number, itemId: number): Promise<ItemRef | null> {
  const [r] = await db.execute<{ id: string; group_id: string; parent_id: string | null; sort_order: string; sub_cnt: string; cells: Record<string, unknown> }>(sql`
    select id, group_id, parent_id, sort_order, sub_cnt, cells from todo_items
     where id = ${itemId} and board_id = ${boardId} and company_id = ${companyId}`);
  if (!r) return null;
  return {
    id: Number(r.id),
    groupId: Number(r.group_id),
    parentId: r.parent_id === null ? null : Number(r.parent_id),
    sortOrder: r.sort_order,
    subCnt: Number(r.sub_cnt),
    cells: typeof r.cells === "string" ? JSON.parse(r.cells) : r.cells ?? {},
  };
}

/** Full item rows (ITEM_COLUMNS) by id, in the order asked. */
export async function itemRows(db: DbOrTx, companyId: number, ids: number[]): Promise<ItemRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.execute<ItemRow>(sql`
    select ${ITEM_COLUMNS} from todo_items i left join users u on u.id = i.created_by
     where i.id = any(${bigintArray(ids)}) and i.company_id = ${companyId}`);
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return ids.map((id) => byId.get(id)).filter((r): r is ItemRow => r !== undefined);
}

/** The sub-items of a parent by sortOrder (ITEM_COLUMNS). */
export async function subItemRows(db: DbOrTx, companyId: number, parentId: number): Promise<ItemRow[]> {
  return await db.execute<ItemRow>(sql`
    select ${ITEM_COLUMNS} from todo_items i left join users u on u.id = i.created_by
     where i.parent_id = ${parentId} and i.company_id = ${companyId}
     order by i.sort_order, i.id`);
}

/** Where siblings live: the top level of a group, or under a parent. */
export type Level = { groupId: number; parentId: null } | { parentId: number };
const levelSql = (l: Level) => l.parentId === null ? sql`group_id = ${(l as { groupId: number }).groupId} and parent_id is null` : sql`parent_id = ${l.parentId}`;

/** The greatest key of a level below `before` (or the last of all), leaving out `except`. */
export async function keyBelow(db: DbOrTx, level: Level, before: string | null, except = 0): Promise<string | null> {
  const cond = before === null ? sql`` : sql`and sort_order < ${before}::text collate "C"`;
  const [r] = await db.execute<{ k: string | null }>(sql`
    select max(sort_order) as k from todo_items where ${levelSql(level)} and id <> ${except} ${cond}`);
  return r?.k ?? null;
}

/** The least key of a level above `after` (or the first of all), leaving out `except`. */
export async function keyAbove(db: DbOrTx, level: Level, after: string | null, except = 0): Promise<string | null> {
  const cond = after === null ? sql`` : sql`and sort_order > ${after}::text collate "C"`;
  const [r] = await db.execute<{ k: string | null }>(sql`
    select min(sort_order) as k from todo_items where ${levelSql(level)} and id <> ${except} ${cond}`);
  return r?.k ?? null;
}

/** Whether a level holds an item with exactly this key. */
export async function keyExists(db: DbOrTx, level: Level, key: string): Promise<boolean> {
  const [r] = await db.execute<{ n: string }>(sql`select count(*) as n from todo_items where ${levelSql(level)} and sort_order = ${key}::text collate "C"`);
  return Number(r.n) > 0;
}

export async function boardItemCount(db: DbOrTx, boardId: number): Promise<number> {
  const [r] = await db.execute<{ n: string }>(sql`select count(*) as n from todo_items where board_id = ${boardId}`);
  return Number(r.n);
}

export async function insertItem(db: DbOrTx, v: {
  companyId: number; boardId: number; groupId: number; parentId: number | null; sortOrder: string; title: string; userId: number; now: Date;
}): Promise<number> {
  const at = v.now.toISOString();
  const [row] = await db.execute<{ id: string }>(sql`
    insert into todo_items (company_id, board_id, group_id, parent_id, sort_order, title, created_by, created_at, updated_at)
    values (${v.companyId}, ${v.boardId}, ${v.groupId}, ${v.parentId}, ${v.sortOrder}, ${v.title}, ${v.userId}, ${at}::timestamptz, ${at}::timestamptz)
    returning id`);
  return Number(row.id);
}

/** Adds `by` to a parent's sub_cnt. */
export async function bumpSubCount(db: DbOrTx, parentId: number, by: number): Promise<void> {
  await db.execute(sql`update todo_items set sub_cnt = greatest(sub_cnt + ${by}, 0) where id = ${parentId}`);
}

/** Puts an item at a new place (group, parent, key); its sub-items follow it into the group. */
export async function placeItem(db: DbOrTx, itemId: number, to: { groupId: number; parentId: number | null; sortOrder: string; now: Date }, groupChanged: boolean): Promise<void> {
  await db.execute(sql`
    update todo_items set group_id = ${to.groupId}, parent_id = ${to.parentId}, sort_order = ${to.sortOrder},
           updated_at = ${to.now.toISOString()}::timestamptz
     where id = ${itemId}`);
  if (groupChanged) await db.execute(sql`update todo_items set group_id = ${to.groupId} where parent_id = ${itemId}`);
}

/** Sets (value not null) or clears one cell. */
export async function writeCell(db: DbOrTx, itemId: number, key: string, value: unknown, now: Date): Promise<void> {
  const at = now.toISOString();
  if (value === null) {
    await db.execute(sql`update todo_items set cells = cells - ${key}::text, updated_at = ${at}::timestamptz where id = ${itemId}`);
  } else {
    await db.execute(sql`
      update todo_items set cells = jsonb_set(cells, array[${key}::text], ${JSON.stringify(value)}::jsonb, true),
             updated_at = ${at}::timestamptz
       where id = ${itemId}`);
  }
}

export async function writeTitle(db: DbOrTx, itemId: number, title: string, now: Date): Promise<void> {
  await db.execute(sql`update todo_items set title = ${title}, updated_at = ${now.toISOString()}::timestamptz where id = ${itemId}`);
}

/** The ids among `ids` that are items of the board, with their parents. */
export async function boardItemsAmong(db: DbOrTx, companyId: number, boardId: number, ids: number[]): Promise<{ id: number; parentId: number | null }[]> {
  const rows = await db.execute<{ id: string; parent_id: string | null }>(sql`
    select id, parent_id from todo_items where id = any(${bigintArray(ids)}) and board_id = ${boardId} and company_id = ${companyId}`);
  return rows.map((r) => ({ id: Number(r.id), parentId: r.parent_id === null ? null : Number(r.parent_id) }));
}

export async function deleteItems(db: DbOrTx, ids: number[]): Promise<void> {
  await db.execute(sql`delete from todo_items where id = any(${bigintArray(ids)})`);
}

/** Sets each parent's sub_cnt to what it holds. */
export async function recountSubItems(db: DbOrTx, parentIds: number[]): Promise<void> {
  if (parentIds.length === 0) return;
  await db.execute(sql`
    update todo_items p set sub_cnt = (select count(*) from todo_items s where s.parent_id = p.id)
     where p.id = any(${bigintArray(parentIds)})`);
}

/** Followers among `userIds` of a workspace. */
export async function followersAmong(db: DbOrTx, workspaceId: number, userIds: number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db.execute<{ user_id: string }>(sql`
    select user_id from todo_workspace_users where workspace_id = ${workspaceId} and user_id = any(${bigintArray(userIds)})`);
  return new Set(rows.map((r) => Number(r.user_id)));
}

/** Finish-to-start links of a board. */
export async function boardDependencies(db: DbOrTx, boardId: number): Promise<{ from: number; to: number }[]> {
  const rows = await db.execute<{ from_item_id: string; to_item_id: string }>(sql`
    select from_item_id, to_item_id from todo_dependencies where board_id = ${boardId}`);
  return rows.map((r) => ({ from: Number(r.from_item_id), to: Number(r.to_item_id) }));
}

/** One cell of items (by id). */
export async function cellsOf(db: DbOrTx, ids: number[], key: string): Promise<Map<number, unknown>> {
  if (ids.length === 0) return new Map();
  const rows = await db.execute<{ id: string; v: unknown }>(sql`
    select id, cells -> ${key}::text as v from todo_items where id = any(${bigintArray(ids)})`);
  return new Map(rows.map((r) => [Number(r.id), r.v]));
}
