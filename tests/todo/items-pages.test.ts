// Pages of a board's items (server/modules/todo/items/pages.ts, filters.ts, filter-sql.ts): the entry's first
// GROUP_PAGE_SIZE of every group with moreItems, the next pages of a group (GET board/{id}/group/{g}/items),
// every filter condition of every column type in SQL ("me" as the caller; a matching sub-item brings its
// parent), rows combined, and which filter applies (filters, filterId, the caller's default, none).
import { eq } from "drizzle-orm";
import { generateNKeysBetween } from "fractional-indexing";
import { beforeAll, expect, test } from "vitest";
import { todoBoards } from "../../db/schema/todo.ts";
import type { FilterRow, ItemPage, TodoGroup } from "../../shared/todo/boards.ts";
import { GROUP_PAGE_SIZE } from "../../shared/todo/constants.ts";
import { resolveFilter } from "../../server/modules/todo/items/filters.ts";
import { firstItemPages } from "../../server/modules/todo/items/pages.ts";
import { createTestApp } from "../support/test-app.ts";
import { addItem, HEADER, itemBoard, type ItemBoard, putCell } from "./items-support.ts";
import { type TodoCompany, todoCast, todoCaller } from "./support.ts";

const t = await createTestApp();
let A: TodoCompany, B: TodoCompany;
let api: Awaited<ReturnType<typeof todoCast>>["api"];
let board: ItemBoard, boardB: ItemBoard;

const boardRow = async (id: number) => (await t.deps.db.select().from(todoBoards).where(eq(todoBoards.id, id)))[0];

beforeAll(async () => {
  ({ api, A, B } = await todoCast(t, "todo-pages"));
  board = await itemBoard(t, A);
  boardB = await itemBoard(t, B);
  const { boardId } = board;
  const plan = await addItem(t, A.owner, board, "기획서");
  for (const [k, v] of Object.entries({
    status: "진행 중", person: [A.owner.id], timeline: { start: "2025-03-01", end: "2025-03-05" }, number: 10, text: "회의 메모",
    link: { url: "https://a.example/plan", text: "계획" }, check: true,
  })) await putCell(t, A.owner, boardId, plan.id, k, v);
  const design = await addItem(t, A.owner, board, "디자인 시안");
  for (const [k, v] of Object.entries({
    status: "완료", person: [A.follower.id], timeline: { start: "2025-03-10", end: "2025-03-12" }, number: 200, check: false,
  })) await putCell(t, A.owner, boardId, design.id, k, v);
  await addItem(t, A.follower, board, "QA");
  const deploy = await addItem(t, A.owner, board, "배포");
  const script = await addItem(t, A.owner, board, "배포 스크립트", { parentId: deploy.id });
  await putCell(t, A.owner, boardId, script.id, "status", "막힘");
  await putCell(t, A.owner, boardId, script.id, "person", [A.follower.id]);
});

/** Top-level titles of the board's first group through GET board/{id}/group/{g}/items?filters=. */
async function titles(rows: FilterRow[], who: { token: string } = A.owner): Promise<string[]> {
  const page = await api.ok<ItemPage>(200, "GET", `board/${board.boardId}/group/${board.groupId}/items?filters=${encodeURIComponent(JSON.stringify(rows))}`, who);
  return page.items.map((i) => i.title);
}
const ALL = ["기획서", "디자인 시안", "QA", "배포"];
const but = (...gone: string[]) => ALL.filter((x) => !gone.includes(x));
const only = (...kept: string[]) => ALL.filter((x) => kept.includes(x));

test("TITLE, TEXT and LINK: contains, is, is not, empty (case ignored)", async () => {
  expect(await titles([{ column: "title", condition: "CONTAINS", values: ["시안"] }])).toEqual(only("디자인 시안"));
  expect(await titles([{ column: "title", condition: "NOT_CONTAINS", values: ["시안", "기획"] }])).toEqual(only("QA", "배포"));
  expect(await titles([{ column: "title", condition: "IS", values: ["qa"] }])).toEqual(only("QA"));
  // The sub-item 배포 스크립트 contains 스크립트: its parent comes along.
  expect(await titles([{ column: "title", condition: "CONTAINS", values: ["스크립트"] }])).toEqual(only("배포"));
  expect(await titles([{ column: "title", condition: "IS_NOT", values: ["QA", "기획서"] }])).toEqual(only("디자인 시안", "배포"));
  expect(await titles([{ column: "text", condition: "CONTAINS", values: ["메모"] }])).toEqual(only("기획서"));
  expect(await titles([{ column: "text", condition: "IS", values: ["회의 메모"] }])).toEqual(only("기획서"));
  expect(await titles([{ column: "text", condition: "IS_NOT", values: ["회의 메모"] }])).toEqual(but("기획서"));
  expect(await titles([{ column: "text", condition: "NOT_CONTAINS", values: ["회의"] }])).toEqual(but("기획서"));
  expect(await titles([{ column: "text", condition: "EMPTY", values: ["1"] }])).toEqual(but("기획서"));
  expect(await titles([{ column: "text", condition: "NOT_EMPTY", values: ["1"] }])).toEqual(only("기획서"));
  expect(await titles([{ column: "link", condition: "CONTAINS", values: ["계획"] }])).toEqual(only("기획서"));
  expect(await titles([{ column: "link", condition: "CONTAINS", values: ["A.EXAMPLE"] }])).toEqual(only("기획서"));
  expect(await titles([{ column: "link", condition: "NOT_CONTAINS", values: ["계획"] }])).toEqual(but("기획서"));
  expect(await titles([{ column: "link", condition: "EMPTY", values: ["1"] }])).toEqual(but("기획서"));
  expect(await titles([{ column: "link", condition: "NOT_EMPTY", values: ["1"] }])).toEqual(only("기획서"));
});

test("PERSON and STATUS: is (\"me\": the caller), is not, empty; sub-items bring their parent", async () => {
  expect(await titles([{ column: "person", condition: "IS", values: ["me"] }], A.owner)).toEqual(only("기획서"));
  expect(await titles([{ column: "person", condition: "IS", values: ["me"] }], A.follower)).toEqual(only("디자인 시안", "배포"));
  expect(await titles([{ column: "person", condition: "IS", values: [String(A.owner.id), String(A.follower.id)] }])).toEqual(only("기획서", "디자인 시안", "배포"));
  expect(await titles([{ column: "person", condition: "IS_NOT", values: [String(A.owner.id)] }])).toEqual(but("기획서"));
  expect(await titles([{ column: "person", condition: "EMPTY", values: ["1"] }])).toEqual(only("QA", "배포"));
  expect(await titles([{ column: "person", condition: "NOT_EMPTY", values: ["1"] }])).toEqual(only("기획서", "디자인 시안", "배포"));
  expect(await titles([{ column: "status", condition: "IS", values: ["완료", "진행 중"] }])).toEqual(only("기획서", "디자인 시안"));
  expect(await titles([{ column: "status", condition: "IS", values: ["막힘"] }])).toEqual(only("배포"));
  expect(await titles([{ column: "status", condition: "IS_NOT", values: ["진행 중"] }])).toEqual(but("기획서"));
  expect(await titles([{ column: "status", condition: "EMPTY", values: ["1"] }])).toEqual(only("QA", "배포"));
  expect(await titles([{ column: "status", condition: "NOT_EMPTY", values: ["1"] }])).toEqual(only("기획서", "디자인 시안", "배포"));
});

test("TIMELINE, NUMBER, CREATED_LOG and CHECK; several rows all hold", async () => {
  expect(await titles([{ column: "timeline", condition: "IS", values: ["2025-03-05"] }])).toEqual(only("기획서"));
  expect(await titles([{ column: "timeline", condition: "IS", values: ["2025-03-07"] }])).toEqual([]);
  expect(await titles([{ column: "timeline", condition: "BEFORE", values: ["2025-03-06"] }])).toEqual(only("기획서"));
  expect(await titles([{ column: "timeline", condition: "AFTER", values: ["2025-03-06"] }])).toEqual(only("디자인 시안"));
  expect(await titles([{ column: "timeline", condition: "EMPTY", values: ["1"] }])).toEqual(only("QA", "배포"));
  expect(await titles([{ column: "timeline", condition: "NOT_EMPTY", values: ["1"] }])).toEqual(only("기획서", "디자인 시안"));
  expect(await titles([{ column: "number", condition: "IS", values: ["10"] }])).toEqual(only("기획서"));
  expect(await titles([{ column: "number", condition: "IS_NOT", values: ["10"] }])).toEqual(but("기획서"));
  expect(await titles([{ column: "number", condition: "GREATER", values: ["50"] }])).toEqual(only("디자인 시안"));
  expect(await titles([{ column: "number", condition: "LESS", values: ["50.5"] }])).toEqual(only("기획서"));
  expect(await titles([{ column: "number", condition: "EMPTY", values: ["1"] }])).toEqual(only("QA", "배포"));
  expect(await titles([{ column: "number", condition: "NOT_EMPTY", values: ["1"] }])).toEqual(only("기획서", "디자인 시안"));
  expect(await titles([{ column: "created", condition: "IS", values: ["me"] }], A.follower)).toEqual(only("QA"));
  expect(await titles([{ column: "created", condition: "IS_NOT", values: [String(A.owner.id)] }])).toEqual(only("QA"));
  expect(await titles([{ column: "check", condition: "IS", values: ["1"] }])).toEqual(only("기획서"));
  expect(await titles([{ column: "check", condition: "IS", values: ["0"] }])).toEqual(but("기획서"));
  expect(await titles([
    { column: "status", condition: "NOT_EMPTY", values: ["1"] },
    { column: "number", condition: "GREATER", values: ["100"] },
  ])).toEqual(only("디자인 시안"));
});

test("which filter applies: `filters`, a saved filterId of the caller's, the default when none is named, 0 for none", async () => {
  const insertFilter = async (userId: number, rows: FilterRow[], isDefault: boolean) => Number((await t.db.sql<{ id: string }[]>`
    insert into todo_filters (company_id, board_id, user_id, name, is_default, filters, created_at)
    values (${A.co.companyId}, ${board.boardId}, ${userId}, '필터', ${isDefault}, ${JSON.stringify(rows)}::jsonb, now()) returning id`)[0].id);
  const done = await insertFilter(A.owner.id, [{ column: "status", condition: "IS", values: ["완료"] }], true);
  const mine2 = await insertFilter(A.owner.id, [{ column: "number", condition: "IS", values: ["10"] }], false);
  const theirs = await insertFilter(A.follower.id, [{ column: "title", condition: "IS", values: ["QA"] }], true);
  const page = (who: { token: string }, q: string) => api.ok<ItemPage>(200, "GET", `board/${board.boardId}/group/${board.groupId}/items${q}`, who);
  expect((await page(A.owner, "")).items.map((i) => i.title)).toEqual(only("디자인 시안"));
  expect((await page(A.owner, `?filterId=${mine2}`)).items.map((i) => i.title)).toEqual(only("기획서"));
  expect((await page(A.owner, "?filterId=0")).items.map((i) => i.title)).toEqual(ALL);
  expect((await page(A.follower, "")).items.map((i) => i.title)).toEqual(only("QA"));
  await api.fails(404, "todo.filter_not_found", "GET", `board/${board.boardId}/group/${board.groupId}/items?filterId=${theirs}`, A.owner);

  const caller = todoCaller(t, A.owner, A.co.companyId);
  const row = await boardRow(board.boardId);
  expect(await resolveFilter(t.deps.db, caller, row, HEADER, {})).toMatchObject({ appliedFilterId: done });
  expect(await resolveFilter(t.deps.db, caller, row, HEADER, { filterId: 0 })).toEqual({ rows: [], appliedFilterId: null });
  // Incomplete rows are dropped; `filters` wins over filterId.
  expect(await resolveFilter(t.deps.db, caller, row, HEADER, {
    filterId: mine2,
    filters: JSON.stringify([{ column: "status", condition: "IS", values: [] }, { column: "", condition: "IS", values: ["x"] }, { column: "check", condition: "IS", values: ["1"] }]),
  })).toEqual({ rows: [{ column: "check", condition: "IS", values: ["1"] }], appliedFilterId: null });
});

test("bad filters: 409 todo.filter_invalid with the row's index; not JSON or a bad shape: 400", async () => {
  const url = (rows: unknown) => `board/${board.boardId}/group/${board.groupId}/items?filters=${encodeURIComponent(typeof rows === "string" ? rows : JSON.stringify(rows))}`;
  let body = await api.fails(409, "todo.filter_invalid", "GET", url([{ column: "title", condition: "IS", values: ["x"] }, { column: "nope", condition: "IS", values: ["x"] }]), A.owner);
  expect(body.params).toEqual({ index: 1 });
  body = await api.fails(409, "todo.filter_invalid", "GET", url([{ column: "check", condition: "CONTAINS", values: ["1"] }]), A.owner);
  expect(body.params).toEqual({ index: 0 });
  await api.fails(409, "todo.filter_invalid", "GET", url([{ column: "additional", condition: "IS", values: ["1"] }]), A.owner);
  await api.fails(400, "common.validation", "GET", url("[{"), A.owner);
  await api.fails(400, "common.validation", "GET", url([{ column: "title", condition: "LIKE", values: ["x"] }]), A.owner);
  await api.fails(400, "common.validation", "GET", url({ column: "title" }), A.owner);
});

test("the entry's first page of every group in one call, moreItems per group, and the next pages after a key", async () => {
  const b = await itemBoard(t, A, "페이지 보드");
  const g2 = await api.ok<TodoGroup>(201, "POST", `group/${b.boardId}`, A.owner, { title: "둘째" }); // first in order
  const keys = generateNKeysBetween(null, null, GROUP_PAGE_SIZE + 3);
  await t.db.sql`
    insert into todo_items (company_id, board_id, group_id, sort_order, title, cells, created_by, created_at, updated_at)
    select ${A.co.companyId}, ${b.boardId}, ${b.groupId}, k, 'i' || lpad(n::text, 3, '0'),
           case when n % 2 = 0 then '{"status":"완료"}'::jsonb else '{}'::jsonb end, ${A.owner.id}, now(), now()
      from unnest(${keys}::text[]) with ordinality as v(k, n)`;
  for (const title of ["가", "나", "다"]) await addItem(t, A.owner, { boardId: b.boardId, groupId: g2.id }, title);
  const caller = todoCaller(t, A.follower, A.co.companyId);
  const row = await boardRow(b.boardId);
  const first = await firstItemPages(t.deps.db, caller, row, HEADER, []);
  expect(first.moreItems).toEqual({ [String(g2.id)]: false, [String(b.groupId)]: true });
  expect(first.items.map((i) => i.title)).toEqual([
    "가", "나", "다", ...Array.from({ length: GROUP_PAGE_SIZE }, (_, i) => `i${String(i + 1).padStart(3, "0")}`),
  ]);
  expect(first.items[3].itemRow.items.created).toEqual({ userId: A.owner.id, name: "김소유", time: first.items[3].createdTime });
  const last = first.items.at(-1)!;
  const next = await api.ok<ItemPage>(200, "GET", `board/${b.boardId}/group/${b.groupId}/items?after=${encodeURIComponent(last.sortOrder)}`, A.follower);
  const after = (n: number) => `i${String(GROUP_PAGE_SIZE + n).padStart(3, "0")}`;
  expect([next.items.map((i) => i.title), next.more]).toEqual([[after(1), after(2), after(3)], false]);
  const two = await api.ok<ItemPage>(200, "GET", `board/${b.boardId}/group/${b.groupId}/items?after=${encodeURIComponent(last.sortOrder)}&limit=2`, A.follower);
  expect([two.items.map((i) => i.title), two.more]).toEqual([[after(1), after(2)], true]);

  const done: FilterRow[] = [{ column: "status", condition: "IS", values: ["완료"] }];
  const filtered = await firstItemPages(t.deps.db, caller, row, HEADER, done);
  expect(filtered.moreItems).toEqual({ [String(g2.id)]: false, [String(b.groupId)]: false });
  expect(filtered.items.length).toBe(Math.floor((GROUP_PAGE_SIZE + 3) / 2)); // the even ones of i001..
  expect(filtered.items.every((i) => i.itemRow.items.status === "완료")).toBe(true);
});

test("pages: bad query 400, another company's board or group 404, not following 403", async () => {
  await api.fails(400, "common.validation", "GET", `board/${board.boardId}/group/${board.groupId}/items?limit=0`, A.owner);
  await api.fails(400, "common.validation", "GET", `board/${board.boardId}/group/${board.groupId}/items?limit=501`, A.owner);
  await api.fails(404, "todo.board_not_found", "GET", `board/${boardB.boardId}/group/${boardB.groupId}/items`, A.owner);
  await api.fails(404, "todo.group_not_found", "GET", `board/${board.boardId}/group/${boardB.groupId}/items`, A.owner);
  await api.fails(404, "todo.group_not_found", "GET", `board/${board.boardId}/group/x/items`, A.owner);
  await api.fails(403, "todo.not_follower", "GET", `board/${board.boardId}/group/${board.groupId}/items`, A.other);
  expect((await api.ok<ItemPage>(200, "GET", `board/${boardB.boardId}/group/${boardB.groupId}/items`, B.owner)).items).toEqual([]);
});
