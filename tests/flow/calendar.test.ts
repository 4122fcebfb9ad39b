// Flow as the calendar's project source (server/modules/flow/calendar/source.ts), through the calendar's own
// API (api/calendar/project/...): a person's JOINED projects are their project calendars in the tree's order
// (favourites first), invited or applied ones and other companies' are not; the dated top-level tasks come as
// all-day items with the task's route; subtasks, undated tasks and tasks outside the range do not; a project
// left or deleted disappears at once; flow switched off leaves no project calendars. Tasks are made in SQL.
import { beforeAll, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import type { ProjectCalendar, ProjectEventItem } from "../../shared/calendar/projects.ts";
import { taskPath } from "../../shared/flow/constants.ts";
import { apiCaller } from "../support/api-caller.ts";
import { createTestApp } from "../support/test-app.ts";
import { type FlowCompany, flowCast, makeProject, setFlow } from "./support.ts";

const t = await createTestApp();
let A: FlowCompany, B: FlowCompany;
let api: Awaited<ReturnType<typeof flowCast>>["api"];
const cal = apiCaller(t, "/api/calendar/project");
const MARCH = { dtStart: "2026-03-01", dtEnd: "2026-04-01", timezone: "Asia/Seoul" };

beforeAll(async () => {
  ({ A, B, api } = await flowCast(t, "flow-calendar"));
});

async function task(projectId: number, companyId: number, title: string, start: string | null, due: string | null, parentId: number | null = null) {
  const [g] = await t.deps.db.execute<{ id: string }>(sql`select id from flow_groups where project_id = ${projectId} and is_default`);
  const [r] = await t.deps.db.execute<{ id: string }>(sql`insert into flow_tasks (company_id, project_id, group_id, parent_id, title,
    status, start_date, due_date, list_sort_order, kanban_sort_order, registration_order, created_at, updated_at)
    values (${companyId}, ${projectId}, ${g.id}, ${parentId}, ${title}, 'IN_PROGRESS', ${start}, ${due}, 'a0', 'a0', 1, now(), now())
    returning id`);
  return Number(r.id);
}

test("the JOINED projects are the project calendars, favourites first; their dated tasks are all-day items", async () => {
  const later = await makeProject(t, A.master, { title: "가 프로젝트", members: [A.member] });
  const fav = await makeProject(t, A.master, { title: "하 즐겨찾기", members: [A.member] });
  // 이멤버's favourites: only 하 즐겨찾기
  await api.ok(200, "PUT", `projects/${later.id}/members/favorite`, A.member, { favoriteStatus: 0 });
  const invitedOnly = await makeProject(t, A.other, { title: "초대만" });
  await api.ok(201, "POST", `projects/${invitedOnly.id}/members/invite`, A.other, { userIds: [A.member.id] });
  await makeProject(t, B.master, { title: "B 회사" });

  const cals = await cal.ok<ProjectCalendar[]>(200, "GET", "all", A.member);
  expect(cals.map((c) => [c.id, c.title, c.type])).toEqual([[fav.id, "하 즐겨찾기", "PROJECT"], [later.id, "가 프로젝트", "PROJECT"]]);
  await cal.fails(404, "calendar.project_not_found", "GET", String(invitedOnly.id), A.member);
  expect((await cal.ok<ProjectCalendar[]>(200, "GET", "all", B.master)).map((c) => c.title)).toEqual(["B 회사"]);

  const both = await task(later.id, A.co.companyId, "설계", "2026-03-02", "2026-03-04");
  const dueOnly = await task(later.id, A.co.companyId, "출시", null, "2026-03-31");
  const startOnly = await task(fav.id, A.co.companyId, "착수", "2026-03-10", null);
  await task(later.id, A.co.companyId, "날짜 없음", null, null);
  await task(later.id, A.co.companyId, "4월", "2026-04-05", "2026-04-06");
  await task(later.id, A.co.companyId, "하위", "2026-03-05", "2026-03-05", both);
  const items = await cal.ok<ProjectEventItem[]>(200, "POST", "events", A.member, MARCH);
  const seen = items.map((i) => [i.taskId, i.name, i.start, i.end, i.isAllDay, i.status, i.path]);
  expect(seen).toEqual(expect.arrayContaining([
    [both, "설계", "2026-03-02", "2026-03-04", true, "IN_PROGRESS", taskPath(later.id, both)],
    [dueOnly, "출시", "2026-03-31", "2026-03-31", true, "IN_PROGRESS", taskPath(later.id, dueOnly)],
    [startOnly, "착수", "2026-03-10", "2026-03-10", true, "IN_PROGRESS", taskPath(fav.id, startOnly)],
  ]));
  expect(items).toHaveLength(3);
  expect(items.every((i) => i.type === "PROJECT")).toBe(true);
  // one project asked
  const one = await cal.ok<ProjectEventItem[]>(200, "POST", "events", A.member, { ...MARCH, projectIds: [fav.id] });
  expect(one.map((i) => i.taskId)).toEqual([startOnly]);
  // another company's person gets nothing of A's
  await cal.fails(404, "calendar.project_not_found", "POST", "events", B.master, { ...MARCH, projectIds: [fav.id] });

  // leaving takes the calendar away at once; deleting too
  await api.ok(204, "DELETE", `projects/${later.id}/leave`, A.member);
  expect((await cal.ok<ProjectCalendar[]>(200, "GET", "all", A.member)).map((c) => c.id)).toEqual([fav.id]);
  await cal.fails(404, "calendar.project_not_found", "POST", "events", A.member, { ...MARCH, projectIds: [later.id] });
});

test("flow switched off: no project calendars", async () => {
  const p = await makeProject(t, B.other, { title: "꺼질 달력" });
  expect((await cal.ok<ProjectCalendar[]>(200, "GET", "all", B.other)).map((c) => c.id)).toContain(p.id);
  await setFlow(t, B.admin, false);
  try {
    expect(await cal.ok<ProjectCalendar[]>(200, "GET", "all", B.other)).toEqual([]);
  } finally {
    await setFlow(t, B.admin, true);
  }
});
