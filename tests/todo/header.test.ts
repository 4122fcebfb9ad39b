// A board's header (PUT board/{id}/header) and kanban lanes (GET/PUT kanban/columns): add, rename, resize,
// reorder and remove columns; 409 todo.header_invalid for every broken rule ("wrong column info"); a removed
// column's values leave every item; the kanban lanes follow the STATUS columns.
import { beforeAll, expect, test } from "vitest";
import type { BoardEntry, HeaderColumn, KanbanColumns } from "../../shared/todo/boards.ts";
import { HEADER_WIDTH_MAX } from "../../shared/todo/constants.ts";
import type { TodoWorkspace } from "../../shared/todo/workspaces.ts";
import { createTestApp } from "../support/test-app.ts";
import { follow, makeBoard, makeWorkspace, type TodoCompany, todoCast } from "./support.ts";

const t = await createTestApp();
let A: TodoCompany, B: TodoCompany;
let api: Awaited<ReturnType<typeof todoCast>>["api"];
let ws: TodoWorkspace;

beforeAll(async () => {
  ({ api, A, B } = await todoCast(t, "todo-header"));
  ws = await makeWorkspace(t, A.owner, "헤더");
  await follow(t, A.follower, ws.id);
});

/** The input form of a header as answered (keys, types, names, widths, labels). */
const asInput = (h: HeaderColumn[]) => h.map(({ value, type, name, width, connectedColumn, options }) => ({ value, type, name, width, connectedColumn, options }));

test("add, rename, resize and reorder columns; new keys from the type; the whole header answered (201)", async () => {
  const { node, entry } = await makeBoard(t, A.owner, ws.id, "열 편집");
  const [title, timeline, number, person, additional] = asInput(entry.header);
  const put = await api.ok<HeaderColumn[]>(201, "PUT", `board/${node.id}/header`, A.follower, {
    header: [
      { ...title, width: 400, name: "업무" },
      { type: "STATUS", name: "상태" },
      person,
      { type: "TEXT", name: "메모" },
      { type: "LINK" },
      { type: "CHECK" },
      { type: "STATUS", name: "우선순위", options: [{ label: "높음", color: "#e2445c" }] },
      { ...timeline, connectedColumn: "status" },
      { type: "NUMBER", name: "비용" },
      number,
      { type: "CREATED_LOG" },
      additional,
    ],
  });
  expect(put.map((c) => [c.value, c.type, c.name, c.width])).toEqual([
    ["title", "TITLE", "업무", 400], ["status", "STATUS", "상태", 90], ["person", "PERSON", "", 90], ["text", "TEXT", "메모", 90],
    ["link", "LINK", "", 360], ["check", "CHECK", "", 62], ["status_2", "STATUS", "우선순위", 90], ["timeline", "TIMELINE", "", 150],
    ["number_2", "NUMBER", "비용", 90], ["number", "NUMBER", "", 90], ["created_log", "CREATED_LOG", "", 150], ["additional", "ADDITIONAL", "", 100],
  ]);
  expect(put[1].options.map((o) => o.label)).toEqual(["Working on it", "Done", "Stuck"]);
  expect(put[6].options).toEqual([{ label: "높음", color: "#e2445c" }]);
  expect(put[7].connectedColumn).toBe("status");
  expect(put[2].connectedColumn).toBeNull();
  expect((await api.ok<BoardEntry>(200, "GET", `board/${node.id}`, A.owner)).header).toEqual(put);
});

test("broken rules answer 409 todo.header_invalid; bad input 400; foreign 404; non-follower 403", async () => {
  const { node, entry } = await makeBoard(t, A.owner, ws.id, "규칙");
  const h = asInput(entry.header); // title, timeline, number, person, additional
  const bad = async (header: unknown[]) => await api.fails(409, "todo.header_invalid", "PUT", `board/${node.id}/header`, A.owner, { header });
  await bad([h[1], h[0], h[4]]); // TITLE not first
  await bad([h[0], h[1], h[0], h[4]]); // two TITLEs
  await bad([h[0], h[1]]); // no ADDITIONAL
  await bad([h[0], h[4], h[1]]); // ADDITIONAL not last
  await bad([h[0], h[4], h[1], h[4]]); // two ADDITIONALs
  await bad([{ ...h[0], value: "name" }, h[4]]); // TITLE keyed otherwise
  await bad([h[0], { ...h[1], width: 149 }, h[4]]); // below TIMELINE's minimum
  await bad([h[0], { type: "LINK", width: 149 }, h[4]]);
  await bad([h[0], h[1], { ...h[2], value: "timeline" }, h[4]]); // a key twice (and its type)
  await bad([h[0], h[2], { ...h[3], value: "number", type: "PERSON" }, h[4]]); // a key twice
  await bad([h[0], { ...h[2], type: "TEXT" }, h[4]]); // a kept key changes type
  await bad([h[0], { ...h[1], connectedColumn: "number" }, h[4]]); // connected to a column that is not STATUS
  await bad([h[0], { type: "STATUS", options: [{ label: "A", color: "#000000" }, { label: "A", color: "#ffffff" }] }, h[4]]);
  await api.fails(400, "common.validation", "PUT", `board/${node.id}/header`, A.owner, { header: [h[0], { ...h[1], width: HEADER_WIDTH_MAX + 1 }, h[4]] });
  await api.fails(400, "common.validation", "PUT", `board/${node.id}/header`, A.owner, { header: [h[0], { type: "WIDGET" }, h[4]] });
  await api.fails(400, "common.validation", "PUT", `board/${node.id}/header`, A.owner, { header: [h[0], { type: "TEXT", value: "Bad Key" }, h[4]] });
  await api.fails(400, "common.validation", "PUT", `board/${node.id}/header`, A.owner, { header: "x" });
  await api.fails(403, "todo.not_follower", "PUT", `board/${node.id}/header`, A.other, { header: h });
  await api.fails(404, "todo.board_not_found", "PUT", `board/${node.id}/header`, B.owner, { header: h });
  // Nothing changed.
  expect((await api.ok<BoardEntry>(200, "GET", `board/${node.id}`, A.owner)).header).toEqual(entry.header);
});

test("a removed column's values leave every item; its key may come back only with its type", async () => {
  const board = await api.ok(201, "POST", `board/${ws.id}`, A.owner, {
    title: "값", header: [{ type: "TITLE" }, { type: "TEXT" }, { type: "NUMBER" }, { type: "ADDITIONAL" }],
    items: [{ title: "하나" }, { title: "둘" }],
  });
  await t.db.sql`update todo_items set cells = '{"text":"메모","number":3}'::jsonb where board_id = ${board.id}`;
  const entry = await api.ok<BoardEntry>(200, "GET", `board/${board.id}`, A.owner);
  const [title, , number, additional] = asInput(entry.header);
  await api.ok(201, "PUT", `board/${board.id}/header`, A.owner, { header: [title, number, additional] });
  const cells = await t.db.sql<{ cells: Record<string, unknown> }[]>`select cells from todo_items where board_id = ${board.id}`;
  expect(cells.map((c) => c.cells)).toEqual([{ number: 3 }, { number: 3 }]);
  // A new TEXT column may take the freed key; it starts empty.
  const again = await api.ok<HeaderColumn[]>(201, "PUT", `board/${board.id}/header`, A.owner, { header: [title, number, { type: "TEXT" }, additional] });
  expect(again.map((c) => c.value)).toEqual(["title", "number", "text", "additional"]);
});

test("kanban lanes: the first STATUS column by default; PUT keeps a STATUS column's labels only; cleared with it", async () => {
  const { node, entry } = await makeBoard(t, A.owner, ws.id, "칸반");
  expect(await api.ok<KanbanColumns>(200, "GET", `kanban/columns/${node.id}`, A.owner)).toEqual({ boardId: node.id, statusColumn: "", columns: "" });
  await api.fails(409, "todo.header_invalid", "PUT", "kanban/columns", A.owner, { boardId: node.id, columns: "" });
  const h = asInput(entry.header);
  const header = await api.ok<HeaderColumn[]>(201, "PUT", `board/${node.id}/header`, A.owner, {
    header: [h[0], { type: "STATUS" }, { type: "STATUS", options: [{ label: "높음", color: "#e2445c" }, { label: "낮음", color: "#00c875" }] }, h[4]],
  });
  expect(await api.ok<KanbanColumns>(200, "GET", `kanban/columns/${node.id}`, A.follower))
    .toEqual({ boardId: node.id, statusColumn: "status", columns: "Working on it,Done,Stuck" });
  const put = await api.ok<KanbanColumns>(201, "PUT", "kanban/columns", A.follower, { boardId: node.id, statusColumn: "status_2", columns: "낮음,없음,높음,낮음" });
  expect(put).toEqual({ boardId: node.id, statusColumn: "status_2", columns: "낮음,높음" });
  expect((await api.ok<BoardEntry>(200, "GET", `board/${node.id}`, A.owner)).kanban).toEqual(put);
  await api.fails(409, "todo.header_invalid", "PUT", "kanban/columns", A.owner, { boardId: node.id, statusColumn: "title", columns: "" });
  await api.fails(409, "todo.header_invalid", "PUT", "kanban/columns", A.owner, { boardId: node.id, statusColumn: "nope", columns: "" });
  await api.fails(400, "common.validation", "PUT", "kanban/columns", A.owner, { boardId: "x", columns: "" });
  await api.fails(403, "todo.not_follower", "PUT", "kanban/columns", A.other, { boardId: node.id, columns: "" });
  await api.fails(403, "todo.not_follower", "GET", `kanban/columns/${node.id}`, A.other);
  await api.fails(404, "todo.board_not_found", "PUT", "kanban/columns", B.owner, { boardId: node.id, columns: "" });
  await api.fails(404, "todo.board_not_found", "GET", `kanban/columns/${node.id}`, B.owner);
  // A label removed from the column leaves the lanes; the column removed: back to the first STATUS column.
  const withoutLow = header.map((c) => c.value === "status_2" ? { ...c, options: c.options.filter((o) => o.label !== "낮음") } : c);
  await api.ok(201, "PUT", `board/${node.id}/header`, A.owner, { header: asInput(withoutLow) });
  expect((await api.ok<KanbanColumns>(200, "GET", `kanban/columns/${node.id}`, A.owner)).columns).toBe("높음");
  await api.ok(201, "PUT", `board/${node.id}/header`, A.owner, { header: asInput(header.filter((c) => c.value !== "status_2")) });
  expect(await api.ok<KanbanColumns>(200, "GET", `kanban/columns/${node.id}`, A.owner))
    .toEqual({ boardId: node.id, statusColumn: "status", columns: "Working on it,Done,Stuck" });
  const [{ kanban }] = await t.db.sql<{ kanban: unknown }[]>`select kanban from todo_boards where id = ${node.id}`;
  expect(kanban).toBeNull();
});
