// Who may see and change a post (on top of ../access.ts, the caller's privilege on its board):
// - seeing: a post of the caller's company in a board that is not deleted, which the caller may read (403
//   board.18 otherwise); a post in trash only for those who may act on it (below), for others it is missing;
// - editing, deleting (to trash): its author or a manager of the board (403 board.8);
// - the notice toggle: a manager, or its author with WRITE;
// - in trash (restore, move out, delete for ever): the one who deleted it, or a manager of its board.
// A post that is missing, another company's, or in a deleted board answers 404 board.post_not_found.
import { BOARD_ERRORS } from "../../../../shared/board/errors.ts";
import type { DbOrTx } from "../../../../db/client.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { type BoardAccess, boardAccess } from "../access.ts";
import { type PostRow, postRow } from "./repo.ts";

export const postNotFound = () => new AppError(404, BOARD_ERRORS.postNotFound);
export const notAllowed = () => new AppError(403, BOARD_ERRORS.board);

export interface SeenPost {
  post: PostRow;
  board: BoardAccess;
}

export const isManager = (board: BoardAccess) => board.privilege === "MANAGE";
export const mayChange = (caller: Caller, s: SeenPost) => s.post.userId === caller.auth.userId || isManager(s.board);
export const mayActInTrash = (caller: Caller, s: SeenPost) => s.post.deletedBy === caller.auth.userId || isManager(s.board);
export const mayToggleNotice = (caller: Caller, s: SeenPost) =>
  isManager(s.board) || (s.post.userId === caller.auth.userId && s.board.privilege === "WRITE");

/** The post, when the caller may see it (see above). */
export async function visiblePost(caller: Caller, postId: number, opts: { db?: DbOrTx; lock?: boolean } = {}): Promise<SeenPost> {
  const db = opts.db ?? caller.deps.db;
  const post = await postRow(db, caller.auth.companyId, postId, { lock: opts.lock });
  if (!post) throw postNotFound();
  const board = await boardAccess(db, caller.auth, post.boardId);
  if (!board) throw postNotFound();
  const seen = { post, board };
  if (post.deletedAt !== null) {
    if (!mayActInTrash(caller, seen)) throw postNotFound();
  } else if (board.privilege === "NONE") {
    throw new AppError(403, BOARD_ERRORS.postList);
  }
  return seen;
}

/** A visible post that is not in trash (409 board.in_trash) and the caller may edit or delete (403 board.8). */
export async function changeablePost(caller: Caller, postId: number, db?: DbOrTx): Promise<SeenPost> {
  const seen = await visiblePost(caller, postId, { db, lock: true });
  if (seen.post.deletedAt !== null) throw new AppError(409, BOARD_ERRORS.inTrash);
  if (!mayChange(caller, seen)) throw notAllowed();
  return seen;
}
