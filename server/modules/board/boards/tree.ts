// GET list (the caller's tree) and GET hidden (shared/board/boards.ts; 001 §3 "Board", §4 hiding).
//
// - Shown: a board the caller may read, and a group (or a board) that holds something shown, so a board shared
//   with the caller inside a group it may not read still has its place (with userPrivilege NONE on the group).
// - Hidden (board_user_states.hidden): the node leaves the caller's tree with everything under it (a hidden
//   group drops its whole entry); a parent whose last shown child is hidden has no children (childCount 0).
// - The special folders come first: all -1 (unread posts of every readable board, hidden ones included), my
//   -2, mention -3, trash -4, notice -5 (unread notices of the readable boards). Their name is the folder's
//   key (all, my, …; the UI translates by boardType), userPrivilege READ and memberType NONE.
// - unreadCount: posts of others in the last UNREAD_WINDOW_DAYS, not in trash, without a read of the caller's; one query for the whole tree.
import type { BoardNode, BoardTree, HiddenBoard } from "../../../../shared/board/boards.ts";
import { SPECIAL_FOLDERS, type SpecialFolder } from "../../../../shared/board/constants.ts";
import type { DbOrTx } from "../../../../db/client.ts";
import type { AuthInfo, Caller } from "../../../lib/context.ts";
import { type BoardAccess, companyBoards } from "../access.ts";
import * as repo from "./repo.ts";
import { unreadSince } from "./unread.ts";

type Auth = Pick<AuthInfo, "userId" | "companyId" | "role">;

const FOLDER_TYPES: Record<SpecialFolder, BoardNode["boardType"]> = {
  all: "ALL", my: "MY", mention: "MENTION", trash: "TRASH", notice: "NOTICE",
};

/** The boards and groups that are not deleted and have a place in the caller's tree (hidden ones included). */
export async function shownBoards(db: DbOrTx, auth: Auth): Promise<BoardAccess[]> {
  const all = await companyBoards(db, auth);
  const byId = new Map(all.map((b) => [b.id, b]));
  const shown = new Set<number>();
  for (const b of all) {
    if (b.privilege === "NONE") continue;
    // The board and every node above it.
    for (let at: BoardAccess | undefined = b; at && !shown.has(at.id); at = at.parentId === null ? undefined : byId.get(at.parentId)) {
      shown.add(at.id);
    }
  }
  return all.filter((b) => shown.has(b.id));
}

export function folderNode(key: SpecialFolder, unreadCount = 0): BoardNode {
  return {
    id: SPECIAL_FOLDERS[key], groupId: null, name: key, boardType: FOLDER_TYPES[key], description: "", isDeleted: false,
    deletedTimeMillis: null, childCount: 0, children: [], unreadCount, following: false, userPrivilege: "READ", memberType: "NONE",
  };
}

export async function boardTree(caller: Caller): Promise<BoardTree> {
  const { db } = caller.deps;
  const { companyId, userId } = caller.auth;
  const shown = await shownBoards(db, caller.auth);
  const readable = shown.filter((b) => b.boardType === "BOARD" && b.privilege !== "NONE").map((b) => b.id);
  const [extras, counts] = await Promise.all([
    repo.boardExtras(db, companyId, userId),
    repo.unreadCounts(db, companyId, userId, readable, unreadSince(caller)),
  ]);
  const unread = new Map(counts.map((c) => [c.boardId, c.unread]));
  const shownIds = new Set(shown.map((b) => b.id));
  const childrenOf = new Map<number | null, BoardAccess[]>();
  for (const b of shown) {
    if (extras.get(b.id)?.hidden) continue;
    // A node whose parent is not shown (a sub-board left under a deleted parent) has no place.
    if (b.parentId !== null && !shownIds.has(b.parentId)) continue;
    childrenOf.set(b.parentId, [...childrenOf.get(b.parentId) ?? [], b]);
  }
  const nodeOf = (b: BoardAccess): BoardNode => {
    const children = (childrenOf.get(b.id) ?? []).map(nodeOf);
    const extra = extras.get(b.id);
    return {
      id: b.id, groupId: b.parentId, name: b.name, boardType: b.boardType, description: extra?.description ?? "",
      isDeleted: false, deletedTimeMillis: null, childCount: children.length, children,
      unreadCount: b.boardType === "BOARD" && b.privilege !== "NONE" ? unread.get(b.id) ?? 0 : 0,
      following: extra?.following ?? false, userPrivilege: b.privilege, memberType: b.memberType,
    };
  };
  const total = counts.reduce((n, c) => n + c.unread, 0);
  const notices = counts.reduce((n, c) => n + c.unreadNotices, 0);
  return {
    boards: [
      folderNode("all", total), folderNode("my"), folderNode("mention"), folderNode("trash"), folderNode("notice", notices),
      ...(childrenOf.get(null) ?? []).map(nodeOf),
    ],
  };
}

/** The caller's hidden boards that still have a place in the tree. */
export async function hiddenBoards(caller: Caller): Promise<HiddenBoard[]> {
  const { db } = caller.deps;
  const [rows, shown] = await Promise.all([
    repo.hiddenRows(db, caller.auth.companyId, caller.auth.userId),
    shownBoards(db, caller.auth),
  ]);
  const ids = new Set(shown.map((b) => b.id));
  return rows.filter((r) => ids.has(r.id));
}
