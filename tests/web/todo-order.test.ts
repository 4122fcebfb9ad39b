// The to-do views' order (web/src/modules/todo/board-data/order.ts): items grouped by group in sortOrder (C
// collation), an item listed by the entry and a later page counted once, sub-items left to their parent's list;
// the keys an optimistic move writes land between the right neighbours.
import { describe, expect, test } from "vitest";
import type { TodoGroup } from "../../shared/todo/boards.ts";
import type { TodoItem } from "../../shared/todo/items.ts";
import { bySortOrder, groupItems, keyAfterLast, keyBeforeFirst, keyBetween, keyNextTo } from "../../web/src/modules/todo/board-data/order.ts";

const group = (id: number, sortOrder: string): TodoGroup => ({ id, boardId: 1, title: `g${id}`, color: "#579bfc", sortOrder, itemCount: 0 });
const item = (id: number, groupId: number, sortOrder: string, parentId = 0): TodoItem => ({
  id, boardId: 1, groupId, parentId, sortOrder, title: `i${id}`, subCnt: 0, itemRow: { items: {} }, createdBy: 1, createdTime: 0, updatedTime: 0,
  existContent: false, checkListCnt: 0, checkListDoneCnt: 0, attachCnt: 0, commentCnt: 0,
});

describe("grouping", () => {
  test("by group in key order (C collation: capitals before small letters), each item once, sub-items left out", () => {
    const groups = [group(1, "a0"), group(2, "a1")];
    const entry = [item(1, 1, "a1"), item(2, 1, "a0"), item(3, 2, "Zz"), item(9, 1, "a0V", 1)];
    const page = [item(4, 2, "a0"), item(1, 1, "zz"), item(5, 7, "a0")];
    const m = groupItems(groups, [entry, page]);
    expect(m.get(1)!.map((i) => i.id)).toEqual([2, 1]);
    expect(m.get(2)!.map((i) => i.id)).toEqual([3, 4]);
    expect([...m.keys()]).toEqual([1, 2]);
  });

  test("equal keys fall back to the id", () => {
    expect([item(5, 1, "a0"), item(2, 1, "a0")].sort(bySortOrder).map((i) => i.id)).toEqual([2, 5]);
  });
});

describe("keys of a move", () => {
  const list = [item(1, 1, "a0"), item(2, 1, "a1"), item(3, 1, "a2")];
  const sorted = (k: string, others: string[]) => [...others, k].sort();

  test("before and after a target, the moved one ignored where it was", () => {
    const before2 = keyNextTo(list, 3, 2, "BEFORE");
    expect(sorted(before2, ["a0", "a1"])).toEqual(["a0", before2, "a1"]);
    const after2 = keyNextTo(list, 1, 2, "AFTER");
    expect(after2 > "a1" && after2 < "a2").toBe(true);
    const afterLast = keyNextTo(list, 1, 3, "AFTER");
    expect(afterLast > "a2").toBe(true);
    const beforeFirst = keyNextTo(list, 3, 1, "BEFORE");
    expect(beforeFirst < "a0").toBe(true);
  });

  test("first, last, and an unknown target: last", () => {
    expect(keyAfterLast(list) > "a2").toBe(true);
    expect(keyBeforeFirst(list) < "a0").toBe(true);
    expect(keyAfterLast([])).toBe(keyBetween(null, null));
    expect(keyNextTo(list, 9, 42, "BEFORE") > "a2").toBe(true);
  });

  test("keys that are not the library's still give an order", () => {
    expect(keyBetween("zz!", null) > "zz!").toBe(true);
  });
});
