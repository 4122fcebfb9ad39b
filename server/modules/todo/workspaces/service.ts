// Workspaces and their followers (shared/todo/workspaces.ts; 002 §5, §6, §8): the list, the followers, create
// (the creator owns and follows it; at most WORKSPACES_MAX owned), edit, delete (only once nobody but the owner
// follows), delegate (to a follower; the spec's 309 otherwise), follow (304 when following already), unfollow
// and removing a follower. Every change is announced as TODO_CHANGED kind "workspace" after it committed.
import { sql } from "drizzle-orm";
import type { z } from "zod";
import { WORKSPACES_MAX } from "../../../../shared/todo/constants.ts";
import { TODO_ERRORS } from "../../../../shared/todo/errors.ts";
import type { TodoWorkspace, workspaceBody, WorkspaceUser } from "../../../../shared/todo/workspaces.ts";
import type { DbOrTx } from "../../../../db/client.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { requireOwner, workspaceAccess, workspaceNotFound } from "../access.ts";
import { publishTodoChanged } from "../realtime.ts";
import * as repo from "./repo.ts";
import { forgetItemNoticesIn } from "../notices.ts";

type WorkspaceInput = z.infer<typeof workspaceBody>;

const time = (v: Date | string) => new Date(v).getTime();

function present(r: repo.WorkspaceListRow, userId: number): TodoWorkspace {
  const emoji = r.emoji ?? "";
  return {
    id: Number(r.id),
    title: r.title,
    emoji,
    color: r.color,
    ownerId: Number(r.owner_id),
    ownerName: r.owner_name ?? "",
    avatar: emoji || [...r.title][0] || "",
    following: !!r.following,
    owner: Number(r.owner_id) === userId,
    userCount: Number(r.user_count),
    boardCount: Number(r.board_count),
    createdTime: time(r.created_at),
  };
}

async function loadWorkspace(db: DbOrTx, caller: Caller, id: number): Promise<TodoWorkspace> {
  const r = await repo.workspaceListRow(db, caller.auth.companyId, caller.auth.userId, id);
  if (!r) throw workspaceNotFound();
  return present(r, caller.auth.userId);
}

/** Takes the user's row for the rest of the transaction (counting what they own, then adding one). */
async function lockUser(db: DbOrTx, companyId: number, userId: number): Promise<void> {
  await db.execute(sql`select id from users where id = ${userId} and company_id = ${companyId} for no key update`);
}

const workspacesMax = () => new AppError(403, TODO_ERRORS.workspacesMax);
const userNotFound = () => new AppError(404, TODO_ERRORS.userNotFound);
const ownerCannotUnfollow = () => new AppError(409, TODO_ERRORS.ownerCannotUnfollow);

export async function listWorkspaces(caller: Caller): Promise<TodoWorkspace[]> {
  const rows = await repo.listWorkspaces(caller.deps.db, caller.auth.companyId, caller.auth.userId);
  return rows.map((r) => present(r, caller.auth.userId));
}

export async function workspaceUsers(caller: Caller, id: number): Promise<WorkspaceUser[]> {
  const { workspace } = await workspaceAccess(caller.deps.db, caller, id);
  const rows = await repo.followers(caller.deps.db, workspace.id, workspace.ownerId);
  return rows.map((r) => ({ id: Number(r.id), name: r.name, email: r.email, owner: !!r.owner, followedTime: time(r.followed_at) }));
}

export async function createWorkspace(caller: Caller, input: WorkspaceInput): Promise<TodoWorkspace> {
  const { companyId, userId } = caller.auth;
  const now = caller.deps.clock.now();
  const answer = await caller.deps.db.transaction(async (tx) => {
    await lockUser(tx, companyId, userId);
    if (await repo.ownedCount(tx, companyId, userId) >= WORKSPACES_MAX) throw workspacesMax();
    const id = await repo.insertWorkspace(tx, { companyId, ownerId: userId, title: input.title, emoji: input.emoji, color: input.color, createdAt: now, updatedAt: now });
    await repo.addFollower(tx, { workspaceId: id, userId, companyId, createdAt: now });
    return await loadWorkspace(tx, caller, id);
  });
  await publishTodoChanged(caller, { workspaceId: answer.id, boardId: 0, kind: "workspace" });
  return answer;
}

export async function updateWorkspace(caller: Caller, id: number, input: WorkspaceInput): Promise<TodoWorkspace> {
  const answer = await caller.deps.db.transaction(async (tx) => {
    await requireOwner(tx, caller, id);
    await repo.updateWorkspace(tx, caller.auth.companyId, id, { title: input.title, emoji: input.emoji, color: input.color, updatedAt: caller.deps.clock.now() });
    return await loadWorkspace(tx, caller, id);
  });
  await publishTodoChanged(caller, { workspaceId: id, boardId: 0, kind: "workspace" });
  return answer;
}

export async function deleteWorkspace(caller: Caller, id: number): Promise<void> {
  await caller.deps.db.transaction(async (tx) => {
    const { workspace } = await requireOwner(tx, caller, id);
    await tx.execute(sql`select id from todo_workspaces where id = ${id} for update`);
    if (await repo.otherFollowerCount(tx, id, workspace.ownerId) > 0) throw new AppError(409, TODO_ERRORS.hasFollowers);
    await forgetItemNoticesIn(tx, caller.auth.companyId, { workspaceId: id });
    await repo.deleteWorkspace(tx, caller.auth.companyId, id);
  });
  await publishTodoChanged(caller, { workspaceId: id, boardId: 0, kind: "workspace" });
}

/** PUT workspace/{id}/owner/{userId}: 309 todo.not_follower (the spec's status) when userId does not follow. */
export async function delegateWorkspace(caller: Caller, id: number, newOwnerId: number): Promise<TodoWorkspace> {
  const answer = await caller.deps.db.transaction(async (tx) => {
    await requireOwner(tx, caller, id);
    await tx.execute(sql`select id from todo_workspaces where id = ${id} for update`);
    // deno-lint-ignore no-explicit-any -- 309 is the spec's own status, outside Hono's list
    if (!(await repo.isFollower(tx, id, newOwnerId))) throw new AppError(309 as any, TODO_ERRORS.notFollower);
    if (newOwnerId !== caller.auth.userId) {
      await lockUser(tx, caller.auth.companyId, newOwnerId);
      if (await repo.ownedCount(tx, caller.auth.companyId, newOwnerId) >= WORKSPACES_MAX) throw workspacesMax();
      await repo.updateWorkspace(tx, caller.auth.companyId, id, { ownerId: newOwnerId, updatedAt: caller.deps.clock.now() });
    }
    return await loadWorkspace(tx, caller, id);
  });
  await publishTodoChanged(caller, { workspaceId: id, boardId: 0, kind: "workspace" });
  return answer;
}

/** POST workspace/{id}: null when the caller follows it already (the route answers 304). */
export async function followWorkspace(caller: Caller, id: number): Promise<TodoWorkspace | null> {
  const answer = await caller.deps.db.transaction(async (tx) => {
    await workspaceAccess(tx, caller, id);
    const added = await repo.addFollower(tx, { workspaceId: id, userId: caller.auth.userId, companyId: caller.auth.companyId, createdAt: caller.deps.clock.now() });
    return added ? await loadWorkspace(tx, caller, id) : null;
  });
  if (answer) await publishTodoChanged(caller, { workspaceId: id, boardId: 0, kind: "workspace" });
  return answer;
}

export async function unfollowWorkspace(caller: Caller, id: number): Promise<void> {
  await caller.deps.db.transaction(async (tx) => {
    const a = await workspaceAccess(tx, caller, id);
    if (a.owner) throw ownerCannotUnfollow();
    if (!(await repo.removeFollower(tx, caller.auth.companyId, id, caller.auth.userId))) throw userNotFound();
  });
  await publishTodoChanged(caller, { workspaceId: id, boardId: 0, kind: "workspace" });
}

export async function removeWorkspaceUser(caller: Caller, id: number, userId: number): Promise<void> {
  await caller.deps.db.transaction(async (tx) => {
    const { workspace } = await requireOwner(tx, caller, id);
    if (userId === workspace.ownerId) throw ownerCannotUnfollow();
    if (!(await repo.removeFollower(tx, caller.auth.companyId, id, userId))) throw userNotFound();
  });
  await publishTodoChanged(caller, { workspaceId: id, boardId: 0, kind: "workspace" });
}
