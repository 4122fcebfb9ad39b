// Saved task filters (shared/flow/tasks.ts POST/DELETE projects/{p}/tasks/filters; {p} a project or "all"):
// rows lacking a column, a condition or a value dropped, FILTERS_MAX (409 flow.filters_max), only the caller's
// deleted (404 flow.filter_not_found), and a saved filter used as filterId in the lists (IS, IS_NOT, CONTAINS;
// one saved under a project keeps the all lists to it); FLOW_FOLDERS on the saver's own topic.
import { beforeAll, expect, test } from "vitest";
import { FILTERS_MAX, FLOW_FOLDERS, flowUserTopic } from "../../shared/flow/constants.ts";
import type { FlowProject } from "../../shared/flow/projects.ts";
import type { TaskBoard, TaskFilter } from "../../shared/flow/tasks.ts";
import { createTestApp } from "../support/test-app.ts";
import { type FlowCompany, flowCast, makeProject, makeTask } from "./support.ts";

const t = await createTestApp();
let A: FlowCompany, B: FlowCompany;
let api: Awaited<ReturnType<typeof flowCast>>["api"];
let P: FlowProject, Q: FlowProject;

beforeAll(async () => {
  t.clock.set(Date.parse("2025-06-11T01:00:00Z")); // Wednesday in Seoul
  ({ A, B, api } = await flowCast(t, "flow-filters"));
  P = await makeProject(t, A.master, { title: "가", members: [A.member] });
  Q = await makeProject(t, A.master, { title: "나", members: [A.member] });
  await makeTask(t, A.master, P.id, { title: "회의록 작성", status: "IN_PROGRESS", assignees: [A.member.id], dueDate: "2025-06-12" });
  await makeTask(t, A.master, P.id, { title: "예산 검토", priority: "HIGH", assignees: [A.master.id] });
  await makeTask(t, A.member, P.id, { title: "주간 회의", status: "COMPLETED", startDate: "2025-06-20" });
  await makeTask(t, A.member, Q.id, { title: "나의 회의", assignees: [A.member.id], dueDate: "2025-06-10" });
});

const save = (who: { token: string }, p: number | "all", body: unknown) => api.ok<TaskFilter>(201, "POST", `projects/${p}/tasks/filters`, who, body);
const titlesOf = (b: TaskBoard) => b.lanes.flatMap((l) => l.tasks.map((x) => x.title)).sort();

test("POST: rows lacking a part are dropped; under a project or all", async () => {
  const f = await save(A.member, P.id, {
    name: " 내 진행 업무 ",
    filters: [
      { column: "status", condition: "IS", values: ["IN_PROGRESS", " "] },
      { column: "priority", condition: "", values: ["HIGH"] },
      { column: "", condition: "IS", values: ["x"] },
      { column: "assignee", condition: "IS", values: [] },
      { column: "title", condition: "CONTAINS", values: ["회의"] },
    ],
  });
  expect(f).toEqual({
    id: expect.any(Number), projectId: P.id, name: "내 진행 업무", createdTime: t.clock.now().getTime(),
    filters: [{ column: "status", condition: "IS", values: ["IN_PROGRESS"] }, { column: "title", condition: "CONTAINS", values: ["회의"] }],
  });
  expect((await save(A.member, "all", { name: "전체", filters: [] })).projectId).toBeNull();
  await api.fails(400, "common.validation", "POST", `projects/all/tasks/filters`, A.member, { name: "", filters: [] });
  await api.fails(400, "common.validation", "POST", `projects/all/tasks/filters`, A.member, { name: "x", filters: [{ column: "colour", condition: "IS", values: ["x"] }] });
  await api.fails(403, "flow.not_member", "POST", `projects/${P.id}/tasks/filters`, A.other, { name: "x", filters: [] });
  await api.fails(404, "flow.project_not_found", "POST", `projects/${P.id}/tasks/filters`, B.master, { name: "x", filters: [] });
});

test("a saved filter as filterId: IS, IS_NOT, CONTAINS, me, a range; saved under a project it keeps all to it", async () => {
  const mine = await save(A.member, P.id, { name: "a", filters: [{ column: "title", condition: "CONTAINS", values: ["회의"] }] });
  expect(titlesOf(await api.ok<TaskBoard>(200, "GET", `tasks/initial?filterId=${mine.id}`, A.member))).toEqual(["주간 회의", "회의록 작성"].sort());
  expect(titlesOf(await api.ok<TaskBoard>(200, "GET", `projects/${Q.id}/tasks/initial?filterId=${mine.id}`, A.member))).toEqual(["나의 회의"]);
  const everywhere = await save(A.member, "all", {
    name: "b",
    filters: [{ column: "assignee", condition: "IS", values: ["me"] }, { column: "status", condition: "IS_NOT", values: ["COMPLETED"] }],
  });
  expect(titlesOf(await api.ok<TaskBoard>(200, "GET", `tasks/initial?filterId=${everywhere.id}`, A.member))).toEqual(["나의 회의", "회의록 작성"].sort());
  const week = await save(A.member, "all", { name: "c", filters: [{ column: "range", condition: "IS", values: ["THIS_WEEK"] }] });
  expect(titlesOf(await api.ok<TaskBoard>(200, "GET", `tasks/initial?filterId=${week.id}&includeNoDate=false`, A.member))).toEqual(["나의 회의", "회의록 작성"].sort());
  const notMe = await save(A.member, "all", { name: "d", filters: [{ column: "requester", condition: "IS_NOT", values: [String(A.member.id)] }, { column: "priority", condition: "IS", values: ["HIGH"] }] });
  expect(titlesOf(await api.ok<TaskBoard>(200, "GET", `tasks/initial?filterId=${notMe.id}`, A.member))).toEqual(["예산 검토"]);
  // Someone else's filter is missing to the caller.
  await api.fails(404, "flow.filter_not_found", "GET", `tasks/initial?filterId=${mine.id}`, A.master);
});

test("DELETE: only the caller's (404 flow.filter_not_found otherwise); FILTERS_MAX 409", async () => {
  const f = await save(A.master, P.id, { name: "지울 것", filters: [] });
  await api.fails(404, "flow.filter_not_found", "DELETE", `projects/${P.id}/tasks/filters/${f.id}`, A.member);
  await api.fails(404, "flow.filter_not_found", "DELETE", `projects/${Q.id}/tasks/filters/${f.id}`, A.master);
  await api.fails(404, "flow.filter_not_found", "DELETE", `projects/all/tasks/filters/x`, A.master);
  await api.fails(404, "flow.filter_not_found", "DELETE", `projects/all/tasks/filters/${f.id}`, B.master);
  await api.ok(204, "DELETE", `projects/${P.id}/tasks/filters/${f.id}`, A.master);
  await api.fails(404, "flow.filter_not_found", "DELETE", `projects/all/tasks/filters/${f.id}`, A.master);
  const g = await save(A.master, P.id, { name: "all 로 지움", filters: [] });
  await api.ok(204, "DELETE", `projects/all/tasks/filters/${g.id}`, A.master);
  for (let i = 0; i < FILTERS_MAX; i++) await save(A.other, "all", { name: `f${i}`, filters: [] });
  await api.fails(409, "flow.filters_max", "POST", `projects/all/tasks/filters`, A.other, { name: "one more", filters: [] });
});

test("FLOW_FOLDERS reaches the saver's own topic on a save, a delete and a favourite change, and no one else's", async () => {
  const published: { topic: string; event: string }[] = [];
  const publish = t.deps.realtime.publish.bind(t.deps.realtime);
  t.deps.realtime.publish = (topic, event, data) => {
    published.push({ topic, event });
    return publish(topic, event, data);
  };
  const folders = () => published.filter((p) => p.event === FLOW_FOLDERS);
  try {
    const f = await save(A.member, "all", { name: "알림 확인", filters: [] });
    expect(folders()).toEqual([{ topic: flowUserTopic(A.member.username), event: FLOW_FOLDERS }]);
    await api.ok(204, "DELETE", `projects/all/tasks/filters/${f.id}`, A.member);
    await api.fails(404, "flow.filter_not_found", "DELETE", `projects/all/tasks/filters/${f.id}`, A.member);
    await api.fails(409, "flow.filters_max", "POST", `projects/all/tasks/filters`, A.other, { name: "one more", filters: [] });
    expect(folders()).toHaveLength(2); // the refusals publish nothing
    await api.ok(200, "PUT", `projects/${P.id}/members/favorite`, A.member, { favoriteStatus: 0 });
    await api.ok(200, "PUT", `projects/${P.id}/members/favorite`, A.member, { favoriteStatus: 0 }); // no change: nothing
    expect(folders()).toEqual(Array(3).fill({ topic: flowUserTopic(A.member.username), event: FLOW_FOLDERS }));
  } finally {
    t.deps.realtime.publish = publish;
  }
});
