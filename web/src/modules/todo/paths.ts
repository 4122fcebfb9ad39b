// To-do's addresses (002 §2 "To-do"), zod-free (router-level code imports it):
//   /todo                                  the workspace list (todo)
//   /todo/{workspaceId}                    a workspace (todo_workspace)
//   /todo/{workspaceId}/{boardId}          a board (todo_board)
//   /todo/{workspaceId}/{boardId}/{actionObj}  a board with actionObj: JSON of filterId, groupId, itemId,
//                                          parentId, viewType (todo_board_action); an item opens in the detail
//                                          panel when groupId and itemId are both set.
import type { ViewType } from "@shared/todo/constants.ts";

export interface ActionObj {
  filterId?: number;
  groupId?: number;
  itemId?: number;
  parentId?: number;
  viewType?: ViewType;
}

export const todoHome = "/todo";
export const workspacePath = (workspaceId: number) => `/todo/${workspaceId}`;
export const boardPath = (workspaceId: number, boardId: number, action?: ActionObj) =>
  action && Object.keys(action).length > 0
    ? `/todo/${workspaceId}/${boardId}/${encodeURIComponent(JSON.stringify(action))}`
    : `/todo/${workspaceId}/${boardId}`;

/** A numeric id of a path segment, or null. */
export function idOf(segment: string | undefined): number | null {
  return segment && /^\d{1,15}$/.test(segment) && Number(segment) > 0 ? Number(segment) : null;
}

const VIEWS = new Set(["table", "kanban", "gantt"]);
const num = (v: unknown) => v === undefined || (typeof v === "number" && Number.isInteger(v) && v >= 0);

/** The actionObj of a path segment; null when it is not a JSON object of the known fields (002 §2: a malformed
 *  actionObj shows "서버 주소(URL)가 잘못된 오류입니다." and returns to the board). */
export function parseActionObj(segment: string): ActionObj | null {
  let v: unknown;
  try {
    v = JSON.parse(segment);
  } catch {
    try {
      v = JSON.parse(decodeURIComponent(segment));
    } catch {
      return null;
    }
  }
  if (!v || typeof v !== "object" || Array.isArray(v)) return null;
  const o = v as Record<string, unknown>;
  if (!num(o.filterId) || !num(o.groupId) || !num(o.itemId) || !num(o.parentId)) return null;
  if (o.viewType !== undefined && !VIEWS.has(o.viewType as string)) return null;
  return { filterId: o.filterId as number | undefined, groupId: o.groupId as number | undefined, itemId: o.itemId as number | undefined, parentId: o.parentId as number | undefined, viewType: o.viewType as ViewType | undefined };
}
