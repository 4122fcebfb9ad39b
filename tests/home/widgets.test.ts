// GET /api/users/dashboard/widgets/{component}: each widget's data for the caller, from rows made through the
// modules' own APIs (a mail, calendar events, an approval document, flow tasks, a to-do item, board posts, leave
// days, a meeting-room booking), with the links the web app routes, the modules' permissions (a colleague sees
// none of it, another company nothing), 404 for etc-1 and unknown ids, 403 when the account does not use the
// widget's module.
import { describe, expect, test } from "vitest";
import type { WidgetDataMap } from "../../shared/home/widgets.ts";
import type { FormSummary } from "../../shared/approval/forms.ts";
import { company, namedPerson } from "../share/share-helpers.ts";
import { apiCaller } from "../support/api-caller.ts";
import { createTestApp } from "../support/test-app.ts";

const t = await createTestApp();
// Wednesday 11 March 2026, 10:00 in Seoul.
t.clock.set(new Date("2026-03-11T10:00:00+09:00"));
const api = apiCaller(t, "/api/users/dashboard");
const call = apiCaller(t, "/api");
const A = await company(t, "home-widgets-a.test");
const B = await company(t, "home-widgets-b.test");
const dev = await A.org("개발팀");
const kim = await namedPerson(t, A, "kim", "김민수", [dev]);
const lee = await namedPerson(t, A, "lee", "이영희", [dev]);
const other = await namedPerson(t, B, "park", "박지훈", []);
// The department's head (the leave's approver).
await call.ok(201, "POST", "admin/users", A.admin, {
  loginId: "choi", accountName: "최팀장", password: "Sh4re!pass", organIds: [], managerOrganIds: [dev], requestPasswordChange: false,
});

const widget = <K extends keyof WidgetDataMap>(id: K, who: { token: string }, q = "") =>
  api.ok<WidgetDataMap[K]>(200, "GET", `widgets/${id}${q}`, who);
const decode = (link: string) => decodeURIComponent(link);

describe("home widget data", () => {
  test("unknown ids and the clock (no server data) answer 404; bad queries 400; signed out 401", async () => {
    await api.fails(404, "home.widget_not_found", "GET", "widgets/etc-1", kim);
    await api.fails(404, "home.widget_not_found", "GET", "widgets/mail-9", kim);
    await api.fails(400, "common.validation", "GET", "widgets/mail-1?size=2", kim);
    await api.fails(400, "common.validation", "GET", "widgets/board-1?boardId=x", kim);
    await api.fails(400, "common.validation", "GET", "widgets/mail-1?size=%00", kim);
    await api.fails(400, "common.validation", "GET", "widgets/board-1?boardId=99999999999999999999", kim);
    expect((await t.call("GET", "/api/users/dashboard/widgets/mail-1")).status).toBe(401);
  });

  test("mail-1: the inbox's unread count and newest mails, opening the mail's view", async () => {
    for (const subject of ["주간 회의 안건", "견적서 송부"]) {
      const r = await t.call("POST", "/api/mails/v2/send", { token: lee.token, json: { to: [kim.username], subject, content: "<p>확인 부탁드립니다</p>" } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    const m = await widget("mail-1", kim);
    expect(m.unread).toBe(2);
    expect(m.rows.map((r) => [r.title, r.sub, r.flag])).toEqual([["견적서 송부", "이영희", true], ["주간 회의 안건", "이영희", true]]);
    expect(decode(m.rows[0].link)).toMatch(new RegExp(`^/mail/view/\\d+/1/\\{"list":\\{\\},"view":\\{"mailId":${m.rows[0].id}\\}\\}$`));
    expect(await widget("mail-1", other)).toEqual({ unread: 0, rows: [] });
  });

  test("cal-1 and cal-2: today's and this week's events of the shown calendars, in the caller's zone", async () => {
    const cal = (await call.ok(200, "GET", "calendar/find", kim)).find((c: { type: string }) => c.type === "DEFAULT");
    const ev = (summary: string, dtStart: string, dtEnd: string) =>
      call.ok(201, "POST", "calendar/event", kim, { calendarId: cal.id, summary, dtStart, dtEnd, location: "3층 회의실" });
    await ev("팀 회의", "2026-03-11T14:00", "2026-03-11T15:00");
    await ev("고객 방문", "2026-03-13T10:00", "2026-03-13T11:00");
    await ev("다음 주 일정", "2026-03-16T10:00", "2026-03-16T11:00");
    await ev("지난 주 일정", "2026-03-08T10:00", "2026-03-08T11:00");
    const today = await widget("cal-1", kim);
    expect(today.timeZone).toBe("Asia/Seoul");
    expect(today.events.map((e) => [e.title, e.location, e.allDay, e.link])).toEqual([["팀 회의", "3층 회의실", false, "/cal/day/2026-03-11"]]);
    expect(today.events[0].color).toBe(cal.color);
    const week = await widget("cal-2", kim);
    expect(week.events.map((e) => [e.title, e.link])).toEqual([["팀 회의", "/cal/day/2026-03-11"], ["고객 방문", "/cal/day/2026-03-13"]]);
    // A calendar unchecked in the tree is not shown.
    await call.ok(200, "PUT", "calendar/updateTreeStatus", kim, { calendarId: cal.id, isChecked: false });
    expect((await widget("cal-2", kim)).events).toEqual([]);
    await call.ok(200, "PUT", "calendar/updateTreeStatus", kim, { calendarId: cal.id, isChecked: true });
    expect((await widget("cal-1", lee)).events).toEqual([]);
  });

  test("approval-1: the counts and the documents waiting for the caller", async () => {
    const ap = apiCaller(t, "/api/approval");
    const form = (await ap.ok<FormSummary[]>(200, "GET", "form/list/all", kim)).find((f) => f.starterKey === "proposal")!;
    const fields = (await ap.ok(200, "GET", `form/${form.id}`, kim)).template.fields as { key: string; type: string; required: boolean }[];
    const content = Object.fromEntries(fields.filter((f) => f.required)
      .map((f) => [f.key, f.type === "date" ? "2026-03-11" : f.type === "number" || f.type === "money" ? 1 : "내용"]));
    const doc = await ap.ok(201, "POST", "document/draft", kim, {
      formId: form.id, formVersion: form.version, title: "장비 구매 품의", draftOrganId: dev, content,
      lines: [{ type: "APPROVAL", sortOrder: 1, userId: lee.id, organId: null }],
    });
    const mine = await widget("approval-1", lee);
    expect(mine.counts.beforeApproveCount).toBe(1);
    expect(mine.rows.map((r) => [r.title, r.sub, r.link])).toEqual([["장비 구매 품의", "김민수", `/approval/doc/list/ab/${doc.id}`]]);
    expect((await widget("approval-1", kim)).counts).toMatchObject({ beforeApproveCount: 0, draftedCount: 1 });
    expect((await widget("approval-1", kim)).rows).toEqual([]);
  });

  test("flow-1, flow-2, flow-4: my tasks by status, due soon, favourite projects", async () => {
    const flow = apiCaller(t, "/api/flow");
    const p = await flow.ok(201, "POST", "projects", kim, { title: "신제품 출시", privateStatus: 0 });
    const task = (title: string, extra: Record<string, unknown>) => flow.ok(201, "POST", `projects/${p.id}/tasks`, kim, { title, ...extra });
    const late = await task("시장 조사", { assignees: [kim.id], dueDate: "2026-03-09" });
    const soon = await task("가격 책정", { assignees: [kim.id], dueDate: "2026-03-15", status: "IN_PROGRESS" });
    await task("출시 행사", { assignees: [kim.id], dueDate: "2026-04-30" });
    await task("남의 일", { assignees: [], dueDate: "2026-03-12" });
    expect((await widget("flow-1", kim)).counts).toEqual({ REQUESTED: 2, IN_PROGRESS: 1, FEEDBACK: 0, COMPLETED: 0, ON_HOLD: 0 });
    const due = await widget("flow-2", kim);
    expect(due.rows.map((r) => [r.title, r.sub, r.at, r.flag])).toEqual([["시장 조사", "신제품 출시", "2026-03-09", true], ["가격 책정", "신제품 출시", "2026-03-15", false]]);
    expect(decode(due.rows[1].link)).toBe(`/flow/${p.id}/tasks/{"taskId":${soon.id}}`);
    expect(late.id).toBeGreaterThan(0);
    expect((await widget("flow-4", kim)).projects).toEqual([{ id: p.id, name: "신제품 출시", openTasks: 4, link: `/flow/${p.id}/tasks` }]);
    expect((await widget("flow-1", lee)).counts.REQUESTED).toBe(0);
    expect((await widget("flow-4", lee)).projects).toEqual([]);
  });

  test("flow-3: to-do items whose PERSON column names me, not done", async () => {
    const todo = apiCaller(t, "/api/todo");
    const ws = await todo.ok(201, "POST", "workspace", kim, { title: "마케팅", emoji: "🚀", color: "#579bfc" });
    const node = await todo.ok(201, "POST", `board/${ws.id}`, kim, {
      title: "캠페인",
      header: [{ value: "title", type: "TITLE" }, { value: "person", type: "PERSON" }, { value: "status", type: "STATUS" }, { type: "ADDITIONAL" }],
    });
    const groupId = (await todo.ok(200, "GET", `board/${node.id}`, kim)).groups[0].id;
    const item = (title: string) => todo.ok(201, "POST", "item", kim, { boardId: node.id, groupId, title });
    const cell = (id: number, headerValue: string, value: unknown) =>
      todo.ok(201, "PUT", `item/${id}`, kim, { boardId: node.id, headerValue, itemValue: JSON.stringify(value) });
    const banner = await item("배너 제작");
    const done = await item("보도자료");
    await item("담당자 없음");
    await cell(banner.id, "person", [kim.id]);
    await cell(done.id, "person", [kim.id]);
    await cell(done.id, "status", "Done");
    const rows = (await widget("flow-3", kim)).rows;
    expect(rows.map((r) => [r.title, r.sub])).toEqual([["배너 제작", "캠페인"]]);
    expect(decode(rows[0].link)).toBe(`/todo/${ws.id}/${node.id}/{"groupId":${groupId},"itemId":${banner.id}}`);
    expect((await widget("flow-3", lee)).rows).toEqual([]);
  });

  test("board-1 and board-2: newest readable posts and unread must-read notices", async () => {
    const board = await call.ok(201, "POST", "board", A.admin, { name: "공지사항", description: "공지", visibility: "PUBLIC", publicPrivilege: "WRITE" });
    const secret = await call.ok(201, "POST", "board", A.admin, {
      name: "임원", description: "임원", visibility: "PRIVATE", members: { users: [], organs: [] }, managerIds: [],
    });
    const post = (boardId: number, title: string, mustRead = false) =>
      call.ok(201, "POST", "board/post", A.admin, { boardId, title, content: `<p>${title}</p>`, mustRead });
    const hello = await post(board.id, "3월 전체 회의");
    const must = await post(board.id, "보안 교육 필수", true);
    await post(secret.id, "임원 회의록");
    const news = await widget("board-1", kim);
    expect(news.rows.map((r) => [r.title, r.sub, r.flag])).toEqual([["보안 교육 필수", "공지사항", true], ["3월 전체 회의", "공지사항", true]]);
    expect(decode(news.rows[1].link)).toBe(`/board/view/${hello.id}/{"boardId":${board.id}}`);
    expect((await widget("board-1", kim, `?boardId=${board.id}&size=3`)).rows).toHaveLength(2);
    await api.fails(403, "board.18", "GET", `widgets/board-1?boardId=${secret.id}`, kim);
    await api.fails(404, "board.8", "GET", `widgets/board-1?boardId=${board.id}`, other);
    expect((await widget("board-2", kim)).rows.map((r) => r.id)).toEqual([String(must.id)]);
    await call.ok(200, "PUT", `board/post/${must.id}/view`, kim);
    expect((await widget("board-2", kim)).rows).toEqual([]);
    expect((await widget("board-2", lee)).rows.map((r) => r.title)).toEqual(["보안 교육 필수"]);
    expect((await widget("board-1", other)).rows).toEqual([]);
  });

  test("etc-3: this year's annual leave and the next leave", async () => {
    const annual = (await call.ok(200, "GET", "leaves/templates", kim)).find((x: { type: string }) => x.type === "ANNUAL");
    await call.ok(201, "POST", "hr/leaves/allocations", A.admin, {
      userId: kim.id, templateId: annual.id, granted: 15, validFrom: "2026-01-01", validTo: "2026-12-31", reason: "연차 부여",
    });
    await call.ok(201, "POST", "leaves/usages", kim, { templateId: annual.id, startDate: "2026-03-20", endDate: "2026-03-20", unit: "FULL_DAY", reason: "개인 사유" });
    const l = await widget("etc-3", kim);
    expect(l).toMatchObject({ year: 2026, granted: 15, used: 0, remaining: 15, next: { type: annual.name } });
    const seoulDate = (iso: string) => new Date(Date.parse(iso) + 9 * 3_600_000).toISOString().slice(0, 10);
    expect([seoulDate(l.next!.start), seoulDate(l.next!.end)]).toEqual(["2026-03-20", "2026-03-20"]);
    expect(await widget("etc-3", lee)).toMatchObject({ granted: 0, remaining: 0, next: null });
  });

  test("etc-2: my next bookings and the meeting rooms free for the next hour", async () => {
    const res = apiCaller(t, "/api/resource");
    const r1 = await res.ok(201, "POST", "admin/resources", A.admin, { type: "MEETING_ROOM", name: "소회의실", location: "3층" });
    const r2 = await res.ok(201, "POST", "admin/resources", A.admin, { type: "MEETING_ROOM", name: "대회의실", location: "" });
    await res.ok(201, "POST", "admin/resources", A.admin, { type: "CAR", name: "업무용 차량" });
    await res.ok(201, "POST", "book", kim, { resourceId: r1.id, title: "주간 회의", startDate: "2026-03-11", startTime: "10:30", endDate: "2026-03-11", endTime: "11:30" });
    const b = await widget("etc-2", kim);
    expect(b.bookings.map((x) => [x.title, x.sub, x.link])).toEqual([["소회의실", "주간 회의", "/resource/2026-03-11/ALL"]]);
    expect(b.freeRooms).toEqual([{ id: r2.id, name: "대회의실", category: null }]);
    expect((await widget("etc-2", lee)).bookings).toEqual([]);
    expect((await widget("etc-2", other)).freeRooms).toEqual([]);
  });

  test("a widget of a module the account does not use answers 403 home.module_unused", async () => {
    const set = (json: Record<string, boolean>) => t.call("PUT", "/api/admin/company", { token: A.admin.token, json });
    expect((await set({ useLeave: false, useBoard: false })).status).toBe(200);
    try {
      await api.fails(403, "home.module_unused", "GET", "widgets/etc-3", kim);
      await api.fails(403, "home.module_unused", "GET", "widgets/board-2", kim);
      await widget("mail-1", kim);
    } finally {
      expect((await set({ useLeave: true, useBoard: true })).status).toBe(200);
    }
    await widget("etc-3", kim);
  });
});
