// GET detail/{id}, privilege/{id} and deleted (shared/board/boards.ts).
//
// privilege/{id} takes a board id, a special folder's id (-1 … -5) or its name (all, my, mention, trash,
// notice): the special folders answer READ with memberType NONE (every member may open them; what they list
// is each board's own rule); a board answers the caller's privilege, NONE included (a private board the
// caller is not on: NONE / NONE); a missing, foreign or deleted board 404 board.8.
import type { BoardDetail, BoardNode, BoardPrivilege } from "../../../../shared/board/boards.ts";
import { RESTORE_DAYS, SPECIAL_FOLDERS, type SpecialFolder } from "../../../../shared/board/constants.ts";
import { BOARD_ERRORS } from "../../../../shared/board/errors.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { boardAccess, requireBoard } from "../access.ts";
import { deletedNode, detailOf } from "./present.ts";
import * as repo from "./repo.ts";

export const DAY_MS = 86_400_000;

export async function boardDetail(caller: Caller, id: number): Promise<BoardDetail> {
  return await detailOf(caller, await requireBoard(caller, id, "READ"));
}

/** The board id a privilege/{id} segment names: a positive id, a special id or name; null when none. */
export function privilegeTarget(segment: string): number | null {
  if (Object.hasOwn(SPECIAL_FOLDERS, segment)) return SPECIAL_FOLDERS[segment as SpecialFolder];
  if (!/^-?\d{1,15}$/.test(segment)) return null;
  const n = Number(segment);
  return n > 0 || (Object.values(SPECIAL_FOLDERS) as number[]).includes(n) ? n : null;
}

export async function boardPrivilege(caller: Caller, segment: string): Promise<BoardPrivilege> {
  const id = privilegeTarget(segment);
  if (id === null) throw new AppError(404, BOARD_ERRORS.board);
  if (id < 0) return { userPrivilege: "READ", memberType: "NONE" };
  const b = await boardAccess(caller.deps.db, caller.auth, id);
  if (!b) throw new AppError(404, BOARD_ERRORS.board);
  return { userPrivilege: b.privilege, memberType: b.memberType };
}

/** Deleted boards the caller may restore (its managers, company admins), deleted less than RESTORE_DAYS ago. */
export async function deletedBoards(caller: Caller): Promise<BoardNode[]> {
  const { db, clock } = caller.deps;
  const since = new Date(clock.now().getTime() - RESTORE_DAYS * DAY_MS);
  const rows = await repo.deletedSince(db, caller.auth.companyId, since);
  const out: BoardNode[] = [];
  for (const row of rows) {
    const access = await boardAccess(db, caller.auth, row.id, { includeDeleted: true });
    if (access?.privilege === "MANAGE") out.push(deletedNode(row, access));
  }
  return out;
}
