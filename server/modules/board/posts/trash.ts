// Deleting, the notice toggle, moving and the trash (shared/board/posts.ts): DELETE post/{postId} puts a post in
// trash (its author or a manager); PUT post/{postId}/notice; PUT post/move; trash/restore, trash/move,
// trash/forever and trash/clean act only on posts the caller may act on in trash (access.ts). Several posts
// are all-or-nothing: one that is missing answers 404 board.post_not_found, one in the wrong place 409
// board.in_trash / board.not_in_trash, one the caller may not act on 403 board.8, and nothing changes.
// A post stays in trash for the company's deletedPostMaxDuration days (jobs.ts purges it).
import { sql } from "drizzle-orm";
import { BOARD_ERRORS } from "../../../../shared/board/errors.ts";
import type { Tx } from "../../../../db/client.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { bigintArray } from "../../../lib/sql-array.ts";
import { type BoardAccess, boardAccess, companyBoards, requireBoard, requirePostable } from "../access.ts";
import { forgetBoardPost, publishBoardChanged } from "../realtime.ts";
import {
  changeablePost, mayActInTrash, mayChange, mayToggleNotice, notAllowed, postNotFound, type SeenPost, visiblePost,
} from "./access.ts";
import { postRows } from "./repo.ts";

const inTrash = () => new AppError(409, BOARD_ERRORS.inTrash);
const notInTrash = () => new AppError(409, BOARD_ERRORS.notInTrash);

async function changed(caller: Caller, boardIds: Iterable<number>, postId?: number) {
  for (const boardId of new Set(boardIds)) await publishBoardChanged(caller.deps, caller.auth.companyId, { boardId, postId });
}

/** DELETE post/{postId}: to trash. */
export async function deletePost(caller: Caller, postId: number): Promise<void> {
  const boardId = await caller.deps.db.transaction(async (tx) => {
    const { post } = await changeablePost(caller, postId, tx);
    await tx.execute(sql`
      update board_posts set deleted_at = ${caller.deps.clock.now().toISOString()}::timestamptz, deleted_by = ${caller.auth.userId}
       where id = ${postId}`);
    return post.boardId;
  });
  await changed(caller, [boardId], postId);
  await forgetBoardPost(caller.deps, caller.auth.companyId, postId);
}

/** PUT post/{postId}/notice: a manager, or the author with WRITE. */
export async function setNotice(caller: Caller, postId: number, isNotice: boolean): Promise<void> {
  const boardId = await caller.deps.db.transaction(async (tx) => {
    const seen = await visiblePost(caller, postId, { db: tx, lock: true });
    if (seen.post.deletedAt !== null) throw inTrash();
    if (!mayToggleNotice(caller, seen)) throw notAllowed();
    await tx.execute(sql`update board_posts set is_notice = ${isNotice} where id = ${postId}`);
    return seen.post.boardId;
  });
  await changed(caller, [boardId], postId);
}

/**
 * The posts, locked, each as the caller sees it; `check` refuses one (throws). Missing, another company's, in
 * a deleted board, or in trash where the caller may not act on it: 404 board.post_not_found.
 */
async function seenPosts(caller: Caller, tx: Tx, postIds: number[], check: (s: SeenPost) => void): Promise<SeenPost[]> {
  const ids = [...new Set(postIds)];
  const rows = await postRows(tx, caller.auth.companyId, ids);
  if (rows.length !== ids.length) throw postNotFound();
  const boards = new Map<number, BoardAccess | null>();
  const out: SeenPost[] = [];
  for (const post of rows) {
    if (!boards.has(post.boardId)) boards.set(post.boardId, await boardAccess(tx, caller.auth, post.boardId));
    const board = boards.get(post.boardId);
    if (!board) throw postNotFound();
    const seen = { post, board };
    if (post.deletedAt !== null && !mayActInTrash(caller, seen)) throw postNotFound();
    if (post.deletedAt === null && board.privilege === "NONE") throw new AppError(403, BOARD_ERRORS.postList);
    check(seen);
    out.push(seen);
  }
  return out;
}

/** The target of a move: WRITE on a BOARD (404 board.8, 403 board.8, 409 board.move_invalid). */
async function target(caller: Caller, boardId: number, tx: Tx): Promise<BoardAccess> {
  const board = await requireBoard(caller, boardId, "WRITE", { db: tx });
  requirePostable(board);
  return board;
}

/** PUT post/move: the author or a manager of each post's board; WRITE on the target. */
export async function movePosts(caller: Caller, postIds: number[], boardId: number): Promise<{ count: number }> {
  const from = await caller.deps.db.transaction(async (tx) => {
    const to = await target(caller, boardId, tx);
    const posts = await seenPosts(caller, tx, postIds, (s) => {
      if (s.post.deletedAt !== null) throw inTrash();
      if (!mayChange(caller, s)) throw notAllowed();
    });
    const ids = posts.map((s) => s.post.id);
    await tx.execute(sql`update board_posts set board_id = ${to.id} where id = any(${bigintArray(ids)})`);
    return posts.map((s) => s.post.boardId);
  });
  await changed(caller, [...from, boardId]);
  return { count: from.length };
}

const inTrashOnly = (caller: Caller) => (s: SeenPost) => {
  if (s.post.deletedAt === null) throw notInTrash();
  if (!mayActInTrash(caller, s)) throw notAllowed();
};

/** PUT trash/restore: back to their boards. */
export async function restorePosts(caller: Caller, postIds: number[]): Promise<{ count: number }> {
  const boards = await caller.deps.db.transaction(async (tx) => {
    const posts = await seenPosts(caller, tx, postIds, inTrashOnly(caller));
    await tx.execute(sql`update board_posts set deleted_at = null, deleted_by = null where id = any(${bigintArray(posts.map((s) => s.post.id))})`);
    return posts.map((s) => s.post.boardId);
  });
  await changed(caller, boards);
  return { count: boards.length };
}

/** PUT trash/move: out of trash into another board (WRITE on it). */
export async function moveTrashPosts(caller: Caller, postIds: number[], boardId: number): Promise<{ count: number }> {
  const from = await caller.deps.db.transaction(async (tx) => {
    const to = await target(caller, boardId, tx);
    const posts = await seenPosts(caller, tx, postIds, inTrashOnly(caller));
    await tx.execute(sql`
      update board_posts set deleted_at = null, deleted_by = null, board_id = ${to.id}
       where id = any(${bigintArray(posts.map((s) => s.post.id))})`);
    return posts.map((s) => s.post.boardId);
  });
  await changed(caller, [...from, boardId]);
  return { count: from.length };
}

/** DELETE trash/forever: the posts with their replies, reactions, reads, mentions and files. */
export async function deleteForever(caller: Caller, postIds: number[]): Promise<{ count: number }> {
  const boards = await caller.deps.db.transaction(async (tx) => {
    const posts = await seenPosts(caller, tx, postIds, inTrashOnly(caller));
    await tx.execute(sql`delete from board_posts where id = any(${bigintArray(posts.map((s) => s.post.id))})`);
    return posts.map((s) => s.post.boardId);
  });
  await changed(caller, boards);
  return { count: boards.length };
}

/** DELETE trash/clean: every post of the caller's trash (those they deleted, and those in boards they manage). */
export async function cleanTrash(caller: Caller): Promise<{ count: number }> {
  const { companyId, userId } = caller.auth;
  const managed = (await companyBoards(caller.deps.db, caller.auth)).filter((b) => b.privilege === "MANAGE").map((b) => b.id);
  const rows = await caller.deps.db.execute<{ board_id: string }>(sql`
    delete from board_posts p
     where p.company_id = ${companyId} and p.deleted_at is not null
       and p.board_id in (select b.id from boards b where b.company_id = ${companyId} and b.deleted_at is null)
       and (p.deleted_by = ${userId} or p.board_id = any(${bigintArray(managed)}))
    returning p.board_id`);
  const boards = rows.map((r) => Number(r.board_id));
  await changed(caller, boards);
  return { count: boards.length };
}
