// Tasks moved into another project (shared/flow/tasks.ts PUT tasks/project-group; groups/ moveToProject uses it
// for a whole group): edit right on both projects (their rows locked in id order, so two opposite moves wait
// rather than deadlock), the tasks and their subtasks take the target's numbering (taskRegistrationOrder in
// their old order), the target group and keys last of its lanes (a whole group keeps its list order), and
// assignees who are not JOINED in the target are dropped. A subtask alone cannot go: 409 flow.subtask_move.
import { generateNKeysBetween } from "fractional-indexing";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import type { Tx } from "../../../../db/client.ts";
import { TASKS_MAX, type TaskStatus } from "../../../../shared/flow/constants.ts";
import { FLOW_ERRORS } from "../../../../shared/flow/errors.ts";
import type { FlowTask, projectGroupBody } from "../../../../shared/flow/tasks.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { bigintArray } from "../../../lib/sql-array.ts";
import { type ProjectAccess, requireEdit } from "../access.ts";
import { publishFlowChanged } from "../realtime.ts";
import * as repo from "./repo.ts";
import { requireGroup, subtaskMove, taskNotFound } from "./rules.ts";

/** Edit right on both projects, their rows locked in id order. */
export async function lockBoth(tx: Tx, caller: Caller, a: number, b: number): Promise<[ProjectAccess, ProjectAccess]> {
  if (a === b) {
    const one = await requireEdit(tx, caller, a, { lock: true });
    return [one, one];
  }
  const first = await requireEdit(tx, caller, Math.min(a, b), { lock: true });
  const second = await requireEdit(tx, caller, Math.max(a, b), { lock: true });
  return a < b ? [first, second] : [second, first];
}

interface MovingRow {
  id: number;
  parentId: number | null;
  status: TaskStatus;
  listKey: string;
  kanbanKey: string;
  order: number;
  groupSort: string;
}

/**
 * Moves the top-level tasks `topIds` of project `from` (with their subtasks) into group `groupId` of project `to`;
 * answers every moved id. `keepListKeys`: their group moves with them (its list order stays).
 */
export async function relocateTasks(tx: Tx, caller: Caller, from: number, to: number, topIds: number[], groupId: number, keepListKeys: boolean): Promise<number[]> {
  const { companyId } = caller.auth;
  if (!topIds.length) return [];
  const rows = (await tx.execute<Record<string, unknown>>(sql`
    select t.id, t.parent_id, t.status, t.list_sort_order, t.kanban_sort_order, t.registration_order, g.sort_order as group_sort
      from flow_tasks t join flow_groups g on g.id = t.group_id
     where t.company_id = ${companyId} and t.project_id = ${from}
       and (t.id = any(${bigintArray(topIds)}) or t.parent_id = any(${bigintArray(topIds)}))`)).map((r): MovingRow => ({
    id: Number(r.id),
    parentId: r.parent_id === null ? null : Number(r.parent_id),
    status: r.status as TaskStatus,
    listKey: String(r.list_sort_order),
    kanbanKey: String(r.kanban_sort_order),
    order: Number(r.registration_order),
    groupSort: String(r.group_sort),
  }));
  if (from !== to && (await repo.taskCount(tx, to)) + rows.length > TASKS_MAX) throw new AppError(409, FLOW_ERRORS.tasksMax);
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const tops = rows.filter((r) => r.parentId === null);
  const update = new Map<number, { id: number; reg: number | null; lk: string | null; kk: string | null }>();
  for (const r of rows) update.set(r.id, { id: r.id, reg: null, lk: null, kk: null });
  if (from !== to) {
    const first = await repo.takeSeq(tx, to, rows.length);
    [...rows].sort((a, b) => a.order - b.order).forEach((r, i) => (update.get(r.id)!.reg = first + i));
  }
  if (!keepListKeys) {
    const inOrder = [...tops].sort((a, b) => cmp(a.groupSort, b.groupSort) || cmp(a.listKey, b.listKey) || a.id - b.id);
    const keys = generateNKeysBetween(await repo.lastKey(tx, { kind: "group", groupId }), null, inOrder.length);
    inOrder.forEach((r, i) => (update.get(r.id)!.lk = keys[i]));
  }
  if (from !== to) {
    for (const status of new Set(tops.map((r) => r.status))) {
      const lane = tops.filter((r) => r.status === status).sort((a, b) => cmp(a.kanbanKey, b.kanbanKey) || a.id - b.id);
      const keys = generateNKeysBetween(await repo.lastKey(tx, { kind: "status", projectId: to, status }), null, lane.length);
      lane.forEach((r, i) => (update.get(r.id)!.kk = keys[i]));
    }
  }
  await tx.execute(sql`
    update flow_tasks t set project_id = ${to}, group_id = ${groupId},
           registration_order = coalesce(v.reg, t.registration_order),
           list_sort_order = coalesce(v.lk collate "C", t.list_sort_order),
           kanban_sort_order = coalesce(v.kk collate "C", t.kanban_sort_order),
           updated_at = ${caller.deps.clock.now().toISOString()}::timestamptz
      from jsonb_to_recordset(${JSON.stringify([...update.values()])}::jsonb) as v(id bigint, reg bigint, lk text, kk text)
     where t.id = v.id`);
  const ids = rows.map((r) => r.id);
  if (from !== to) {
    await tx.execute(sql`
      delete from flow_task_assignees a where a.task_id = any(${bigintArray(ids)})
         and not exists (select 1 from flow_members m where m.project_id = ${to} and m.user_id = a.user_id and m.state = 'JOINED')`);
    await tx.execute(sql`update flow_task_assignees set project_id = ${to} where task_id = any(${bigintArray(ids)})`);
  }
  return ids;
}

/** PUT projects/{p}/tasks/project-group { targetProjectId, targetGroupId, taskIds }. */
export async function moveToProjectGroup(caller: Caller, projectId: number, b: z.infer<typeof projectGroupBody>): Promise<FlowTask[]> {
  const { deps, auth } = caller;
  const ids = [...new Set(b.taskIds)];
  const moved = await deps.db.transaction(async (tx) => {
    await lockBoth(tx, caller, projectId, b.targetProjectId);
    const group = await requireGroup(tx, auth.companyId, b.targetProjectId, b.targetGroupId);
    const rows = await repo.taskRows(tx, auth.companyId, projectId, ids);
    if (rows.length !== ids.length) throw taskNotFound();
    if (rows.some((r) => r.parentId !== null)) throw subtaskMove();
    return await relocateTasks(tx, caller, projectId, b.targetProjectId, ids, group.id, false);
  });
  await publishFlowChanged(caller, { projectId, kind: "task", taskIds: moved });
  if (b.targetProjectId !== projectId) await publishFlowChanged(caller, { projectId: b.targetProjectId, kind: "task", taskIds: moved });
  return await repo.tasksAnswered(deps.db, auth.companyId, ids, { content: false });
}
