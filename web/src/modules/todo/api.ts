// Every call of to-do (002 §7 "To-do (base api/todo)"; paths, bodies and answers in the headers of
// shared/todo/workspaces.ts, boards.ts, items.ts and details.ts), through the app's API client. Bodies are the
// schemas' input types. Files go through lib/upload.ts (progress and cancel).
import type { z } from "zod";
import type { TodoWorkspace, WorkspaceUser, workspaceBody } from "@shared/todo/workspaces.ts";
import type {
  BoardEntry, createBoardBody, Dependency, FilterRow, HeaderColumn, HeaderColumnInput, ItemPage, KanbanColumns,
  SavedFilter, TodoBoardNode, TodoGroup,
} from "@shared/todo/boards.ts";
import type { CellValue, TodoItem } from "@shared/todo/items.ts";
import type { ChecklistEntry, ItemComment, ItemDetail, ItemFile } from "@shared/todo/details.ts";
import type { Position } from "@shared/todo/constants.ts";
import { api, authorized } from "../../lib/api.ts";
import { uploadForm, type UploadHandle } from "../../lib/upload.ts";

export const T = "/api/todo";

export type WorkspaceInput = z.input<typeof workspaceBody>;
export type CreateBoardInput = z.input<typeof createBoardBody>;

// ── Workspaces (shared/todo/workspaces.ts) ───────────────────────────────────────────────────────────────────
export const listWorkspaces = (signal?: AbortSignal) => api<TodoWorkspace[]>(`${T}/workspace`, { signal });
export const workspaceUsers = (id: number, signal?: AbortSignal) => api<WorkspaceUser[]>(`${T}/workspace/${id}/users`, { signal });
export const createWorkspace = (body: WorkspaceInput) => api<TodoWorkspace>(`${T}/workspace`, { method: "POST", json: body });
export const updateWorkspace = (id: number, body: WorkspaceInput) => api<TodoWorkspace>(`${T}/workspace/${id}`, { method: "PUT", json: body });
export const deleteWorkspace = (id: number) => api<void>(`${T}/workspace/${id}`, { method: "DELETE" });
export const delegateWorkspace = (id: number, userId: number) => api<TodoWorkspace>(`${T}/workspace/${id}/owner/${userId}`, { method: "PUT" });
/** Follow: 201, or 304 when following already (an ApiError with status 304). */
export const followWorkspace = (id: number) => api<TodoWorkspace>(`${T}/workspace/${id}`, { method: "POST" });
export const unfollowWorkspace = (id: number) => api<void>(`${T}/workspace/${id}/user`, { method: "DELETE" });
export const removeFollower = (id: number, userId: number) => api<void>(`${T}/workspace/${id}/user/${userId}`, { method: "DELETE" });

// ── Boards (shared/todo/boards.ts) ───────────────────────────────────────────────────────────────────────────
export const workspaceBoards = (workspaceId: number, signal?: AbortSignal) => api<TodoBoardNode[]>(`${T}/workspace/${workspaceId}/boards`, { signal });

export interface BoardParams {
  organId?: number;
  /** 0: no filter; absent: the default filter. */
  filterId?: number;
  /** A filter being edited (JSON of FilterRow[]). */
  filters?: FilterRow[];
}
const boardQuery = (p: BoardParams) => ({
  organId: p.organId,
  filterId: p.filterId,
  filters: p.filters ? JSON.stringify(p.filters) : undefined,
});
export const getBoard = (id: number, p: BoardParams = {}, signal?: AbortSignal) => api<BoardEntry>(`${T}/board/${id}`, { query: boardQuery(p), signal });
export const groupItems = (boardId: number, groupId: number, after: string, p: BoardParams & { limit?: number } = {}, signal?: AbortSignal) =>
  api<ItemPage>(`${T}/board/${boardId}/group/${groupId}/items`, { query: { ...boardQuery(p), after, limit: p.limit }, signal });
export const createBoard = (workspaceId: number, body: CreateBoardInput) => api<TodoBoardNode>(`${T}/board/${workspaceId}`, { method: "POST", json: body });
export const renameBoard = (id: number, title: string) => api<TodoBoardNode>(`${T}/board/${id}/title`, { method: "PUT", json: { title } });
export const moveBoard = (id: number, targetId: number, position: Position) => api<TodoBoardNode[]>(`${T}/board/${id}/move/${targetId}/${position}`, { method: "PUT" });
export const deleteBoard = (id: number) => api<void>(`${T}/board/${id}`, { method: "DELETE" });
export const putHeader = (id: number, header: HeaderColumnInput[]) => api<HeaderColumn[]>(`${T}/board/${id}/header`, { method: "PUT", json: { header } });
export const createFilter = (boardId: number, body: { filterName: string; isDefault?: boolean; filters: FilterRow[] }) =>
  api<SavedFilter>(`${T}/board/${boardId}/filter`, { method: "POST", json: body });
export const updateFilter = (boardId: number, body: { id: number; filterName: string; isDefault?: boolean; filters: FilterRow[] }) =>
  api<SavedFilter>(`${T}/board/${boardId}/filter`, { method: "PUT", json: body });
export const setDefaultFilter = (boardId: number, filterId: number, flag: boolean) =>
  api<SavedFilter>(`${T}/board/${boardId}/filter/${filterId}/default/${flag ? 1 : 0}`, { method: "PUT" });
export const deleteFilter = (boardId: number, filterId: number) => api<void>(`${T}/board/${boardId}/filter/${filterId}`, { method: "DELETE" });
export const kanbanColumns = (boardId: number, signal?: AbortSignal) => api<KanbanColumns>(`${T}/kanban/columns/${boardId}`, { signal });
export const putKanbanColumns = (boardId: number, columns: string[], statusColumn?: string) =>
  api<KanbanColumns>(`${T}/kanban/columns`, { method: "PUT", json: { boardId, columns: columns.join(","), statusColumn } });
export const addDependency = (boardId: number, fromItemId: number, toItemId: number) =>
  api<Dependency>(`${T}/board/${boardId}/dependency`, { method: "POST", json: { fromItemId, toItemId } });
export const deleteDependency = (boardId: number, id: number) => api<void>(`${T}/board/${boardId}/dependency/${id}`, { method: "DELETE" });

// ── Groups and items (shared/todo/items.ts) ─────────────────────────────────────────────────────────────────
export const createGroup = (boardId: number, title: string, color?: string) => api<TodoGroup>(`${T}/group/${boardId}`, { method: "POST", json: { title, color } });
export const renameGroup = (boardId: number, id: number, title: string) => api<TodoGroup>(`${T}/group/${id}/title`, { method: "PUT", json: { boardId, title } });
export const colorGroup = (boardId: number, id: number, color: string) => api<TodoGroup>(`${T}/group/${id}/color`, { method: "PUT", json: { boardId, color } });
export const moveGroup = (boardId: number, id: number, targetGroupId: number, position: "BEFORE" | "AFTER") =>
  api<TodoGroup[]>(`${T}/group/${id}/move`, { method: "PUT", json: { boardId, targetGroupId, position } });
export const deleteGroup = (id: number) => api<void>(`${T}/group/${id}`, { method: "DELETE" });
export const subItems = (groupId: number, parentId: number, signal?: AbortSignal) => api<TodoItem[]>(`${T}/item/sub/${groupId}/${parentId}`, { signal });
export const createItem = (body: { boardId: number; groupId: number; parentId?: number; sortOrder?: string; title: string }) =>
  api<TodoItem>(`${T}/item`, { method: "POST", json: body });
export const moveItem = (id: number, body: { boardId: number; targetItemId?: number; targetParentId?: number; targetGroupId?: number; position: Position }) =>
  api<TodoItem>(`${T}/item/${id}/move`, { method: "PUT", json: body });
/** One cell: headerValue the column's key ("title" for the title); value null clears it. */
export const putCell = (boardId: number, id: number, headerValue: string, value: CellValue) =>
  api<TodoItem>(`${T}/item/${id}`, { method: "PUT", json: { boardId, headerValue, itemValue: JSON.stringify(value) } });
/** 002 §5 "Only numbered item ids are sent on item delete". */
export const deleteItems = (boardId: number, itemIds: number[]) =>
  api<void>(`${T}/item`, { method: "DELETE", json: { boardId, itemIds: itemIds.filter((id) => Number.isInteger(id) && id > 0) } });

// ── Item detail (shared/todo/details.ts) ─────────────────────────────────────────────────────────────────────
const D = (itemId: number, boardId: number) => `${T}/item/${itemId}/${boardId}/detail`;
export const itemDetail = (itemId: number, boardId: number, signal?: AbortSignal) => api<ItemDetail>(D(itemId, boardId), { signal });
export const saveContent = (itemId: number, boardId: number, content: string) =>
  api<{ content: string }>(`${D(itemId, boardId)}/content`, { method: "POST", json: { content } });
export const addChecklist = (itemId: number, boardId: number, title: string) =>
  api<ChecklistEntry[]>(`${D(itemId, boardId)}/checklist`, { method: "POST", json: { title } });
export const renameChecklist = (itemId: number, boardId: number, id: number, title: string) =>
  api<ChecklistEntry>(`${D(itemId, boardId)}/checklist/${id}/title`, { method: "PUT", json: { title } });
export const checkChecklist = (itemId: number, boardId: number, id: number, checked: boolean) =>
  api<ChecklistEntry>(`${D(itemId, boardId)}/checklist/${id}/checked`, { method: "PUT", json: { checked: checked ? 1 : 0 } });
export const deleteChecklist = (itemId: number, boardId: number, id: number) => api<{ id: number }>(`${D(itemId, boardId)}/checklist/${id}`, { method: "DELETE" });
export const uploadItemFile = (itemId: number, boardId: number, file: File, onProgress: (loaded: number) => void): UploadHandle<ItemFile> =>
  uploadForm<ItemFile>(`${D(itemId, boardId)}/file/upload`, () => {
    const f = new FormData();
    f.set("uploadType", "DETAIL_FILE");
    f.set("part", file, file.name);
    return f;
  }, onProgress);
export const itemFileBytes = (url: string) => authorized(url);
export const deleteItemFile = (itemId: number, boardId: number, id: number) => api<void>(`${D(itemId, boardId)}/file/${id}`, { method: "DELETE" });
export const addComment = (itemId: number, boardId: number, content: string) => api<ItemComment>(`${D(itemId, boardId)}/comment`, { method: "POST", json: { content } });
export const editComment = (itemId: number, boardId: number, id: number, content: string) =>
  api<ItemComment>(`${D(itemId, boardId)}/comment/${id}`, { method: "PUT", json: { content } });
export const deleteComment = (itemId: number, boardId: number, id: number) => api<{ id: number }>(`${D(itemId, boardId)}/comment/${id}`, { method: "DELETE" });
