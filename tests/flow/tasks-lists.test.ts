// Flow task lists (shared/flow/tasks.ts): projects/{p}/tasks/initial (LIST lanes the groups, the default first;
// KANBAN the five statuses), tasks/initial across the caller's JOINED projects (filterId my, requested, all, a
// saved filter), lane pages after a cursor (a group's, a status's, a project's in all, a status's in all), page
// sizes, top-level tasks only with subCnt, and the filters: statuses, priorities, assignees, assignedToMe,
// requestedByMe, the search word (two-syllable Korean), ISO weeks on a Sunday and a Monday in Seoul, THIS_MONTH,
// startDate/endDate and includeNoDate.
import { beforeAll, describe, expect, test } from "vitest";
import type { FlowProject } from "../../shared/flow/projects.ts";
import type { FlowTask, TaskBoard, TaskGroup, TaskPage } from "../../shared/flow/tasks.ts";
import { createTestApp } from "../support/test-app.ts";
import { type FlowCompany, flowCast, makeProject, makeTask } from "./support.ts";

const t = await createTestApp();
let A: FlowCompany, B: FlowCompany;
let api: Awaited<ReturnType<typeof flowCast>>["api"];
let P: FlowProject, Q: FlowProject;
let design: TaskGroup;

/** Sunday 2025-06-15 23:55 in Seoul (the tokens of the test live 15 minutes). */
const SUNDAY = Date.parse("2025-06-15T14:55:00Z");
/** Monday 2025-06-16 00:05 in Seoul (still Sunday in UTC). */
const MONDAY = Date.parse("2025-06-15T15:05:00Z");

const titles = (xs: FlowTask[]) => xs.map((x) => x.title);
const qs = (q: Record<string, string | number | boolean | (string | number)[]>) =>
  new URLSearchParams(Object.entries(q).map(([k, v]) => [k, Array.isArray(v) ? v.join(",") : String(v)])).toString();

beforeAll(async () => {
  t.clock.set(SUNDAY);
  ({ A, B, api } = await flowCast(t, "flow-lists"));
  P = await makeProject(t, A.master, { title: "가 프로젝트", members: [A.member] });
  Q = await makeProject(t, A.member, { title: "나 프로젝트", members: [A.master] });
  design = await api.ok<TaskGroup>(201, "POST", `projects/${P.id}/groups`, A.master, { title: "디자인" });
  const mk = (who: { token: string }, p: number, b: Record<string, unknown> & { title: string }) => makeTask(t, who, p, b);
  await mk(A.master, P.id, { title: "주간 회의록 정리", assignees: [A.member.id], startDate: "2025-06-09", dueDate: "2025-06-10" });
  await mk(A.master, P.id, { title: "회의 준비", status: "IN_PROGRESS", priority: "HIGH", dueDate: "2025-06-16" });
  await mk(A.member, P.id, { title: "예산안 검토", assignees: [A.master.id, A.member.id], startDate: "2025-06-01", dueDate: "2025-06-30" });
  await mk(A.member, P.id, { title: "release notes", groupId: design.id, status: "COMPLETED", startDate: "2025-06-02", dueDate: "2025-06-08" });
  await mk(A.master, P.id, { title: "로고 시안", groupId: design.id, priority: "URGENT", startDate: "2025-06-23" });
  await mk(A.master, P.id, { title: "날짜 없음", groupId: design.id });
  const parent = await mk(A.master, P.id, { title: "상위 업무", groupId: design.id, startDate: "2025-07-01" });
  await mk(A.master, P.id, { title: "하위 회의록", parentId: parent.id, assignees: [A.member.id] });
  await mk(A.member, Q.id, { title: "나의 회의", assignees: [A.member.id], status: "FEEDBACK" });
  await mk(A.member, Q.id, { title: "다른 사람 업무", assignees: [A.master.id] });
  // 박동료's own project: never in 이멤버's lists.
  const R = await makeProject(t, A.other, { title: "다 프로젝트" });
  await mk(A.other, R.id, { title: "남의 회의록" });
  const BP = await makeProject(t, B.master, { title: "B" });
  await mk(B.master, BP.id, { title: "B 회의록" });
});

const board = (who: { token: string }, path: string, q: Record<string, string | number | boolean | (string | number)[]> = {}) =>
  api.ok<TaskBoard>(200, "GET", `${path}?${qs(q)}`, who);

test("a project's LIST: its groups (default first) with counts, top-level tasks in order, subCnt", async () => {
  const b = await board(A.member, `projects/${P.id}/tasks/initial`);
  expect(b.viewType).toBe("LIST");
  expect(b.project).toMatchObject({ id: P.id, title: "가 프로젝트" });
  expect(b.lanes.map((l) => [l.title, l.groupId !== null, l.totalCount, l.more, l.after])).toEqual([
    ["default", true, 3, false, null],
    ["디자인", true, 4, false, null],
  ]);
  expect(titles(b.lanes[0].tasks)).toEqual(["주간 회의록 정리", "회의 준비", "예산안 검토"]);
  expect(titles(b.lanes[1].tasks)).toEqual(["release notes", "로고 시안", "날짜 없음", "상위 업무"]);
  expect(b.lanes[1].tasks[3].subCnt).toBe(1);
  expect(b.lanes[1].tasks[3].content).toBe("");
  expect(b.totalCount).toBe(7);
});

test("a LIST's first page is pageSize tasks in all, lane after lane; the lanes past it bring counts and no after", async () => {
  const five = await board(A.member, `projects/${P.id}/tasks/initial`, { pageSize: 5 });
  expect(five.lanes.map((l) => [l.title, titles(l.tasks), l.totalCount, l.more, l.after !== null])).toEqual([
    ["default", ["주간 회의록 정리", "회의 준비", "예산안 검토"], 3, false, false],
    ["디자인", ["release notes", "로고 시안"], 4, true, true],
  ]);
  const rest = await api.ok<TaskPage>(200, "GET", `projects/${P.id}/tasks?${qs({ pageSize: 5, groupId: five.lanes[1].groupId!, after: five.lanes[1].after! })}`, A.member);
  expect([titles(rest.tasks), rest.more]).toEqual([["날짜 없음", "상위 업무"], false]);

  const two = await board(A.member, `projects/${P.id}/tasks/initial`, { pageSize: 2 });
  expect(two.lanes.map((l) => [l.title, titles(l.tasks), l.totalCount, l.more, l.after !== null])).toEqual([
    ["default", ["주간 회의록 정리", "회의 준비"], 3, true, true],
    ["디자인", [], 4, true, false],
  ]);
  expect(two.totalCount).toBe(7);
  // The lane that brought no tasks: its first page is asked without after.
  const first = await api.ok<TaskPage>(200, "GET", `projects/${P.id}/tasks?${qs({ pageSize: 2, groupId: two.lanes[1].groupId! })}`, A.member);
  expect([titles(first.tasks), first.more]).toEqual([["release notes", "로고 시안"], true]);
  // KANBAN lanes each bring their own first page.
  const k = await board(A.member, `projects/${P.id}/tasks/initial`, { viewType: "KANBAN", pageSize: 2 });
  expect(k.lanes.map((l) => l.tasks.length)).toEqual([2, 1, 0, 1, 0]);
});

test("a project's KANBAN: the five statuses in order", async () => {
  const b = await board(A.master, `projects/${P.id}/tasks/initial`, { viewType: "KANBAN" });
  expect(b.lanes.map((l) => [l.status, l.totalCount])).toEqual([
    ["REQUESTED", 5], ["IN_PROGRESS", 1], ["FEEDBACK", 0], ["COMPLETED", 1], ["ON_HOLD", 0],
  ]);
  expect(titles(b.lanes[1].tasks)).toEqual(["회의 준비"]);
});

test("all: filterId my, requested, all; LIST lanes are the caller's projects with tasks, KANBAN statuses", async () => {
  const my = await board(A.member, "tasks/initial", { filterId: "my" });
  expect(my.project).toBeNull();
  expect(my.lanes.map((l) => [l.title, l.projectId, titles(l.tasks)])).toEqual([
    ["가 프로젝트", P.id, ["주간 회의록 정리", "예산안 검토"]],
    ["나 프로젝트", Q.id, ["나의 회의"]],
  ]);
  const requested = await board(A.member, "tasks/initial", { filterId: "requested" });
  expect(requested.lanes.flatMap((l) => titles(l.tasks)).sort()).toEqual(["나의 회의", "다른 사람 업무", "예산안 검토", "release notes"].sort());
  const all = await board(A.member, "tasks/initial", { filterId: "all" });
  expect(all.totalCount).toBe(9);
  const kanban = await board(A.master, "tasks/initial", { filterId: "my", viewType: "KANBAN" });
  expect(kanban.lanes.map((l) => [l.status, titles(l.tasks)])).toEqual([
    ["REQUESTED", ["다른 사람 업무", "예산안 검토"]], ["IN_PROGRESS", []], ["FEEDBACK", []], ["COMPLETED", []], ["ON_HOLD", []],
  ]);
  await api.fails(404, "flow.filter_not_found", "GET", "tasks/initial?filterId=nope", A.member);
  await api.fails(404, "flow.filter_not_found", "GET", "tasks/initial?filterId=999999", A.member);
  // Another company sees none of these.
  const b = await board(B.master, "tasks/initial", { filterId: "all" });
  expect(b.lanes.flatMap((l) => titles(l.tasks))).toEqual(["B 회의록"]);
});

describe("filters", () => {
  const inP = async (q: Record<string, string | number | boolean | (string | number)[]>) =>
    (await board(A.member, `projects/${P.id}/tasks/initial`, q)).lanes.flatMap((l) => titles(l.tasks)).sort();

  test("statuses, priorities, assignees, assignedToMe, requestedByMe", async () => {
    expect(await inP({ statuses: ["IN_PROGRESS", "COMPLETED"] })).toEqual(["release notes", "회의 준비"].sort());
    expect(await inP({ priorities: ["URGENT", "HIGH"] })).toEqual(["로고 시안", "회의 준비"].sort());
    expect(await inP({ assignees: [A.master.id] })).toEqual(["예산안 검토"]);
    expect(await inP({ assignedToMe: true })).toEqual(["예산안 검토", "주간 회의록 정리"].sort());
    expect(await inP({ requestedByMe: "1" })).toEqual(["release notes", "예산안 검토"].sort());
    const bracket = await api.ok<TaskBoard>(200, "GET", `projects/${P.id}/tasks/initial?statuses[]=IN_PROGRESS&statuses[]=COMPLETED`, A.member);
    expect(bracket.totalCount).toBe(2);
    await api.fails(400, "common.validation", "GET", `projects/${P.id}/tasks/initial?statuses=DONE`, A.member);
    await api.fails(400, "common.validation", "GET", `projects/${P.id}/tasks/initial?viewType=GANTT`, A.member);
    await api.fails(400, "common.validation", "GET", `projects/${P.id}/tasks/initial?startDate=2025-13-01`, A.member);
  });

  test("the search word: two Korean syllables anywhere, a longer word as a whole, Latin at a word's start", async () => {
    expect(await inP({ title: "회의" })).toEqual(["주간 회의록 정리", "회의 준비"].sort());
    expect(await inP({ title: "회의록" })).toEqual(["주간 회의록 정리"]);
    expect(await inP({ title: "의록" })).toEqual(["주간 회의록 정리"]);
    expect(await inP({ title: "rel" })).toEqual(["release notes"]);
    expect(await inP({ title: "lease" })).toEqual([]);
    expect(await inP({ title: "!!" })).toEqual([]);
    // Subtasks are not in the lanes.
    expect(await inP({ title: "하위" })).toEqual([]);
  });

  test("THIS_WEEK on a Sunday is the week that began on Monday; includeNoDate keeps tasks without days", async () => {
    t.clock.set(SUNDAY);
    expect(await inP({ rangeType: "THIS_WEEK", includeNoDate: false })).toEqual(["예산안 검토", "주간 회의록 정리"].sort());
    expect(await inP({ rangeType: "THIS_WEEK" })).toEqual(["날짜 없음", "예산안 검토", "주간 회의록 정리"].sort());
    expect(await inP({ rangeType: "NEXT_WEEK", includeNoDate: false })).toEqual(["예산안 검토", "회의 준비"].sort());
    expect(await inP({ rangeType: "LAST_WEEK", includeNoDate: false })).toEqual(["release notes", "예산안 검토"].sort());
  });

  test("at 00:30 on Monday in Seoul THIS_WEEK is the new week (the company's zone, not UTC)", async () => {
    t.clock.set(MONDAY);
    try {
      expect(await inP({ rangeType: "THIS_WEEK", includeNoDate: false })).toEqual(["예산안 검토", "회의 준비"].sort());
      expect(await inP({ rangeType: "LAST_WEEK", includeNoDate: false })).toEqual(["예산안 검토", "주간 회의록 정리"].sort());
    } finally {
      t.clock.set(SUNDAY);
    }
  });

  test("THIS_MONTH and explicit days; combined filters", async () => {
    expect(await inP({ rangeType: "THIS_MONTH", includeNoDate: false })).toEqual(
      ["release notes", "로고 시안", "예산안 검토", "주간 회의록 정리", "회의 준비"].sort(),
    );
    expect(await inP({ startDate: "2025-06-20", endDate: "2025-06-25", includeNoDate: false })).toEqual(["로고 시안", "예산안 검토"].sort());
    expect(await inP({ startDate: "2025-07-01", includeNoDate: false })).toEqual(["상위 업무"]);
    expect(await inP({ endDate: "2025-06-05", includeNoDate: false })).toEqual(["release notes", "예산안 검토"].sort());
    expect(await inP({ statuses: ["REQUESTED"], rangeType: "THIS_WEEK", title: "회의", includeNoDate: false })).toEqual(["주간 회의록 정리"]);
  });
});

describe("lane pages", () => {
  let G: FlowProject;
  let made: FlowTask[];
  beforeAll(async () => {
    G = await makeProject(t, A.master, { title: "페이지" });
    made = await api.ok<FlowTask[]>(201, "POST", `projects/${G.id}/tasks/bulk`, A.master, { titles: Array.from({ length: 7 }, (_, i) => `업무 ${i + 1}`) });
  });

  test("a group's lane: pageSize, more and after, then the next pages", async () => {
    const b = await board(A.master, `projects/${G.id}/tasks/initial`, { pageSize: 3 });
    const lane = b.lanes[0];
    expect([titles(lane.tasks), lane.more, lane.totalCount]).toEqual([["업무 1", "업무 2", "업무 3"], true, 7]);
    const p2 = await api.ok<TaskPage>(200, "GET", `projects/${G.id}/tasks?${qs({ pageSize: 3, groupId: lane.groupId!, after: lane.after! })}`, A.master);
    expect([titles(p2.tasks), p2.more]).toEqual([["업무 4", "업무 5", "업무 6"], true]);
    const p3 = await api.ok<TaskPage>(200, "GET", `projects/${G.id}/tasks?${qs({ pageSize: 3, groupId: lane.groupId!, after: p2.after! })}`, A.master);
    expect([titles(p3.tasks), p3.more, p3.after]).toEqual([["업무 7"], false, null]);
    // The last task's sort key alone works too.
    const byKey = await api.ok<TaskPage>(200, "GET", `projects/${G.id}/tasks?${qs({ pageSize: 3, groupId: lane.groupId!, after: made[4].listSortOrder })}`, A.master);
    expect(titles(byKey.tasks)).toEqual(["업무 6", "업무 7"]);
    await api.fails(400, "common.validation", "GET", `projects/${G.id}/tasks?${qs({ groupId: lane.groupId!, after: "a0 x" })}`, A.master);
    await api.fails(404, "flow.group_not_found", "GET", `projects/${G.id}/tasks?${qs({ groupId: design.id })}`, A.master);
    await api.fails(400, "common.validation", "GET", `projects/${G.id}/tasks?viewType=KANBAN`, A.master);
  });

  test("a status lane, a project's lane in all and a status lane in all", async () => {
    const k = await board(A.master, `projects/${G.id}/tasks/initial`, { viewType: "KANBAN", pageSize: 4 });
    const p = await api.ok<TaskPage>(200, "GET", `projects/${G.id}/tasks?${qs({ viewType: "KANBAN", pageSize: 4, status: "REQUESTED", after: k.lanes[0].after! })}`, A.master);
    expect(titles(p.tasks)).toEqual(["업무 5", "업무 6", "업무 7"]);

    // All's LIST: the page's two tasks come from the first project (가 프로젝트); 페이지 brings its count only.
    const all = await board(A.master, "tasks/initial", { filterId: "requested", pageSize: 2 });
    expect(all.lanes[0].projectId).toBe(P.id);
    expect(all.lanes.flatMap((l) => l.tasks).length).toBe(2);
    const lane = all.lanes.find((l) => l.projectId === G.id)!;
    expect([titles(lane.tasks), lane.totalCount, lane.more, lane.after]).toEqual([[], 7, true, null]);
    const start = await api.ok<TaskPage>(200, "GET", `projects/${G.id}/tasks?${qs({ filterId: "requested", pageSize: 2 })}`, A.master);
    expect(titles(start.tasks)).toEqual(["업무 1", "업무 2"]);
    const next = await api.ok<TaskPage>(200, "GET", `projects/${G.id}/tasks?${qs({ filterId: "requested", pageSize: 4, after: start.after! })}`, A.master);
    expect(titles(next.tasks)).toEqual(["업무 3", "업무 4", "업무 5", "업무 6"]);

    const allK = await board(A.master, "tasks/initial", { filterId: "all", viewType: "KANBAN", pageSize: 5 });
    const req = allK.lanes[0];
    const rest = await api.ok<TaskPage>(200, "GET", `projects/all/tasks?${qs({ filterId: "all", viewType: "KANBAN", status: "REQUESTED", pageSize: 100, after: req.after! })}`, A.master);
    expect(req.tasks.length + rest.tasks.length).toBe(req.totalCount);
    expect(new Set([...req.tasks, ...rest.tasks].map((x) => x.id)).size).toBe(req.totalCount);
    await api.fails(400, "common.validation", "GET", `projects/all/tasks?viewType=LIST`, A.master);
    await api.fails(403, "flow.not_member", "GET", `projects/${G.id}/tasks?groupId=1`, A.other);
  });
});
