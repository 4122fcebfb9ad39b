// The boards' addresses (001 §2 "Boards"), zod-free (router-level code imports it):
//   /board                              → /board/all: the feed of every board
//   /board/{boardId}                    a board or a special folder: a number, or all, my, mention, trash, notice
//                                       (the special ids -1 … -5 are accepted too)
//   /board/{boardId}/{actionObj}        actionObj JSON { viewType, page }
//   /board/view/{postId}/{actionObj}    a post; actionObj { boardId, viewType, page } (where "back" returns to)
//   /board/search/{type}/{query}        type post, reply, file, all; query JSON { keyword, tags, searchType, page, pageSize }
//   /board/config/{tabType}             the settings (manage, tag, hidden, mail, view, trash; default manage)
//   /board/write/{actionObj}            the editor in the shell; actionObj { boardId, postId?, mailId? }
//   /board/write/popup/{actionObj}      the same editor in a popup window, without the shell
import { SPECIAL_FOLDERS, type SpecialFolder, VIEW_TYPES, type ViewType } from "@shared/board/constants.ts";
import { actionObject, pageParam } from "../../lib/route-params.ts";

const NAMES = Object.keys(SPECIAL_FOLDERS) as SpecialFolder[];

/** The board id a path segment names (a special name or id gives its negative id), null when it names none. */
export function boardIdOf(segment: string): number | null {
  if ((NAMES as string[]).includes(segment)) return SPECIAL_FOLDERS[segment as SpecialFolder];
  if (!/^-?\d{1,15}$/.test(segment)) return null;
  const n = Number(segment);
  if (n > 0) return n;
  return Object.values(SPECIAL_FOLDERS).includes(n as never) ? n : null;
}

/** The path segment of a board id: the special folders by name. */
export function boardSegment(id: number): string {
  const name = NAMES.find((k) => SPECIAL_FOLDERS[k] === id);
  return name ?? String(id);
}

export interface ListAction {
  viewType?: ViewType;
  page: number;
}

export function parseListAction(raw: string | undefined): ListAction {
  const o = actionObject(raw);
  const viewType = VIEW_TYPES.includes(o.viewType as ViewType) ? o.viewType as ViewType : undefined;
  return { viewType, page: pageParam(o.page === undefined ? undefined : String(o.page)) };
}

export interface ViewAction extends ListAction {
  boardId: number;
}

export function parseViewAction(raw: string | undefined): ViewAction {
  const o = actionObject(raw);
  const boardId = typeof o.boardId === "number" || typeof o.boardId === "string" ? boardIdOf(String(o.boardId)) : null;
  return { ...parseListAction(raw), boardId: boardId ?? SPECIAL_FOLDERS.all };
}

export interface WriteAction {
  boardId: number | null;
  postId: number | null;
  mailId: number | null;
}

const positive = (v: unknown) => (typeof v === "number" || typeof v === "string") && /^\d{1,15}$/.test(String(v)) && Number(v) > 0 ? Number(v) : null;

export function parseWriteAction(raw: string | undefined): WriteAction {
  const o = actionObject(raw);
  return { boardId: positive(o.boardId), postId: positive(o.postId), mailId: positive(o.mailId) };
}

export const actionText = (o: object) => JSON.stringify(o);

/** A link to a route of the island, typed loosely (the parts mount theirs through untyped route functions). */
const loose = (to: string, params: Record<string, string>) => ({ to: to as "/board", params: params as never });

/** Links and navigations of the island ({...boardPaths.list(id)} on a Link, or navigate(boardPaths.list(id))). */
export const boardPaths = {
  home: () => ({ to: "/board" as const }),
  list: (boardId: number, action?: Partial<ListAction>) =>
    action && Object.keys(action).length
      ? loose("/board/$boardId/$actionObj", { boardId: boardSegment(boardId), actionObj: actionText(action) })
      : loose("/board/$boardId", { boardId: boardSegment(boardId) }),
  view: (postId: number, boardId?: number, action: Partial<ListAction> = {}) =>
    loose("/board/view/$postId/$actionObj", { postId: String(postId), actionObj: actionText({ boardId: boardId ?? SPECIAL_FOLDERS.all, ...action }) }),
  write: (boardId: number | null, extra: { postId?: number; mailId?: number } = {}) =>
    loose("/board/write/$actionObj", { actionObj: actionText({ ...(boardId && boardId > 0 ? { boardId } : {}), ...extra }) }),
  /** A search; `query` is its JSON text (search/query.ts searchText). */
  search: (type: string, query: string) => loose("/board/search/$type/$query", { type, query }),
  config: (tab: string) => loose("/board/config/$tabType", { tabType: tab }),
};
