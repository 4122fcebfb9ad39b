// The board tree of a workspace (shared/todo/boards.ts TodoBoardNode; 002 §3 "Board"): folders hold boards
// only, one level deep. The tree, create (a BOARD with its header, groups and first items), rename, move
// (BEFORE/AFTER a node, INSIDE a folder or the top level; only the moved row's fractional key is written) and
// delete (a folder with its boards). Every follower of the workspace may do all of it.
import { sql } from "drizzle-orm";
import { generateKeyBetween, generateNKeysBetween } from "fractional-indexing";
import type { z } from "zod";
import type { createBoardBody, TodoBoardNode } from "../../../../shared/todo/boards.ts";
import { BOARDS_MAX, GROUP_COLORS, type Position } from "../../../../shared/todo/constants.ts";
import { TODO_ERRORS } from "../../../../shared/todo/errors.ts";
import type { DbOrTx } from "../../../../db/client.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { boardNotFound, type BoardRow, requireBoard, requireFollowing } from "../access.ts";
import { publishTodoChanged } from "../realtime.ts";
import { defaultHeader, normalizeHeader } from "./header.ts";
import * as repo from "./repo.ts";
import { forgetItemNoticesIn } from "../notices.ts";

type CreateInput = z.infer<typeof createBoardBody>;

const moveInvalid = (reason: string) => new AppError(409, TODO_ERRORS.moveInvalid, { reason });

/** A new board's one group, named in the creator's language. */
const DEFAULT_GROUP_TITLE: Record<string, string> = { ko: "새 그룹", en: "New group", id: "Grup baru" };

export function presentNode(row: BoardRow, children: TodoBoardNode[] = []): TodoBoardNode {
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    title: row.title,
    boardType: row.boardType === "FOLDER" ? "FOLDER" : "BOARD",
    parentId: row.parentId,
    sortOrder: row.sortOrder,
    children,
    childCount: children.length,
    edit: true,
  };
}

async function treeOf(db: DbOrTx, companyId: number, workspaceId: number): Promise<TodoBoardNode[]> {
  const rows = await repo.workspaceNodes(db, companyId, workspaceId);
  const kids = new Map<number, BoardRow[]>();
  for (const r of rows) if (r.parentId !== null) kids.set(r.parentId, [...(kids.get(r.parentId) ?? []), r]);
  return rows.filter((r) => r.parentId === null).map((r) => presentNode(r, (kids.get(r.id) ?? []).map((k) => presentNode(k))));
}

/** GET workspace/{id}/boards (a follower). */
export async function boardTree(caller: Caller, workspaceId: number): Promise<TodoBoardNode[]> {
  await requireFollowing(caller.deps.db, caller, workspaceId);
  return await treeOf(caller.deps.db, caller.auth.companyId, workspaceId);
}

/** POST board/{workspaceId} (201). */
export async function createBoard(caller: Caller, workspaceId: number, input: CreateInput): Promise<TodoBoardNode> {
  const { deps, auth } = caller;
  const now = deps.clock.now();
  const node = await deps.db.transaction(async (tx) => {
    await requireFollowing(tx, caller, workspaceId);
    // One creator at a time per workspace: the count and the last key hold until commit.
    await tx.execute(sqlLockWorkspace(workspaceId));
    if (await repo.nodeCount(tx, workspaceId) >= BOARDS_MAX) throw new AppError(409, TODO_ERRORS.boardsMax);
    if (input.parentId !== null) {
      const nodes = await repo.workspaceNodes(tx, auth.companyId, workspaceId);
      const parent = nodes.find((n) => n.id === input.parentId);
      if (!parent || parent.boardType !== "FOLDER" || input.boardType === "FOLDER") throw moveInvalid("parent");
    }
    const isBoard = input.boardType === "BOARD";
    const header = isBoard ? (input.header ? normalizeHeader(input.header, []).header : defaultHeader()) : [];
    const row = await repo.insertNode(tx, {
      companyId: auth.companyId,
      workspaceId,
      parentId: input.parentId,
      boardType: input.boardType,
      title: input.title,
      sortOrder: generateKeyBetween(await repo.lastKey(tx, workspaceId, input.parentId), null),
      header,
      kanban: null,
      createdBy: auth.userId,
      createdAt: now,
      updatedAt: now,
    });
    if (isBoard) await fillBoard(tx, caller, row, input, now);
    return presentNode(row);
  });
  await publishTodoChanged(caller, { workspaceId, boardId: 0, kind: "board" });
  return node;
}

const sqlLockWorkspace = (workspaceId: number) => sql`select id from todo_workspaces where id = ${workspaceId} for update`;

/** A new board's groups (one when none are given) and items. */
async function fillBoard(tx: DbOrTx, caller: Caller, board: BoardRow, input: CreateInput, now: Date): Promise<void> {
  const given = input.groups?.length ? input.groups : null;
  const titles = given ?? [{ title: DEFAULT_GROUP_TITLE[await repo.languageOf(tx, caller.auth.userId)] ?? DEFAULT_GROUP_TITLE.ko, color: undefined }];
  const groupKeys = generateNKeysBetween(null, null, titles.length);
  const groupIds = await repo.insertGroups(tx, titles.map((g, i) => ({
    companyId: board.companyId,
    boardId: board.id,
    title: g.title,
    color: (g.color ?? GROUP_COLORS[i % GROUP_COLORS.length]).toLowerCase(),
    sortOrder: groupKeys[i],
    createdAt: now,
  })));
  const items = input.items ?? [];
  if (items.some((it) => it.groupIndex >= groupIds.length)) {
    throw new AppError(400, "common.validation", undefined, [{ field: "items.groupIndex", code: "common.validation", message: "no such group" }]);
  }
  const rows: Parameters<typeof repo.insertItems>[1] = [];
  groupIds.forEach((groupId, g) => {
    const mine = items.filter((it) => it.groupIndex === g);
    const keys = generateNKeysBetween(null, null, mine.length);
    mine.forEach((it, i) => rows.push({
      companyId: board.companyId, boardId: board.id, groupId, parentId: null, sortOrder: keys[i], title: it.title,
      createdBy: caller.auth.userId, createdAt: now, updatedAt: now,
    }));
  });
  await repo.insertItems(tx, rows);
}

/** PUT board/{id}/title (201). */
export async function renameBoard(caller: Caller, boardId: number, title: string): Promise<TodoBoardNode> {
  const { row, children } = await caller.deps.db.transaction(async (tx) => {
    await requireBoard(tx, caller, boardId, { lock: true });
    const row = await repo.updateNode(tx, caller.auth.companyId, boardId, { title, updatedAt: caller.deps.clock.now() });
    const children = row.boardType === "FOLDER"
      ? (await repo.workspaceNodes(tx, caller.auth.companyId, row.workspaceId)).filter((n) => n.parentId === row.id).map((n) => presentNode(n))
      : [];
    return { row, children };
  });
  await publishTodoChanged(caller, { workspaceId: row.workspaceId, boardId: 0, kind: "board" });
  return presentNode(row, children);
}

/** PUT board/{id}/move/{targetId}/{position}: the tree after the move (200). */
export async function moveBoard(caller: Caller, boardId: number, targetId: number, position: Position): Promise<TodoBoardNode[]> {
  const { deps, auth } = caller;
  const workspaceId = await deps.db.transaction(async (tx) => {
    const { board } = await requireBoard(tx, caller, boardId, { lock: true });
    await tx.execute(sqlLockWorkspace(board.workspaceId));
    if (targetId === board.id) throw moveInvalid("self");
    const nodes = await repo.workspaceNodes(tx, auth.companyId, board.workspaceId);
    let parentId: number | null;
    let key: string;
    if (targetId === 0) {
      if (position !== "INSIDE") throw moveInvalid("target");
      parentId = null;
      key = generateKeyBetween(await repo.lastKey(tx, board.workspaceId, null, board.id), null);
    } else {
      const target = nodes.find((n) => n.id === targetId);
      if (!target) {
        // Another workspace's node of the company is refused as a move; anything else is missing.
        if (await repo.nodeExists(tx, auth.companyId, targetId)) throw moveInvalid("workspace");
        throw boardNotFound();
      }
      if (position === "INSIDE") {
        if (target.boardType !== "FOLDER" || board.boardType === "FOLDER") throw moveInvalid("inside");
        parentId = target.id;
        key = generateKeyBetween(await repo.lastKey(tx, board.workspaceId, target.id, board.id), null);
      } else {
        parentId = target.parentId;
        if (parentId !== null && board.boardType === "FOLDER") throw moveInvalid("folder_in_folder");
        const near = await repo.neighbourKey(tx, board.workspaceId, parentId, target.sortOrder, position === "BEFORE" ? "before" : "after", board.id);
        key = position === "BEFORE" ? generateKeyBetween(near, target.sortOrder) : generateKeyBetween(target.sortOrder, near);
      }
    }
    await repo.updateNode(tx, auth.companyId, board.id, { parentId, sortOrder: key, updatedAt: deps.clock.now() });
    return board.workspaceId;
  });
  await publishTodoChanged(caller, { workspaceId, boardId: 0, kind: "board" });
  return await treeOf(deps.db, auth.companyId, workspaceId);
}

/** DELETE board/{id} (204): a folder takes its boards with it. */
export async function deleteBoard(caller: Caller, boardId: number): Promise<void> {
  const workspaceId = await caller.deps.db.transaction(async (tx) => {
    const { board } = await requireBoard(tx, caller, boardId, { lock: true });
    await forgetItemNoticesIn(tx, caller.auth.companyId, { boardId: board.id });
    await repo.deleteNode(tx, caller.auth.companyId, board.id);
    return board.workspaceId;
  });
  await publishTodoChanged(caller, { workspaceId, boardId: 0, kind: "board" });
}
