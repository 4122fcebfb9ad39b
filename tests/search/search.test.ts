// The search across modules (shared/search.ts GET /api/search) on a fresh database: one word in a mail, a wiki
// page, a flow task, a board post, a calendar event, a contact card, a drive file's name, a to-do item and a
// messenger message is found in every group (a two-syllable Korean word inside a longer one: "회의" finds
// "회의록"), each hit linking the web's route of its object; a colleague does not see what the private wiki
// page, the private project and the private board hold; a second company sees nothing; bad keywords answer
// 400; modules= asks some modules only; a module that fails answers common.500 beside the others; a module the
// company switched off is left out.
import { beforeAll, describe, expect, test } from "vitest";
import type { SearchAnswer, SearchGroup, SearchModule } from "../../shared/search.ts";
import { createTestApp } from "../support/test-app.ts";
import { company, namedPerson, type Person } from "../share/share-helpers.ts";
import { build, file } from "../mail/reading/support.ts";
import { makeDoc, wikiApi } from "../wiki/support.ts";
import { makeProject, makeTask } from "../flow/support.ts";
import { makeBoard, makePost } from "../board/support.ts";
import { calendarApi, timed } from "../calendar/helpers.ts";
import { driveApi } from "../drive/helpers.ts";
import { itemBoard, addItem } from "../todo/items-support.ts";
import { makeGroup, messengerApi } from "../messenger/support.ts";

const t = await createTestApp();
const A = await company(t, "search-a.test");
const B = await company(t, "search-b.test");
let kim: Person, lee: Person, park: Person;
const ids: Record<string, number | string> = {};
const seg = (o: unknown) => encodeURIComponent(JSON.stringify(o));

async function search(who: { token: string }, query: string): Promise<SearchAnswer> {
  const r = await t.call("GET", `/api/search?${query}`, { token: who.token });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as SearchAnswer;
}
const byModule = (a: SearchAnswer) => Object.fromEntries(a.groups.map((g) => [g.module, g])) as Record<SearchModule, SearchGroup>;
const titles = (g: SearchGroup | undefined) => (g?.hits ?? []).map((h) => h.title).sort();

beforeAll(async () => {
  const plan = await A.org("기획팀");
  kim = await namedPerson(t, A, "kim", "김기획", [plan]);
  lee = await namedPerson(t, A, "lee", "이동료", []);
  park = await namedPerson(t, A, "park", "박팔로", [plan]);

  ids.mail = await file(t, { companyId: A.companyId, userId: kim.id, username: kim.username, token: kim.token },
    build({ subject: "주간 회의록 공유", text: "이번 주 회의록입니다.", from: "partner@outside.example" }));
  await file(t, { companyId: A.companyId, userId: lee.id, username: lee.username, token: lee.token },
    build({ subject: "이동료의 회의록 메일", text: "다른 사람 메일", from: "partner@outside.example" }));

  ids.wiki = (await makeDoc(t, kim, { title: "주간 회의록", text: "<p>이번 주 안건 정리</p>" })).id;
  ids.wikiSecret = (await makeDoc(t, kim, { title: "비밀 회의록", text: "<p>기획팀만</p>" })).id;
  await wikiApi(t).ok(200, "PUT", `docs/${ids.wikiSecret}/permissions`, kim, { members: [{ organId: plan, accessLevel: "READ" }] });

  const open = await makeProject(t, kim, { title: "공개 프로젝트", members: [lee] });
  const closed = await makeProject(t, kim, { title: "비공개 프로젝트", privateStatus: 1 });
  ids.openProject = open.id;
  ids.task = (await makeTask(t, kim, open.id, { title: "회의록 정리" })).id;
  ids.taskSecret = (await makeTask(t, kim, closed.id, { title: "비밀 회의록 작성" })).id;

  const board = await makeBoard(t, kim, { name: "자유게시판" });
  const secretBoard = await makeBoard(t, kim, {
    name: "기획팀 게시판", visibility: "PRIVATE", members: { users: [], organs: [{ organId: plan, includeChildren: true, privilege: "WRITE" }] },
  });
  ids.post = (await makePost(t, kim, { boardId: board.id, title: "회의록 게시" })).id;
  ids.postSecret = (await makePost(t, kim, { boardId: secretBoard.id, title: "기획 회의록" })).id;

  const cal = calendarApi(t);
  const mine = await cal.defaultCalendar(kim);
  await cal.createEvent(kim, timed(mine.id, "회의록 검토", "2026-11-03T08:00", "2026-11-03T09:00"));

  const card = await t.call("POST", "/api/contact/card", { token: kim.token, json: { cardData: { userName: "회의록 담당자", emailList: ["minutes@partner.example"] } } });
  expect(card.status, JSON.stringify(card.body)).toBe(201);

  const drive = driveApi(t);
  const root = await drive.root(kim);
  ids.file = (await drive.uploadOk(kim, root.id, "2026 회의록.txt", "x")).id;

  const todo = await itemBoard(t, { co: A, admin: A.admin, organs: { plan, dev: plan }, owner: kim, follower: park, other: lee }, "출시 점검");
  ids.todoWs = todo.workspaceId;
  ids.todoBoard = todo.boardId;
  ids.todoGroup = todo.groupId;
  ids.item = (await addItem(t, kim, todo, "회의록 배포")).id;

  const room = await makeGroup(t, kim, [park], "기획 대화방");
  ids.room = room.id;
  ids.message = (await messengerApi(t).ok<{ id: number }>(201, "POST", `rooms/${room.id}/messages`, kim, { text: "회의록 올렸어요" })).id;
});

describe("GET /api/search", () => {
  test("'회의' is found in every module, each hit with the route of its object", async () => {
    const a = await search(kim, "keyword=회의&size=10");
    expect(a.keyword).toBe("회의");
    expect(a.groups.map((g) => g.module)).toEqual(["mail", "contact", "drive", "calendar", "board", "wiki", "flow", "workflow", "messenger"]);
    const g = byModule(a);
    expect(a.groups.filter((x) => x.error)).toEqual([]);
    expect(titles(g.mail)).toEqual(["주간 회의록 공유"]);
    expect(g.mail.hits[0].link).toBe(`/mail/view/${(await t.db.sql<{ folder_id: string }[]>`select folder_id from mails where id = ${ids.mail}`)[0].folder_id}/1/${seg({ list: {}, view: { mailId: ids.mail } })}`);
    expect(g.mail.moreLink).toBe(`/mail/all/1/${seg({ search: { query: "회의" } })}`);
    expect(titles(g.wiki)).toEqual(["비밀 회의록", "주간 회의록"]);
    expect(g.wiki.hits.find((h) => h.title === "주간 회의록")!.link).toBe(`/wiki/docs/${ids.wiki}`);
    expect(g.wiki.moreLink).toBe(`/wiki/search/${encodeURIComponent("회의")}`);
    expect(titles(g.flow)).toEqual(["비밀 회의록 작성", "회의록 정리"]);
    expect(g.flow.hits.find((h) => h.title === "회의록 정리")).toMatchObject({
      where: "공개 프로젝트", link: `/flow/${ids.openProject}/tasks/${seg({ taskId: ids.task })}`,
    });
    expect(titles(g.board)).toEqual(["기획 회의록", "회의록 게시"]);
    expect(g.board.hits.find((h) => h.title === "회의록 게시")).toMatchObject({ where: "자유게시판", link: `/board/view/${ids.post}` });
    expect(g.board.moreLink).toBe(`/board/search/post/${seg({ keyword: "회의" })}`);
    expect(titles(g.calendar)).toEqual(["회의록 검토"]);
    // 08:00 in Seoul is the 2nd in UTC: the day view of the 3rd.
    expect(g.calendar.hits[0].link).toBe("/cal/day/2026-11-03");
    expect(titles(g.contact)).toEqual(["회의록 담당자"]);
    expect(g.contact.hits[0].link).toBe(`/contact/list/search/1/${seg({ searchWord: "minutes@partner.example" })}`);
    expect(titles(g.drive)).toEqual(["2026 회의록.txt"]);
    expect(g.drive.hits[0].link).toMatch(/^\/drive\/\d+\/1$/);
    expect(g.drive.moreLink).toBe(`/drive/-4/1/${seg({ searchWord: "회의" })}`);
    expect(titles(g.workflow)).toEqual(["회의록 배포"]);
    expect(g.workflow.hits[0].link).toBe(`/todo/${ids.todoWs}/${ids.todoBoard}/${seg({ groupId: ids.todoGroup, itemId: ids.item })}`);
    expect(g.messenger.hits.map((h) => [h.title, h.link])).toEqual([["기획 대화방", `/messenger/${ids.room}/${ids.message}`]]);
    for (const group of a.groups) expect(group.total, group.module).toBe(group.hits.length);
  });

  test("a colleague sees only what each module lets them: not the private page, project, board, nor others' own things", async () => {
    const g = byModule(await search(lee, "keyword=회의"));
    expect(titles(g.mail)).toEqual(["이동료의 회의록 메일"]);
    expect(titles(g.wiki)).toEqual(["주간 회의록"]);
    expect(titles(g.flow)).toEqual(["회의록 정리"]);
    expect(titles(g.board)).toEqual(["회의록 게시"]);
    for (const m of ["calendar", "contact", "drive", "workflow", "messenger"] as const) expect(titles(g[m]), m).toEqual([]);
    // Park follows the to-do workspace and is in the room.
    const p = byModule(await search(park, "keyword=회의록"));
    expect(titles(p.workflow)).toEqual(["회의록 배포"]);
    expect(titles(p.messenger)).toEqual(["기획 대화방"]);
  });

  test("another company finds none of it", async () => {
    const a = await search(B.admin, "keyword=회의");
    expect(a.groups.length).toBe(9);
    expect(a.groups.flatMap((g) => g.hits)).toEqual([]);
  });

  test("size and modules= limit the answer; bad keywords and modules answer 400", async () => {
    const two = await search(kim, "keyword=회의&modules=wiki,flow&size=1");
    expect(two.groups.map((g) => [g.module, g.hits.length, g.total])).toEqual([["wiki", 1, 2], ["flow", 1, 2]]);
    for (const q of ["keyword=회", "keyword=%20%20a%20", `keyword=${"가".repeat(101)}`, "keyword=%E1%9A%80%00ab", "keyword=회의&modules=mail,nope", "keyword=회의&size=21", "modules=mail"]) {
      const r = await t.call("GET", `/api/search?${q}`, { token: kim.token });
      expect([r.status, r.body.code], q).toEqual([400, "common.validation"]);
    }
    expect((await t.call("GET", "/api/search?keyword=회의")).status).toBe(401);
  });

  test("a module whose search fails answers common.500 while the others answer", async () => {
    // The to-do items' table gone from this file's own database for a moment: a real failure of that module.
    await t.db.sql`alter table todo_items rename to todo_items_away`;
    try {
      const g = byModule(await search(kim, "keyword=회의&modules=workflow,flow"));
      expect(g.workflow).toEqual({ module: "workflow", hits: [], total: null, moreLink: null, error: "common.500" });
      expect(titles(g.flow)).toEqual(["비밀 회의록 작성", "회의록 정리"]);
      expect(g.flow.error).toBeUndefined();
    } finally {
      await t.db.sql`alter table todo_items_away rename to todo_items`;
    }
  });

  test("a module the company switched off is left out, even when asked for", async () => {
    const r = await t.call("PUT", "/api/admin/company", { token: A.admin.token, json: { useWiki: false } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const a = await search(kim, "keyword=회의");
    expect(a.groups.map((g) => g.module)).not.toContain("wiki");
    expect(a.groups).toHaveLength(8);
    expect((await search(kim, "keyword=회의&modules=wiki")).groups).toEqual([]);
  });
});
