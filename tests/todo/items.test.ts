// To-do items (server/modules/todo/items/): create (first, last, after a key; sub-items in the parent's group,
// sub_cnt kept; no sub-item under a sub-item; ITEMS_MAX), sub-items, delete (with sub-items; other boards' ids
// ignored), bad input, another company's ids, a colleague who does not follow, TODO_CHANGED.
import { beforeAll, expect, test } from "vitest";
import type { TodoGroup } from "../../shared/todo/boards.ts";
import { ITEMS_MAX, todoTopic } from "../../shared/todo/constants.ts";
import type { TodoItem } from "../../shared/todo/items.ts";
import { createTestApp } from "../support/test-app.ts";
import { addItem, itemBoard, type ItemBoard, storedItems, titlesInOrder } from "./items-support.ts";
import { type TodoCompany, todoCast } from "./support.ts";

const t = await createTestApp();
let A: TodoCompany, B: TodoCompany;
let api: Awaited<ReturnType<typeof todoCast>>["api"];
let board: ItemBoard, boardB: ItemBoard;

beforeAll(async () => {
  ({ api, A, B } = await todoCast(t, "todo-items"));
  board = await itemBoard(t, A);
  boardB = await itemBoard(t, B);
});

test("create: LAST by default, FIRST, or after an item's key; the answer's shape", async () => {
  const b = await itemBoard(t, A, "생성 보드");
  const first = await addItem(t, A.follower, b, "기획서 작성");
  expect(first).toEqual({
    id: first.id, boardId: b.boardId, groupId: b.groupId, parentId: 0, sortOrder: first.sortOrder, title: "기획서 작성", subCnt: 0,
    itemRow: { items: { title: "기획서 작성", created: { userId: A.follower.id, name: "이팔로", time: t.clock.now().getTime() } } },
    existContent: false, checkListCnt: 0, checkListDoneCnt: 0, attachCnt: 0, commentCnt: 0,
    createdBy: A.follower.id, createdTime: t.clock.now().getTime(), updatedTime: t.clock.now().getTime(),
  });
  await addItem(t, A.owner, b, "디자인");
  await addItem(t, A.owner, b, "맨 앞", { sortOrder: "FIRST" });
  await addItem(t, A.owner, b, "기획 다음", { sortOrder: first.sortOrder });
  expect(await titlesInOrder(t, b.groupId)).toEqual(["맨 앞", "기획서 작성", "기획 다음", "디자인"]);
  await api.fails(409, "todo.move_invalid", "POST", "item", A.owner, { boardId: b.boardId, groupId: b.groupId, title: "x", sortOrder: "zzz" });
});

test("sub-items live in the parent's group under it, in order; sub_cnt follows; a sub-item's sub-item is refused", async () => {
  const b = await itemBoard(t, A, "하위 보드");
  const other = await api.ok<TodoGroup>(201, "POST", `group/${b.boardId}`, A.owner, { title: "다른 그룹" });
  const parent = await addItem(t, A.owner, b, "출시");
  // groupId names another group of the board: the sub-item still goes to its parent's group.
  const s1 = await addItem(t, A.owner, { boardId: b.boardId, groupId: other.id }, "QA", { parentId: parent.id });
  const s0 = await addItem(t, A.owner, b, "빌드", { parentId: parent.id, sortOrder: "FIRST" });
  expect(s1).toMatchObject({ parentId: parent.id, groupId: b.groupId });
  expect(await titlesInOrder(t, b.groupId, parent.id)).toEqual(["빌드", "QA"]);
  expect((await storedItems(t, b.boardId)).get(parent.id)?.subCnt).toBe(2);
  const subs = await api.ok<TodoItem[]>(200, "GET", `item/sub/${b.groupId}/${parent.id}`, A.follower);
  expect(subs.map((s) => [s.id, s.title, s.parentId])).toEqual([[s0.id, "빌드", parent.id], [s1.id, "QA", parent.id]]);
  expect(await titlesInOrder(t, b.groupId)).toEqual(["출시"]);

  await api.fails(409, "todo.move_invalid", "POST", "item", A.owner, { boardId: b.boardId, groupId: b.groupId, parentId: s0.id, title: "손자" });
  await api.fails(404, "todo.item_not_found", "POST", "item", A.owner, { boardId: b.boardId, groupId: b.groupId, parentId: 999999999, title: "x" });
  await api.fails(404, "todo.item_not_found", "GET", `item/sub/${b.groupId}/${s0.id}`, A.owner);
  await api.fails(404, "todo.item_not_found", "GET", `item/sub/${other.id}/${parent.id}`, A.owner);
  await api.fails(404, "todo.group_not_found", "GET", `item/sub/x/${parent.id}`, A.owner);
  await api.fails(404, "todo.item_not_found", "GET", `item/sub/${b.groupId}/1.5`, A.owner);
});

test("delete: the board's items among the ids with their sub-items; parents left keep a true sub_cnt; none of the board: 404", async () => {
  const b = await itemBoard(t, A, "삭제 보드");
  const p = await addItem(t, A.owner, b, "부모");
  const s1 = await addItem(t, A.owner, b, "하위 1", { parentId: p.id });
  const s2 = await addItem(t, A.owner, b, "하위 2", { parentId: p.id });
  const q = await addItem(t, A.owner, b, "다른 부모");
  const qs = await addItem(t, A.owner, b, "다른 하위", { parentId: q.id });
  const keep = await addItem(t, A.owner, b, "남길 것");
  const foreign = await addItem(t, B.owner, boardB, "남의 것");
  await api.ok(204, "DELETE", "item", A.follower, { boardId: b.boardId, itemIds: [s1.id, q.id, foreign.id] });
  const left = await storedItems(t, b.boardId);
  expect([...left.keys()].sort((x, y) => x - y)).toEqual([p.id, s2.id, keep.id]);
  expect(left.has(qs.id)).toBe(false);
  expect(left.get(p.id)?.subCnt).toBe(1);
  expect((await storedItems(t, boardB.boardId)).has(foreign.id)).toBe(true);
  await api.fails(404, "todo.item_not_found", "DELETE", "item", A.owner, { boardId: b.boardId, itemIds: [foreign.id, 999999999] });
  await api.fails(400, "common.validation", "DELETE", "item", A.owner, { boardId: b.boardId, itemIds: [] });
  await api.fails(400, "common.validation", "DELETE", "item", A.owner, { boardId: b.boardId, itemIds: ["x"] });
});

test("at most ITEMS_MAX items a board, sub-items counted: 409 todo.items_max", async () => {
  const b = await itemBoard(t, A, "가득 보드");
  await t.db.sql`
    insert into todo_items (company_id, board_id, group_id, sort_order, title, created_at, updated_at)
    select ${A.co.companyId}, ${b.boardId}, ${b.groupId}, 'a' || lpad(n::text, 6, '0'), 'i' || n, now(), now()
      from generate_series(1, ${ITEMS_MAX}) n`;
  await api.fails(409, "todo.items_max", "POST", "item", A.owner, { boardId: b.boardId, groupId: b.groupId, title: "하나 더" });
});

test("bad input: 400 common.validation", async () => {
  const base = { boardId: board.boardId, groupId: board.groupId };
  await api.fails(400, "common.validation", "POST", "item", A.owner, { ...base, title: "  " });
  await api.fails(400, "common.validation", "POST", "item", A.owner, { ...base, title: "x".repeat(256) });
  await api.fails(400, "common.validation", "POST", "item", A.owner, { boardId: board.boardId, title: "그룹 없음" });
  await api.fails(400, "common.validation", "POST", "item", A.owner, { ...base, parentId: -1, title: "x" });
});

test("another company's board, group and items answer 404 like missing ones; a colleague who does not follow gets 403", async () => {
  const mine = await addItem(t, A.owner, board, "내 항목");
  const theirs = await addItem(t, B.owner, boardB, "남의 항목");
  await api.fails(404, "todo.board_not_found", "POST", "item", A.owner, { boardId: boardB.boardId, groupId: boardB.groupId, title: "x" });
  await api.fails(404, "todo.group_not_found", "POST", "item", A.owner, { boardId: board.boardId, groupId: boardB.groupId, title: "x" });
  await api.fails(404, "todo.item_not_found", "POST", "item", A.owner, { boardId: board.boardId, groupId: board.groupId, parentId: theirs.id, title: "x" });
  await api.fails(404, "todo.group_not_found", "GET", `item/sub/${boardB.groupId}/${theirs.id}`, A.owner);
  await api.fails(404, "todo.board_not_found", "DELETE", "item", A.owner, { boardId: boardB.boardId, itemIds: [theirs.id] });
  await api.fails(403, "todo.not_follower", "POST", "item", A.other, { boardId: board.boardId, groupId: board.groupId, title: "x" });
  await api.fails(403, "todo.not_follower", "GET", `item/sub/${board.groupId}/${mine.id}`, A.other);
  await api.fails(403, "todo.not_follower", "DELETE", "item", A.other, { boardId: board.boardId, itemIds: [mine.id] });
  expect((await storedItems(t, board.boardId)).has(mine.id)).toBe(true);
});

test("each committed change is announced as TODO_CHANGED kind item with the items' ids", async () => {
  const events: { event: string; topic: string; data: Record<string, unknown> }[] = [];
  const original = t.deps.realtime.publish;
  t.deps.realtime.publish = (topic, event, data = {}) => {
    events.push({ topic, event, data: data as Record<string, unknown> });
    return original.call(t.deps.realtime, topic, event, data);
  };
  let p: TodoItem, s: TodoItem;
  try {
    p = await addItem(t, A.owner, board, "알림 부모");
    s = await addItem(t, A.owner, board, "알림 하위", { parentId: p.id });
    await api.ok(204, "DELETE", "item", A.owner, { boardId: board.boardId, itemIds: [s.id] });
    await api.fails(404, "todo.item_not_found", "DELETE", "item", A.owner, { boardId: board.boardId, itemIds: [s.id] });
  } finally {
    t.deps.realtime.publish = original;
  }
  const mine = events.filter((e) => e.event === "TODO_CHANGED");
  expect(mine.map((e) => e.topic)).toEqual(Array(3).fill(todoTopic(A.co.companyId)));
  expect(mine.map((e) => [e.data.kind, e.data.boardId, e.data.itemIds])).toEqual([
    ["item", board.boardId, `${p.id}`],
    ["item", board.boardId, `${s.id},${p.id}`],
    ["item", board.boardId, `${s.id},${p.id}`],
  ]);
});
