// Flow tasks (shared/flow/tasks.ts): POST tasks (REQUESTED, NORMAL, progress 0, the caller the requester,
// taskRegistrationOrder in turn, last of its group and status lane, a subtask in its parent's group with the
// parent's subCnt, a subtask's subtask 409 flow.subtask_move, assignees JOINED only 400 flow.assignee_invalid,
// 409 flow.start_after_due), bulk, copy, every field PUT (with the date rules by code), GET one with its
// details, sub, DELETE tasks (with subtasks) and tasks/all; READ members 403 flow.no_permission, non-members
// 403 flow.not_member, another company's ids 404, bad input 400 common.validation.
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
let groups: TaskGroup[];

// Tuesday 2025-06-10 10:00 in Seoul.
const NOW = Date.parse("2025-06-10T01:00:00Z");

beforeAll(async () => {
  t.clock.set(NOW);
  ({ A, B, api } = await flowCast(t, "flow-tasks"));
  P = await makeProject(t, A.master, { title: "신제품 출시", members: [A.member] });
  await api.ok(201, "POST", `projects/${P.id}/groups`, A.master, { title: "디자인" });
  groups = await api.ok<TaskGroup[]>(200, "GET", `projects/${P.id}/groups`, A.master);
});

test("POST tasks: the defaults, numbering, keys last of the group and the status lane", async () => {
  const a = await makeTask(t, A.master, P.id, { title: "  시장 조사  " });
  expect(a).toMatchObject({
    projectId: P.id,
    projectTitle: "신제품 출시",
    groupId: groups[0].id,
    parentId: 0,
    title: "시장 조사",
    content: "",
    contentType: "text/html",
    status: "REQUESTED",
    priority: "NORMAL",
    progress: 0,
    assignees: [],
    requester: { userId: A.master.id, name: "김마스" },
    startDate: null,
    dueDate: null,
    completedTimeMillis: null,
    subCnt: 0,
    commentCnt: 0,
    fileCnt: 0,
    mailId: null,
    createdTime: NOW,
    updatedTime: NOW,
  });
  const b = await makeTask(t, A.member, P.id, {
    title: "시안 작성",
    groupId: groups[1].id,
    status: "COMPLETED",
    priority: "HIGH",
    content: '<p onclick="x()">초안<script>alert(1)</script></p>',
    assignees: [A.member.id, A.master.id, A.member.id],
    startDate: "2025-06-09",
    dueDate: "2025-06-13",
  });
  expect(b.taskRegistrationOrder).toBe(a.taskRegistrationOrder + 1);
  expect(b).toMatchObject({
    groupId: groups[1].id,
    status: "COMPLETED",
    completedTimeMillis: NOW,
    priority: "HIGH",
    content: "<p>초안</p>",
    startDate: "2025-06-09",
    dueDate: "2025-06-13",
    startDateTimeMillis: Date.parse("2025-06-09T00:00:00Z"),
    dueDateTimeMillis: Date.parse("2025-06-13T00:00:00Z"),
  });
  expect(b.assignees.map((x) => x.name).sort()).toEqual(["김마스", "이멤버"]);
  const c = await makeTask(t, A.master, P.id, { title: "세 번째" });
  expect(c.listSortOrder > a.listSortOrder).toBe(true);
  expect(c.kanbanSortOrder > a.kanbanSortOrder).toBe(true);
});

test("POST tasks: a subtask goes in its parent's group and counts; a subtask's subtask 409; the errors by code", async () => {
  const parent = await makeTask(t, A.master, P.id, { title: "부모", groupId: groups[1].id });
  const sub = await makeTask(t, A.member, P.id, { title: "자식", parentId: parent.id, groupId: groups[0].id });
  expect(sub).toMatchObject({ parentId: parent.id, groupId: groups[1].id });
  const again = await api.ok<FlowTask>(200, "GET", `projects/${P.id}/tasks/${parent.id}`, A.master);
  expect(again.subCnt).toBe(1);
  expect(again.subTasks!.map((s) => s.title)).toEqual(["자식"]);
  expect((await api.ok<FlowTask[]>(200, "GET", `projects/${P.id}/tasks/sub/${parent.id}`, A.member)).map((s) => s.id)).toEqual([sub.id]);
  await api.fails(409, "flow.subtask_move", "POST", `projects/${P.id}/tasks`, A.master, { title: "손자", parentId: sub.id });
  await api.fails(409, "flow.start_after_due", "POST", `projects/${P.id}/tasks`, A.master, { title: "x", startDate: "2025-06-20", dueDate: "2025-06-19" });
  const bad = await api.fails(400, "flow.assignee_invalid", "POST", `projects/${P.id}/tasks`, A.master, { title: "x", assignees: [A.other.id] });
  expect(bad.params).toEqual({ userId: A.other.id });
  await api.fails(400, "flow.assignee_invalid", "POST", `projects/${P.id}/tasks`, A.master, { title: "x", assignees: [B.member.id] });
  await api.fails(404, "flow.task_not_found", "POST", `projects/${P.id}/tasks`, A.master, { title: "x", parentId: 999999 });
  await api.fails(404, "flow.group_not_found", "POST", `projects/${P.id}/tasks`, A.master, { title: "x", groupId: 999999 });
  await api.fails(400, "common.validation", "POST", `projects/${P.id}/tasks`, A.master, { title: "   " });
  await api.fails(400, "common.validation", "POST", `projects/${P.id}/tasks`, A.master, { title: "x", status: "DONE" });
  await api.fails(400, "common.validation", "POST", `projects/${P.id}/tasks`, A.master, { title: "x", startDate: "2025-02-30" });
  await api.fails(400, "common.validation", "POST", `projects/${P.id}/tasks`, A.master, { title: "x".repeat(301) });
});

test("permissions: READ 403 flow.no_permission on changes, non-members 403 flow.not_member, another company 404", async () => {
  const q = await makeProject(t, A.master, { title: "읽기 전용", members: [A.member, A.other] });
  await api.ok(200, "PUT", `projects/${q.id}/members/authority`, A.master, { memberId: A.other.id, authority: "READ" });
  const task = await makeTask(t, A.master, q.id, { title: "읽기만" });
  await api.fails(403, "flow.no_permission", "POST", `projects/${q.id}/tasks`, A.other, { title: "x" });
  await api.fails(403, "flow.no_permission", "PUT", `projects/${q.id}/tasks/${task.id}/title`, A.other, { title: "x" });
  await api.fails(403, "flow.no_permission", "DELETE", `projects/${q.id}/tasks`, A.other, { taskIds: [task.id] });
  await api.fails(403, "flow.no_permission", "POST", `projects/${q.id}/tasks/bulk`, A.other, { titles: ["x"] });
  expect((await api.ok<FlowTask>(200, "GET", `projects/${q.id}/tasks/${task.id}`, A.other)).title).toBe("읽기만");
  // 박동료 is not in P.
  await api.fails(403, "flow.not_member", "GET", `projects/${P.id}/tasks/${task.id}`, A.other);
  await api.fails(403, "flow.not_member", "POST", `projects/${P.id}/tasks`, A.other, { title: "x" });
  await api.fails(403, "flow.not_member", "GET", `projects/${P.id}/tasks/initial`, A.other);
  // Another company: the project is missing to them; a task of another project is missing in this one.
  await api.fails(404, "flow.project_not_found", "GET", `projects/${P.id}/tasks/${task.id}`, B.master);
  await api.fails(404, "flow.project_not_found", "POST", `projects/${P.id}/tasks`, B.master, { title: "x" });
  await api.fails(404, "flow.task_not_found", "GET", `projects/${P.id}/tasks/${task.id}`, A.master);
  await api.fails(404, "flow.task_not_found", "GET", `projects/${P.id}/tasks/abc`, A.master);
  await api.fails(404, "flow.project_not_found", "GET", `projects/x1/tasks/initial`, A.master);
  const bp = await makeProject(t, B.master, { title: "B 프로젝트" });
  const bt = await makeTask(t, B.master, bp.id, { title: "B 업무" });
  await api.fails(404, "flow.task_not_found", "PUT", `projects/${P.id}/tasks/${bt.id}/title`, A.master, { title: "x" });
  await api.fails(404, "flow.task_not_found", "DELETE", `projects/${P.id}/tasks`, A.master, { taskIds: [bt.id] });
  await api.fails(404, "flow.task_not_found", "POST", `projects/${P.id}/tasks/copy`, A.master, { taskIds: [bt.id] });
});

test("PUT fields: each answers the task; status sets and clears completedTime; the date rules by code", async () => {
  const x = await makeTask(t, A.master, P.id, { title: "필드" });
  const at = (f: string, b: Record<string, unknown>, who = A.member) => api.ok<FlowTask>(200, "PUT", `projects/${P.id}/tasks/${x.id}/${f}`, who, b);
  t.clock.set(NOW + 60_000);
  expect((await at("title", { title: "필드 변경" })).title).toBe("필드 변경");
  const done = await at("status", { status: "COMPLETED" });
  expect(done).toMatchObject({ status: "COMPLETED", completedTimeMillis: NOW + 60_000, updatedTime: NOW + 60_000 });
  expect(done.kanbanSortOrder).not.toBe(x.kanbanSortOrder);
  t.clock.set(NOW + 120_000);
  expect((await at("status", { status: "COMPLETED" })).completedTimeMillis).toBe(NOW + 60_000);
  expect((await at("status", { status: "ON_HOLD" })).completedTimeMillis).toBeNull();
  expect((await at("priority", { priority: "URGENT" })).priority).toBe("URGENT");
  expect(await at("content", { content: "<b>굵게</b><img src=x onerror=alert(1)>" })).toMatchObject({ content: "<b>굵게</b>", contentType: "text/html" });
  expect(await at("content", { content: "<b>그대로</b>", contentType: "text/plain" })).toMatchObject({ content: "<b>그대로</b>", contentType: "text/plain" });
  expect((await at("group", { groupId: groups[1].id })).groupId).toBe(groups[1].id);
  expect((await at("assignees", { userId: [A.member.id] })).assignees).toEqual([{ userId: A.member.id, name: "이멤버" }]);
  expect((await at("assignees", { userId: [] })).assignees).toEqual([]);
  const form = await t.call("PUT", `/api/flow/projects/${P.id}/tasks/${x.id}/assignees`, { token: A.member.token, form: { userId: [A.master.id, A.member.id] } });
  expect(form.status).toBe(200);
  expect(form.body.assignees).toHaveLength(2);
  await api.fails(400, "flow.assignee_invalid", "PUT", `projects/${P.id}/tasks/${x.id}/assignees`, A.member, { userId: [A.other.id] });
  expect((await at("range-date", { startDate: "2025-06-02", dueDate: "2025-06-05" })).dueDate).toBe("2025-06-05");
  await api.fails(409, "flow.start_after_due", "PUT", `projects/${P.id}/tasks/${x.id}/start-date`, A.member, { startDate: "2025-06-06" });
  await api.fails(409, "flow.due_before_start", "PUT", `projects/${P.id}/tasks/${x.id}/due-date`, A.member, { dueDate: "2025-06-01" });
  await api.fails(409, "flow.start_after_due", "PUT", `projects/${P.id}/tasks/${x.id}/range-date`, A.member, { startDate: "2025-06-06", dueDate: "2025-06-05" });
  expect((await at("start-date", { startDate: "2025-06-05" })).startDate).toBe("2025-06-05");
  expect((await at("due-date", { dueDate: "" })).dueDate).toBeNull();
  expect((await at("start-date", { startDate: "2025-07-01" })).startDate).toBe("2025-07-01");
  expect((await at("completed-date", { completedDate: "2025-06-03" })).completedTimeMillis).toBe(Date.parse("2025-06-03T00:00:00Z"));
  expect((await at("completed-date", { completedDate: "" })).completedTimeMillis).toBeNull();
  expect((await at("progress", { progress: "40" })).progress).toBe(40);
  await api.fails(400, "common.validation", "PUT", `projects/${P.id}/tasks/${x.id}/progress`, A.member, { progress: 101 });
  await api.fails(400, "common.validation", "PUT", `projects/${P.id}/tasks/${x.id}/start-date`, A.member, { startDate: "6월 5일" });
  await api.fails(400, "common.validation", "PUT", `projects/${P.id}/tasks/${x.id}/title`, A.member, {});
  await api.fails(404, "flow.group_not_found", "PUT", `projects/${P.id}/tasks/${x.id}/group`, A.member, { groupId: 999999 });
  const r = await t.call("PUT", `/api/flow/projects/${P.id}/tasks/${x.id}/colour`, { token: A.member.token, json: {} });
  expect(r.status).toBe(404);
  // A subtask stays in its parent's group.
  const sub = await makeTask(t, A.master, P.id, { title: "하위", parentId: x.id });
  await api.fails(409, "flow.subtask_move", "PUT", `projects/${P.id}/tasks/${sub.id}/group`, A.member, { groupId: groups[0].id });
  // The parent's move to another group takes its subtasks along.
  expect((await at("group", { groupId: groups[0].id })).groupId).toBe(groups[0].id);
  expect((await api.ok<FlowTask>(200, "GET", `projects/${P.id}/tasks/${sub.id}`, A.member)).groupId).toBe(groups[0].id);
  t.clock.set(NOW);
});

test("POST bulk: titles in order into one group with the status, assignees and start", async () => {
  const list = await api.ok<FlowTask[]>(201, "POST", `projects/${P.id}/tasks/bulk`, A.member, {
    titles: ["하나", "둘", "셋"],
    groupId: groups[1].id,
    status: "IN_PROGRESS",
    assignees: [A.master.id],
    startDate: "2025-06-11",
  });
  expect(list.map((x) => x.title)).toEqual(["하나", "둘", "셋"]);
  expect(list.every((x) => x.groupId === groups[1].id && x.status === "IN_PROGRESS" && x.startDate === "2025-06-11" && x.assignees[0]?.userId === A.master.id)).toBe(true);
  expect(list[0].listSortOrder < list[1].listSortOrder && list[1].listSortOrder < list[2].listSortOrder).toBe(true);
  expect(list[1].taskRegistrationOrder).toBe(list[0].taskRegistrationOrder + 1);
  await api.fails(400, "common.validation", "POST", `projects/${P.id}/tasks/bulk`, A.member, { titles: [] });
  await api.fails(400, "flow.assignee_invalid", "POST", `projects/${P.id}/tasks/bulk`, A.member, { titles: ["x"], assignees: [A.other.id] });
});

test("POST copy: title, content, priority, assignees and group; REQUESTED, today to 7 days on; nothing else", async () => {
  const src = await makeTask(t, A.master, P.id, {
    title: "원본", groupId: groups[1].id, status: "FEEDBACK", priority: "LOW", content: "<p>본문</p>", assignees: [A.member.id], startDate: "2025-01-01",
  });
  await api.ok(201, "POST", `projects/${P.id}/tasks/${src.id}/comments`, A.master, { content: "댓글" });
  await api.ok(201, "POST", `projects/${P.id}/tasks/${src.id}/checklist`, A.master, { title: "항목" });
  await makeTask(t, A.master, P.id, { title: "원본의 하위", parentId: src.id });
  const [copy] = await api.ok<FlowTask[]>(201, "POST", `projects/${P.id}/tasks/copy`, A.member, { taskIds: [src.id] });
  expect(copy).toMatchObject({
    title: "원본", groupId: groups[1].id, status: "REQUESTED", priority: "LOW", startDate: "2025-06-10", dueDate: "2025-06-17",
    subCnt: 0, commentCnt: 0, checklistCnt: 0, requester: { userId: A.member.id },
  });
  expect(copy.id).not.toBe(src.id);
  expect(copy.assignees.map((a) => a.userId)).toEqual([A.member.id]);
  const full = await api.ok<FlowTask>(200, "GET", `projects/${P.id}/tasks/${copy.id}`, A.member);
  expect(full.content).toBe("<p>본문</p>");
  expect(full.comments).toEqual([]);
  expect(full.subTasks).toEqual([]);
});

test("DELETE tasks: with their subtasks; a parent keeps its count; tasks/all empties a group", async () => {
  const parent = await makeTask(t, A.master, P.id, { title: "지울 부모" });
  const s1 = await makeTask(t, A.master, P.id, { title: "하위 1", parentId: parent.id });
  const s2 = await makeTask(t, A.master, P.id, { title: "하위 2", parentId: parent.id });
  await t.call("DELETE", `/api/flow/projects/${P.id}/tasks`, { token: A.member.token, json: { taskIds: [s1.id] } }).then((r) => expect(r.status).toBe(204));
  expect((await api.ok<FlowTask>(200, "GET", `projects/${P.id}/tasks/${parent.id}`, A.member)).subCnt).toBe(1);
  await api.ok(204, "DELETE", `projects/${P.id}/tasks`, A.member, { taskIds: [parent.id] });
  await api.fails(404, "flow.task_not_found", "GET", `projects/${P.id}/tasks/${s2.id}`, A.member);
  await api.fails(400, "common.validation", "DELETE", `projects/${P.id}/tasks`, A.member, { taskIds: [] });

  const g = await api.ok<TaskGroup>(201, "POST", `projects/${P.id}/groups`, A.master, { title: "비울 그룹" });
  const a = await makeTask(t, A.master, P.id, { title: "a", groupId: g.id });
  await makeTask(t, A.master, P.id, { title: "a-1", parentId: a.id });
  await makeTask(t, A.master, P.id, { title: "b", groupId: g.id });
  const keep = await makeTask(t, A.master, P.id, { title: "남는 것" });
  await api.ok(204, "DELETE", `projects/${P.id}/tasks/all`, A.member, { groupId: g.id });
  const [{ n }] = await t.deps.db.execute<{ n: string }>(sql`select count(*) as n from flow_tasks where group_id = ${g.id}`);
  expect(Number(n)).toBe(0);
  expect((await api.ok<FlowTask>(200, "GET", `projects/${P.id}/tasks/${keep.id}`, A.member)).title).toBe("남는 것");
  await api.fails(404, "flow.group_not_found", "DELETE", `projects/${P.id}/tasks/all`, A.member, { groupId: 999999 });
  await api.ok(204, "DELETE", `projects/${P.id}/groups/${g.id}`, A.master);
});

test("GET one: the whole task with subtasks, checklist, comments and files; FLOW_CHANGED after a change", async () => {
  const events: unknown[] = [];
  const publish = t.deps.realtime.publish;
  t.deps.realtime.publish = async (topic, event, data) => {
    events.push({ topic, event, data });
    return await publish.call(t.deps.realtime, topic, event, data);
  };
  try {
    const x = await makeTask(t, A.master, P.id, { title: "상세", content: "<p>내용</p>" });
    const full = await api.ok<FlowTask>(200, "GET", `projects/${P.id}/tasks/${x.id}`, A.member);
    expect(full).toMatchObject({ content: "<p>내용</p>", checklist: [], comments: [], files: [], subTasks: [] });
    expect(events).toContainEqual({
      topic: `/topic/flow/company/${A.co.companyId}`,
      event: "FLOW_CHANGED",
      data: { projectId: P.id, kind: "task", taskIds: String(x.id), byUserId: A.master.id },
    });
  } finally {
    t.deps.realtime.publish = publish;
  }
});
