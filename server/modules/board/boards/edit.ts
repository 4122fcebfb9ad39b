// PUT {id}, {id}/rename and {id}/move (shared/board/boards.ts; MANAGE on the board, 403 board.8).
//
// - update: description, visibility (409 board.visibility_locked when sub-boards that are not deleted exist
//   and it changes, 001 §5), publicPrivilege, members (the whole list), managerIds (the whole list, ≥ 1).
// - move: under parentId (null: the top; MANAGE on the new parent too) after prevId among the new siblings
//   (null: first). 409 board.move_invalid: a group anywhere but the top, under itself or its own sub-board,
//   deeper than BOARD_DEPTH_MAX, or a prevId that is not one of the new siblings.
import type { z } from "zod";
import type { BoardDetail, BoardUpdateBody, moveBoardBody } from "../../../../shared/board/boards.ts";
import { BOARD_DEPTH_MAX } from "../../../../shared/board/constants.ts";
import { BOARD_ERRORS } from "../../../../shared/board/errors.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { transactionWithRetry } from "../../../lib/transaction.ts";
import { requireBoard } from "../access.ts";
import { publishBoardChanged } from "../realtime.ts";
import { checkManagers, checkMembers } from "./members.ts";
import { detailOf } from "./present.ts";
import * as repo from "./repo.ts";

async function changed(caller: Caller, detail: BoardDetail): Promise<BoardDetail> {
  await publishBoardChanged(caller.deps, caller.auth.companyId, { boardId: detail.id });
  return detail;
}

export async function updateBoard(caller: Caller, id: number, input: BoardUpdateBody): Promise<BoardDetail> {
  const { deps, auth } = caller;
  const { companyId } = auth;
  const detail = await transactionWithRetry(deps.db, async (tx) => {
    await repo.lockTree(tx, companyId);
    await requireBoard(caller, id, "MANAGE", { db: tx });
    const row = await repo.findBoard(tx, companyId, id);
    if (!row) throw new AppError(404, BOARD_ERRORS.board);
    if (input.visibility !== undefined && input.visibility !== row.visibility && await repo.liveChildCount(tx, companyId, id) > 0) {
      throw new AppError(409, BOARD_ERRORS.visibilityLocked);
    }
    if (input.members) await checkMembers(tx, companyId, input.members);
    if (input.managerIds) await checkManagers(tx, companyId, input.managerIds);
    await repo.updateBoard(tx, companyId, id, {
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.visibility !== undefined ? { visibility: input.visibility } : {}),
      ...(input.publicPrivilege !== undefined ? { publicPrivilege: input.publicPrivilege } : {}),
      updatedAt: deps.clock.now(),
    });
    if (input.members) await repo.replaceMembers(tx, companyId, id, input.members);
    if (input.managerIds) await repo.replaceManagers(tx, companyId, id, input.managerIds);
    // The caller may have left the managers: the answer shows what they may do now.
    const after = await requireBoard(caller, id, "NONE", { db: tx });
    return await detailOf(caller, after, tx);
  });
  return await changed(caller, detail);
}

export async function renameBoard(caller: Caller, id: number, name: string): Promise<BoardDetail> {
  const { deps, auth } = caller;
  const detail = await deps.db.transaction(async (tx) => {
    const access = await requireBoard(caller, id, "MANAGE", { db: tx });
    await repo.updateBoard(tx, auth.companyId, id, { name, updatedAt: deps.clock.now() });
    return await detailOf(caller, { ...access, name }, tx);
  });
  return await changed(caller, detail);
}

export async function moveBoard(caller: Caller, id: number, input: z.infer<typeof moveBoardBody>): Promise<BoardDetail> {
  const { deps, auth } = caller;
  const { companyId } = auth;
  const invalid = (params?: Record<string, unknown>) => new AppError(409, BOARD_ERRORS.moveInvalid, params);
  const detail = await transactionWithRetry(deps.db, async (tx) => {
    await repo.lockTree(tx, companyId);
    const board = await requireBoard(caller, id, "MANAGE", { db: tx });
    const { parentId, prevId } = input;
    if (parentId !== null) {
      if (board.boardType === "GROUP") throw invalid();
      await requireBoard(caller, parentId, "MANAGE", { db: tx });
      const below = await repo.subtree(tx, companyId, id);
      if (below.some((b) => b.id === parentId)) throw invalid();
      const height = Math.max(...below.filter((b) => b.deletedAt === null).map((b) => b.level));
      if (await repo.depthOf(tx, companyId, parentId) + 1 + height > BOARD_DEPTH_MAX) throw invalid({ maxDepth: BOARD_DEPTH_MAX });
    }
    const siblings = (await repo.siblingIds(tx, companyId, parentId)).filter((s) => s !== id);
    let at = 0;
    if (prevId !== null) {
      const i = siblings.indexOf(prevId);
      if (i < 0) throw invalid({ prevId });
      at = i + 1;
    }
    if (board.parentId !== parentId) await repo.updateBoard(tx, companyId, id, { parentId, updatedAt: deps.clock.now() });
    await repo.setSortOrders(tx, companyId, [...siblings.slice(0, at), id, ...siblings.slice(at)]);
    return await detailOf(caller, { ...board, parentId }, tx);
  });
  return await changed(caller, detail);
}
