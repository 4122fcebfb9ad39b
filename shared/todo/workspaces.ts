// To-do workspaces (002 §3 "Workspace", §5, §6, §7 "To-do (base api/todo)", §8). Calls under /api/todo:
//
//   GET    workspace                   TodoWorkspace[]: every workspace of the company (any member may follow one),
//                                      the caller's own and followed first (owned, then followed, by title), then
//                                      the others by title. following/owner tell which.
//   GET    workspace/{id}/users        WorkspaceUser[]: the owner first, then the followers by name.
//   POST   workspace                   workspaceBody → 201 TodoWorkspace. The creator owns it (and follows it).
//                                      403 todo.workspaces_max past WORKSPACES_MAX owned.
//   PUT    workspace/{id}              workspaceBody → 201 TodoWorkspace (owner; 403 todo.not_owner, 404).
//   DELETE workspace/{id}              204 (owner; 403 todo.not_owner; 409 todo.has_followers while anyone other
//                                      than the owner follows it; 404). Its boards go with it.
//   PUT    workspace/{id}/owner/{userId}  200 TodoWorkspace (owner; 309 todo.not_follower when userId does not
//                                      follow it: the spec's status). The old owner stays a follower.
//   POST   workspace/{id}              follow: 201 TodoWorkspace; 304 (no body) when the caller follows it already
//                                      (002 §8 "304 already following").
//   DELETE workspace/{id}/user         unfollow: 204; 409 todo.owner_cannot_unfollow for the owner; 404 when not
//                                      following.
//   DELETE workspace/{id}/user/{userId}  remove a follower: 204 (owner; 403; 409 todo.owner_cannot_unfollow for
//                                      the owner's own id; 404 todo.user_not_found when userId does not follow).
//
// Who may do what (002 §6): the owner edits, deletes, delegates and removes followers. Boards, groups, items and
// their details may be read and changed by every follower (the owner follows their own); a member of the company
// who does not follow answers 403 todo.not_follower on them. Another company's workspace answers 404.
import { z } from "zod";
import { COLOR_PATTERN, WORKSPACE_TITLE_MAX } from "./constants.ts";

export const todoId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export interface TodoWorkspace {
  id: number;
  title: string;
  /** One emoji (or "" for none). */
  emoji: string;
  /** #rrggbb */
  color: string;
  ownerId: number;
  ownerName: string;
  /** An avatar: the first letter of the title when there is no emoji (the client draws it from title/emoji/color). */
  avatar: string;
  following: boolean;
  owner: boolean;
  /** Followers including the owner. */
  userCount: number;
  boardCount: number;
  createdTime: number;
}

/** 002 §3 "Workspace user: id" plus what a list shows. */
export interface WorkspaceUser {
  id: number;
  name: string;
  email: string;
  owner: boolean;
  /** When they started following. */
  followedTime: number;
}

export const workspaceBody = z.object({
  title: z.string().trim().min(1).max(WORKSPACE_TITLE_MAX),
  emoji: z.string().trim().max(16).default(""),
  color: z.string().regex(COLOR_PATTERN).default("#579bfc"),
});
