// Where the post page's links lead (paths.ts has the addresses): the list it was opened from, the post's own
// board, the editor. The list and editor routes are other parts' (typed as `never` until they are mounted).
import { actionText, boardSegment, type ListAction } from "../paths.ts";

/** The board list (or special folder) with its view type and page. */
export function listLink(boardId: number, at: Partial<ListAction> = {}) {
  const action: Record<string, unknown> = {};
  if (at.viewType) action.viewType = at.viewType;
  if (at.page && at.page > 1) action.page = at.page;
  const boardIdSegment = boardSegment(boardId);
  return Object.keys(action).length
    ? { to: "/board/$boardId/$actionObj" as never, params: { boardId: boardIdSegment, actionObj: actionText(action) } as never }
    : { to: "/board/$boardId" as never, params: { boardId: boardIdSegment } as never };
}

/** The editor of a post (write/: actionObj { boardId, postId }). */
export const editLink = (boardId: number, postId: number) =>
  ({ to: "/board/write/$actionObj" as never, params: { actionObj: actionText({ boardId, postId }) } as never });

/** The post's own address, for "copy link" (the list it returns to is its board's). */
export function postUrl(postId: number, boardId: number): string {
  return `${location.origin}${location.pathname}#/board/view/${postId}/${encodeURIComponent(actionText({ boardId }))}`;
}
