// The members and managers a create or an update names (001 §5: "a member cannot be added twice"): users and
// organisations of the caller's company only (an unknown or foreign id answers 400 common.validation with
// the field, as bad input), each at most once (409 board.member_duplicate).
import type { BoardMembersInput } from "../../../../shared/board/boards.ts";
import { BOARD_ERRORS } from "../../../../shared/board/errors.ts";
import type { DbOrTx } from "../../../../db/client.ts";
import { AppError, type FieldError } from "../../../lib/errors.ts";
import * as repo from "./repo.ts";

function duplicate(ids: number[]): number | undefined {
  const seen = new Set<number>();
  for (const id of ids) {
    if (seen.has(id)) return id;
    seen.add(id);
  }
  return undefined;
}

const invalid = (errors: FieldError[]) => new AppError(400, "common.validation", undefined, errors);
const unknownAt = (field: string): FieldError => ({ field, code: "common.validation", message: "unknown id" });

/** Checks the members; throws 409 board.member_duplicate or 400 common.validation. */
export async function checkMembers(db: DbOrTx, companyId: number, members: BoardMembersInput): Promise<void> {
  const userIds = members.users.map((u) => u.userId);
  const organIds = members.organs.map((o) => o.organId);
  const twice = duplicate(userIds);
  if (twice !== undefined) throw new AppError(409, BOARD_ERRORS.memberDuplicate, { userId: twice });
  const twiceOrgan = duplicate(organIds);
  if (twiceOrgan !== undefined) throw new AppError(409, BOARD_ERRORS.memberDuplicate, { organId: twiceOrgan });
  const [knownUsers, knownOrgans] = await Promise.all([repo.companyUserIds(db, companyId, userIds), repo.companyOrganIds(db, companyId, organIds)]);
  const errors = [
    ...userIds.flatMap((id, i) => knownUsers.has(id) ? [] : [unknownAt(`members.users.${i}.userId`)]),
    ...organIds.flatMap((id, i) => knownOrgans.has(id) ? [] : [unknownAt(`members.organs.${i}.organId`)]),
  ];
  if (errors.length) throw invalid(errors);
}

/** Checks the managers (users of the company, each once) and answers them. */
export async function checkManagers(db: DbOrTx, companyId: number, managerIds: number[]): Promise<number[]> {
  const twice = duplicate(managerIds);
  if (twice !== undefined) throw new AppError(409, BOARD_ERRORS.memberDuplicate, { managerId: twice });
  const known = await repo.companyUserIds(db, companyId, managerIds);
  const errors = managerIds.flatMap((id, i) => known.has(id) ? [] : [unknownAt(`managerIds.${i}`)]);
  if (errors.length) throw invalid(errors);
  return managerIds;
}
