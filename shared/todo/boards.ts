// To-do boards (002 §3 "Board", "Header column", "Group", "Item", "Saved filter", "Board entry response",
// "Kanban column"; §5; §7). Calls under /api/todo:
//
//   GET    workspace/{id}/boards       TodoBoardNode[]: the tree (folders with their boards as children), by order.
//   GET    board/{id}?organId=&filterId=&filters=
//                                      BoardEntry (404 todo.board_not_found; 403 todo.not_follower). organUserList:
//                                      the workspace's people (with organId: the followers of that organisation
//                                      and its sub-organisations only). Items: the top-level items of each group,
//                                      the first GROUP_PAGE_SIZE of each by sortOrder, narrowed by a saved filter
//                                      (filterId; none given: the board's default filter, filterId=0 for none) or
//                                      by `filters` (a JSON array of FilterRow, for a filter being edited). A
//                                      matching sub-item brings its parent along.
//   GET    board/{id}/group/{groupId}/items?after=&limit=&filterId=&filters=
//                                      ItemPage: the next top-level items of a group after sortOrder `after`.
//   POST   board/{workspaceId}         createBoardBody → 201 TodoBoardNode (a follower). A FOLDER takes only a
//                                      title; a BOARD gets header (none: CREATE_HEADER_TYPES with empty names),
//                                      groups (none: one group) and items (each { groupIndex, title }).
//                                      parentId: a FOLDER of the workspace or null (409 todo.move_invalid else).
//   PUT    board/{id}/title            { title } → 201 TodoBoardNode
//   PUT    board/{id}/move/{targetId}/{position}  200 TodoBoardNode[] (the tree): BEFORE/AFTER a board or folder,
//                                      INSIDE a folder (last); targetId 0 with INSIDE: the top level, last.
//                                      409 todo.move_invalid: a folder into a folder, a board of another
//                                      workspace, itself.
//   DELETE board/{id}                  204; a folder takes its boards with it.
//   PUT    board/{id}/header           headerBody → 201 HeaderColumn[] (the whole header: add, rename, resize,
//                                      reorder, remove, status labels). 409 todo.header_invalid ("wrong column
//                                      info", 002 §8): not exactly one TITLE first and one ADDITIONAL last, a
//                                      width below its type's minimum, a key twice, a type changed on a kept key.
//                                      A removed column's values go with it.
//   POST   board/{id}/filter           filterBody (id absent) → 201 SavedFilter. Rows without a column, a
//                                      condition and a value are dropped (002 §5); 409 todo.filter_invalid for
//                                      an unknown column or a condition its type lacks.
//   PUT    board/{id}/filter           filterBody with id → 201 SavedFilter
//   PUT    board/{id}/filter/{filterId}/default/{flag}  flag 1|0 → 201 SavedFilter (one default a board and user)
//   DELETE board/{id}/filter/{filterId}  204
//   GET    kanban/columns/{boardId}    KanbanColumns
//   PUT    kanban/columns              kanbanBody → 201 KanbanColumns (409 todo.header_invalid: statusColumn not a
//                                      STATUS column; labels not of it are dropped)
//   POST   board/{id}/dependency       dependencyBody → 201 Dependency (ours, for the gantt: finish-to-start;
//                                      409 todo.dependency_invalid: an item of another board, itself, a cycle,
//                                      or twice). Moving a predecessor's TIMELINE later pushes its successors
//                                      (keeping their length) so each starts after its predecessors end.
//   DELETE board/{id}/dependency/{dependencyId}  204
//
// Saved filters are the caller's own (each person keeps theirs per board). A board's follower may change
// everything on it (workspaces.ts).
import { z } from "zod";
import {
  BOARD_TITLE_MAX, BOARD_TYPES, type BoardType, COLOR_PATTERN, FILTER_CONDITIONS, FILTER_NAME_MAX, FILTER_ROWS_MAX,
  GROUP_TITLE_MAX, HEADER_NAME_MAX, HEADER_TYPES, HEADER_WIDTH_MAX, type HeaderType, HEADERS_MAX, ITEM_TITLE_MAX,
  ITEMS_PAGE_MAX, STATUS_LABEL_MAX, STATUS_OPTIONS_MAX, type FilterCondition,
} from "./constants.ts";
import type { TodoItem } from "./items.ts";
import { todoId } from "./workspaces.ts";

export interface TodoBoardNode {
  id: number;
  workspaceId: number;
  title: string;
  boardType: BoardType;
  /** A folder's id, or null at the top. */
  parentId: number | null;
  sortOrder: string;
  children: TodoBoardNode[];
  childCount: number;
  /** The caller may change it (a follower). */
  edit: boolean;
}

/** A STATUS column's label. */
export interface StatusOption {
  label: string;
  color: string;
}

/**
 * 002 §3 "Header column: value, type, width, connectedColumn". value is the column's stable key (what
 * PUT item/{id} headerValue names; "title" for the TITLE column); name is what the header shows ("": the type's
 * label in the reader's language). connectedColumn: a TIMELINE's STATUS column whose label colours its gantt
 * bar, a CREATED_LOG's nothing; null for none.
 */
export interface HeaderColumn {
  value: string;
  type: HeaderType;
  name: string;
  width: number;
  connectedColumn: string | null;
  /** STATUS only: its labels in order. */
  options: StatusOption[];
}

export const headerKey = z.string().regex(/^[a-z][a-z0-9_]{0,39}$/);
export const headerColumnInput = z.object({
  /** Absent for a new column: the server makes a key. */
  value: headerKey.optional(),
  type: z.enum(HEADER_TYPES),
  name: z.string().trim().max(HEADER_NAME_MAX).default(""),
  width: z.coerce.number().int().positive().max(HEADER_WIDTH_MAX).optional(),
  connectedColumn: headerKey.nullable().default(null),
  options: z.array(z.object({ label: z.string().trim().min(1).max(STATUS_LABEL_MAX), color: z.string().regex(COLOR_PATTERN) }))
    .max(STATUS_OPTIONS_MAX).default([]),
});
export const headerBody = z.object({ header: z.array(headerColumnInput).min(2).max(HEADERS_MAX) });
export type HeaderColumnInput = z.input<typeof headerColumnInput>;

export interface TodoGroup {
  id: number;
  boardId: number;
  title: string;
  color: string;
  sortOrder: string;
  /** Top-level items of the group (unfiltered). */
  itemCount: number;
}

/** 002 §3 "Saved filter: id, filterName, isDefault, filters". values: strings whatever the type. */
export interface FilterRow {
  column: string;
  condition: FilterCondition;
  values: string[];
}
export interface SavedFilter {
  id: number;
  filterName: string;
  isDefault: boolean;
  filters: FilterRow[];
}
export const filterRowInput = z.object({
  column: z.string().max(40).default(""),
  condition: z.enum(FILTER_CONDITIONS).or(z.literal("")).default(""),
  values: z.array(z.string().max(200)).max(50).default([]),
});
export const filterBody = z.object({
  id: todoId.optional(),
  filterName: z.string().trim().min(1).max(FILTER_NAME_MAX),
  isDefault: z.coerce.boolean().default(false),
  filters: z.array(filterRowInput).max(FILTER_ROWS_MAX),
});

/** A person the board's PERSON columns may name (002 §3 "organUserList"). */
export interface OrganUser {
  id: number;
  name: string;
  email: string;
  organName: string | null;
}

/** Finish-to-start: `toItemId` starts after `fromItemId` ends. */
export interface Dependency {
  id: number;
  fromItemId: number;
  toItemId: number;
}
export const dependencyBody = z.object({ fromItemId: todoId, toItemId: todoId });

/** 002 §3 "Kanban column: chosen header values stored as a comma-separated string": the lanes are the labels of
 *  one STATUS column (statusColumn), in the order `columns` lists them; items without a label show in a last
 *  lane. statusColumn "" when the board has no STATUS column. */
export interface KanbanColumns {
  boardId: number;
  statusColumn: string;
  columns: string;
}
export const kanbanBody = z.object({
  boardId: todoId,
  statusColumn: headerKey.optional(),
  columns: z.string().max(STATUS_OPTIONS_MAX * (STATUS_LABEL_MAX + 1)),
});

/** 002 §3 "Board entry response: groups, header, items, organUserList, filters, defaultFilterId". */
export interface BoardEntry {
  board: TodoBoardNode;
  workspaceId: number;
  header: HeaderColumn[];
  groups: TodoGroup[];
  /** Top-level items of every group (the first GROUP_PAGE_SIZE matching each), by group then sortOrder. */
  items: TodoItem[];
  /** Per group id: more matching items follow (GET board/{id}/group/{groupId}/items). */
  moreItems: Record<string, boolean>;
  organUserList: OrganUser[];
  filters: SavedFilter[];
  defaultFilterId: number | null;
  /** The filter applied: filterId's, the default's, or null. */
  appliedFilterId: number | null;
  dependencies: Dependency[];
  kanban: KanbanColumns;
}

export interface ItemPage {
  items: TodoItem[];
  more: boolean;
}
export const itemPageQuery = z.object({
  after: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(ITEMS_PAGE_MAX).default(50),
  filterId: z.coerce.number().int().min(0).optional(),
  filters: z.string().max(20_000).optional(),
});
export const boardQuery = z.object({
  organId: z.coerce.number().int().positive().optional(),
  filterId: z.coerce.number().int().min(0).optional(),
  filters: z.string().max(20_000).optional(),
});

export const createBoardBody = z.object({
  title: z.string().trim().min(1).max(BOARD_TITLE_MAX),
  boardType: z.enum(BOARD_TYPES).default("BOARD"),
  parentId: todoId.nullable().default(null),
  header: z.array(headerColumnInput).min(2).max(HEADERS_MAX).optional(),
  groups: z.array(z.object({ title: z.string().trim().min(1).max(GROUP_TITLE_MAX), color: z.string().regex(COLOR_PATTERN).optional() }))
    .max(20).optional(),
  items: z.array(z.object({ groupIndex: z.coerce.number().int().min(0).default(0), title: z.string().trim().min(1).max(ITEM_TITLE_MAX) }))
    .max(200).optional(),
});
export const boardTitleBody = z.object({ title: z.string().trim().min(1).max(BOARD_TITLE_MAX) });
