// New tasks (shared/flow/tasks.ts POST tasks, tasks/bulk, tasks/copy; 002 §4 "REQUESTED (default), NORMAL,
// progress 0", §9 "copied tasks start today, are due in 7 days and have status REQUESTED"). Under the project
// row's lock: taskRegistrationOrder from flow_projects.task_seq, TASKS_MAX, and keys last of the group (LIST)
// and of the status lane (KANBAN); a subtask is last among its parent's, in the parent's group, and the
// parent's sub_cnt counts it. The requester is the caller.
import type { z } from "zod";
import type { Tx } from "../../../../db/client.ts";
import { COPY_DUE_DAYS, TASKS_MAX, type TaskStatus } from "../../../../shared/flow/constants.ts";
import { FLOW_ERRORS } from "../../../../shared/flow/errors.ts";
import type { bulkBody, createTaskBody, FlowTask, taskIdsBody } from "../../../../shared/flow/tasks.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { requireEdit } from "../access.ts";
import { publishFlowChanged } from "../realtime.ts";
import { noticeAssigned } from "../notices.ts";
import { addDays, dayOf } from "./days.ts";
import * as repo from "./repo.ts";
import {
  checkedAssignees, checkStartBeforeDue, completedFor, contentOf, dayValue, keysLast, requireGroup, requireTask,
  subtaskMove, taskNotFound, titleVector,
} from "./rules.ts";

export interface NewTask {
  title: string;
  content: string;
  contentType: "text/html" | "text/plain";
  status: TaskStatus;
  priority: string;
  startDate: string | null;
  dueDate: string | null;
  assignees: number[];
}

/**
 * Inserts tasks into one group (or under one parent), last of their lanes, numbered in order; their ids. In the
 * caller's transaction, which has checked the edit right (with the project locked) and the group.
 */
export async function insertAll(tx: Tx, caller: Caller, projectId: number, groupId: number, parentId: number | null, tasks: NewTask[]): Promise<number[]> {
  const { companyId, userId } = caller.auth;
  if ((await repo.taskCount(tx, projectId)) + tasks.length > TASKS_MAX) throw new AppError(409, FLOW_ERRORS.tasksMax);
  const now = caller.deps.clock.now();
  const listKeys = await keysLast(tx, parentId ? { kind: "parent", parentId } : { kind: "group", groupId }, tasks.length);
  const kanbanKeys = new Map<TaskStatus, string[]>();
  for (const status of new Set(tasks.map((t) => t.status))) {
    const n = tasks.filter((t) => t.status === status).length;
    kanbanKeys.set(status, await keysLast(tx, parentId ? { kind: "parent", parentId } : { kind: "status", projectId, status }, n));
  }
  const first = await repo.takeSeq(tx, projectId, tasks.length);
  const ids = await repo.insertTasks(tx, tasks.map((t, i) => ({
    companyId,
    projectId,
    groupId,
    parentId,
    title: t.title,
    content: contentOf(t.content, t.contentType),
    contentType: t.contentType,
    status: t.status,
    priority: t.priority,
    progress: 0,
    startDate: t.startDate,
    dueDate: t.dueDate,
    completedAt: completedFor(t.status, null, now),
    listSortOrder: listKeys[i],
    kanbanSortOrder: kanbanKeys.get(t.status)!.shift()!,
    registrationOrder: first + i,
    searchVector: titleVector(t.title),
    requesterId: userId,
    createdAt: now,
    updatedAt: now,
  })));
  for (const [i, t] of tasks.entries()) {
    if (t.assignees.length) await repo.setAssignees(tx, companyId, projectId, [ids[i]], t.assignees);
  }
  if (parentId) await repo.addSubCount(tx, parentId, tasks.length);
  return ids;
}

/** POST projects/{p}/tasks. */
export async function createTask(caller: Caller, projectId: number, b: z.infer<typeof createTaskBody>): Promise<FlowTask> {
  const { deps, auth } = caller;
  const startDate = dayValue("startDate", b.startDate);
  const dueDate = dayValue("dueDate", b.dueDate);
  const [id] = await deps.db.transaction(async (tx) => {
    await requireEdit(tx, caller, projectId, { lock: true });
    let groupId: number;
    let parentId: number | null = null;
    if (b.parentId > 0) {
      const parent = await requireTask(tx, auth.companyId, projectId, b.parentId, true);
      if (parent.parentId !== null) throw subtaskMove();
      groupId = parent.groupId;
      parentId = parent.id;
    } else {
      groupId = (await requireGroup(tx, auth.companyId, projectId, b.groupId)).id;
    }
    checkStartBeforeDue(startDate, dueDate);
    const assignees = await checkedAssignees(tx, projectId, b.assignees);
    return await insertAll(tx, caller, projectId, groupId, parentId, [{
      title: b.title, content: b.content, contentType: b.contentType, status: b.status, priority: b.priority, startDate, dueDate, assignees,
    }]);
  });
  await publishFlowChanged(caller, { projectId, kind: "task", taskIds: b.parentId > 0 ? [id, b.parentId] : [id] });
  await noticeAssigned(caller, new Map([[id, await repo.assigneesOf(deps.db, [id]).then((m) => m.get(id) ?? [])]]));
  const [task] = await repo.tasksAnswered(deps.db, auth.companyId, [id], { content: true });
  return task;
}

/** POST projects/{p}/tasks/bulk: titles in order into one group, with the same status, assignees and start. */
export async function createBulk(caller: Caller, projectId: number, b: z.infer<typeof bulkBody>): Promise<FlowTask[]> {
  const { deps, auth } = caller;
  const startDate = dayValue("startDate", b.startDate);
  const ids = await deps.db.transaction(async (tx) => {
    await requireEdit(tx, caller, projectId, { lock: true });
    const group = await requireGroup(tx, auth.companyId, projectId, b.groupId);
    const assignees = await checkedAssignees(tx, projectId, b.assignees);
    return await insertAll(tx, caller, projectId, group.id, null, b.titles.map((title) => ({
      title, content: "", contentType: "text/html" as const, status: b.status, priority: "NORMAL", startDate, dueDate: null, assignees,
    })));
  });
  await publishFlowChanged(caller, { projectId, kind: "task", taskIds: ids });
  await noticeAssigned(caller, await repo.assigneesOf(deps.db, ids));
  return await repo.tasksAnswered(deps.db, auth.companyId, ids, { content: false });
}

/** POST projects/{p}/tasks/copy: title, content, priority, assignees and group (a subtask stays under its
 *  parent); REQUESTED, starting today and due in COPY_DUE_DAYS; no comments, files, checklist or subtasks. */
export async function copyTasks(caller: Caller, projectId: number, b: z.infer<typeof taskIdsBody>): Promise<FlowTask[]> {
  const { deps, auth } = caller;
  const today = dayOf(deps.clock.now());
  const ids = await deps.db.transaction(async (tx) => {
    await requireEdit(tx, caller, projectId, { lock: true });
    const sourceIds = [...new Set(b.taskIds)];
    const sources = await repo.taskRows(tx, auth.companyId, projectId, sourceIds);
    if (sources.length !== sourceIds.length) throw taskNotFound();
    const full = await repo.tasksAnswered(tx, auth.companyId, sourceIds, { content: true });
    const assignees = await repo.assigneesOf(tx, sourceIds);
    const joined = await repo.joinedAmong(tx, projectId, [...new Set([...assignees.values()].flat())]);
    const out: number[] = [];
    // Copies land together per place (a group, or a parent's subtasks), in the order asked.
    for (const t of full) {
      const [id] = await insertAll(tx, caller, projectId, t.groupId, t.parentId || null, [{
        title: t.title,
        content: t.content,
        contentType: t.contentType,
        status: "REQUESTED",
        priority: t.priority,
        startDate: today,
        dueDate: addDays(today, COPY_DUE_DAYS),
        assignees: (assignees.get(t.id) ?? []).filter((u) => joined.has(u)),
      }]);
      out.push(id);
    }
    return out;
  });
  await publishFlowChanged(caller, { projectId, kind: "task", taskIds: ids });
  await noticeAssigned(caller, await repo.assigneesOf(deps.db, ids));
  return await repo.tasksAnswered(deps.db, auth.companyId, ids, { content: false });
}
