// SQL of to-do's board tree (todo_boards; db/schema/todo.ts): the nodes of a workspace, their sort keys, the
// writes of create, rename, move and delete, the header and kanban JSON, and a new board's first groups and
// items. No rules here (tree.ts, header.ts, kanban.ts decide). Every statement is scoped by the company.
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { todoBoards, todoGroups, todoItems } from "../../../../db/schema/todo.ts";
import type { HeaderColumn, KanbanColumns } from "../../../../shared/todo/boards.ts";
import type { BoardRow } from "../access.ts";

/** Every node of the workspace (folders and boards), by sort key. */
export async function workspaceNodes(db: DbOrTx, companyId: number, workspaceId: number): Promise<BoardRow[]> {
  return await db.select().from(todoBoards)
    .where(and(eq(todoBoards.companyId, companyId), eq(todoBoards.workspaceId, workspaceId)))
    .orderBy(todoBoards.sortOrder, todoBoards.id);
}

export async function nodeCount(db: DbOrTx, workspaceId: number): Promise<number> {
  const [r] = await db.execute<{ n: string }>(sql`select count(*) as n from todo_boards where workspace_id = ${workspaceId}`);
  return Number(r.n);
}

/** The largest sort key among the children of `parentId` (null: the top level), leaving `except` out. */
export async function lastKey(db: DbOrTx, workspaceId: number, parentId: number | null, except = 0): Promise<string | null> {
  const [r] = await db.execute<{ k: string | null }>(sql`
    select max(sort_order) as k from todo_boards
     where workspace_id = ${workspaceId} and parent_id is not distinct from ${parentId}::bigint and id <> ${except}`);
  return r?.k ?? null;
}

/** The sibling key right before / after `key` among the children of `parentId`, leaving `except` out. */
export async function neighbourKey(db: DbOrTx, workspaceId: number, parentId: number | null, key: string, side: "before" | "after", except: number): Promise<string | null> {
  const [r] = await db.execute<{ k: string | null }>(side === "before"
    ? sql`select max(sort_order) as k from todo_boards where workspace_id = ${workspaceId}
           and parent_id is not distinct from ${parentId}::bigint and id <> ${except} and sort_order < ${key}`
    : sql`select min(sort_order) as k from todo_boards where workspace_id = ${workspaceId}
           and parent_id is not distinct from ${parentId}::bigint and id <> ${except} and sort_order > ${key}`);
  return r?.k ?? null;
}

export async function nodeExists(db: DbOrTx, companyId: number, id: number): Promise<boolean> {
  const [r] = await db.select({ id: todoBoards.id }).from(todoBoards).where(and(eq(todoBoards.id, id), eq(todoBoards.companyId, companyId)));
  return !!r;
}

export async function childCount(db: DbOrTx, boardId: number): Promise<number> {
  const [r] = await db.execute<{ n: string }>(sql`select count(*) as n from todo_boards where parent_id = ${boardId}`);
  return Number(r.n);
}

export async function insertNode(db: DbOrTx, row: typeof todoBoards.$inferInsert): Promise<BoardRow> {
  const [r] = await db.insert(todoBoards).values(row).returning();
  return r;
}

export async function updateNode(db: DbOrTx, companyId: number, id: number, patch: Partial<typeof todoBoards.$inferInsert>): Promise<BoardRow> {
  const [r] = await db.update(todoBoards).set(patch).where(and(eq(todoBoards.id, id), eq(todoBoards.companyId, companyId))).returning();
  return r;
}

export async function deleteNode(db: DbOrTx, companyId: number, id: number): Promise<void> {
  await db.delete(todoBoards).where(and(eq(todoBoards.id, id), eq(todoBoards.companyId, companyId)));
}

export async function insertGroups(db: DbOrTx, rows: (typeof todoGroups.$inferInsert)[]): Promise<number[]> {
  if (!rows.length) return [];
  return (await db.insert(todoGroups).values(rows).returning({ id: todoGroups.id })).map((r) => r.id);
}

export async function insertItems(db: DbOrTx, rows: (typeof todoItems.$inferInsert)[]): Promise<void> {
  if (rows.length) await db.insert(todoItems).values(rows);
}

/** Saves the header and drops the removed columns' values from every item of the board (one statement). */
export async function writeHeader(db: DbOrTx, board: BoardRow, header: HeaderColumn[], removedKeys: string[], kanban: KanbanColumns | null | undefined, now: Date): Promise<void> {
  const patch: Partial<typeof todoBoards.$inferInsert> = { header, updatedAt: now };
  if (kanban !== undefined) patch.kanban = kanban;
  await db.update(todoBoards).set(patch).where(and(eq(todoBoards.id, board.id), eq(todoBoards.companyId, board.companyId)));
  if (removedKeys.length) {
    // Column keys are [a-z0-9_] (shared headerKey), so the text[] literal needs no quoting.
    const keys = sql`${`{${removedKeys.join(",")}}`}::text[]`;
    await db.execute(sql`update todo_items set cells = cells - ${keys} where board_id = ${board.id} and cells ?| ${keys}`);
  }
}

export async function writeKanban(db: DbOrTx, board: BoardRow, kanban: KanbanColumns, now: Date): Promise<void> {
  await db.update(todoBoards).set({ kanban, updatedAt: now }).where(and(eq(todoBoards.id, board.id), eq(todoBoards.companyId, board.companyId)));
}

/** The caller's language (a new board's default group is named in it). */
export async function languageOf(db: DbOrTx, userId: number): Promise<string> {
  const [r] = await db.execute<{ l: string }>(sql`select language_type as l from users where id = ${userId}`);
  return r?.l ?? "ko";
}
