// POST /api/board (shared/board/boards.ts boardBody → 201 BoardDetail; 001 §5).
//
// - Where: a GROUP only at the top; a BOARD at the top, in a group or under a board (a sub-board), at most
//   BOARD_DEPTH_MAX levels deep (409 board.move_invalid).
// - Who: at the top, any member of the company; under a parent, MANAGE on the parent (404 / 403 board.8). The
//   creator is the first manager (company admins too), with managerIds beside.
// - The FREE plan holds at most FREE_PLAN_BOARDS boards (type BOARD, not deleted): 403 board.165.
// - Members and managers: members.ts. The new board goes after its siblings.
import type { BoardBody, BoardDetail } from "../../../../shared/board/boards.ts";
import { BOARD_DEPTH_MAX, FREE_PLAN_BOARDS } from "../../../../shared/board/constants.ts";
import { BOARD_ERRORS } from "../../../../shared/board/errors.ts";
import type { DbOrTx } from "../../../../db/client.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { transactionWithRetry } from "../../../lib/transaction.ts";
import { companyInfo } from "../../company/service.ts";
import { requireBoard } from "../access.ts";
import { publishBoardChanged } from "../realtime.ts";
import { checkManagers, checkMembers } from "./members.ts";
import { detailOf } from "./present.ts";
import * as repo from "./repo.ts";

/** 403 board.165 when the company is on the FREE plan and `adding` more boards would pass its limit. */
export async function checkCapacity(caller: Caller, tx: DbOrTx, adding: number): Promise<void> {
  if (adding <= 0) return;
  const { planType } = await companyInfo(caller.deps, caller.auth.companyId);
  if (planType !== "FREE") return;
  if (await repo.liveBoardCount(tx, caller.auth.companyId) + adding > FREE_PLAN_BOARDS) {
    throw new AppError(403, BOARD_ERRORS.capacity, { max: FREE_PLAN_BOARDS });
  }
}

export async function createBoard(caller: Caller, input: BoardBody): Promise<BoardDetail> {
  const { deps, auth } = caller;
  const { companyId } = auth;
  const now = deps.clock.now();
  const detail = await transactionWithRetry(deps.db, async (tx) => {
    await repo.lockTree(tx, companyId);
    if (input.parentId !== null) {
      if (input.boardType === "GROUP") throw new AppError(409, BOARD_ERRORS.moveInvalid);
      const parent = await requireBoard(caller, input.parentId, "MANAGE", { db: tx });
      if (await repo.depthOf(tx, companyId, parent.id) + 1 > BOARD_DEPTH_MAX) {
        throw new AppError(409, BOARD_ERRORS.moveInvalid, { maxDepth: BOARD_DEPTH_MAX });
      }
    }
    if (input.boardType === "BOARD") await checkCapacity(caller, tx, 1);
    await checkMembers(tx, companyId, input.members);
    const managerIds = await checkManagers(tx, companyId, input.managerIds);
    const row = await repo.insertBoard(tx, {
      companyId,
      parentId: input.parentId,
      boardType: input.boardType,
      name: input.name,
      description: input.description,
      visibility: input.visibility,
      publicPrivilege: input.publicPrivilege,
      sortOrder: await repo.nextSortOrder(tx, companyId, input.parentId),
      createdBy: auth.userId,
      createdAt: now,
      updatedAt: now,
    });
    await repo.replaceMembers(tx, companyId, row.id, input.members);
    await repo.replaceManagers(tx, companyId, row.id, [auth.userId, ...managerIds.filter((id) => id !== auth.userId)]);
    return await detailOf(caller, await requireBoard(caller, row.id, "MANAGE", { db: tx }), tx);
  });
  await publishBoardChanged(deps, companyId, { boardId: detail.id });
  return detail;
}
