// Moving and deleting tasks (shared/flow/tasks.ts PUT tasks/{t}/move/{viewType}, DELETE tasks, DELETE
// tasks/all; 002 §5 "A subtask cannot be moved in this way": 409 flow.subtask_move). A move takes a key
// between the target and its neighbour in the target's lane (fractional keys, COLLATE "C"), so only the moved
// task's row is written: in LIST its group becomes the target's (or the named group, last), in KANBAN its status
// the lane's (completedTime set or cleared). A move into another group carries the task's subtasks' group
// along. Deletes take the subtasks with them (foreign keys) and keep the parents' sub_cnt.
import { generateKeyBetween } from "fractional-indexing";
import type { z } from "zod";
import type { FlowViewType, TaskStatus } from "../../../../shared/flow/constants.ts";
import type { deleteAllBody, FlowTask, moveTaskBody, taskIdsBody } from "../../../../shared/flow/tasks.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { requireEdit } from "../access.ts";
import { publishFlowChanged } from "../realtime.ts";
import { forgetObjects } from "../../notifications/notify.ts";
import * as repo from "./repo.ts";
import { completedFor, keyLast, requireGroup, requireTask, subtaskMove, taskNotFound } from "./rules.ts";

const noTarget = () =>
  new AppError(400, "common.validation", undefined, [{ field: "targetId", code: "common.validation", message: "a target task or lane is required" }]);

/** The key that places a task BEFORE or AFTER `target` in its lane. */
async function keyBeside(db: Parameters<typeof repo.neighbourKey>[0], lane: repo.KeyLane, targetKey: string, position: "BEFORE" | "AFTER", movedId: number): Promise<string> {
  if (position === "AFTER") return generateKeyBetween(targetKey, await repo.neighbourKey(db, lane, targetKey, "after", movedId));
  return generateKeyBetween(await repo.neighbourKey(db, lane, targetKey, "before", movedId), targetKey);
}

/** PUT projects/{p}/tasks/{t}/move/{viewType}. */
export async function moveTask(caller: Caller, projectId: number, taskId: number, view: FlowViewType, b: z.infer<typeof moveTaskBody>): Promise<FlowTask> {
  const { deps, auth } = caller;
  const { companyId } = auth;
  await deps.db.transaction(async (tx) => {
    await requireEdit(tx, caller, projectId);
    const t = await requireTask(tx, companyId, projectId, taskId, true);
    if (t.parentId !== null) throw subtaskMove();
    const now = deps.clock.now();
    const target = b.targetId > 0 && b.position !== "INSIDE" ? await requireTask(tx, companyId, projectId, b.targetId) : null;
    if (target && target.parentId !== null) throw subtaskMove();
    if (target?.id === t.id) return; // beside itself: where it is
    if (view === "LIST") {
      let groupId: number;
      let key: string;
      if (target) {
        groupId = target.groupId;
        key = await keyBeside(tx, { kind: "group", groupId }, target.listSortOrder, b.position as "BEFORE" | "AFTER", t.id);
      } else {
        if (!b.targetGroupId) throw noTarget();
        groupId = (await requireGroup(tx, companyId, projectId, b.targetGroupId)).id;
        key = await keyLast(tx, { kind: "group", groupId });
      }
      await repo.updateTask(tx, t.id, { groupId, listSortOrder: key, updatedAt: now });
      if (groupId !== t.groupId && t.subCnt > 0) await repo.moveSubtasksToGroup(tx, t.id, groupId);
    } else {
      let status: TaskStatus;
      let key: string;
      if (target) {
        status = target.status;
        key = await keyBeside(tx, { kind: "status", projectId, status }, target.kanbanSortOrder, b.position as "BEFORE" | "AFTER", t.id);
      } else {
        if (!b.targetStatus) throw noTarget();
        status = b.targetStatus;
        key = await keyLast(tx, { kind: "status", projectId, status });
      }
      await repo.updateTask(tx, t.id, { status, kanbanSortOrder: key, completedAt: completedFor(status, t, now), updatedAt: now });
    }
  });
  await publishFlowChanged(caller, { projectId, kind: "task", taskIds: [taskId] });
  const [task] = await repo.tasksAnswered(deps.db, companyId, [taskId], { content: false });
  return task;
}

/** DELETE projects/{p}/tasks { taskIds }: every one must be the project's. */
export async function deleteTasks(caller: Caller, projectId: number, b: z.infer<typeof taskIdsBody>): Promise<void> {
  const { deps, auth } = caller;
  const ids = [...new Set(b.taskIds)];
  const gone = await deps.db.transaction(async (tx) => {
    await requireEdit(tx, caller, projectId);
    const rows = await repo.taskRows(tx, auth.companyId, projectId, ids);
    if (rows.length !== ids.length) throw taskNotFound();
    const parents = rows.map((r) => r.parentId).filter((p): p is number => p !== null);
    const deleted = await repo.deleteTasks(tx, auth.companyId, projectId, ids);
    return { deleted, touched: [...deleted, ...parents] };
  });
  await publishFlowChanged(caller, { projectId, kind: "task", taskIds: gone.touched });
  await forgetObjects(caller.deps, caller.auth.companyId, "flow", gone.deleted);
}

/** DELETE projects/{p}/tasks/all { groupId }: every task of the group. */
export async function deleteAllOfGroup(caller: Caller, projectId: number, b: z.infer<typeof deleteAllBody>): Promise<void> {
  const { deps, auth } = caller;
  const deleted = await deps.db.transaction(async (tx) => {
    await requireEdit(tx, caller, projectId);
    const g = await requireGroup(tx, auth.companyId, projectId, b.groupId);
    return await repo.deleteTasks(tx, auth.companyId, projectId, await repo.topIdsOfGroup(tx, g.id));
  });
  await publishFlowChanged(caller, { projectId, kind: "task" });
  await forgetObjects(caller.deps, caller.auth.companyId, "flow", deleted);
}
