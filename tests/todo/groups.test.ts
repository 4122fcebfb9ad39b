// To-do groups (server/modules/todo/items/groups.ts): create first with the next colour, title, colour, move
// (one row written, the others' keys untouched), delete with its items, the last group kept, GROUPS_MAX; bad
// input, another company's ids, a colleague who does not follow, and TODO_CHANGED after each commit.
import { beforeAll, expect, test } from "vitest";
import type { TodoGroup } from "../../shared/todo/boards.ts";
import { GROUP_COLORS, GROUPS_MAX, todoTopic } from "../../shared/todo/constants.ts";
import { createTestApp } from "../support/test-app.ts";
import { addItem, itemBoard, type ItemBoard } from "./items-support.ts";
import { type TodoCompany, todoCast } from "./support.ts";

const t = await createTestApp();
let A: TodoCompany, B: TodoCompany;
let api: Awaited<ReturnType<typeof todoCast>>["api"];
let board: ItemBoard, boardB: ItemBoard;

beforeAll(async () => {
  ({ api, A, B } = await todoCast(t, "todo-groups"));
  board = await itemBoard(t, A);
  boardB = await itemBoard(t, B);
});

const groupKeys = async (boardId: number) =>
  new Map((await t.db.sql<{ id: string; sort_order: string }[]>`select id, sort_order from todo_groups where board_id = ${boardId}`)
    .map((r) => [Number(r.id), r.sort_order]));

test("create: first in the board, colours of GROUP_COLORS in turn unless given; title and colour change", async () => {
  const b = await itemBoard(t, A, "색 보드");
  const one = await api.ok<TodoGroup>(201, "POST", `group/${b.boardId}`, A.follower, { title: "1분기" });
  expect(one).toMatchObject({ boardId: b.boardId, title: "1분기", color: GROUP_COLORS[1], itemCount: 0 });
  const two = await api.ok<TodoGroup>(201, "POST", `group/${b.boardId}`, A.owner, { title: "2분기", color: "#123abc" });
  expect(two.color).toBe("#123abc");
  const three = await api.ok<TodoGroup>(201, "POST", `group/${b.boardId}`, A.owner, { title: "3분기" });
  expect(three.color).toBe(GROUP_COLORS[3]);
  const order = await t.db.sql<{ title: string }[]>`select title from todo_groups where board_id = ${b.boardId} order by sort_order`;
  expect(order.map((r) => r.title)).toEqual(["3분기", "2분기", "1분기", "할 일"]);

  await addItem(t, A.owner, { boardId: b.boardId, groupId: one.id }, "항목");
  const renamed = await api.ok<TodoGroup>(201, "PUT", `group/${one.id}/title`, A.follower, { boardId: b.boardId, title: " 1분기 목표 " });
  expect(renamed).toMatchObject({ id: one.id, title: "1분기 목표", color: GROUP_COLORS[1], itemCount: 1 });
  const recoloured = await api.ok<TodoGroup>(201, "PUT", `group/${one.id}/color`, A.follower, { boardId: b.boardId, color: "#00c875" });
  expect(recoloured).toMatchObject({ id: one.id, title: "1분기 목표", color: "#00c875" });
});

test("move: BEFORE and AFTER another group; only the moved group's key changes", async () => {
  const b = await itemBoard(t, A, "이동 보드");
  const made: TodoGroup[] = [];
  for (const title of ["다", "나", "가"]) made.push(await api.ok<TodoGroup>(201, "POST", `group/${b.boardId}`, A.owner, { title }));
  const [da, na, ga] = made; // stored order: 가, 나, 다, 할 일
  const before = await groupKeys(b.boardId);
  const groups = await api.ok<TodoGroup[]>(201, "PUT", `group/${ga.id}/move`, A.follower, { boardId: b.boardId, targetGroupId: da.id, position: "AFTER" });
  expect(groups.map((g) => g.title)).toEqual(["나", "다", "가", "할 일"]);
  const after = await groupKeys(b.boardId);
  for (const [id, key] of before) if (id !== ga.id) expect(after.get(id)).toBe(key);
  expect(after.get(ga.id)).not.toBe(before.get(ga.id));

  const again = await api.ok<TodoGroup[]>(201, "PUT", `group/${b.groupId}/move`, A.owner, { boardId: b.boardId, targetGroupId: na.id, position: "BEFORE" });
  expect(again.map((g) => g.title)).toEqual(["할 일", "나", "다", "가"]);
  await api.fails(409, "todo.move_invalid", "PUT", `group/${na.id}/move`, A.owner, { boardId: b.boardId, targetGroupId: na.id, position: "AFTER" });
  await api.fails(404, "todo.group_not_found", "PUT", `group/${na.id}/move`, A.owner, { boardId: b.boardId, targetGroupId: boardB.groupId, position: "AFTER" });
  await api.fails(400, "common.validation", "PUT", `group/${na.id}/move`, A.owner, { boardId: b.boardId, targetGroupId: da.id, position: "INSIDE" });
});

test("delete: the group and its items go (204); the board's only group stays (409 todo.last_group)", async () => {
  const b = await itemBoard(t, A, "삭제 보드");
  const extra = await api.ok<TodoGroup>(201, "POST", `group/${b.boardId}`, A.owner, { title: "지울 그룹" });
  const item = await addItem(t, A.owner, { boardId: b.boardId, groupId: extra.id }, "지울 항목");
  await addItem(t, A.owner, { boardId: b.boardId, groupId: extra.id }, "하위", { parentId: item.id });
  await api.ok(204, "DELETE", `group/${extra.id}`, A.follower);
  const [{ n }] = await t.db.sql<{ n: string }[]>`select count(*) as n from todo_items where board_id = ${b.boardId}`;
  expect(Number(n)).toBe(0);
  await api.fails(404, "todo.group_not_found", "DELETE", `group/${extra.id}`, A.owner);
  await api.fails(409, "todo.last_group", "DELETE", `group/${b.groupId}`, A.owner);
});

test("at most GROUPS_MAX groups a board: 409 todo.groups_max", async () => {
  const b = await itemBoard(t, A, "가득 보드");
  await t.db.sql`
    insert into todo_groups (company_id, board_id, title, color, sort_order, created_at)
    select ${A.co.companyId}, ${b.boardId}, 'g' || n, '#579bfc', 'b' || lpad(n::text, 3, '0'), now() from generate_series(1, ${GROUPS_MAX - 1}) n`;
  await api.fails(409, "todo.groups_max", "POST", `group/${b.boardId}`, A.owner, { title: "하나 더" });
});

test("bad input answers 400 common.validation; a path id that is not a number is the module's not-found", async () => {
  await api.fails(400, "common.validation", "POST", `group/${board.boardId}`, A.owner, { title: " " });
  await api.fails(400, "common.validation", "POST", `group/${board.boardId}`, A.owner, { title: "색", color: "blue" });
  await api.fails(400, "common.validation", "PUT", `group/${board.groupId}/title`, A.owner, { title: "제목만" });
  await api.fails(400, "common.validation", "PUT", `group/${board.groupId}/color`, A.owner, { boardId: board.boardId, color: "#12345" });
  await api.fails(404, "todo.board_not_found", "POST", "group/abc", A.owner, { title: "숫자 아님" });
  await api.fails(404, "todo.group_not_found", "PUT", "group/1e3/title", A.owner, { boardId: board.boardId, title: "x" });
  await api.fails(404, "todo.group_not_found", "DELETE", "group/-1", A.owner);
});

test("another company's board and groups answer 404 like missing ones; a colleague who does not follow gets 403", async () => {
  await api.fails(404, "todo.board_not_found", "POST", `group/${boardB.boardId}`, A.owner, { title: "남의 보드" });
  await api.fails(404, "todo.board_not_found", "POST", "group/999999999", A.owner, { title: "없는 보드" });
  await api.fails(404, "todo.group_not_found", "PUT", `group/${boardB.groupId}/title`, A.owner, { boardId: board.boardId, title: "x" });
  await api.fails(404, "todo.board_not_found", "PUT", `group/${boardB.groupId}/title`, A.owner, { boardId: boardB.boardId, title: "x" });
  await api.fails(404, "todo.group_not_found", "DELETE", `group/${boardB.groupId}`, A.owner);
  await api.fails(403, "todo.not_follower", "POST", `group/${board.boardId}`, A.other, { title: "팔로 안 함" });
  await api.fails(403, "todo.not_follower", "PUT", `group/${board.groupId}/color`, A.other, { boardId: board.boardId, color: "#000000" });
  await api.fails(403, "todo.not_follower", "DELETE", `group/${board.groupId}`, A.other);
  const [{ title }] = await t.db.sql<{ title: string }[]>`select title from todo_groups where id = ${boardB.groupId}`;
  expect(title).toBe("할 일");
});

test("each committed change is announced as TODO_CHANGED kind group on the company's topic; a refused one is not", async () => {
  const events: { topic: string; event: string; data: Record<string, unknown> }[] = [];
  const original = t.deps.realtime.publish;
  t.deps.realtime.publish = (topic, event, data = {}) => {
    events.push({ topic, event, data: data as Record<string, unknown> });
    return original.call(t.deps.realtime, topic, event, data);
  };
  try {
    const g = await api.ok<TodoGroup>(201, "POST", `group/${board.boardId}`, A.owner, { title: "알림" });
    await api.ok(201, "PUT", `group/${g.id}/title`, A.owner, { boardId: board.boardId, title: "알림 2" });
    await api.ok(204, "DELETE", `group/${g.id}`, A.owner);
    await api.fails(409, "todo.last_group", "DELETE", `group/${board.groupId}`, A.owner);
  } finally {
    t.deps.realtime.publish = original;
  }
  const mine = events.filter((e) => e.event === "TODO_CHANGED");
  expect(mine.map((e) => e.topic)).toEqual(Array(3).fill(todoTopic(A.co.companyId)));
  expect(mine.map((e) => [e.data.kind, e.data.boardId, e.data.workspaceId, e.data.byUserId])).toEqual(
    Array(3).fill(["group", board.boardId, board.workspaceId, A.owner.id]),
  );
});
