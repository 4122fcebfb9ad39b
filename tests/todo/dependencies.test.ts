// Gantt dependencies (POST/DELETE board/{id}/dependency): finish-to-start between two items of the board, on the
// ADVANCED (or CUSTOM) plan only (403 todo.plan_required); itself, another board's item, twice or a cycle:
// 409 todo.dependency_invalid; at most DEPENDENCIES_MAX (409 todo.dependencies_max); listed in the board entry;
// followers only; another company's board 404.
import { beforeAll, expect, test } from "vitest";
import type { BoardEntry, Dependency } from "../../shared/todo/boards.ts";
import { DEPENDENCIES_MAX } from "../../shared/todo/constants.ts";
import type { TodoWorkspace } from "../../shared/todo/workspaces.ts";
import { createTestApp } from "../support/test-app.ts";
import { follow, makeWorkspace, setCompany, type TodoCompany, todoCast } from "./support.ts";

const t = await createTestApp();
let A: TodoCompany, B: TodoCompany;
let api: Awaited<ReturnType<typeof todoCast>>["api"];
let ws: TodoWorkspace;

beforeAll(async () => {
  ({ api, A, B } = await todoCast(t, "todo-deps"));
  await setCompany(t, A.admin, { planType: "ADVANCED" });
  await setCompany(t, B.admin, { planType: "ADVANCED" });
  ws = await makeWorkspace(t, A.owner, "간트");
  await follow(t, A.follower, ws.id);
});

/** A board with items named by `titles`; answers its id and the item ids by title. */
async function board(titles: string[]) {
  const b = await api.ok(201, "POST", `board/${ws.id}`, A.owner, { title: "일정", items: titles.map((title) => ({ title })) });
  const entry = await api.ok<BoardEntry>(200, "GET", `board/${b.id}`, A.owner);
  return { id: b.id as number, item: Object.fromEntries(entry.items.map((i) => [i.title, i.id])) as Record<string, number> };
}

test("add (201) and delete (204); listed in the entry", async () => {
  const b = await board(["설계", "개발", "검증"]);
  const d1 = await api.ok<Dependency>(201, "POST", `board/${b.id}/dependency`, A.follower, { fromItemId: b.item["설계"], toItemId: b.item["개발"] });
  expect(d1).toEqual({ id: d1.id, fromItemId: b.item["설계"], toItemId: b.item["개발"] });
  const d2 = await api.ok<Dependency>(201, "POST", `board/${b.id}/dependency`, A.owner, { fromItemId: b.item["개발"], toItemId: b.item["검증"] });
  expect((await api.ok<BoardEntry>(200, "GET", `board/${b.id}`, A.owner)).dependencies).toEqual([d1, d2]);
  await api.ok(204, "DELETE", `board/${b.id}/dependency/${d1.id}`, A.follower);
  await api.fails(404, "todo.dependency_not_found", "DELETE", `board/${b.id}/dependency/${d1.id}`, A.follower);
  await api.fails(404, "todo.dependency_not_found", "DELETE", `board/${b.id}/dependency/x`, A.follower);
  expect((await api.ok<BoardEntry>(200, "GET", `board/${b.id}`, A.owner)).dependencies).toEqual([d2]);
  // Through another board of the workspace: not found.
  const other = await board(["다른"]);
  await api.fails(404, "todo.dependency_not_found", "DELETE", `board/${other.id}/dependency/${d2.id}`, A.owner);
});

test("409 todo.dependency_invalid: itself, another board's item, twice, a cycle (also a long one)", async () => {
  const b = await board(["A", "B", "C", "D"]);
  const other = await board(["X"]);
  const add = (from: number, to: number) => api.raw("POST", `board/${b.id}/dependency`, A.owner, { fromItemId: from, toItemId: to });
  const invalid = async (from: number, to: number) => {
    const r = await add(from, to);
    expect([r.status, r.body.code]).toEqual([409, "todo.dependency_invalid"]);
  };
  await invalid(b.item.A, b.item.A);
  await invalid(b.item.A, other.item.X);
  await invalid(other.item.X, b.item.A);
  await invalid(b.item.A, 99999999);
  expect((await add(b.item.A, b.item.B)).status).toBe(201);
  await invalid(b.item.A, b.item.B);
  await invalid(b.item.B, b.item.A);
  expect((await add(b.item.B, b.item.C)).status).toBe(201);
  expect((await add(b.item.C, b.item.D)).status).toBe(201);
  await invalid(b.item.D, b.item.A);
  await invalid(b.item.C, b.item.A);
  // A diamond is no cycle.
  expect((await add(b.item.A, b.item.D)).status).toBe(201);
  await api.fails(400, "common.validation", "POST", `board/${b.id}/dependency`, A.owner, { fromItemId: "a", toItemId: b.item.B });
  await api.fails(400, "common.validation", "POST", `board/${b.id}/dependency`, A.owner, {});
});

test("followers only; another company 404; plans other than ADVANCED and CUSTOM 403 todo.plan_required", async () => {
  const b = await board(["1", "2"]);
  const json = { fromItemId: b.item["1"], toItemId: b.item["2"] };
  await api.fails(403, "todo.not_follower", "POST", `board/${b.id}/dependency`, A.other, json);
  await api.fails(404, "todo.board_not_found", "POST", `board/${b.id}/dependency`, B.owner, json);
  await setCompany(t, A.admin, { planType: "STANDARD" });
  try {
    await api.fails(403, "todo.plan_required", "POST", `board/${b.id}/dependency`, A.owner, json);
    await api.fails(403, "todo.plan_required", "DELETE", `board/${b.id}/dependency/1`, A.owner);
  } finally {
    await setCompany(t, A.admin, { planType: "CUSTOM" });
  }
  const d = await api.ok<Dependency>(201, "POST", `board/${b.id}/dependency`, A.owner, json);
  await api.ok(204, "DELETE", `board/${b.id}/dependency/${d.id}`, A.owner);
});

test("at most DEPENDENCIES_MAX a board: 409 todo.dependencies_max", async () => {
  const b = await board(["앞", "뒤"]);
  const [{ group_id: groupId }] = await t.db.sql<{ group_id: string }[]>`select group_id from todo_items where id = ${b.item["앞"]}`;
  const extra = await t.db.sql<{ id: string }[]>`
    insert into todo_items (company_id, board_id, group_id, sort_order, title, created_at, updated_at)
    select ${A.co.companyId}, ${b.id}, ${groupId}, 'z' || lpad(n::text, 3, '0'), 'x' || n, now(), now() from generate_series(1, 64) n
    returning id`;
  const ids = extra.map((r) => Number(r.id));
  const pairs: [number, number][] = [];
  for (let i = 0; i < ids.length && pairs.length < DEPENDENCIES_MAX; i++) {
    for (let j = i + 1; j < ids.length && pairs.length < DEPENDENCIES_MAX; j++) pairs.push([ids[i], ids[j]]);
  }
  await t.db.sql`insert into todo_dependencies (company_id, board_id, from_item_id, to_item_id)
    select ${A.co.companyId}, ${b.id}, f, t from unnest(${pairs.map((p) => p[0])}::bigint[], ${pairs.map((p) => p[1])}::bigint[]) as x(f, t)`;
  await api.fails(409, "todo.dependencies_max", "POST", `board/${b.id}/dependency`, A.owner, { fromItemId: b.item["앞"], toItemId: b.item["뒤"] });
});
