// One cell of a to-do item (server/modules/todo/items/cells.ts): every column type's value, clearing, the title,
// read-only and unknown columns (409 todo.header_invalid), values that do not fit (400 todo.value_invalid with
// params.headerValue), PERSON only followers, STATUS only the column's labels; and the gantt's dependency push
// (finish-to-start, keeping lengths, transitively; only the header's first TIMELINE).
import { beforeAll, expect, test } from "vitest";
import type { TodoItem } from "../../shared/todo/items.ts";
import { todoTopic } from "../../shared/todo/constants.ts";
import { createTestApp } from "../support/test-app.ts";
import { addItem, itemBoard, type ItemBoard, putCell } from "./items-support.ts";
import { type TodoCompany, todoCast } from "./support.ts";

const t = await createTestApp();
let A: TodoCompany, B: TodoCompany;
let api: Awaited<ReturnType<typeof todoCast>>["api"];
let board: ItemBoard, boardB: ItemBoard;

beforeAll(async () => {
  ({ api, A, B } = await todoCast(t, "todo-cells"));
  board = await itemBoard(t, A);
  boardB = await itemBoard(t, B);
});

const storedCells = async (id: number) => (await t.db.sql<{ cells: Record<string, unknown> }[]>`select cells from todo_items where id = ${id}`)[0].cells;

test("every writable type takes its value and answers the item with it; null and \"\" clear", async () => {
  const item = await addItem(t, A.owner, board, "셀 항목");
  const values: [string, unknown][] = [
    ["person", [A.owner.id, A.follower.id]],
    ["status", "진행 중"],
    ["timeline", { start: "2025-03-01", end: "2025-03-05" }],
    ["number", 1250.5],
    ["text", "메모 한 줄"],
    ["link", { url: "https://example.com/plan", text: "계획" }],
    ["check", true],
  ];
  let last: TodoItem = item;
  for (const [key, v] of values) {
    t.clock.advance(1000);
    last = await putCell(t, A.follower, board.boardId, item.id, key, v);
    expect(last.itemRow.items[key], key).toEqual(v);
    expect(last.updatedTime).toBe(t.clock.now().getTime());
  }
  expect(last.itemRow.items).toMatchObject({ title: "셀 항목", created: { userId: A.owner.id, name: "김소유" } });
  expect(await storedCells(item.id)).toEqual(Object.fromEntries(values));
  // A LINK without text gets "", PERSON ids once each.
  expect((await putCell(t, A.owner, board.boardId, item.id, "link", { url: "https://example.com" })).itemRow.items.link).toEqual({ url: "https://example.com", text: "" });
  expect((await putCell(t, A.owner, board.boardId, item.id, "person", [A.owner.id, A.owner.id])).itemRow.items.person).toEqual([A.owner.id]);

  const cleared = await api.ok<TodoItem>(201, "PUT", `item/${item.id}`, A.owner, { boardId: board.boardId, headerValue: "text", itemValue: "" });
  expect(cleared.itemRow.items.text).toBeUndefined();
  await api.ok(201, "PUT", `item/${item.id}`, A.owner, { boardId: board.boardId, headerValue: "status", itemValue: "null" });
  const stored = await storedCells(item.id);
  expect("text" in stored || "status" in stored).toBe(false);

  const renamed = await putCell(t, A.owner, board.boardId, item.id, "title", " 새 제목 ");
  expect([renamed.title, renamed.itemRow.items.title]).toEqual(["새 제목", "새 제목"]);
});

test("409 todo.header_invalid: an unknown column, CREATED_LOG, ADDITIONAL", async () => {
  const item = await addItem(t, A.owner, board, "헤더 항목");
  for (const headerValue of ["nope", "created", "additional"]) {
    await api.fails(409, "todo.header_invalid", "PUT", `item/${item.id}`, A.owner, { boardId: board.boardId, headerValue, itemValue: "\"x\"" });
  }
});

test("400 todo.value_invalid with params.headerValue for values that do not fit", async () => {
  const item = await addItem(t, A.owner, board, "값 항목");
  const bad: [string, string][] = [
    ["number", "\"열\""],
    ["number", "not json"],
    ["timeline", JSON.stringify({ start: "2025-03-05", end: "2025-03-01" })],
    ["timeline", JSON.stringify({ start: "2025/03/05", end: "2025-03-06" })],
    ["status", "\"없는 상태\""],
    ["person", JSON.stringify([A.other.id])], // does not follow the workspace
    ["person", JSON.stringify([B.owner.id])],
    ["person", "[0]"],
    ["link", JSON.stringify({ url: "not a url" })],
    ["check", "\"yes\""],
    ["text", JSON.stringify("x".repeat(2001))],
    ["title", "\"  \""],
    ["title", "null"],
  ];
  for (const [headerValue, itemValue] of bad) {
    const body = await api.fails(400, "todo.value_invalid", "PUT", `item/${item.id}`, A.owner, { boardId: board.boardId, headerValue, itemValue });
    expect(body.params, `${headerValue} ${itemValue}`).toEqual({ headerValue });
  }
  expect(await storedCells(item.id)).toEqual({});
  await api.fails(400, "common.validation", "PUT", `item/${item.id}`, A.owner, { boardId: board.boardId, headerValue: "", itemValue: "1" });
  await api.fails(400, "common.validation", "PUT", `item/${item.id}`, A.owner, { headerValue: "number", itemValue: "1" });
});

test("another company's item or board: 404 like a missing one; not following: 403", async () => {
  const mine = await addItem(t, A.owner, board, "내 것");
  const theirs = await addItem(t, B.owner, boardB, "남의 것");
  await api.fails(404, "todo.item_not_found", "PUT", `item/${theirs.id}`, A.owner, { boardId: board.boardId, headerValue: "number", itemValue: "1" });
  await api.fails(404, "todo.board_not_found", "PUT", `item/${theirs.id}`, A.owner, { boardId: boardB.boardId, headerValue: "number", itemValue: "1" });
  await api.fails(404, "todo.item_not_found", "PUT", "item/abc", A.owner, { boardId: board.boardId, headerValue: "number", itemValue: "1" });
  await api.fails(403, "todo.not_follower", "PUT", `item/${mine.id}`, A.other, { boardId: board.boardId, headerValue: "number", itemValue: "1" });
  expect(await storedCells(theirs.id)).toEqual({});
});

test("a TIMELINE on the gantt's column pushes successors later keeping their length, transitively; other columns push nothing", async () => {
  const b = await itemBoard(t, A, "간트 보드");
  const [a, s, u, v, free] = [
    await addItem(t, A.owner, b, "설계"), await addItem(t, A.owner, b, "개발"), await addItem(t, A.owner, b, "테스트"),
    await addItem(t, A.owner, b, "날짜 없음"), await addItem(t, A.owner, b, "무관"),
  ];
  await putCell(t, A.owner, b.boardId, a.id, "timeline", { start: "2025-03-01", end: "2025-03-03" });
  await putCell(t, A.owner, b.boardId, s.id, "timeline", { start: "2025-03-04", end: "2025-03-06" });
  await putCell(t, A.owner, b.boardId, u.id, "timeline", { start: "2025-03-10", end: "2025-03-10" });
  await putCell(t, A.owner, b.boardId, free.id, "timeline", { start: "2025-03-04", end: "2025-03-04" });
  // a → s → u, a → v (no dates).
  for (const [from, to] of [[a, s], [s, u], [a, v]]) {
    await t.db.sql`insert into todo_dependencies (company_id, board_id, from_item_id, to_item_id) values (${A.co.companyId}, ${b.boardId}, ${from.id}, ${to.id})`;
  }
  const events: Record<string, unknown>[] = [];
  const original = t.deps.realtime.publish;
  t.deps.realtime.publish = (topic, event, data = {}) => {
    if (topic === todoTopic(A.co.companyId) && event === "TODO_CHANGED") events.push(data as Record<string, unknown>);
    return original.call(t.deps.realtime, topic, event, data);
  };
  let moved: TodoItem;
  try {
    // a now ends on the 8th: s (3 days) starts on the 9th, u (1 day) after s ends on the 11th.
    moved = await putCell(t, A.owner, b.boardId, a.id, "timeline", { start: "2025-03-02", end: "2025-03-08" });
  } finally {
    t.deps.realtime.publish = original;
  }
  expect(moved.itemRow.items.timeline).toEqual({ start: "2025-03-02", end: "2025-03-08" });
  expect((await storedCells(s.id)).timeline).toEqual({ start: "2025-03-09", end: "2025-03-11" });
  expect((await storedCells(u.id)).timeline).toEqual({ start: "2025-03-12", end: "2025-03-12" });
  expect(await storedCells(v.id)).toEqual({});
  expect((await storedCells(free.id)).timeline).toEqual({ start: "2025-03-04", end: "2025-03-04" });
  expect(events.map((e) => e.itemIds)).toEqual([`${a.id},${s.id},${u.id}`]);

  // Earlier again: nobody is pulled back. The second TIMELINE column is not the gantt's: it pushes nothing.
  await putCell(t, A.owner, b.boardId, a.id, "timeline", { start: "2025-03-01", end: "2025-03-01" });
  expect((await storedCells(s.id)).timeline).toEqual({ start: "2025-03-09", end: "2025-03-11" });
  await putCell(t, A.owner, b.boardId, s.id, "timeline2", { start: "2025-03-01", end: "2025-03-01" });
  await putCell(t, A.owner, b.boardId, a.id, "timeline2", { start: "2025-03-01", end: "2025-03-31" });
  expect((await storedCells(s.id)).timeline2).toEqual({ start: "2025-03-01", end: "2025-03-01" });
  // Month ends and leap days count right.
  await putCell(t, A.owner, b.boardId, a.id, "timeline", { start: "2024-02-01", end: "2024-02-01" });
  await putCell(t, A.owner, b.boardId, s.id, "timeline", { start: "2024-02-28", end: "2024-03-01" });
  await putCell(t, A.owner, b.boardId, a.id, "timeline", { start: "2024-02-27", end: "2024-02-28" });
  expect((await storedCells(s.id)).timeline).toEqual({ start: "2024-02-29", end: "2024-03-02" });
});
