// TODO_CHANGED after every committed change of workspaces, boards, header, kanban, dependencies and item
// details (ids and kind only, flat as the realtime bus takes them: itemIds as "12,13"); nothing for saved
// filters (each person's own) or for a refused change.
import { beforeAll, expect, test } from "vitest";
import type { BoardEntry } from "../../shared/todo/boards.ts";
import { isEventData } from "../../shared/realtime.ts";
import { todoItemIdsOfWire, todoTopic } from "../../shared/todo/constants.ts";
import { createTestApp } from "../support/test-app.ts";
import { makeWorkspace, setCompany, type TodoCompany, todoCast } from "./support.ts";

const t = await createTestApp();
let A: TodoCompany;
let api: Awaited<ReturnType<typeof todoCast>>["api"];

beforeAll(async () => {
  ({ api, A } = await todoCast(t, "todo-events"));
  await setCompany(t, A.admin, { planType: "ADVANCED" });
});

test("every committed change is announced on the company's topic; filters and refusals are not", async () => {
  const events: { topic: string; event: string; data: Record<string, unknown> }[] = [];
  const original = t.deps.realtime.publish;
  t.deps.realtime.publish = (topic, event, data = {}) => {
    events.push({ topic, event, data: data as Record<string, unknown> });
    return original.call(t.deps.realtime, topic, event, data);
  };
  let ws: { id: number }, boardId: number, items: number[];
  try {
    ws = await makeWorkspace(t, A.owner, "알림");
    const b = await api.ok(201, "POST", `board/${ws.id}`, A.owner, { title: "보드", items: [{ title: "1" }, { title: "2" }] });
    boardId = b.id;
    const entry = await api.ok<BoardEntry>(200, "GET", `board/${b.id}`, A.owner);
    items = entry.items.map((i) => i.id);
    await api.ok(201, "PUT", `board/${b.id}/header`, A.owner, { header: [...entry.header.slice(0, -1), { type: "STATUS" }, entry.header.at(-1)] });
    await api.ok(201, "PUT", "kanban/columns", A.owner, { boardId: b.id, columns: "Done" });
    await api.ok(201, "POST", `board/${b.id}/dependency`, A.owner, { fromItemId: items[0], toItemId: items[1] });
    await api.ok(201, "POST", `item/${items[0]}/${b.id}/detail/comment`, A.owner, { content: "알림" });
    await api.ok(201, "POST", `board/${b.id}/filter`, A.owner, { filterName: "내 필터", filters: [] });
    await api.fails(409, "todo.move_invalid", "PUT", `board/${b.id}/move/${b.id}/BEFORE`, A.owner);
  } finally {
    t.deps.realtime.publish = original;
  }
  const mine = events.filter((e) => e.event === "TODO_CHANGED");
  expect(new Set(mine.map((e) => e.topic))).toEqual(new Set([todoTopic(A.co.companyId)]));
  expect(mine.every((e) => isEventData(e.data))).toBe(true);
  expect(mine.map((e) => [e.data.kind, e.data.workspaceId, e.data.boardId, todoItemIdsOfWire(e.data.itemIds), e.data.byUserId])).toEqual([
    ["workspace", ws.id, 0, [], A.owner.id],
    ["board", ws.id, 0, [], A.owner.id],
    ["header", ws.id, boardId, [], A.owner.id],
    ["kanban", ws.id, boardId, [], A.owner.id],
    ["dependency", ws.id, boardId, items, A.owner.id],
    ["detail", ws.id, boardId, [items[0]], A.owner.id],
  ]);
});
