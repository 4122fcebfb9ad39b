// An item's detail (server/modules/todo/details/): the detail with its counters, content (sanitised; 413 past
// CONTENT_MAX), checklist (whole list on add, 409 past CHECKLIST_MAX), comments (own only: 403
// todo.comment_forbidden), followers only, an item of another board or company 404 todo.item_not_found.
// Files: tests/todo/detail-files.test.ts.
import { beforeAll, expect, test } from "vitest";
import type { BoardEntry } from "../../shared/todo/boards.ts";
import { CHECKLIST_MAX, CONTENT_MAX } from "../../shared/todo/constants.ts";
import type { ChecklistEntry, ItemComment, ItemDetail } from "../../shared/todo/details.ts";
import type { TodoWorkspace } from "../../shared/todo/workspaces.ts";
import { createTestApp } from "../support/test-app.ts";
import { follow, makeWorkspace, setCompany, type TodoCompany, todoCast } from "./support.ts";

const t = await createTestApp();
let A: TodoCompany, B: TodoCompany;
let api: Awaited<ReturnType<typeof todoCast>>["api"];
let ws: TodoWorkspace;
let boardId: number, otherBoardId: number, bBoardId: number;
let item: number, item2: number, bItem: number;

async function boardWithItems(who: { token: string }, workspaceId: number, titles: string[]) {
  const b = await api.ok(201, "POST", `board/${workspaceId}`, who, { title: "상세", items: titles.map((title) => ({ title })) });
  const entry = await api.ok<BoardEntry>(200, "GET", `board/${b.id}`, who);
  return { id: b.id as number, items: entry.items.map((i) => i.id) };
}

beforeAll(async () => {
  ({ api, A, B } = await todoCast(t, "todo-details"));
  ws = await makeWorkspace(t, A.owner, "상세 정보");
  await follow(t, A.follower, ws.id);
  const b = await boardWithItems(A.owner, ws.id, ["기획서", "회의"]);
  [boardId, [item, item2]] = [b.id, b.items];
  otherBoardId = (await boardWithItems(A.owner, ws.id, ["다른 보드"])).id;
  const bWs = await makeWorkspace(t, B.owner, "B");
  const bb = await boardWithItems(B.owner, bWs.id, ["B 아이템"]);
  [bBoardId, bItem] = [bb.id, bb.items[0]];
});

const d = (itemId = item, board = boardId) => `item/${itemId}/${board}/detail`;
const itemRow = async (id: number) => (await api.ok<BoardEntry>(200, "GET", `board/${boardId}`, A.owner)).items.find((i) => i.id === id)!;

test("a new item's detail is empty; another board's, another company's or a missing item 404; 403 for a non-follower", async () => {
  expect(await api.ok<ItemDetail>(200, "GET", d(item2), A.follower)).toEqual({
    itemId: item2, boardId, title: "회의", content: "", existContent: false, checkListCnt: 0, checkListDoneCnt: 0, attachCnt: 0,
    commentCnt: 0, checkList: [], fileList: [], commentList: [],
  });
  await api.fails(404, "todo.item_not_found", "GET", d(item, otherBoardId), A.owner);
  await api.fails(404, "todo.item_not_found", "GET", d(bItem, boardId), A.owner);
  await api.fails(404, "todo.item_not_found", "GET", d(item, bBoardId), A.owner);
  await api.fails(404, "todo.item_not_found", "GET", d(bItem, bBoardId), A.owner);
  await api.fails(404, "todo.item_not_found", "GET", d(item, boardId), B.owner);
  await api.fails(404, "todo.item_not_found", "GET", d(99999999, boardId), A.owner);
  await api.fails(404, "todo.item_not_found", "GET", "item/x/1/detail", A.owner);
  await api.fails(403, "todo.not_follower", "GET", d(), A.other);
  await api.fails(403, "todo.not_follower", "POST", `${d()}/comment`, A.other, { content: "몰래" });
  await setCompany(t, A.admin, { useToDo: false });
  try {
    await api.fails(403, "todo.disabled", "GET", d(), A.owner);
  } finally {
    await setCompany(t, A.admin, { useToDo: true });
  }
});

test("content: sanitised (201 { content }); existContent follows; empty content is ''; 413 past CONTENT_MAX", async () => {
  const saved = await api.ok(201, "POST", `${d()}/content`, A.follower, {
    content: '<p>계획 <strong>초안</strong><script>alert(1)</script><img src="x" onerror="alert(1)"></p><a href="javascript:alert(1)">링크</a>',
  });
  expect(saved).toEqual({ content: "<p>계획 <strong>초안</strong></p><a>링크</a>" });
  const detail = await api.ok<ItemDetail>(200, "GET", d(), A.owner);
  expect([detail.content, detail.existContent]).toEqual([saved.content, true]);
  expect((await itemRow(item)).existContent).toBe(true);
  expect(await api.ok(201, "POST", `${d()}/content`, A.owner, { content: "<p> </p>" })).toEqual({ content: "" });
  expect((await itemRow(item)).existContent).toBe(false);
  // (ASCII: a body past the app's general 2 MB limit is refused before, with common.413)
  const big = `<p>${"a".repeat(CONTENT_MAX)}</p>`;
  await api.fails(413, "todo.content_too_large", "POST", `${d()}/content`, A.owner, { content: big });
  expect(await api.ok(201, "POST", `${d()}/content`, A.owner, { content: `<p>${"a".repeat(CONTENT_MAX - 7)}</p>` })).toEqual({ content: `<p>${"a".repeat(CONTENT_MAX - 7)}</p>` });
  await api.fails(400, "common.validation", "POST", `${d()}/content`, A.owner, {});
  await api.fails(404, "todo.item_not_found", "POST", `${d(item, bBoardId)}/content`, A.owner, { content: "<p>x</p>" });
});

test("checklist: add answers the whole list (201), title and checked (201), delete (200 { id }); counters kept", async () => {
  const c = `${d(item2)}/checklist`;
  const one = await api.ok<ChecklistEntry[]>(201, "POST", c, A.owner, { title: "초안" });
  const list = await api.ok<ChecklistEntry[]>(201, "POST", c, A.follower, { title: "검토" });
  expect(list).toEqual([{ id: one[0].id, title: "초안", checked: false }, { id: list[1].id, title: "검토", checked: false }]);
  expect(await api.ok(201, "PUT", `${c}/${list[1].id}/title`, A.owner, { title: "최종 검토" })).toEqual({ id: list[1].id, title: "최종 검토", checked: false });
  expect(await api.ok(201, "PUT", `${c}/${list[0].id}/checked`, A.owner, { checked: 1 })).toMatchObject({ checked: true });
  expect(await api.ok(201, "PUT", `${c}/${list[1].id}/checked`, A.owner, { checked: "1" })).toMatchObject({ checked: true });
  expect(await api.ok(201, "PUT", `${c}/${list[1].id}/checked`, A.owner, { checked: "0" })).toMatchObject({ checked: false });
  expect(await itemRow(item2)).toMatchObject({ checkListCnt: 2, checkListDoneCnt: 1 });
  expect(await api.ok(200, "DELETE", `${c}/${list[0].id}`, A.owner)).toEqual({ id: list[0].id });
  expect(await itemRow(item2)).toMatchObject({ checkListCnt: 1, checkListDoneCnt: 0 });
  expect((await api.ok<ItemDetail>(200, "GET", d(item2), A.owner)).checkList.map((e) => e.title)).toEqual(["최종 검토"]);

  await api.fails(404, "todo.checklist_not_found", "DELETE", `${c}/${list[0].id}`, A.owner);
  await api.fails(404, "todo.checklist_not_found", "PUT", `${c}/${list[0].id}/title`, A.owner, { title: "x" });
  await api.fails(404, "todo.checklist_not_found", "PUT", `${c}/${list[1].id}/title`.replace(`item/${item2}`, `item/${item}`), A.owner, { title: "x" });
  await api.fails(404, "todo.checklist_not_found", "PUT", `${c}/abc/checked`, A.owner, { checked: 1 });
  await api.fails(400, "common.validation", "POST", c, A.owner, { title: "" });
  await api.fails(400, "common.validation", "PUT", `${c}/${list[1].id}/checked`, A.owner, { checked: 2 });
  await api.fails(404, "todo.item_not_found", "POST", `${d(bItem, bBoardId)}/checklist`, A.owner, { title: "x" });

  // CHECKLIST_MAX
  await t.db.sql`insert into todo_checklist (company_id, item_id, title, created_at)
    select ${A.co.companyId}, ${item2}, 'x' || n, now() from generate_series(2, ${CHECKLIST_MAX}) n`;
  await api.fails(409, "todo.checklist_max", "POST", c, A.owner, { title: "하나 더" });
});

test("comments: add (201), edit own (201), delete own (200 { id }); another's 403 todo.comment_forbidden; counters", async () => {
  const c = `${d()}/comment`;
  const mine = await api.ok<ItemComment>(201, "POST", c, A.follower, { content: "확인했습니다" });
  expect(mine).toEqual({
    id: mine.id, content: "확인했습니다", userId: A.follower.id, userName: "이팔로", createdTime: t.clock.now().getTime(),
    updatedTime: t.clock.now().getTime(), mine: true,
  });
  const theirs = await api.ok<ItemComment>(201, "POST", c, A.owner, { content: "좋아요" });
  expect((await api.ok<ItemDetail>(200, "GET", d(), A.follower)).commentList.map((x) => [x.content, x.mine])).toEqual([["확인했습니다", true], ["좋아요", false]]);
  expect((await itemRow(item)).commentCnt).toBe(2);

  expect(await api.ok<ItemComment>(201, "PUT", `${c}/${mine.id}`, A.follower, { content: "수정했습니다" })).toMatchObject({ id: mine.id, content: "수정했습니다" });
  await api.fails(403, "todo.comment_forbidden", "PUT", `${c}/${theirs.id}`, A.follower, { content: "남의 것" });
  await api.fails(403, "todo.comment_forbidden", "DELETE", `${c}/${theirs.id}`, A.follower);
  await api.fails(404, "todo.comment_not_found", "PUT", `${c}/99999999`, A.follower, { content: "없음" });
  await api.fails(404, "todo.comment_not_found", "DELETE", `${d(item2)}/comment/${mine.id}`, A.follower);
  await api.fails(400, "common.validation", "POST", c, A.follower, { content: " " });
  await api.fails(400, "common.validation", "PUT", `${c}/${mine.id}`, A.follower, { content: "x".repeat(2001) });
  await api.fails(404, "todo.item_not_found", "PUT", `${d(item, bBoardId)}/comment/${mine.id}`, A.follower, { content: "x" });

  expect(await api.ok(200, "DELETE", `${c}/${mine.id}`, A.follower)).toEqual({ id: mine.id });
  await api.fails(404, "todo.comment_not_found", "DELETE", `${c}/${mine.id}`, A.follower);
  expect((await itemRow(item)).commentCnt).toBe(1);
});
