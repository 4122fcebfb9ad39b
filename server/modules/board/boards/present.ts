// A board as the API shows it: BoardDetail (GET detail/{id} and the answers of create, update, rename, move and
// restore) and the BoardNode of a deleted board (GET deleted). A detail carries no children (the tree does):
// childCount counts the sub-boards (a group's boards) that are not deleted.
import type { BoardDetail, BoardNode } from "../../../../shared/board/boards.ts";
import type { Privilege, Visibility } from "../../../../shared/board/constants.ts";
import type { DbOrTx } from "../../../../db/client.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { BOARD_ERRORS } from "../../../../shared/board/errors.ts";
import { companyInfo } from "../../company/service.ts";
import type { BoardAccess } from "../access.ts";
import * as repo from "./repo.ts";
import { unreadSince } from "./unread.ts";

const millis = (d: Date | null) => d === null ? null : d.getTime();

export async function detailOf(caller: Caller, access: BoardAccess, db: DbOrTx = caller.deps.db): Promise<BoardDetail> {
  const { companyId, userId } = caller.auth;
  const row = await repo.findBoard(db, companyId, access.id);
  if (!row) throw new AppError(404, BOARD_ERRORS.board);
  const [managers, members, childCount, postCount, state, unread, company] = await Promise.all([
    repo.managersOf(db, companyId, row.id),
    repo.membersOf(db, companyId, row.id),
    repo.liveChildCount(db, companyId, row.id),
    row.boardType === "BOARD" ? repo.postCount(db, companyId, row.id) : 0,
    repo.userState(db, userId, row.id),
    row.boardType === "BOARD" && access.privilege !== "NONE" ? repo.unreadCounts(db, companyId, userId, [row.id], unreadSince(caller)) : [],
    row.mailLocalPart ? companyInfo(caller.deps, companyId) : null,
  ]);
  const domain = company?.domains[0];
  return {
    id: row.id,
    groupId: row.parentId,
    name: row.name,
    boardType: access.boardType,
    description: row.description,
    isDeleted: row.deletedAt !== null,
    deletedTimeMillis: millis(row.deletedAt),
    childCount,
    children: [],
    unreadCount: unread[0]?.unread ?? 0,
    following: state?.following ?? false,
    userPrivilege: access.privilege,
    memberType: access.memberType,
    userId: row.createdBy ?? 0,
    visibility: row.visibility as Visibility,
    publicPrivilege: row.publicPrivilege as Privilege,
    managers,
    members: { users: members.users, organs: members.organs },
    mailAddress: row.mailLocalPart && domain ? `${row.mailLocalPart}@${domain}` : null,
    postCount,
    createdTimeMillis: row.createdAt.getTime(),
  };
}

export function deletedNode(row: repo.BoardRow, access: BoardAccess): BoardNode {
  return {
    id: row.id, groupId: row.parentId, name: row.name, boardType: access.boardType, description: row.description,
    isDeleted: true, deletedTimeMillis: millis(row.deletedAt), childCount: 0, children: [], unreadCount: 0, following: false,
    userPrivilege: access.privilege, memberType: access.memberType,
  };
}
