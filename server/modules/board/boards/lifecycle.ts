// DELETE {id}, PUT {id}/restore and the purge job (001 §4 soft delete; shared/board/boards.ts).
//
// - delete (MANAGE): the board and its sub-boards that are not deleted get the same deleted_at / deleted_by.
//   Answers { id, deletedTimeMillis }.
// - restore: a deleted board answers 404 board.8 to those who may not restore it (only its managers and
//   company admins may); 409 board.not_deleted, board.restore_expired (RESTORE_DAYS passed), board.parent_deleted
//   (restore the parent first); the sub-boards deleted with it (the same deleted_at) come back too; the FREE
//   plan's limit counts what comes back (403 board.165). Answers the BoardDetail.
// - purgeDeletedBoards (the job): boards deleted more than RESTORE_DAYS ago are removed for good with their
//   posts, replies and files (foreign keys cascade; the blob collector removes the bytes no row names),
//   claimed with FOR UPDATE SKIP LOCKED so any number of instances may run it.
import type { BoardDetail } from "../../../../shared/board/boards.ts";
import { RESTORE_DAYS } from "../../../../shared/board/constants.ts";
import { BOARD_ERRORS } from "../../../../shared/board/errors.ts";
import type { AppDeps, Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { transactionWithRetry } from "../../../lib/transaction.ts";
import { boardAccess, requireBoard } from "../access.ts";
import { publishBoardChanged } from "../realtime.ts";
import { checkCapacity } from "./create.ts";
import { detailOf } from "./present.ts";
import { DAY_MS } from "./reads.ts";
import * as repo from "./repo.ts";

export interface Deleted {
  id: number;
  deletedTimeMillis: number;
}

export async function deleteBoard(caller: Caller, id: number): Promise<Deleted> {
  const { deps, auth } = caller;
  const now = deps.clock.now();
  await transactionWithRetry(deps.db, async (tx) => {
    await repo.lockTree(tx, auth.companyId);
    await requireBoard(caller, id, "MANAGE", { db: tx });
    const below = await repo.subtree(tx, auth.companyId, id);
    await repo.markDeleted(tx, auth.companyId, below.filter((b) => b.deletedAt === null).map((b) => b.id), now, auth.userId);
  });
  await publishBoardChanged(deps, auth.companyId, { boardId: id });
  return { id, deletedTimeMillis: now.getTime() };
}

export async function restoreBoard(caller: Caller, id: number): Promise<BoardDetail> {
  const { deps, auth } = caller;
  const { companyId } = auth;
  const now = deps.clock.now();
  const detail = await transactionWithRetry(deps.db, async (tx) => {
    await repo.lockTree(tx, companyId);
    const board = await boardAccess(tx, auth, id, { includeDeleted: true });
    if (!board) throw new AppError(404, BOARD_ERRORS.board);
    if (board.privilege !== "MANAGE") throw new AppError(board.deletedAt ? 404 : 403, BOARD_ERRORS.board);
    const deletedAt = board.deletedAt;
    if (!deletedAt) throw new AppError(409, BOARD_ERRORS.notDeleted);
    if (deletedAt.getTime() <= now.getTime() - RESTORE_DAYS * DAY_MS) throw new AppError(409, BOARD_ERRORS.restoreExpired, { days: RESTORE_DAYS });
    if (board.parentId !== null) {
      const parent = await repo.findBoard(tx, companyId, board.parentId);
      if (parent?.deletedAt) throw new AppError(409, BOARD_ERRORS.parentDeleted, { parentId: parent.id });
    }
    // The sub-boards deleted with it (the same deleted_at, reached through such boards), not those deleted
    // before it: they stay deleted.
    const back = new Set([id]);
    for (const b of (await repo.subtree(tx, companyId, id)).sort((x, y) => x.level - y.level)) {
      if (b.parentId !== null && back.has(b.parentId) && b.deletedAt?.getTime() === deletedAt.getTime()) back.add(b.id);
    }
    const ids = [...back];
    const rows = await repo.boardsByIds(tx, companyId, ids);
    await checkCapacity(caller, tx, rows.filter((r) => r.boardType === "BOARD").length);
    await repo.markRestored(tx, companyId, ids, now);
    return await detailOf(caller, await requireBoard(caller, id, "NONE", { db: tx }), tx);
  });
  await publishBoardChanged(deps, companyId, { boardId: id });
  return detail;
}

const PURGE_BATCH = 20;

/** One pass of the purge job: answers how many boards (with what was under them) were removed. */
export async function purgeDeletedBoards(deps: AppDeps): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - RESTORE_DAYS * DAY_MS);
  let total = 0;
  for (;;) {
    const gone = await deps.db.transaction((tx) => repo.purgeClaimed(tx, cutoff, PURGE_BATCH));
    total += gone.length;
    if (gone.length) deps.log.info(`board purge removed ${gone.length} deleted board(s)`);
    if (gone.length < PURGE_BATCH) return total;
  }
}
