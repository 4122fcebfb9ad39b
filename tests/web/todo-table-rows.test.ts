// The to-do table's rows (web/src/modules/todo/table/rows.ts): each group's header then its items, an expanded
// item's sub-items (or a loading row) and the row to add one, "load more" only when more follow, the "add item"
// rows only for someone who may edit, nothing under a collapsed group, a gap between groups.
import { describe, expect, test } from "vitest";
import type { TodoGroup } from "../../shared/todo/boards.ts";
import type { TodoItem } from "../../shared/todo/items.ts";
import { buildRows, neighbours } from "../../web/src/modules/todo/table/rows.ts";

const group = (id: number): TodoGroup => ({ id, boardId: 1, title: `g${id}`, color: "#579bfc", sortOrder: `a${id}`, itemCount: 0 });
const item = (id: number, groupId: number, parentId = 0, subCnt = 0): TodoItem => ({
  id, boardId: 1, groupId, parentId, sortOrder: `a${id}`, title: `i${id}`, subCnt, itemRow: { items: {} }, createdBy: 1, createdTime: 0, updatedTime: 0,
  existContent: false, checkListCnt: 0, checkListDoneCnt: 0, attachCnt: 0, commentCnt: 0,
});

describe("table rows", () => {
  const groups = [group(1), group(2)];
  const itemsByGroup = new Map([[1, [item(11, 1, 0, 2), item(12, 1)]], [2, [item(21, 2)]]]);

  test("groups, items, expanded sub-items with their add row, load more and add rows", () => {
    const rows = buildRows({
      groups, itemsByGroup, more: { 1: true, 2: false }, collapsed: new Set(), expanded: new Set([11]),
      subs: new Map([[11, [item(111, 1, 11), item(112, 1, 11)]]]), canEdit: true,
    });
    expect(rows.map((r) => r.key)).toEqual(["g1", "i11", "i111", "i112", "as11", "i12", "m1", "a1", "gap2", "g2", "i21", "a2"]);
    const sub = rows[2];
    expect(sub.kind === "item" && sub.item.parentId).toBe(11);
    const first = rows[1];
    if (first.kind !== "item") throw new Error("item row");
    expect(neighbours(first)).toEqual({ prev: undefined, next: itemsByGroup.get(1)![1] });
  });

  test("a collapsed group shows its header only; sub-items on their way show a loading row; readers get no add rows", () => {
    const rows = buildRows({
      groups, itemsByGroup, more: {}, collapsed: new Set([2]), expanded: new Set([11]), subs: new Map(), canEdit: false,
    });
    expect(rows.map((r) => r.key)).toEqual(["g1", "i11", "sl11", "i12", "gap2", "g2"]);
    expect(rows[5].kind === "group" && rows[5].collapsed).toBe(true);
  });
});
