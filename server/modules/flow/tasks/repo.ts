// Flow tasks' SQL (no rules here): one task's row for the rules, tasks answered as FlowTask (present.ts), the
// sort keys next to a place in a lane, the project's numbering, the writes of create, field changes, moves and
// deletes, assignees and the JOINED check. Every query is scoped by the company (and the project where the
// call names one).
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { flowTasks } from "../../../../db/schema/flow.ts";
import type { TaskStatus } from "../../../../shared/flow/constants.ts";
import type { FlowTask } from "../../../../shared/flow/tasks.ts";
import { bigintArray } from "../../../lib/sql-array.ts";
import { taskColumns, tasksOf } from "./present.ts";

export interface TaskRow {
  id: number;
  projectId: number;
  groupId: number;
  parentId: number | null;
  status: TaskStatus;
  startDate: string | null;
  dueDate: string | null;
  completedAt: Date | null;
  listSortOrder: string;
  kanbanSortOrder: string;
  subCnt: number;
}

const rowOf = (r: Record<string, unknown>): TaskRow => ({
  id: Number(r.id),
  projectId: Number(r.project_id),
  groupId: Number(r.group_id),
  parentId: r.parent_id === null ? null : Number(r.parent_id),
  status: r.status as TaskStatus,
  startDate: (r.start_date as string | null) ?? null,
  dueDate: (r.due_date as string | null) ?? null,
  completedAt: r.completed_ms === null ? null : new Date(Number(r.completed_ms)),
  listSortOrder: String(r.list_sort_order),
  kanbanSortOrder: String(r.kanban_sort_order),
  subCnt: Number(r.sub_cnt),
});

const ROW_COLUMNS = sql`id, project_id, group_id, parent_id, status, start_date::text as start_date, due_date::text as due_date,
  floor(extract(epoch from completed_at) * 1000)::bigint as completed_ms, list_sort_order, kanban_sort_order, sub_cnt`;

/** A task of the project (`lock`: FOR UPDATE), or null (missing, another project's or company's). */
export async function taskRow(db: DbOrTx, companyId: number, projectId: number, taskId: number, lock = false): Promise<TaskRow | null> {
  const [r] = await db.execute<Record<string, unknown>>(sql`
    select ${ROW_COLUMNS} from flow_tasks
     where id = ${taskId} and company_id = ${companyId} and project_id = ${projectId} ${lock ? sql`for update` : sql``}`);
  return r ? rowOf(r) : null;
}

/** The project's tasks among `ids` (others left out). */
export async function taskRows(db: DbOrTx, companyId: number, projectId: number, ids: number[]): Promise<TaskRow[]> {
  const rows = await db.execute<Record<string, unknown>>(sql`
    select ${ROW_COLUMNS} from flow_tasks
     where id = any(${bigintArray(ids)}) and company_id = ${companyId} and project_id = ${projectId}`);
  return rows.map(rowOf);
}

/** Tasks as answered, in the order of `ids` (missing ones left out). */
export async function tasksAnswered(db: DbOrTx, companyId: number, ids: number[], opts: { content: boolean }): Promise<FlowTask[]> {
  if (!ids.length) return [];
  const rows = await db.execute<Record<string, unknown>>(sql`
    select ${taskColumns(opts)} from flow_tasks t where t.id = any(${bigintArray(ids)}) and t.company_id = ${companyId}`);
  const byId = new Map((await tasksOf(db, companyId, rows)).map((t) => [t.id, t]));
  return ids.map((id) => byId.get(id)).filter((t): t is FlowTask => !!t);
}

/** A task's subtasks as answered, in their order. */
export async function subTasks(db: DbOrTx, companyId: number, parentId: number): Promise<FlowTask[]> {
  const rows = await db.execute<Record<string, unknown>>(sql`
    select ${taskColumns({ content: false })} from flow_tasks t
     where t.parent_id = ${parentId} and t.company_id = ${companyId}
     order by t.list_sort_order, t.id`);
  return await tasksOf(db, companyId, rows);
}

/** A lane of sort keys: the top-level tasks of a group (LIST), of a project's status (KANBAN), or a parent's subtasks. */
export type KeyLane =
  | { kind: "group"; groupId: number }
  | { kind: "status"; projectId: number; status: TaskStatus }
  | { kind: "parent"; parentId: number };

function laneWhere(lane: KeyLane) {
  switch (lane.kind) {
    case "group":
      return sql`group_id = ${lane.groupId} and parent_id is null`;
    case "status":
      return sql`project_id = ${lane.projectId} and status = ${lane.status} and parent_id is null`;
    case "parent":
      return sql`parent_id = ${lane.parentId}`;
  }
}
const keyColumn = (lane: KeyLane) => (lane.kind === "status" ? sql`kanban_sort_order` : sql`list_sort_order`);

/** The largest key of the lane (null: empty). */
export async function lastKey(db: DbOrTx, lane: KeyLane): Promise<string | null> {
  const [r] = await db.execute<{ k: string | null }>(sql`select max(${keyColumn(lane)}) as k from flow_tasks where ${laneWhere(lane)}`);
  return r?.k ?? null;
}

/** The key next to `key` in the lane: the first strictly after it, or the last strictly before it. */
export async function neighbourKey(db: DbOrTx, lane: KeyLane, key: string, side: "after" | "before", exceptId: number): Promise<string | null> {
  const col = keyColumn(lane);
  const [r] = side === "after"
    ? await db.execute<{ k: string | null }>(sql`
        select min(${col}) as k from flow_tasks where ${laneWhere(lane)} and id <> ${exceptId} and ${col} > ${key} collate "C"`)
    : await db.execute<{ k: string | null }>(sql`
        select max(${col}) as k from flow_tasks where ${laneWhere(lane)} and id <> ${exceptId} and ${col} < ${key} collate "C"`);
  return r?.k ?? null;
}

/** Takes `n` numbers of the project's taskRegistrationOrder (the caller holds the project row's lock); the first. */
export async function takeSeq(db: DbOrTx, projectId: number, n: number): Promise<number> {
  const [r] = await db.execute<{ seq: string }>(sql`
    update flow_projects set task_seq = task_seq + ${n} where id = ${projectId} returning task_seq as seq`);
  return Number(r.seq) - n + 1;
}

export async function taskCount(db: DbOrTx, projectId: number): Promise<number> {
  const [r] = await db.execute<{ n: string }>(sql`select count(*) as n from flow_tasks where project_id = ${projectId}`);
  return Number(r.n);
}

export type TaskInsert = typeof flowTasks.$inferInsert;

export async function insertTasks(db: DbOrTx, values: TaskInsert[]): Promise<number[]> {
  if (!values.length) return [];
  const rows = await db.insert(flowTasks).values(values).returning({ id: flowTasks.id });
  return rows.map((r) => r.id);
}

export async function addSubCount(db: DbOrTx, parentId: number, delta: number): Promise<void> {
  await db.execute(sql`update flow_tasks set sub_cnt = greatest(0, sub_cnt + ${delta}) where id = ${parentId}`);
}

/** The users among `userIds` who are JOINED members of the project. */
export async function joinedAmong(db: DbOrTx, projectId: number, userIds: number[]): Promise<Set<number>> {
  if (!userIds.length) return new Set();
  const rows = await db.execute<{ user_id: string }>(sql`
    select user_id from flow_members where project_id = ${projectId} and state = 'JOINED' and user_id = any(${bigintArray(userIds)})`);
  return new Set(rows.map((r) => Number(r.user_id)));
}

/** Each of the tasks gets exactly these assignees. */
export async function setAssignees(db: DbOrTx, companyId: number, projectId: number, taskIds: number[], userIds: number[]): Promise<void> {
  if (!taskIds.length) return;
  await db.execute(sql`delete from flow_task_assignees where task_id = any(${bigintArray(taskIds)})${
    userIds.length ? sql` and user_id <> all(${bigintArray(userIds)})` : sql``
  }`);
  if (!userIds.length) return;
  await db.execute(sql`
    insert into flow_task_assignees (task_id, user_id, company_id, project_id)
    select t, u, ${companyId}, ${projectId} from unnest(${bigintArray(taskIds)}) t cross join unnest(${bigintArray(userIds)}) u
    on conflict do nothing`);
}

/** The assignees of each task (for copies). */
export async function assigneesOf(db: DbOrTx, taskIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (!taskIds.length) return out;
  const rows = await db.execute<{ task_id: string; user_id: string }>(sql`
    select task_id, user_id from flow_task_assignees where task_id = any(${bigintArray(taskIds)}) order by task_id, user_id`);
  for (const r of rows) {
    const list = out.get(Number(r.task_id)) ?? [];
    list.push(Number(r.user_id));
    out.set(Number(r.task_id), list);
  }
  return out;
}

/** One task's columns changed (and updated_at). */
export async function updateTask(db: DbOrTx, taskId: number, set: Partial<TaskInsert>): Promise<void> {
  await db.update(flowTasks).set(set).where(sql`${flowTasks.id} = ${taskId}`);
}

/** The subtasks follow their parent into another group. */
export async function moveSubtasksToGroup(db: DbOrTx, parentId: number, groupId: number): Promise<void> {
  await db.execute(sql`update flow_tasks set group_id = ${groupId} where parent_id = ${parentId} and group_id <> ${groupId}`);
}

/** Deletes the tasks (their subtasks, assignees, checklist, comments and files go by the foreign keys); the
 *  parents left keep their sub_cnt. Answers the deleted ids (subtasks included). */
export async function deleteTasks(db: DbOrTx, companyId: number, projectId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db.execute<{ id: string }>(sql`
    with gone as (
      select id, parent_id from flow_tasks
       where company_id = ${companyId} and project_id = ${projectId}
         and (id = any(${bigintArray(ids)}) or parent_id = any(${bigintArray(ids)}))
    ), counts as (
      update flow_tasks p set sub_cnt = greatest(0, p.sub_cnt - c.n)
        from (select parent_id, count(*) as n from gone where parent_id is not null group by parent_id) c
       where p.id = c.parent_id and p.id <> all(${bigintArray(ids)})
    )
    delete from flow_tasks t using gone where t.id = gone.id returning t.id`);
  return rows.map((r) => Number(r.id));
}

/** The top-level tasks of a group. */
export async function topIdsOfGroup(db: DbOrTx, groupId: number): Promise<number[]> {
  const rows = await db.execute<{ id: string }>(sql`select id from flow_tasks where group_id = ${groupId} and parent_id is null`);
  return rows.map((r) => Number(r.id));
}
