// Moving to-do items (server/modules/todo/items/move.ts): BEFORE/AFTER an item (its group and level), INSIDE a
// group (last) or INSIDE a top-level item (last sub-item); only the moved row gets a new key (every other key
// checked before and after in SQL); crossing groups takes the sub-items along; sub_cnt of the old and new
// parents; the refusals (409 todo.move_invalid), another company's ids, not following.
import { beforeAll, expect, test } from "vitest";
import type { TodoGroup } from "../../shared/todo/boards.ts";
import type { TodoItem } from "../../shared/todo/items.ts";
import { createTestApp } from "../support/test-app.ts";
import { addItem, itemBoard, type ItemBoard, storedItems, titlesInOrder } from "./items-support.ts";
import { type TodoCompany, todoCast } from "./support.ts";

const t = await createTestApp();
let A: TodoCompany, B: TodoCompany;
let api: Awaited<ReturnType<typeof todoCast>>["api"];
let boardB: ItemBoard;

beforeAll(async () => {
  ({ api, A, B } = await todoCast(t, "todo-move"));
  boardB = await itemBoard(t, B);
});

const move = (who: { token: string }, boardId: number, id: number, body: Record<string, unknown>) =>
  api.ok<TodoItem>(201, "PUT", `item/${id}/move`, who, { boardId, ...body });

/** Every stored row but the ones named is unchanged (group, parent, key). */
async function onlyChanged(boardId: number, before: Awaited<ReturnType<typeof storedItems>>, changed: number[], subCntOf: number[] = []) {
  const after = await storedItems(t, boardId);
  for (const [id, row] of before) {
    if (changed.includes(id)) continue;
    const now = after.get(id)!;
    expect({ id, ...now, subCnt: subCntOf.includes(id) ? row.subCnt : now.subCnt }).toEqual({ id, ...row });
  }
  return after;
}

test("BEFORE and AFTER an item of the same group: the order changes and only the moved row's key is written", async () => {
  const b = await itemBoard(t, A, "순서 보드");
  const items: TodoItem[] = [];
  for (const title of ["하나", "둘", "셋", "넷", "다섯"]) items.push(await addItem(t, A.owner, b, title));
  const [one, two, three, four, five] = items;
  let before = await storedItems(t, b.boardId);
  const moved = await move(A.follower, b.boardId, five.id, { targetItemId: two.id, position: "BEFORE" });
  expect(moved).toMatchObject({ id: five.id, groupId: b.groupId, parentId: 0 });
  expect(await titlesInOrder(t, b.groupId)).toEqual(["하나", "다섯", "둘", "셋", "넷"]);
  let after = await onlyChanged(b.boardId, before, [five.id]);
  expect(after.get(five.id)!.sortOrder).toBe(moved.sortOrder);
  expect(moved.sortOrder > one.sortOrder && moved.sortOrder < two.sortOrder).toBe(true);

  before = after;
  await move(A.owner, b.boardId, one.id, { targetItemId: four.id, position: "AFTER" });
  expect(await titlesInOrder(t, b.groupId)).toEqual(["다섯", "둘", "셋", "넷", "하나"]);
  after = await onlyChanged(b.boardId, before, [one.id]);
  // Back and forth many times between the same neighbours: keys stay ordered and distinct.
  for (let i = 0; i < 20; i++) await move(A.owner, b.boardId, i % 2 ? two.id : three.id, { targetItemId: i % 2 ? three.id : two.id, position: "BEFORE" });
  expect(await titlesInOrder(t, b.groupId)).toEqual(["다섯", "둘", "셋", "넷", "하나"]);
  await onlyChanged(b.boardId, after, [two.id, three.id]);
});

test("into another group (BEFORE an item there, or INSIDE the group: last) with its sub-items", async () => {
  const b = await itemBoard(t, A, "그룹 이동");
  const other = await api.ok<TodoGroup>(201, "POST", `group/${b.boardId}`, A.owner, { title: "다음 주" });
  const p = await addItem(t, A.owner, b, "부모");
  const s1 = await addItem(t, A.owner, b, "하위 1", { parentId: p.id });
  const s2 = await addItem(t, A.owner, b, "하위 2", { parentId: p.id });
  const x = await addItem(t, A.owner, { boardId: b.boardId, groupId: other.id }, "엑스");
  const y = await addItem(t, A.owner, { boardId: b.boardId, groupId: other.id }, "와이");
  const before = await storedItems(t, b.boardId);
  const moved = await move(A.owner, b.boardId, p.id, { targetItemId: y.id, position: "BEFORE" });
  expect(moved).toMatchObject({ id: p.id, groupId: other.id, parentId: 0, subCnt: 2 });
  expect(await titlesInOrder(t, other.id)).toEqual(["엑스", "부모", "와이"]);
  const after = await onlyChanged(b.boardId, before, [p.id, s1.id, s2.id]);
  for (const s of [s1, s2]) expect(after.get(s.id)).toEqual({ ...before.get(s.id)!, groupId: other.id });

  const back = await move(A.owner, b.boardId, x.id, { targetGroupId: b.groupId, position: "INSIDE" });
  expect(back).toMatchObject({ groupId: b.groupId, parentId: 0 });
  expect(await titlesInOrder(t, b.groupId)).toEqual(["엑스"]);
  await move(A.owner, b.boardId, y.id, { targetGroupId: b.groupId, position: "INSIDE" });
  expect(await titlesInOrder(t, b.groupId)).toEqual(["엑스", "와이"]);
});

test("becoming a sub-item (INSIDE a parent, or next to a sub-item) and a top-level item again; sub_cnt follows", async () => {
  const b = await itemBoard(t, A, "하위 이동");
  const p = await addItem(t, A.owner, b, "부모");
  const q = await addItem(t, A.owner, b, "둘째 부모");
  const s1 = await addItem(t, A.owner, b, "하위 1", { parentId: p.id });
  const lone = await addItem(t, A.owner, b, "혼자");
  const lone2 = await addItem(t, A.owner, b, "혼자 2");
  const before = await storedItems(t, b.boardId);
  const sub = await move(A.owner, b.boardId, lone.id, { targetParentId: p.id, position: "INSIDE" });
  expect(sub).toMatchObject({ parentId: p.id, groupId: b.groupId });
  expect(await titlesInOrder(t, b.groupId, p.id)).toEqual(["하위 1", "혼자"]);
  let after = await onlyChanged(b.boardId, before, [lone.id], [p.id]);
  expect(after.get(p.id)!.subCnt).toBe(2);

  await move(A.owner, b.boardId, lone2.id, { targetItemId: s1.id, position: "BEFORE" });
  expect(await titlesInOrder(t, b.groupId, p.id)).toEqual(["혼자 2", "하위 1", "혼자"]);
  // From one parent to another, then out to the top level.
  await move(A.owner, b.boardId, s1.id, { targetParentId: q.id, position: "INSIDE" });
  after = await storedItems(t, b.boardId);
  expect([after.get(p.id)!.subCnt, after.get(q.id)!.subCnt]).toEqual([2, 1]);
  const top = await move(A.owner, b.boardId, s1.id, { targetItemId: p.id, position: "AFTER" });
  expect(top.parentId).toBe(0);
  expect(await titlesInOrder(t, b.groupId)).toEqual(["부모", "하위 1", "둘째 부모"]);
  after = await storedItems(t, b.boardId);
  expect([after.get(p.id)!.subCnt, after.get(q.id)!.subCnt]).toEqual([2, 0]);
});

test("refused moves: 409 todo.move_invalid, nothing written", async () => {
  const b = await itemBoard(t, A, "안 되는 이동");
  const p = await addItem(t, A.owner, b, "부모");
  const s = await addItem(t, A.owner, b, "하위", { parentId: p.id });
  const q = await addItem(t, A.owner, b, "다른 부모");
  await addItem(t, A.owner, b, "다른 하위", { parentId: q.id });
  const before = await storedItems(t, b.boardId);
  const refused = (id: number, body: Record<string, unknown>) => api.fails(409, "todo.move_invalid", "PUT", `item/${id}/move`, A.owner, { boardId: b.boardId, ...body });
  await refused(p.id, { targetParentId: q.id, position: "INSIDE" }); // has sub-items
  await refused(p.id, { targetItemId: s.id, position: "AFTER" }); // under itself
  await refused(q.id, { targetItemId: s.id, position: "BEFORE" }); // has sub-items
  await refused(p.id, { targetParentId: p.id, position: "INSIDE" });
  await refused(q.id, { targetParentId: s.id, position: "INSIDE" }); // under a sub-item
  await refused(p.id, { targetItemId: p.id, position: "BEFORE" });
  await refused(p.id, { position: "INSIDE" });
  await refused(p.id, { position: "AFTER" });
  await onlyChanged(b.boardId, before, []);
});

test("bad input, another company's ids, missing ids and not following", async () => {
  const b = await itemBoard(t, A, "권한 이동");
  const x = await addItem(t, A.owner, b, "엑스");
  const theirs = await addItem(t, B.owner, boardB, "남의 것");
  await api.fails(400, "common.validation", "PUT", `item/${x.id}/move`, A.owner, { boardId: b.boardId, targetItemId: x.id, position: "UNDER" });
  await api.fails(400, "common.validation", "PUT", `item/${x.id}/move`, A.owner, { targetGroupId: b.groupId, position: "INSIDE" });
  await api.fails(404, "todo.item_not_found", "PUT", "item/x1/move", A.owner, { boardId: b.boardId, targetGroupId: b.groupId, position: "INSIDE" });
  await api.fails(404, "todo.item_not_found", "PUT", `item/${theirs.id}/move`, A.owner, { boardId: b.boardId, targetGroupId: b.groupId, position: "INSIDE" });
  await api.fails(404, "todo.item_not_found", "PUT", `item/${x.id}/move`, A.owner, { boardId: b.boardId, targetItemId: theirs.id, position: "AFTER" });
  await api.fails(404, "todo.item_not_found", "PUT", `item/${x.id}/move`, A.owner, { boardId: b.boardId, targetParentId: theirs.id, position: "INSIDE" });
  await api.fails(404, "todo.group_not_found", "PUT", `item/${x.id}/move`, A.owner, { boardId: b.boardId, targetGroupId: boardB.groupId, position: "INSIDE" });
  await api.fails(404, "todo.board_not_found", "PUT", `item/${theirs.id}/move`, A.owner, { boardId: boardB.boardId, targetGroupId: boardB.groupId, position: "INSIDE" });
  await api.fails(403, "todo.not_follower", "PUT", `item/${x.id}/move`, A.other, { boardId: b.boardId, targetGroupId: b.groupId, position: "INSIDE" });
  expect((await storedItems(t, boardB.boardId)).get(theirs.id)!.groupId).toBe(boardB.groupId);
});
