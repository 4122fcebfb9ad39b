// Who may do what in to-do (002 §6; shared/todo/workspaces.ts): a workspace is the company's (any member sees it
// and may follow it); its owner edits, deletes, delegates and removes followers; its followers (the owner is
// one) read and change its boards, groups, items and their details. Another company's workspace, board, group
// or item answers 404 as a missing one does; a member who does not follow gets 403 todo.not_follower.
import { and, eq, sql } from "drizzle-orm";
import { todoBoards, todoWorkspaces } from "../../../db/schema/todo.ts";
import type { DbOrTx } from "../../../db/client.ts";
import { TODO_ERRORS } from "../../../shared/todo/errors.ts";
import type { Caller } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";

export type WorkspaceRow = typeof todoWorkspaces.$inferSelect;
export type BoardRow = typeof todoBoards.$inferSelect;

export interface WorkspaceAccess {
  workspace: WorkspaceRow;
  owner: boolean;
  following: boolean;
}

export const workspaceNotFound = () => new AppError(404, TODO_ERRORS.workspaceNotFound);
export const boardNotFound = () => new AppError(404, TODO_ERRORS.boardNotFound);
export const notFollower = () => new AppError(403, TODO_ERRORS.notFollower);
export const notOwner = () => new AppError(403, TODO_ERRORS.notOwner);

/** The workspace with the caller's relation to it; 404 when missing or another company's. */
export async function workspaceAccess(db: DbOrTx, caller: Caller, workspaceId: number): Promise<WorkspaceAccess> {
  const { companyId, userId } = caller.auth;
  const [row] = await db.select({
    workspace: todoWorkspaces,
    following: sql<boolean>`exists (select 1 from todo_workspace_users u where u.workspace_id = ${todoWorkspaces.id} and u.user_id = ${userId})`,
  }).from(todoWorkspaces).where(and(eq(todoWorkspaces.id, workspaceId), eq(todoWorkspaces.companyId, companyId)));
  if (!row) throw workspaceNotFound();
  return { workspace: row.workspace, owner: row.workspace.ownerId === userId, following: row.following };
}

/** A workspace the caller follows (403 todo.not_follower otherwise). */
export async function requireFollowing(db: DbOrTx, caller: Caller, workspaceId: number): Promise<WorkspaceAccess> {
  const a = await workspaceAccess(db, caller, workspaceId);
  if (!a.following) throw notFollower();
  return a;
}

/** A workspace the caller owns (403 todo.not_owner otherwise). */
export async function requireOwner(db: DbOrTx, caller: Caller, workspaceId: number): Promise<WorkspaceAccess> {
  const a = await workspaceAccess(db, caller, workspaceId);
  if (!a.owner) throw notOwner();
  return a;
}

/**
 * A board (or folder) of the caller's company in a workspace the caller follows: 404 todo.board_not_found when
 * missing or foreign, 403 todo.not_follower when not following. `lock` takes the board row FOR UPDATE (header
 * and item changes that must not interleave).
 */
export async function requireBoard(db: DbOrTx, caller: Caller, boardId: number, opts: { lock?: boolean } = {}): Promise<{ board: BoardRow; access: WorkspaceAccess }> {
  const q = db.select().from(todoBoards).where(and(eq(todoBoards.id, boardId), eq(todoBoards.companyId, caller.auth.companyId)));
  const [board] = opts.lock ? await q.for("update") : await q;
  if (!board) throw boardNotFound();
  const access = await requireFollowing(db, caller, board.workspaceId);
  return { board, access };
}
