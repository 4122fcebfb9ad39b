// The caller's own view of a board: PUT {id}/hide, {id}/unhide (001 §4 hiding) and {id}/follow (notices of new
// posts, BOARD_NOTICE POST). Hiding works on any node of the caller's tree (a group shown for a board inside
// it too); following needs READ on a board. A board that is missing, foreign or deleted: 404 board.8; one not
// in the caller's tree: 403 board.8. Nobody else's tree changes, so nothing is published.
import { BOARD_ERRORS } from "../../../../shared/board/errors.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { boardAccess, requireBoard } from "../access.ts";
import * as repo from "./repo.ts";
import { shownBoards } from "./tree.ts";

export async function setHidden(caller: Caller, id: number, hidden: boolean): Promise<{ id: number; hidden: boolean }> {
  const { db } = caller.deps;
  if (!await boardAccess(db, caller.auth, id)) throw new AppError(404, BOARD_ERRORS.board);
  if (!(await shownBoards(db, caller.auth)).some((b) => b.id === id)) throw new AppError(403, BOARD_ERRORS.board);
  await repo.setUserState(db, caller.auth.companyId, caller.auth.userId, id, { hidden });
  return { id, hidden };
}

export async function setFollowing(caller: Caller, id: number, following: boolean): Promise<{ id: number; following: boolean }> {
  await requireBoard(caller, id, "READ");
  await repo.setUserState(caller.deps.db, caller.auth.companyId, caller.auth.userId, id, { following });
  return { id, following };
}
