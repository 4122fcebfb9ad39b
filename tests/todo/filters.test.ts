// Saved filters of a board (POST/PUT board/{id}/filter, PUT .../default/{flag}, DELETE): each person's own,
// incomplete rows dropped, 409 todo.filter_invalid for an unknown column or a condition its type lacks, one
// default per person and board, FILTERS_MAX; and how GET board/{id} applies them (filterId, the default, 0 for
// none, `filters` JSON).
import { beforeAll, expect, test } from "vitest";
import type { BoardEntry, SavedFilter } from "../../shared/todo/boards.ts";
import { FILTERS_MAX } from "../../shared/todo/constants.ts";
import type { TodoWorkspace } from "../../shared/todo/workspaces.ts";
import { createTestApp } from "../support/test-app.ts";
import { follow, makeWorkspace, type TodoCompany, todoCast } from "./support.ts";

const t = await createTestApp();
let A: TodoCompany, B: TodoCompany;
let api: Awaited<ReturnType<typeof todoCast>>["api"];
let ws: TodoWorkspace;
let boardId: number;

beforeAll(async () => {
  ({ api, A, B } = await todoCast(t, "todo-filters"));
  ws = await makeWorkspace(t, A.owner, "필터");
  await follow(t, A.follower, ws.id);
  const b = await api.ok(201, "POST", `board/${ws.id}`, A.owner, {
    title: "필터 보드",
    header: [{ type: "TITLE" }, { type: "STATUS" }, { type: "NUMBER" }, { type: "ADDITIONAL" }],
    items: [{ title: "기획서 작성" }, { title: "배포" }, { title: "기획 회의" }],
  });
  boardId = b.id;
});

const titles = (e: BoardEntry) => e.items.map((i) => i.title);

test("save: incomplete rows dropped, the rest kept (201); the entry applies a filter by id, the default, or none", async () => {
  const saved = await api.ok<SavedFilter>(201, "POST", `board/${boardId}/filter`, A.owner, {
    filterName: "기획만",
    filters: [
      { column: "title", condition: "CONTAINS", values: ["기획"] },
      { column: "", condition: "IS", values: ["x"] },
      { column: "status", condition: "", values: ["Done"] },
      { column: "number", condition: "GREATER", values: [] },
      { column: "number", condition: "GREATER", values: [""] },
    ],
  });
  expect(saved).toEqual({ id: saved.id, filterName: "기획만", isDefault: false, filters: [{ column: "title", condition: "CONTAINS", values: ["기획"] }] });
  let entry = await api.ok<BoardEntry>(200, "GET", `board/${boardId}`, A.owner);
  expect([entry.filters, entry.defaultFilterId, entry.appliedFilterId]).toEqual([[saved], null, null]);
  expect(titles(entry)).toEqual(["기획서 작성", "배포", "기획 회의"]);
  entry = await api.ok<BoardEntry>(200, "GET", `board/${boardId}?filterId=${saved.id}`, A.owner);
  expect([titles(entry), entry.appliedFilterId]).toEqual([["기획서 작성", "기획 회의"], saved.id]);

  // Made the default: applied when no filterId is given; filterId=0 for none.
  const def = await api.ok<SavedFilter>(201, "PUT", `board/${boardId}/filter/${saved.id}/default/1`, A.owner);
  expect(def.isDefault).toBe(true);
  entry = await api.ok<BoardEntry>(200, "GET", `board/${boardId}`, A.owner);
  expect([titles(entry), entry.defaultFilterId, entry.appliedFilterId]).toEqual([["기획서 작성", "기획 회의"], saved.id, saved.id]);
  entry = await api.ok<BoardEntry>(200, "GET", `board/${boardId}?filterId=0`, A.owner);
  expect([titles(entry).length, entry.appliedFilterId]).toEqual([3, null]);
  // `filters` overrides both.
  const rows = encodeURIComponent(JSON.stringify([{ column: "title", condition: "IS", values: ["배포"] }]));
  entry = await api.ok<BoardEntry>(200, "GET", `board/${boardId}?filterId=${saved.id}&filters=${rows}`, A.owner);
  expect([titles(entry), entry.appliedFilterId]).toEqual([["배포"], null]);
  await api.fails(400, "common.validation", "GET", `board/${boardId}?filters=${encodeURIComponent("[{")}`, A.owner);
  await api.fails(400, "common.validation", "GET", `board/${boardId}?filters=${encodeURIComponent('[{"condition":"WHATEVER"}]')}`, A.owner);
  await api.fails(409, "todo.filter_invalid", "GET", `board/${boardId}?filters=${encodeURIComponent('[{"column":"nope","condition":"IS","values":["1"]}]')}`, A.owner);
  // Someone else's filter or a missing one by id: 404.
  await api.fails(404, "todo.filter_not_found", "GET", `board/${boardId}?filterId=${saved.id}`, A.follower);
  // Another person sees none of the owner's filters, and has no default.
  const theirs = await api.ok<BoardEntry>(200, "GET", `board/${boardId}`, A.follower);
  expect([theirs.filters, theirs.defaultFilterId, titles(theirs).length]).toEqual([[], null, 3]);
});

test("409 todo.filter_invalid for an unknown column or a condition its type lacks (params.index); bad input 400", async () => {
  const invalid = async (filters: unknown[], index: number) => {
    const body = await api.fails(409, "todo.filter_invalid", "POST", `board/${boardId}/filter`, A.owner, { filterName: "x", filters });
    expect(body.params).toEqual({ index });
  };
  await invalid([{ column: "title", condition: "IS", values: ["a"] }, { column: "nope", condition: "IS", values: ["1"] }], 1);
  await invalid([{ column: "title", condition: "GREATER", values: ["1"] }], 0);
  await invalid([{ column: "status", condition: "CONTAINS", values: ["Done"] }], 0);
  await invalid([{ column: "additional", condition: "IS", values: ["1"] }], 0);
  await api.fails(400, "common.validation", "POST", `board/${boardId}/filter`, A.owner, { filterName: "", filters: [] });
  await api.fails(400, "common.validation", "POST", `board/${boardId}/filter`, A.owner, { filterName: "x", filters: [{ column: "title", condition: "LIKE", values: ["a"] }] });
  await api.fails(400, "common.validation", "POST", `board/${boardId}/filter`, A.owner, { filterName: "x" });
  await api.fails(400, "common.validation", "PUT", `board/${boardId}/filter`, A.owner, { filterName: "id 없음", filters: [] });
});

test("edit (201), one default per person and board, delete (204); another person's filter 404; foreign 404; 403", async () => {
  const a = await api.ok<SavedFilter>(201, "POST", `board/${boardId}/filter`, A.follower, { filterName: "하나", isDefault: true, filters: [] });
  const b = await api.ok<SavedFilter>(201, "POST", `board/${boardId}/filter`, A.follower, { filterName: "둘", isDefault: true, filters: [] });
  let mine = (await api.ok<BoardEntry>(200, "GET", `board/${boardId}`, A.follower)).filters;
  expect(mine.map((f) => [f.filterName, f.isDefault])).toEqual([["하나", false], ["둘", true]]);
  const edited = await api.ok<SavedFilter>(201, "PUT", `board/${boardId}/filter`, A.follower, {
    id: a.id, filterName: "하나(수정)", isDefault: true, filters: [{ column: "status", condition: "IS", values: ["Done"] }],
  });
  expect(edited).toEqual({ id: a.id, filterName: "하나(수정)", isDefault: true, filters: [{ column: "status", condition: "IS", values: ["Done"] }] });
  mine = (await api.ok<BoardEntry>(200, "GET", `board/${boardId}`, A.follower)).filters;
  expect(mine.map((f) => f.isDefault)).toEqual([true, false]);
  const unset = await api.ok<SavedFilter>(201, "PUT", `board/${boardId}/filter/${a.id}/default/0`, A.follower);
  expect(unset.isDefault).toBe(false);
  await api.fails(400, "common.validation", "PUT", `board/${boardId}/filter/${a.id}/default/2`, A.follower);

  // Another person's filter answers like a missing one.
  await api.fails(404, "todo.filter_not_found", "PUT", `board/${boardId}/filter`, A.owner, { id: a.id, filterName: "남의 것", filters: [] });
  await api.fails(404, "todo.filter_not_found", "PUT", `board/${boardId}/filter/${a.id}/default/1`, A.owner);
  await api.fails(404, "todo.filter_not_found", "DELETE", `board/${boardId}/filter/${a.id}`, A.owner);
  await api.fails(404, "todo.filter_not_found", "DELETE", `board/${boardId}/filter/abc`, A.follower);
  await api.fails(404, "todo.board_not_found", "DELETE", `board/${boardId}/filter/${a.id}`, B.owner);
  await api.fails(404, "todo.board_not_found", "POST", `board/${boardId}/filter`, B.owner, { filterName: "x", filters: [] });
  await api.fails(403, "todo.not_follower", "POST", `board/${boardId}/filter`, A.other, { filterName: "x", filters: [] });

  await api.ok(204, "DELETE", `board/${boardId}/filter/${b.id}`, A.follower);
  await api.fails(404, "todo.filter_not_found", "DELETE", `board/${boardId}/filter/${b.id}`, A.follower);
  expect((await api.ok<BoardEntry>(200, "GET", `board/${boardId}`, A.follower)).filters.map((f) => f.id)).toEqual([a.id]);
});

test("at most FILTERS_MAX a person and board: 409 todo.filters_max", async () => {
  const w = await makeWorkspace(t, A.follower, "가득 찬 필터");
  const b = await api.ok(201, "POST", `board/${w.id}`, A.follower, { title: "보드" });
  for (let i = 0; i < FILTERS_MAX; i++) await api.ok(201, "POST", `board/${b.id}/filter`, A.follower, { filterName: `f${i}`, filters: [] });
  await api.fails(409, "todo.filters_max", "POST", `board/${b.id}/filter`, A.follower, { filterName: "하나 더", filters: [] });
});
