// The post a reply, reaction or read is about, with the caller's privilege on its board: a post that is missing,
// another company's, in trash or on a deleted board answers 404 board.post_not_found; one on a board the caller
// may not read answers 403 board.18 (shared/board/replies.ts).
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { BOARD_ERRORS } from "../../../../shared/board/errors.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { type BoardAccess, boardAccess } from "../access.ts";

export interface PostRef {
  id: number;
  boardId: number;
  boardName: string;
  /** The author. */
  userId: number;
  title: string;
  mustRead: boolean;
  /** Replies not blind; top-level replies (blind ones included). */
  replyCount: number;
  topReplyCount: number;
  board: BoardAccess;
}

/** The post when the caller may read it; with `lock`, its row is locked for the caller's transaction. */
export async function readablePost(caller: Caller, postId: number, opts: { db?: DbOrTx; lock?: boolean } = {}): Promise<PostRef> {
  const db = opts.db ?? caller.deps.db;
  const [row] = await db.execute<{ id: string; board_id: string; user_id: string; title: string; must_read: boolean; reply_count: number; top_reply_count: number }>(sql`
    select p.id, p.board_id, p.user_id, p.title, p.must_read, p.reply_count, p.top_reply_count
      from board_posts p join boards b on b.id = p.board_id and b.deleted_at is null
     where p.id = ${postId} and p.company_id = ${caller.auth.companyId} and p.deleted_at is null
     ${opts.lock ? sql`for update of p` : sql``}`);
  if (!row) throw new AppError(404, BOARD_ERRORS.postNotFound);
  const board = await boardAccess(db, caller.auth, Number(row.board_id));
  if (!board) throw new AppError(404, BOARD_ERRORS.postNotFound);
  if (board.privilege === "NONE") throw new AppError(403, BOARD_ERRORS.postList);
  return {
    id: Number(row.id),
    boardId: board.id,
    boardName: board.name,
    userId: Number(row.user_id),
    title: row.title,
    mustRead: row.must_read,
    replyCount: Number(row.reply_count),
    topReplyCount: Number(row.top_reply_count),
    board,
  };
}
