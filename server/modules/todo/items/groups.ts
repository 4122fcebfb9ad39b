// A board's groups (shared/todo/items.ts): create (first in the board, the next colour of GROUP_COLORS when none
// is given), title, colour, move (one row written: a fractional key between the new neighbours), delete with
// its items (never the board's last group). Each runs in one transaction holding the board row; TODO_CHANGED
// (kind group) goes out after the commit.
import { generateKeyBetween } from "fractional-indexing";
import type { TodoGroup } from "../../../../shared/todo/boards.ts";
import { GROUP_COLORS, GROUPS_MAX } from "../../../../shared/todo/constants.ts";
import { TODO_ERRORS } from "../../../../shared/todo/errors.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import type { DbOrTx } from "../../../../db/client.ts";
import { type BoardRow, requireBoard } from "../access.ts";
import { publishTodoChanged } from "../realtime.ts";
import { boardGroups, deleteGroup, groupById, insertGroup, updateGroup } from "./repo.ts";
import { forgetItemNoticesIn } from "../notices.ts";

export const groupNotFound = () => new AppError(404, TODO_ERRORS.groupNotFound);
export const moveInvalid = () => new AppError(409, TODO_ERRORS.moveInvalid);

/** A group of this board (404 todo.group_not_found otherwise). */
export async function requireGroupOf(db: DbOrTx, caller: Caller, board: BoardRow, groupId: number): Promise<TodoGroup> {
  const g = await groupById(db, caller.auth.companyId, groupId);
  if (!g || g.boardId !== board.id) throw groupNotFound();
  return g;
}

const published = (caller: Caller, board: BoardRow) => publishTodoChanged(caller, { workspaceId: board.workspaceId, boardId: board.id, kind: "group" });

/** POST group/{boardId}. */
export async function createGroup(caller: Caller, boardId: number, b: { title: string; color?: string }): Promise<TodoGroup> {
  const { deps, auth } = caller;
  const { group, board } = await deps.db.transaction(async (tx) => {
    const { board } = await requireBoard(tx, caller, boardId, { lock: true });
    if (board.boardType !== "BOARD") throw new AppError(404, TODO_ERRORS.boardNotFound);
    const groups = await boardGroups(tx, auth.companyId, board.id);
    if (groups.length >= GROUPS_MAX) throw new AppError(409, TODO_ERRORS.groupsMax);
    const color = b.color ?? GROUP_COLORS[groups.length % GROUP_COLORS.length];
    const sortOrder = generateKeyBetween(null, groups[0]?.sortOrder ?? null);
    const id = await insertGroup(tx, { companyId: auth.companyId, boardId: board.id, title: b.title, color, sortOrder, now: deps.clock.now() });
    return { group: (await groupById(tx, auth.companyId, id))!, board };
  });
  await published(caller, board);
  return group;
}

/** PUT group/{id}/title and group/{id}/color. */
export async function changeGroup(caller: Caller, groupId: number, b: { boardId: number; title?: string; color?: string }): Promise<TodoGroup> {
  const { deps, auth } = caller;
  const { group, board } = await deps.db.transaction(async (tx) => {
    const { board } = await requireBoard(tx, caller, b.boardId);
    await requireGroupOf(tx, caller, board, groupId);
    await updateGroup(tx, groupId, { title: b.title, color: b.color });
    return { group: (await groupById(tx, auth.companyId, groupId))!, board };
  });
  await published(caller, board);
  return group;
}

/** PUT group/{id}/move: BEFORE or AFTER another group of the board; answers the board's groups in order. */
export async function moveGroup(caller: Caller, groupId: number, b: { boardId: number; targetGroupId: number; position: "BEFORE" | "AFTER" }): Promise<TodoGroup[]> {
  const { deps, auth } = caller;
  const { groups, board } = await deps.db.transaction(async (tx) => {
    const { board } = await requireBoard(tx, caller, b.boardId, { lock: true });
    await requireGroupOf(tx, caller, board, groupId);
    await requireGroupOf(tx, caller, board, b.targetGroupId);
    if (b.targetGroupId === groupId) throw moveInvalid();
    const others = (await boardGroups(tx, auth.companyId, board.id)).filter((g) => g.id !== groupId);
    const at = others.findIndex((g) => g.id === b.targetGroupId);
    const [lo, hi] = b.position === "BEFORE" ? [others[at - 1], others[at]] : [others[at], others[at + 1]];
    const sortOrder = generateKeyBetween(lo?.sortOrder ?? null, hi?.sortOrder ?? null);
    await updateGroup(tx, groupId, { sortOrder });
    return { groups: await boardGroups(tx, auth.companyId, board.id), board };
  });
  await published(caller, board);
  return groups;
}

/** DELETE group/{id}: the group and its items; 409 todo.last_group for the board's only group. */
export async function removeGroup(caller: Caller, groupId: number): Promise<void> {
  const { deps, auth } = caller;
  const board = await deps.db.transaction(async (tx) => {
    const g = await groupById(tx, auth.companyId, groupId);
    if (!g) throw groupNotFound();
    const { board } = await requireBoard(tx, caller, g.boardId, { lock: true });
    const groups = await boardGroups(tx, auth.companyId, board.id);
    if (groups.length <= 1) throw new AppError(409, TODO_ERRORS.lastGroup);
    await forgetItemNoticesIn(tx, auth.companyId, { groupId });
    await deleteGroup(tx, groupId);
    return board;
  });
  await published(caller, board);
}
