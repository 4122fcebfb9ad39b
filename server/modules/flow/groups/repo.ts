// Task groups' SQL (no rules here): a project's groups with their top-level task counts, one group, the
// default group, the last sort key, and the writes (insert, title, sort key, delete, move to another project).
// Every query is scoped by the company and the project.
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { flowGroups } from "../../../../db/schema/flow.ts";
import type { TaskGroup } from "../../../../shared/flow/tasks.ts";

export interface GroupRow {
  id: number;
  projectId: number;
  title: string;
  isDefault: boolean;
  sortOrder: string;
}

const rowOf = (r: Record<string, unknown>): GroupRow => ({
  id: Number(r.id),
  projectId: Number(r.project_id),
  title: String(r.title),
  isDefault: !!r.is_default,
  sortOrder: String(r.sort_order),
});

/** The project's groups, the default first, then by sort key, with their top-level task counts. */
export async function groupsOf(db: DbOrTx, companyId: number, projectId: number): Promise<TaskGroup[]> {
  const rows = await db.execute<Record<string, unknown>>(sql`
    select g.id, g.project_id, g.title, g.is_default, g.sort_order,
           (select count(*) from flow_tasks t where t.group_id = g.id and t.parent_id is null) as task_count
      from flow_groups g
     where g.company_id = ${companyId} and g.project_id = ${projectId}
     order by g.is_default desc, g.sort_order, g.id`);
  return rows.map((r) => ({ ...rowOf(r), taskCount: Number(r.task_count) }));
}

/** One group of the project (`lock`: FOR UPDATE), or null. */
export async function groupRow(db: DbOrTx, companyId: number, projectId: number, groupId: number, lock = false): Promise<GroupRow | null> {
  const [r] = await db.execute<Record<string, unknown>>(sql`
    select id, project_id, title, is_default, sort_order from flow_groups
     where id = ${groupId} and company_id = ${companyId} and project_id = ${projectId} ${lock ? sql`for update` : sql``}`);
  return r ? rowOf(r) : null;
}

export async function defaultGroup(db: DbOrTx, companyId: number, projectId: number): Promise<GroupRow | null> {
  const [r] = await db.execute<Record<string, unknown>>(sql`
    select id, project_id, title, is_default, sort_order from flow_groups
     where company_id = ${companyId} and project_id = ${projectId} and is_default`);
  return r ? rowOf(r) : null;
}

export async function groupCount(db: DbOrTx, projectId: number): Promise<number> {
  const [r] = await db.execute<{ n: string }>(sql`select count(*) as n from flow_groups where project_id = ${projectId}`);
  return Number(r.n);
}

/** The largest sort key of the project's groups (null: none). */
export async function lastGroupKey(db: DbOrTx, projectId: number): Promise<string | null> {
  const [r] = await db.execute<{ k: string | null }>(sql`select max(sort_order) as k from flow_groups where project_id = ${projectId}`);
  return r?.k ?? null;
}

/** The sort key next to `key` among the project's groups: the first after it, or the last before it. */
export async function neighbourGroupKey(db: DbOrTx, projectId: number, key: string, side: "after" | "before", exceptId: number): Promise<string | null> {
  const [r] = side === "after"
    ? await db.execute<{ k: string | null }>(sql`
        select min(sort_order) as k from flow_groups where project_id = ${projectId} and id <> ${exceptId} and sort_order > ${key} collate "C"`)
    : await db.execute<{ k: string | null }>(sql`
        select max(sort_order) as k from flow_groups where project_id = ${projectId} and id <> ${exceptId} and sort_order < ${key} collate "C"`);
  return r?.k ?? null;
}

export async function insertGroup(db: DbOrTx, v: typeof flowGroups.$inferInsert): Promise<GroupRow> {
  const [r] = await db.insert(flowGroups).values(v).returning();
  return { id: r.id, projectId: r.projectId, title: r.title, isDefault: r.isDefault, sortOrder: r.sortOrder };
}

export async function setGroupTitle(db: DbOrTx, groupId: number, title: string): Promise<void> {
  await db.execute(sql`update flow_groups set title = ${title} where id = ${groupId}`);
}

export async function setGroupKey(db: DbOrTx, groupId: number, key: string): Promise<void> {
  await db.execute(sql`update flow_groups set sort_order = ${key} where id = ${groupId}`);
}

export async function deleteGroup(db: DbOrTx, groupId: number): Promise<void> {
  await db.execute(sql`delete from flow_groups where id = ${groupId}`);
}

/** Whether the group holds any task (subtasks included). */
export async function groupHasTasks(db: DbOrTx, groupId: number): Promise<boolean> {
  const [r] = await db.execute(sql`select 1 from flow_tasks where group_id = ${groupId} limit 1`);
  return !!r;
}

export async function moveGroupRow(db: DbOrTx, groupId: number, projectId: number, key: string): Promise<void> {
  await db.execute(sql`update flow_groups set project_id = ${projectId}, sort_order = ${key} where id = ${groupId}`);
}
