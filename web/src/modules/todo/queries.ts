// To-do's queries. Every key starts with "todo", so invalidating ["todo"] refreshes everything shown; the
// narrower keys let a screen refresh its own part (realtime.ts maps TODO_CHANGED onto them):
//   ["todo","workspaces"]                      GET workspace
//   ["todo","users",workspaceId]               GET workspace/{id}/users
//   ["todo","boards",workspaceId]              GET workspace/{id}/boards
//   ["todo","board",boardId,params]            GET board/{id} (the entry; params: organId, filterId, filters)
//   ["todo","groupItems",boardId,groupId,...]  GET board/{id}/group/{groupId}/items (pages after the entry's)
//   ["todo","sub",groupId,parentId]            GET item/sub/{groupId}/{parentId}
//   ["todo","detail",itemId]                   GET item/{itemId}/{boardId}/detail
//   ["todo","kanban",boardId]                  GET kanban/columns/{boardId}
import { queryOptions } from "@tanstack/react-query";
import * as todoApi from "./api.ts";

export const todoKeys = {
  all: ["todo"] as const,
  workspaces: ["todo", "workspaces"] as const,
  users: (workspaceId: number) => ["todo", "users", workspaceId] as const,
  boards: (workspaceId: number) => ["todo", "boards", workspaceId] as const,
  board: (boardId: number) => ["todo", "board", boardId] as const,
  boardWith: (boardId: number, p: todoApi.BoardParams) => ["todo", "board", boardId, p] as const,
  groupItems: (boardId: number) => ["todo", "groupItems", boardId] as const,
  sub: (groupId: number, parentId: number) => ["todo", "sub", groupId, parentId] as const,
  detail: (itemId: number) => ["todo", "detail", itemId] as const,
  kanban: (boardId: number) => ["todo", "kanban", boardId] as const,
};

export const workspacesQuery = queryOptions({ queryKey: todoKeys.workspaces, queryFn: ({ signal }) => todoApi.listWorkspaces(signal) });
export const workspaceUsersQuery = (id: number) => queryOptions({ queryKey: todoKeys.users(id), queryFn: ({ signal }) => todoApi.workspaceUsers(id, signal) });
export const boardsQuery = (workspaceId: number) =>
  queryOptions({ queryKey: todoKeys.boards(workspaceId), queryFn: ({ signal }) => todoApi.workspaceBoards(workspaceId, signal) });
export const boardQuery = (boardId: number, p: todoApi.BoardParams = {}) =>
  queryOptions({ queryKey: todoKeys.boardWith(boardId, p), queryFn: ({ signal }) => todoApi.getBoard(boardId, p, signal) });
export const subItemsQuery = (groupId: number, parentId: number) =>
  queryOptions({ queryKey: todoKeys.sub(groupId, parentId), queryFn: ({ signal }) => todoApi.subItems(groupId, parentId, signal) });
export const detailQuery = (itemId: number, boardId: number) =>
  queryOptions({ queryKey: todoKeys.detail(itemId), queryFn: ({ signal }) => todoApi.itemDetail(itemId, boardId, signal) });
export const kanbanQuery = (boardId: number) => queryOptions({ queryKey: todoKeys.kanban(boardId), queryFn: ({ signal }) => todoApi.kanbanColumns(boardId, signal) });
