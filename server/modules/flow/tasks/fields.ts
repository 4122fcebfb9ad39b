// One field of a task changed (shared/flow/tasks.ts PUT projects/{p}/tasks/{t}/{field}; 002 §4 "the server
// returns completedTimeMillis", §5 the date rules): title (and its search vector), status (completedTime set
// or cleared; the task goes last of the new status's kanban lane), priority, content (HTML sanitised), group
// (last of the new group; its subtasks follow; a subtask stays with its parent: 409 flow.subtask_move),
// assignees (JOINED only), start, due, both, the completed day, progress. Edit right on the project.
import type { z } from "zod";
import type { TaskField, taskFieldBodies } from "../../../../shared/flow/tasks.ts";
import type { FlowTask } from "../../../../shared/flow/tasks.ts";
import type { Caller } from "../../../lib/context.ts";
import { requireEdit } from "../access.ts";
import { publishFlowChanged } from "../realtime.ts";
import { noticeAssigned } from "../notices.ts";
import * as repo from "./repo.ts";
import {
  checkDueAfterStart, checkedAssignees, checkStartBeforeDue, completedFor, contentOf, dayValue, keyLast, requireGroup,
  requireTask, subtaskMove, titleVector,
} from "./rules.ts";

type Bodies = { [F in TaskField]: z.infer<(typeof taskFieldBodies)[F]> };

export async function setTaskField<F extends TaskField>(caller: Caller, projectId: number, taskId: number, field: F, body: Bodies[F]): Promise<FlowTask> {
  const { deps, auth } = caller;
  const { companyId } = auth;
  const touched = [taskId];
  let gained: number[] = [];
  await deps.db.transaction(async (tx) => {
    await requireEdit(tx, caller, projectId);
    const t = await requireTask(tx, companyId, projectId, taskId, true);
    const now = deps.clock.now();
    const set: Partial<repo.TaskInsert> = { updatedAt: now };
    switch (field) {
      case "title": {
        const { title } = body as Bodies["title"];
        Object.assign(set, { title, searchVector: titleVector(title) });
        break;
      }
      case "status": {
        const { status } = body as Bodies["status"];
        set.status = status;
        set.completedAt = completedFor(status, t, now);
        if (status !== t.status) {
          set.kanbanSortOrder = await keyLast(tx, t.parentId ? { kind: "parent", parentId: t.parentId } : { kind: "status", projectId, status });
        }
        break;
      }
      case "priority":
        set.priority = (body as Bodies["priority"]).priority;
        break;
      case "content": {
        const { content, contentType } = body as Bodies["content"];
        Object.assign(set, { content: contentOf(content, contentType), contentType });
        break;
      }
      case "group": {
        const g = await requireGroup(tx, companyId, projectId, (body as Bodies["group"]).groupId);
        if (t.parentId !== null) throw subtaskMove();
        if (g.id !== t.groupId) {
          set.groupId = g.id;
          set.listSortOrder = await keyLast(tx, { kind: "group", groupId: g.id });
          await repo.moveSubtasksToGroup(tx, t.id, g.id);
        }
        break;
      }
      case "assignees": {
        const ids = await checkedAssignees(tx, projectId, (body as Bodies["assignees"]).userId);
        const before = new Set((await repo.assigneesOf(tx, [t.id])).get(t.id) ?? []);
        gained = ids.filter((id) => !before.has(id));
        await repo.setAssignees(tx, companyId, projectId, [t.id], ids);
        break;
      }
      case "start-date": {
        const start = dayValue("startDate", (body as Bodies["start-date"]).startDate);
        checkStartBeforeDue(start, t.dueDate);
        set.startDate = start;
        break;
      }
      case "due-date": {
        const due = dayValue("dueDate", (body as Bodies["due-date"]).dueDate);
        checkDueAfterStart(t.startDate, due);
        set.dueDate = due;
        break;
      }
      case "range-date": {
        const b = body as Bodies["range-date"];
        const start = dayValue("startDate", b.startDate);
        const due = dayValue("dueDate", b.dueDate);
        checkStartBeforeDue(start, due);
        Object.assign(set, { startDate: start, dueDate: due });
        break;
      }
      case "completed-date": {
        const day = dayValue("completedDate", (body as Bodies["completed-date"]).completedDate);
        set.completedAt = day ? new Date(`${day}T00:00:00Z`) : null;
        break;
      }
      case "progress":
        set.progress = (body as Bodies["progress"]).progress;
        break;
    }
    await repo.updateTask(tx, t.id, set);
    if (t.parentId) touched.push(t.parentId);
  });
  await publishFlowChanged(caller, { projectId, kind: "task", taskIds: touched });
  if (gained.length) await noticeAssigned(caller, new Map([[taskId, gained]]));
  const [task] = await repo.tasksAnswered(deps.db, companyId, [taskId], { content: true });
  return task;
}
