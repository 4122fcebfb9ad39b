// To-do groups and items (002 §3 "Group", "Item"; §4; §5; §7; §8). Calls under /api/todo (every one: a follower
// of the board's workspace, 403 todo.not_follower; a board, group or item of another company or board: 404):
//
//   POST   group/{boardId}             groupBody → 201 TodoGroup (first in the board, a colour of GROUP_COLORS in
//                                      turn when none is given). 409 todo.groups_max.
//   PUT    group/{id}/title            { boardId, title } → 201 TodoGroup
//   PUT    group/{id}/color            { boardId, color } → 201 TodoGroup
//   PUT    group/{id}/move             { boardId, targetGroupId, position BEFORE|AFTER } → 201 TodoGroup[] (the
//                                      board's groups in order). Only the moved group's sortOrder changes.
//   DELETE group/{id}                  204 with its items; 409 todo.last_group for the board's only group.
//   GET    item/sub/{groupId}/{parentId}  TodoItem[]: the sub-items of parentId by sortOrder.
//   POST   item                        createItemBody → 201 TodoItem. sortOrder: "FIRST" | "LAST" (default) or
//                                      the key of the item to place it after. A sub-item (parentId) lives in its
//                                      parent's group; a sub-item's sub-item: 409 todo.move_invalid.
//   PUT    item/{id}/move              moveItemBody → 201 TodoItem (the moved item with its new groupId,
//                                      parentId and sortOrder): BEFORE/AFTER targetItemId, or INSIDE
//                                      targetGroupId (last of it) or INSIDE targetParentId (a sub-item, last).
//                                      An item with sub-items cannot become a sub-item (409 todo.move_invalid).
//                                      Only the moved item's row (and its sub-items' group) change: sortOrder is a
//                                      fractional key between its new neighbours.
//   PUT    item/{id}                   itemValueBody → 201 TodoItem: one cell. headerValue is the column's key
//                                      ("title" for the title). itemValue is JSON text of the column type's
//                                      CellValue (cellValueSchemas), "" or "null" to clear; 409
//                                      todo.header_invalid for an unknown or read-only column (CREATED_LOG,
//                                      ADDITIONAL); 400 todo.value_invalid for a value that does not fit (params
//                                      headerValue). A TIMELINE moved later pushes the item's successors.
//   DELETE item                        { boardId, itemIds } → 204: the items and their sub-items (ids not of the
//                                      board are ignored; none left: 404 todo.item_not_found).
import { z } from "zod";
import { COLOR_PATTERN, GROUP_TITLE_MAX, ITEM_DELETE_MAX, ITEM_TITLE_MAX, LINK_URL_MAX, POSITIONS, TEXT_VALUE_MAX } from "./constants.ts";
import { todoId } from "./workspaces.ts";

/** 002 §3 counters of an item's detail. */
export interface ItemCounters {
  existContent: boolean;
  checkListCnt: number;
  /** Checked entries of the checklist. */
  checkListDoneCnt: number;
  attachCnt: number;
  commentCnt: number;
}

/** A cell's value by column type. TITLE: the item's title (also `title`). CREATED_LOG: who made it and when
 *  (read-only). ADDITIONAL: none. */
export type CellValue =
  | string /* TEXT, STATUS (a label of the column) */
  | number[] /* PERSON: user ids */
  | { start: string; end: string } /* TIMELINE: YYYY-MM-DD days, start ≤ end */
  | number /* NUMBER */
  | { url: string; text: string } /* LINK */
  | boolean /* CHECK */
  | { userId: number; name: string; time: number } /* CREATED_LOG */
  | null;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** What PUT item/{id} accepts per type (after JSON.parse of itemValue); null clears. */
export const cellValueSchemas = {
  TITLE: z.string().trim().min(1).max(ITEM_TITLE_MAX),
  TEXT: z.string().max(TEXT_VALUE_MAX).nullable(),
  STATUS: z.string().max(60).nullable(),
  PERSON: z.array(z.number().int().positive()).max(50).nullable(),
  TIMELINE: z.object({ start: day, end: day }).refine((v) => v.start <= v.end, { message: "start after end" }).nullable(),
  NUMBER: z.number().finite().nullable(),
  LINK: z.object({ url: z.string().trim().url().max(LINK_URL_MAX), text: z.string().max(TEXT_VALUE_MAX).default("") }).nullable(),
  CHECK: z.boolean().nullable(),
} as const;

/** 002 §3 "Item: id, groupId, parentId, sortOrder, subCnt, itemRow.items". */
export interface TodoItem extends ItemCounters {
  id: number;
  boardId: number;
  groupId: number;
  /** 0 for a top-level item. */
  parentId: number;
  /** A fractional key: items sort by it as text (C collation). */
  sortOrder: string;
  title: string;
  subCnt: number;
  /** Cells by column key ("title" included); a column with no value is absent. */
  itemRow: { items: Record<string, CellValue> };
  createdBy: number;
  createdTime: number;
  updatedTime: number;
}

export const groupBody = z.object({
  title: z.string().trim().min(1).max(GROUP_TITLE_MAX),
  color: z.string().regex(COLOR_PATTERN).optional(),
});
export const groupTitleBody = z.object({ boardId: todoId, title: z.string().trim().min(1).max(GROUP_TITLE_MAX) });
export const groupColorBody = z.object({ boardId: todoId, color: z.string().regex(COLOR_PATTERN) });
export const groupMoveBody = z.object({ boardId: todoId, targetGroupId: todoId, position: z.enum(["BEFORE", "AFTER"]) });

export const createItemBody = z.object({
  boardId: todoId,
  groupId: todoId,
  parentId: z.coerce.number().int().min(0).default(0),
  sortOrder: z.string().max(200).default("LAST"),
  title: z.string().trim().min(1).max(ITEM_TITLE_MAX),
});
export const moveItemBody = z.object({
  boardId: todoId,
  targetItemId: z.coerce.number().int().min(0).default(0),
  targetParentId: z.coerce.number().int().min(0).default(0),
  targetGroupId: z.coerce.number().int().min(0).default(0),
  position: z.enum(POSITIONS),
});
export const itemValueBody = z.object({
  boardId: todoId,
  headerValue: z.string().min(1).max(40),
  itemValue: z.string().max(TEXT_VALUE_MAX * 2 + LINK_URL_MAX),
});
export const deleteItemsBody = z.object({ boardId: todoId, itemIds: z.array(todoId).min(1).max(ITEM_DELETE_MAX) });
