// A task as answered (shared/flow/tasks.ts FlowTask): the columns every task query selects over flow_tasks t
// (the assignees' ids and the mail it was made from, small correlated index lookups run only for the rows
// answered), the names of the people and projects they refer to (one query for a whole page: a join per row
// cost more than the rest of a 1,500-task list), and the row read back into a FlowTask. Lists leave the content
// out (it may be a megabyte a task); GET one answers it.
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { bigintArray } from "../../../lib/sql-array.ts";
import type { TaskPriority, TaskStatus } from "../../../../shared/flow/constants.ts";
import type { FlowTask, TaskUserRef } from "../../../../shared/flow/tasks.ts";

const ms = (column: SQL) => sql`floor(extract(epoch from ${column}) * 1000)::bigint`;

/** The select list of a task t. `content`: with the body; `related` (default): with the assignees' ids and the
 *  mail as subqueries (a few rows), else without (withRelated adds them to a page in one pass). */
export function taskColumns(opts: { content: boolean; related?: boolean }): SQL {
  return sql`t.id, t.project_id, t.group_id, t.parent_id, t.title, ${opts.content ? sql`t.content` : sql`''`} as content, t.content_type, t.status,
    t.priority, t.progress, t.start_date::text as start_date, t.due_date::text as due_date,
    ${ms(sql`t.completed_at`)} as completed_ms, t.list_sort_order, t.kanban_sort_order, t.registration_order,
    t.sub_cnt, t.comment_cnt, t.file_cnt, t.checklist_cnt, t.checklist_done_cnt, t.requester_id,
    ${opts.related === false ? sql`` : sql`(select string_agg(a.user_id::text, ',') from flow_task_assignees a where a.task_id = t.id) as assignee_ids,
    (select m.mail_id from flow_mail_tasks m where m.task_id = t.id limit 1) as mail_id,`}
    ${ms(sql`t.created_at`)} as created_ms, ${ms(sql`t.updated_at`)} as updated_ms`;
}

export type TaskRowRaw = Record<string, unknown>;

/**
 * A page of task rows (`page`: taskColumns without `related`; rows of lanes without a task have a null id) with
 * each task's assignees and mail joined in one pass over the page's ids (a subquery a row cost more: about a
 * third of a 1,500-task list), in `order` (over the page's columns, as page.x).
 */
export function withRelated(page: SQL, order: SQL): SQL {
  return sql`
    with page as materialized (${page}),
    ids as (select array(select id from page where id is not null) as ids),
    asg as (select a.task_id, string_agg(a.user_id::text, ',') as assignee_ids from flow_task_assignees a, ids
             where a.task_id = any(ids.ids) group by a.task_id),
    mt as (select m.task_id, min(m.mail_id) as mail_id from flow_mail_tasks m, ids where m.task_id = any(ids.ids) group by m.task_id)
    select page.*, asg.assignee_ids, mt.mail_id from page left join asg on asg.task_id = page.id left join mt on mt.task_id = page.id
     order by ${order}`;
}

const dayMillis = (day: string | null) => (day ? Date.parse(`${day}T00:00:00Z`) : null);
const num = (v: unknown) => Number(v);
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** The names a page of task rows refers to: people (requesters, assignees) and projects. */
export interface Names {
  people: Map<number, string>;
  projects: Map<number, string>;
}

const assigneeIds = (r: TaskRowRaw) => (r.assignee_ids ? String(r.assignee_ids).split(",").map(Number) : []);

/** One query for the names of the people and projects the rows refer to. */
export async function namesOf(db: DbOrTx, companyId: number, rows: TaskRowRaw[]): Promise<Names> {
  const people = new Set<number>();
  const projects = new Set<number>();
  for (const r of rows) {
    if (r.requester_id !== null && r.requester_id !== undefined) people.add(Number(r.requester_id));
    for (const id of assigneeIds(r)) people.add(id);
    projects.add(Number(r.project_id));
  }
  const out: Names = { people: new Map(), projects: new Map() };
  if (!rows.length) return out;
  const found = await db.execute<{ kind: string; id: string; name: string }>(sql`
    select 'u' as kind, id, account_name as name from users where company_id = ${companyId} and id = any(${bigintArray([...people])})
    union all
    select 'p', id, title from flow_projects where company_id = ${companyId} and id = any(${bigintArray([...projects])})`);
  for (const f of found) (f.kind === "u" ? out.people : out.projects).set(Number(f.id), f.name);
  return out;
}

export function taskOf(r: TaskRowRaw, names: Names): FlowTask {
  const assignees = assigneeIds(r).map((id): TaskUserRef => ({ userId: id, name: names.people.get(id) ?? "" }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.userId - b.userId));
  const startDate = (r.start_date as string | null) ?? null;
  const dueDate = (r.due_date as string | null) ?? null;
  return {
    id: num(r.id),
    projectId: num(r.project_id),
    projectTitle: names.projects.get(Number(r.project_id)) ?? "",
    groupId: num(r.group_id),
    parentId: r.parent_id === null ? 0 : num(r.parent_id),
    title: String(r.title),
    content: String(r.content ?? ""),
    contentType: r.content_type === "text/plain" ? "text/plain" : "text/html",
    status: r.status as TaskStatus,
    priority: r.priority as TaskPriority,
    progress: num(r.progress),
    assignees,
    requester: r.requester_id === null ? { userId: 0, name: "" } : { userId: num(r.requester_id), name: names.people.get(num(r.requester_id)) ?? "" },
    startDate,
    dueDate,
    startDateTimeMillis: dayMillis(startDate),
    dueDateTimeMillis: dayMillis(dueDate),
    completedTimeMillis: numOrNull(r.completed_ms),
    listSortOrder: String(r.list_sort_order),
    kanbanSortOrder: String(r.kanban_sort_order),
    taskRegistrationOrder: num(r.registration_order),
    subCnt: num(r.sub_cnt),
    commentCnt: num(r.comment_cnt),
    fileCnt: num(r.file_cnt),
    checklistCnt: num(r.checklist_cnt),
    checklistDoneCnt: num(r.checklist_done_cnt),
    mailId: numOrNull(r.mail_id),
    createdTime: num(r.created_ms),
    updatedTime: num(r.updated_ms),
  };
}

/** Rows as answered, with their names. */
export async function tasksOf(db: DbOrTx, companyId: number, rows: TaskRowRaw[]): Promise<FlowTask[]> {
  const names = await namesOf(db, companyId, rows);
  return rows.map((r) => taskOf(r, names));
}
