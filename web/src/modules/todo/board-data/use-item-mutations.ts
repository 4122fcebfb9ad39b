// The optimistic changes of items (002 §4: shown at once, rolled back with the error snackbar when the server
// refuses, the server's answer merged when it agrees): one cell, a move, a new item or sub-item, a deletion;
// and an item's sub-items. Each hook returns one stable function; the views (table, kanban, gantt, detail
// panel) call them with the items they got from useBoardItems / useSubItems.
import { useCallback } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { CellValue, TodoItem } from "@shared/todo/items.ts";
import * as todoApi from "../api.ts";
import { subItemsQuery, todoKeys } from "../queries.ts";
import { cachedSiblings, findItem, insertItem, patchItem, relocateItem, removeItems, snapshot } from "./cache.ts";
import { keyAfterLast, keyBeforeFirst, keyNextTo, type ItemPlace, placeOf } from "./order.ts";
import { refused } from "./feedback.ts";

/** The newest change of each item: an older change's answer does not overwrite a newer optimistic value. */
const latest = new Map<string, number>();
let serial = 0;
const stamp = (boardId: number, id: number) => {
  const n = ++serial;
  latest.set(`${boardId}:${id}`, n);
  return () => latest.get(`${boardId}:${id}`) === n;
};

/** Ids of items not yet saved are negative (002 §5: only numbered ids are sent). */
let tempId = 0;
export const isSaved = (it: { id: number }) => it.id > 0;

function withCell(it: TodoItem, headerValue: string, value: CellValue): TodoItem {
  const items = { ...it.itemRow.items };
  if (value === null || value === undefined) delete items[headerValue];
  else items[headerValue] = value;
  return { ...it, title: headerValue === "title" && typeof value === "string" ? value : it.title, itemRow: { items } };
}

/** Changes one cell: (item, the column's key ("title" for the title), the value; null clears) → saved or not. */
export function useCellMutation(boardId: number) {
  const qc = useQueryClient();
  return useCallback(async (item: TodoItem, headerValue: string, value: CellValue): Promise<boolean> => {
    if (!isSaved(item)) return false;
    const before = findItem(qc, boardId, item.id) ?? item;
    const previous = before.itemRow.items[headerValue] ?? null;
    const mine = stamp(boardId, item.id);
    patchItem(qc, boardId, item.id, (it) => withCell(it, headerValue, value));
    try {
      const saved = await todoApi.putCell(boardId, item.id, headerValue, value);
      if (mine()) patchItem(qc, boardId, item.id, (it) => ({ ...saved, groupId: it.groupId, parentId: it.parentId, sortOrder: it.sortOrder }));
      else patchItem(qc, boardId, item.id, (it) => ({ ...it, updatedTime: saved.updatedTime }));
      // A TIMELINE moved later may push its successors (boards.ts dependencies): their rows are refetched.
      if (typeof value === "object" && value !== null && "start" in value) void qc.invalidateQueries({ queryKey: todoKeys.board(boardId) });
      return true;
    } catch (e) {
      if (mine()) patchItem(qc, boardId, item.id, (it) => withCell(it, headerValue, previous));
      refused(e);
      return false;
    }
  }, [qc, boardId]);
}

/** Where a moved item goes: before or after an item (its group and level), last of a group, or last under a
 *  parent (a sub-item). */
export type MoveTarget =
  | { position: "BEFORE" | "AFTER"; targetItem: TodoItem }
  | { position: "INSIDE"; targetGroupId: number }
  | { position: "INSIDE"; targetParent: TodoItem };

/** Moves an item (002 §3 PUT item/{id}/move) → saved or not. */
export function useMoveItem(boardId: number) {
  const qc = useQueryClient();
  return useCallback(async (item: TodoItem, target: MoveTarget): Promise<boolean> => {
    if (!isSaved(item)) return false;
    const from = placeOf(findItem(qc, boardId, item.id) ?? item);
    let to: ItemPlace;
    let body: Parameters<typeof todoApi.moveItem>[1];
    if (target.position !== "INSIDE") {
      const t = target.targetItem;
      if (t.id === item.id) return false;
      const sib = cachedSiblings(qc, boardId, t.groupId, t.parentId);
      to = { groupId: t.groupId, parentId: t.parentId, sortOrder: keyNextTo(sib, item.id, t.id, target.position) };
      body = { boardId, targetItemId: t.id, position: target.position };
    } else if ("targetParent" in target) {
      const p = target.targetParent;
      if (p.id === item.id) return false;
      to = { groupId: p.groupId, parentId: p.id, sortOrder: keyAfterLast(cachedSiblings(qc, boardId, p.groupId, p.id).filter((s) => s.id !== item.id)) };
      body = { boardId, targetParentId: p.id, position: "INSIDE" };
    } else {
      const sib = cachedSiblings(qc, boardId, target.targetGroupId, 0).filter((s) => s.id !== item.id);
      to = { groupId: target.targetGroupId, parentId: 0, sortOrder: keyAfterLast(sib) };
      body = { boardId, targetGroupId: target.targetGroupId, position: "INSIDE" };
    }
    const mine = stamp(boardId, item.id);
    relocateItem(qc, boardId, item.id, to, item);
    try {
      const saved = await todoApi.moveItem(item.id, body);
      if (mine()) relocateItem(qc, boardId, item.id, placeOf(saved), saved);
      if (saved.subCnt > 0 && saved.groupId !== from.groupId) void qc.invalidateQueries({ queryKey: todoKeys.sub(saved.groupId, saved.id) });
      return true;
    } catch (e) {
      if (mine()) relocateItem(qc, boardId, item.id, from);
      refused(e);
      return false;
    }
  }, [qc, boardId]);
}

export interface NewItem {
  groupId: number;
  /** A parent item's id: a sub-item. */
  parentId?: number;
  title: string;
  /** "LAST" (default), "FIRST". */
  at?: "FIRST" | "LAST";
}

/** Adds an item or sub-item, shown at once under a temporary (negative) id → the saved item, or null. */
export function useCreateItem(boardId: number) {
  const qc = useQueryClient();
  return useCallback(async (input: NewItem): Promise<TodoItem | null> => {
    const parentId = input.parentId ?? 0;
    const sib = cachedSiblings(qc, boardId, input.groupId, parentId);
    const temp: TodoItem = {
      id: --tempId, boardId, groupId: input.groupId, parentId, title: input.title,
      sortOrder: input.at === "FIRST" ? keyBeforeFirst(sib) : keyAfterLast(sib),
      subCnt: 0, itemRow: { items: { title: input.title } }, createdBy: 0, createdTime: 0, updatedTime: 0,
      existContent: false, checkListCnt: 0, checkListDoneCnt: 0, attachCnt: 0, commentCnt: 0,
    };
    insertItem(qc, boardId, temp);
    try {
      const saved = await todoApi.createItem({ boardId, groupId: input.groupId, parentId, title: input.title, sortOrder: input.at ?? "LAST" });
      removeItems(qc, boardId, new Set([temp.id]));
      insertItem(qc, boardId, saved);
      return saved;
    } catch (e) {
      removeItems(qc, boardId, new Set([temp.id]));
      refused(e);
      return null;
    }
  }, [qc, boardId]);
}

/** Deletes items with their sub-items (002 §5: only numbered ids are sent) → deleted or not. */
export function useDeleteItems(boardId: number) {
  const qc = useQueryClient();
  return useCallback(async (ids: readonly number[]): Promise<boolean> => {
    const restore = snapshot(qc, boardId);
    removeItems(qc, boardId, new Set(ids));
    const saved = ids.filter((id) => Number.isInteger(id) && id > 0);
    if (saved.length === 0) return true;
    try {
      await todoApi.deleteItems(boardId, saved);
      return true;
    } catch (e) {
      restore();
      refused(e);
      return false;
    }
  }, [qc, boardId]);
}

/** An item's sub-items in order (GET item/sub/{groupId}/{parentId}); `enabled` false: not fetched (collapsed). */
export function useSubItems(groupId: number, parentId: number, enabled = true) {
  return useQuery({ ...subItemsQuery(groupId, parentId), enabled: enabled && parentId > 0 });
}
