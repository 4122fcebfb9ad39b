// Flow task moves (shared/flow/tasks.ts): PUT tasks/{t}/move/LIST (beside a task: its group becomes the
// target's; into a group: last) and move/KANBAN (beside a task or into a status: the status becomes the lane's,
// completedTime set or cleared), each writing only the moved task's row; 409 flow.subtask_move for a subtask;
// PUT tasks/project-group (edit on both; subtasks along; assignees not JOINED there dropped; 409 for a subtask).
import { beforeAll, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import type { FlowProject } from "../../shared/flow/projects.ts";
import type { FlowTask, TaskBoard, TaskGroup } from "../../shared/flow/tasks.ts";
import { createTestApp } from "../support/test-app.ts";
import { type FlowCompany, flowCast, makeProject, makeTask } from "./support.ts";

const t = await createTestApp();
let A: FlowCompany, B: FlowCompany;
let api: Awaited<ReturnType<typeof flowCast>>["api"];
let P: FlowProject;
let def: TaskGroup, second: TaskGroup;
let tasks: FlowTask[];

const NOW = Date.parse("2025-06-10T01:00:00Z");

beforeAll(async () => {
  t.clock.set(NOW);
  ({ A, B, api } = await flowCast(t, "flow-moves"));
  P = await makeProject(t, A.master, { title: "이동", members: [A.member] });
  second = await api.ok<TaskGroup>(201, "POST", `projects/${P.id}/groups`, A.master, { title: "둘째" });
  [def] = await api.ok<TaskGroup[]>(200, "GET", `projects/${P.id}/groups`, A.master);
  tasks = await api.ok<FlowTask[]>(201, "POST", `projects/${P.id}/tasks/bulk`, A.master, { titles: ["가", "나", "다", "라"] });
});

/** flow_tasks rows whose xmin changed while `run` ran: the rows it wrote. */
async function written(run: () => Promise<unknown>): Promise<number> {
  const snap = async () => new Map((await t.deps.db.execute<{ id: string; x: string }>(sql`select id, xmin::text as x from flow_tasks`)).map((r) => [r.id, r.x]));
  const before = await snap();
  await run();
  const after = await snap();
  return [...after].filter(([id, x]) => before.get(id) !== x).length;
}

const order = async (view: "LIST" | "KANBAN") => {
  const b = await api.ok<TaskBoard>(200, "GET", `projects/${P.id}/tasks/initial?viewType=${view}`, A.member);
  return b.lanes.map((l) => [view === "LIST" ? l.title : l.status, l.tasks.map((x) => x.title)]);
};
const move = (view: string, id: number, b: Record<string, unknown>) => api.ok<FlowTask>(200, "PUT", `projects/${P.id}/tasks/${id}/move/${view}`, A.member, b);

test("LIST: beside a task and into a group, one row written each", async () => {
  const [ga, , gc, gd] = tasks;
  expect(await written(() => move("LIST", gd.id, { targetId: ga.id, position: "BEFORE" }))).toBe(1);
  expect(await order("LIST")).toEqual([["default", ["라", "가", "나", "다"]], ["둘째", []]]);
  expect(await written(() => move("LIST", gd.id, { targetId: gc.id, position: "AFTER" }))).toBe(1);
  expect(await order("LIST")).toEqual([["default", ["가", "나", "다", "라"]], ["둘째", []]]);
  const moved = await move("LIST", ga.id, { targetGroupId: second.id, position: "INSIDE" });
  expect(moved.groupId).toBe(second.id);
  expect(await written(() => move("LIST", gc.id, { targetId: ga.id, position: "BEFORE" }))).toBe(1);
  expect(await order("LIST")).toEqual([["default", ["나", "라"]], ["둘째", ["다", "가"]]]);
  // Back between 나 and 라.
  await move("list", gc.id, { targetId: tasks[1].id, position: "AFTER" });
  await move("LIST", ga.id, { targetId: tasks[1].id, position: "BEFORE" });
  expect(await order("LIST")).toEqual([["default", ["가", "나", "다", "라"]], ["둘째", []]]);
});

test("KANBAN: beside a task or into a lane; the status follows and completedTime with it", async () => {
  const [ga, gb, , gd] = tasks;
  let m!: FlowTask;
  expect(await written(async () => (m = await move("KANBAN", gb.id, { targetStatus: "COMPLETED" })))).toBe(1);
  expect(m).toMatchObject({ status: "COMPLETED", completedTimeMillis: NOW });
  expect(await written(() => move("KANBAN", gd.id, { targetId: gb.id, position: "BEFORE" }))).toBe(1);
  expect((await order("KANBAN"))[3]).toEqual(["COMPLETED", ["라", "나"]]);
  m = await move("KANBAN", gd.id, { targetId: ga.id, position: "AFTER" });
  expect(m).toMatchObject({ status: "REQUESTED", completedTimeMillis: null });
  expect((await order("KANBAN"))[0]).toEqual(["REQUESTED", ["가", "라", "다"]]);
  // The list order is untouched by the kanban.
  expect((await order("LIST"))[0]).toEqual(["default", ["가", "나", "다", "라"]]);
});

test("errors: a subtask 409 flow.subtask_move, a target subtask 409, no target 400, a view 400, missing 404", async () => {
  const sub = await makeTask(t, A.master, P.id, { title: "하위", parentId: tasks[0].id });
  await api.fails(409, "flow.subtask_move", "PUT", `projects/${P.id}/tasks/${sub.id}/move/LIST`, A.member, { targetId: tasks[1].id, position: "AFTER" });
  await api.fails(409, "flow.subtask_move", "PUT", `projects/${P.id}/tasks/${sub.id}/move/KANBAN`, A.member, { targetStatus: "COMPLETED" });
  await api.fails(409, "flow.subtask_move", "PUT", `projects/${P.id}/tasks/${tasks[1].id}/move/LIST`, A.member, { targetId: sub.id, position: "AFTER" });
  await api.fails(400, "common.validation", "PUT", `projects/${P.id}/tasks/${tasks[1].id}/move/LIST`, A.member, {});
  await api.fails(400, "common.validation", "PUT", `projects/${P.id}/tasks/${tasks[1].id}/move/GANTT`, A.member, { targetStatus: "COMPLETED" });
  await api.fails(400, "common.validation", "PUT", `projects/${P.id}/tasks/${tasks[1].id}/move/KANBAN`, A.member, { targetStatus: "DONE" });
  await api.fails(404, "flow.task_not_found", "PUT", `projects/${P.id}/tasks/${tasks[1].id}/move/LIST`, A.member, { targetId: 999999, position: "AFTER" });
  await api.fails(404, "flow.group_not_found", "PUT", `projects/${P.id}/tasks/${tasks[1].id}/move/LIST`, A.member, { targetGroupId: 999999 });
  await api.fails(403, "flow.not_member", "PUT", `projects/${P.id}/tasks/${tasks[1].id}/move/LIST`, A.other, { targetGroupId: second.id });
  await api.fails(404, "flow.project_not_found", "PUT", `projects/${P.id}/tasks/${tasks[1].id}/move/LIST`, B.master, { targetGroupId: second.id });
});

test("PUT project-group: into another project's group with subtasks; assignees not joined there dropped", async () => {
  const target = await makeProject(t, A.master, { title: "다른 곳", members: [A.other] });
  const [tg] = await api.ok<TaskGroup[]>(200, "GET", `projects/${target.id}/groups`, A.master);
  const x = await makeTask(t, A.master, P.id, { title: "보낼 업무", assignees: [A.master.id, A.member.id], status: "FEEDBACK" });
  const s = await makeTask(t, A.master, P.id, { title: "보낼 하위", parentId: x.id, assignees: [A.member.id] });
  // 이멤버 has no right in the target.
  await api.fails(403, "flow.not_member", "PUT", `projects/${P.id}/tasks/project-group`, A.member, { targetProjectId: target.id, targetGroupId: tg.id, taskIds: [x.id] });
  await api.fails(409, "flow.subtask_move", "PUT", `projects/${P.id}/tasks/project-group`, A.master, { targetProjectId: target.id, targetGroupId: tg.id, taskIds: [s.id] });
  await api.fails(404, "flow.group_not_found", "PUT", `projects/${P.id}/tasks/project-group`, A.master, { targetProjectId: target.id, targetGroupId: def.id, taskIds: [x.id] });
  await api.fails(400, "common.validation", "PUT", `projects/${P.id}/tasks/project-group`, A.master, { targetProjectId: target.id, targetGroupId: tg.id, taskIds: [] });
  const [moved] = await api.ok<FlowTask[]>(200, "PUT", `projects/${P.id}/tasks/project-group`, A.master, { targetProjectId: target.id, targetGroupId: tg.id, taskIds: [x.id] });
  expect(moved).toMatchObject({ projectId: target.id, groupId: tg.id, status: "FEEDBACK", taskRegistrationOrder: 1, subCnt: 1 });
  expect(moved.assignees.map((a) => a.userId)).toEqual([A.master.id]);
  const sub = await api.ok<FlowTask>(200, "GET", `projects/${target.id}/tasks/${s.id}`, A.master);
  expect(sub).toMatchObject({ projectId: target.id, groupId: tg.id, parentId: x.id, assignees: [] });
  // Within the project: another group, last.
  const [again] = await api.ok<FlowTask[]>(200, "PUT", `projects/${P.id}/tasks/project-group`, A.master, { targetProjectId: P.id, targetGroupId: second.id, taskIds: [tasks[3].id] });
  expect(again).toMatchObject({ projectId: P.id, groupId: second.id, taskRegistrationOrder: tasks[3].taskRegistrationOrder });
});
