// The board tree (001 §3 "Board", §4 soft delete and hiding, §5, §6). Calls under /api/board:
//
//   GET    list                    BoardTree: the boards the caller may read, as a tree (groups hold boards, a
//                                  board may hold sub-boards), without deleted ones and without the caller's
//                                  hidden ones (§4: a hidden group drops its whole entry; a hidden last child
//                                  drops the children list); the special folders first; unread counts
//   GET    deleted                 BoardNode[]: deleted boards the caller manages (or any, for a company admin),
//                                  still restorable (RESTORE_DAYS), newest first
//   GET    hidden                  HiddenBoard[] (id, groupId, name): the caller's hidden boards
//   GET    detail/{id}             BoardDetail (404 board.8; a board the caller may not read: 403 board.8); its
//                                  children are [] (the tree has them), childCount its live sub-boards
//   GET    privilege/{id}          BoardPrivilege { userPrivilege, memberType }; {id} may be a special id (-1 … -5)
//                                  or name (all, my, …): READ / NONE; a board the caller may not read: NONE / NONE
//   POST   ""                      boardBody → 201 BoardDetail; 403 board.165 past FREE_PLAN_BOARDS on the FREE
//                                  plan; a sub-board or group child needs MANAGE on the parent; the creator is
//                                  its first manager; 409 board.member_duplicate, board.move_invalid (depth)
//   PUT    {id}                    boardUpdateBody → 200 BoardDetail (MANAGE); 409 board.visibility_locked when
//                                  a board with sub-boards changes visibility
//   PUT    {id}/rename             { name } → 200 BoardDetail (MANAGE)
//   PUT    {id}/move               { parentId, prevId } → 200 BoardDetail (MANAGE on the board and the new parent;
//                                  prevId: after that sibling, null first; 409 board.move_invalid)
//   DELETE {id}                    200 { id, deletedTimeMillis }: soft delete (MANAGE); sub-boards follow (001 §4)
//   PUT    {id}/restore            200: a manager within RESTORE_DAYS (409 board.restore_expired), parent first
//                                  (409 board.parent_deleted), 409 board.not_deleted; sub-boards deleted with it
//                                  come back with it; → 200 BoardDetail (403 board.165 past the FREE plan's limit)
//   PUT    {id}/hide, {id}/unhide  200 { id, hidden }: the caller's own tree
//   PUT    {id}/follow             { follow } → 200 { id, following }: notices of new posts in the board (BOARD_NOTICE POST)
// Deleted boards past RESTORE_DAYS are purged with their posts, replies and files by a job.
import { z } from "zod";
import {
  BOARD_DESCRIPTION_MAX, BOARD_NAME_MAX, BOARD_TYPES, MANAGERS_MAX, MEMBERS_MAX, PRIVILEGES, VISIBILITIES,
} from "./constants.ts";
import type { BoardType, MemberType, Privilege, UserPrivilege, Visibility } from "./constants.ts";

export interface BoardPrivilege {
  userPrivilege: UserPrivilege;
  memberType: MemberType;
}

/** A node of the tree (001 §3 "Board"); the special folders have their negative ids and boardType ALL … NOTICE. */
export interface BoardNode extends BoardPrivilege {
  id: number;
  /** The group (or parent board) it sits in; null at the top. */
  groupId: number | null;
  name: string;
  boardType: BoardType | "ALL" | "MY" | "MENTION" | "TRASH" | "NOTICE";
  description: string;
  isDeleted: boolean;
  deletedTimeMillis: number | null;
  childCount: number;
  children: BoardNode[];
  /** Posts the caller has not read (0 for groups; special folders: all -1 and notice -5 count, others 0). */
  unreadCount: number;
  following: boolean;
}

export interface BoardTree {
  boards: BoardNode[];
}

export interface HiddenBoard {
  id: number;
  groupId: number | null;
  name: string;
}

export interface BoardUserRef {
  id: number;
  name: string;
  email: string;
}

export interface BoardMemberUser extends BoardUserRef {
  privilege: Privilege;
}

export interface BoardMemberOrgan {
  id: number;
  name: string;
  includeChildren: boolean;
  privilege: Privilege;
}

export interface BoardDetail extends BoardNode {
  userId: number;
  visibility: Visibility;
  /** What every member of the company may do on a PUBLIC board. */
  publicPrivilege: Privilege;
  managers: BoardUserRef[];
  members: { users: BoardMemberUser[]; organs: BoardMemberOrgan[] };
  /** The board's mail address (local part @ the company's first domain), null when it has none. */
  mailAddress: string | null;
  postCount: number;
  createdTimeMillis: number;
}

const name = z.string().trim().min(1).max(BOARD_NAME_MAX);
const description = z.string().trim().min(1).max(BOARD_DESCRIPTION_MAX);
const id = z.number().int().positive();

export const boardMembersInput = z.object({
  users: z.array(z.object({ userId: id, privilege: z.enum(PRIVILEGES).default("WRITE") })).max(MEMBERS_MAX).default([]),
  organs: z.array(z.object({ organId: id, includeChildren: z.boolean().default(true), privilege: z.enum(PRIVILEGES).default("WRITE") }))
    .max(MEMBERS_MAX).default([]),
});
export type BoardMembersInput = z.infer<typeof boardMembersInput>;

export const boardBody = z.object({
  name,
  description,
  boardType: z.enum(BOARD_TYPES).default("BOARD"),
  /** The group or board it goes under; null at the top. */
  parentId: id.nullable().default(null),
  visibility: z.enum(VISIBILITIES).default("PUBLIC"),
  publicPrivilege: z.enum(PRIVILEGES).default("WRITE"),
  members: boardMembersInput.default({ users: [], organs: [] }),
  /** Managers besides the creator. */
  managerIds: z.array(id).max(MANAGERS_MAX).default([]),
});
export type BoardBody = z.infer<typeof boardBody>;

export const boardUpdateBody = z.object({
  description: description.optional(),
  visibility: z.enum(VISIBILITIES).optional(),
  publicPrivilege: z.enum(PRIVILEGES).optional(),
  members: boardMembersInput.optional(),
  /** The whole list of managers (at least one). */
  managerIds: z.array(id).min(1).max(MANAGERS_MAX).optional(),
});
export type BoardUpdateBody = z.infer<typeof boardUpdateBody>;

export const renameBody = z.object({ name });
export const moveBoardBody = z.object({ parentId: id.nullable(), prevId: id.nullable().default(null) });
export const followBody = z.object({ follow: z.boolean() });
