// Flow task groups (shared/flow/tasks.ts): GET (the default first, with counts), POST (last), PUT title, PUT move
// (one row written; the default group stays first; 409 flow.default_group_fixed for it), PUT moveToProject (edit
// on both; tasks and subtasks go along with new numbers; assignees not JOINED there dropped; 409 for the default
// group), DELETE (409 flow.group_has_tasks, 409 flow.default_group_fixed); READ 403, non-members 403, another
// company's ids 404, bad input 400.
import { beforeAll, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import type { FlowProject } from "../../shared/flow/projects.ts";
import type { FlowTask, TaskGroup } from "../../shared/flow/tasks.ts";
import { createTestApp } from "../support/test-app.ts";
import { type FlowCompany, flowCast, makeProject, makeTask } from "./support.ts";

const t = await createTestApp();
let A: FlowCompany, B: FlowCompany;
let api: Awaited<ReturnType<typeof flowCast>>["api"];
let P: FlowProject;

beforeAll(async () => {
  ({ A, B, api } = await flowCast(t, "flow-groups"));
  P = await makeProject(t, A.master, { title: "그룹 시험", members: [A.member] });
});

const list = (p = P.id, who = A.member) => api.ok<TaskGroup[]>(200, "GET", `projects/${p}/groups`, who);
const names = (gs: TaskGroup[]) => gs.map((g) => g.title);

/** Rows of flow_groups whose xmin changed: the rows a statement wrote. */
async function written(projectId: number, run: () => Promise<unknown>): Promise<number> {
  const before = await t.deps.db.execute<{ id: string; x: string }>(sql`select id, xmin::text as x from flow_groups where project_id = ${projectId}`);
  await run();
  const after = await t.deps.db.execute<{ id: string; x: string }>(sql`select id, xmin::text as x from flow_groups where project_id = ${projectId}`);
  const was = new Map(before.map((r) => [r.id, r.x]));
  return after.filter((r) => was.get(r.id) !== r.x).length;
}

test("GET, POST, PUT title: the default first, new groups last, counts of top-level tasks", async () => {
  expect(await list()).toEqual([{ id: expect.any(Number), projectId: P.id, title: "default", sortOrder: "a0", isDefault: true, taskCount: 0 }]);
  const a = await api.ok<TaskGroup>(201, "POST", `projects/${P.id}/groups`, A.member, { title: " 기획 " });
  expect(a).toMatchObject({ projectId: P.id, title: "기획", isDefault: false, taskCount: 0 });
  await api.ok(201, "POST", `projects/${P.id}/groups`, A.member, { title: "개발" });
  await api.ok(201, "POST", `projects/${P.id}/groups`, A.member, { title: "검수" });
  expect(names(await list())).toEqual(["default", "기획", "개발", "검수"]);
  const task = await makeTask(t, A.master, P.id, { title: "기획서", groupId: a.id });
  await makeTask(t, A.master, P.id, { title: "하위", parentId: task.id });
  expect((await list()).find((g) => g.id === a.id)!.taskCount).toBe(1);
  expect((await api.ok<TaskGroup>(200, "PUT", `projects/${P.id}/groups/${a.id}/title`, A.member, { title: "기획 단계" })).title).toBe("기획 단계");
  await api.fails(400, "common.validation", "POST", `projects/${P.id}/groups`, A.member, { title: "" });
  await api.fails(400, "common.validation", "PUT", `projects/${P.id}/groups/${a.id}/title`, A.member, { title: "x".repeat(101) });
  await api.fails(404, "flow.group_not_found", "PUT", `projects/${P.id}/groups/999999/title`, A.member, { title: "x" });
  await api.fails(404, "flow.group_not_found", "PUT", `projects/${P.id}/groups/x/title`, A.member, { title: "x" });
});

test("PUT move: one row written; before the default group is after it; the default group 409", async () => {
  const gs = await list();
  const [def, plan, dev, qa] = gs;
  expect(await written(P.id, () => api.ok(200, "PUT", `projects/${P.id}/groups/${qa.id}/move`, A.member, { targetGroupId: plan.id, position: "BEFORE" }))).toBe(1);
  expect(names(await list())).toEqual(["default", "검수", "기획 단계", "개발"]);
  const after = await api.ok<TaskGroup[]>(200, "PUT", `projects/${P.id}/groups/${plan.id}/move`, A.member, { targetGroupId: dev.id, position: "AFTER" });
  expect(names(after)).toEqual(["default", "검수", "개발", "기획 단계"]);
  await api.ok(200, "PUT", `projects/${P.id}/groups/${dev.id}/move`, A.member, { targetGroupId: def.id, position: "BEFORE" });
  expect(names(await list())).toEqual(["default", "개발", "검수", "기획 단계"]);
  await api.fails(409, "flow.default_group_fixed", "PUT", `projects/${P.id}/groups/${def.id}/move`, A.member, { targetGroupId: dev.id, position: "AFTER" });
  await api.fails(400, "common.validation", "PUT", `projects/${P.id}/groups/${dev.id}/move`, A.member, { targetGroupId: qa.id, position: "UNDER" });
  await api.fails(404, "flow.group_not_found", "PUT", `projects/${P.id}/groups/${dev.id}/move`, A.member, { targetGroupId: 999999, position: "AFTER" });
});

test("DELETE: an empty group 204; with tasks 409 flow.group_has_tasks; the default group 409", async () => {
  const gs = await list();
  const empty = await api.ok<TaskGroup>(201, "POST", `projects/${P.id}/groups`, A.member, { title: "빈 그룹" });
  await api.ok(204, "DELETE", `projects/${P.id}/groups/${empty.id}`, A.member);
  await api.fails(409, "flow.group_has_tasks", "DELETE", `projects/${P.id}/groups/${gs.find((g) => g.title === "기획 단계")!.id}`, A.member);
  await api.fails(409, "flow.default_group_fixed", "DELETE", `projects/${P.id}/groups/${gs[0].id}`, A.member);
  await api.fails(404, "flow.group_not_found", "DELETE", `projects/${P.id}/groups/${empty.id}`, A.member);
});

test("PUT moveToProject: the group goes last with its tasks and subtasks, new numbers, assignees not joined there dropped", async () => {
  const target = await makeProject(t, A.master, { title: "옮길 곳" });
  await makeTask(t, A.master, target.id, { title: "원래 있던 업무" });
  const g = await api.ok<TaskGroup>(201, "POST", `projects/${P.id}/groups`, A.master, { title: "옮길 그룹" });
  const parent = await makeTask(t, A.master, P.id, { title: "옮길 업무", groupId: g.id, assignees: [A.master.id, A.member.id], status: "IN_PROGRESS" });
  const sub = await makeTask(t, A.master, P.id, { title: "옮길 하위", parentId: parent.id });
  // 이멤버 is not in the target: 403 for them; the default group 409.
  await api.fails(403, "flow.not_member", "PUT", `projects/${P.id}/groups/${g.id}/moveToProject`, A.member, { targetProjectId: target.id });
  await api.fails(409, "flow.default_group_fixed", "PUT", `projects/${P.id}/groups/${(await list())[0].id}/moveToProject`, A.master, { targetProjectId: target.id });
  const moved = await api.ok<TaskGroup>(200, "PUT", `projects/${P.id}/groups/${g.id}/moveToProject`, A.master, { targetProjectId: target.id });
  expect(moved).toMatchObject({ id: g.id, projectId: target.id, title: "옮길 그룹", taskCount: 1 });
  expect(names(await list(target.id, A.master))).toEqual(["default", "옮길 그룹"]);
  expect(names(await list())).not.toContain("옮길 그룹");
  const p2 = await api.ok<FlowTask>(200, "GET", `projects/${target.id}/tasks/${parent.id}`, A.master);
  expect(p2).toMatchObject({ projectId: target.id, groupId: g.id, projectTitle: "옮길 곳", taskRegistrationOrder: 2, subCnt: 1, status: "IN_PROGRESS" });
  expect(p2.assignees.map((a) => a.userId)).toEqual([A.master.id]);
  expect(p2.subTasks!.map((s) => [s.id, s.projectId, s.taskRegistrationOrder])).toEqual([[sub.id, target.id, 3]]);
  await api.fails(404, "flow.task_not_found", "GET", `projects/${P.id}/tasks/${parent.id}`, A.master);
  const [{ n }] = await t.deps.db.execute<{ n: string }>(sql`select count(*) as n from flow_task_assignees where project_id <> ${target.id} and task_id = ${parent.id}`);
  expect(Number(n)).toBe(0);
  // Another company's project is missing.
  const bp = await makeProject(t, B.master, { title: "B" });
  await api.fails(404, "flow.project_not_found", "PUT", `projects/${target.id}/groups/${g.id}/moveToProject`, A.master, { targetProjectId: bp.id });
  await api.fails(400, "common.validation", "PUT", `projects/${target.id}/groups/${g.id}/moveToProject`, A.master, { targetProjectId: "x" });
});

test("permissions: READ 403 flow.no_permission, non-members 403 flow.not_member, another company 404", async () => {
  const q = await makeProject(t, A.master, { title: "권한", members: [A.other] });
  await api.ok(200, "PUT", `projects/${q.id}/members/authority`, A.master, { memberId: A.other.id, authority: "READ" });
  const [def] = await list(q.id, A.other);
  await api.fails(403, "flow.no_permission", "POST", `projects/${q.id}/groups`, A.other, { title: "x" });
  await api.fails(403, "flow.no_permission", "PUT", `projects/${q.id}/groups/${def.id}/title`, A.other, { title: "x" });
  await api.fails(403, "flow.no_permission", "DELETE", `projects/${q.id}/groups/${def.id}`, A.other);
  await api.fails(403, "flow.not_member", "GET", `projects/${q.id}/groups`, A.member);
  await api.fails(404, "flow.project_not_found", "GET", `projects/${q.id}/groups`, B.master);
  await api.fails(404, "flow.project_not_found", "POST", `projects/${q.id}/groups`, B.master, { title: "x" });
  // A group of another project is missing in this one.
  await api.fails(404, "flow.group_not_found", "PUT", `projects/${P.id}/groups/${def.id}/title`, A.master, { title: "x" });
});
