// A task as answered (shared/flow/tasks.ts FlowTask): the columns every task query selects over flow_tasks t
// (with its project's title, the requester's and the assignees' names and the mail it was made from, each a
// small correlated subquery run only for the rows answered) and the row read back into a FlowTask. Lists leave
// the content out (it may be a megabyte a task); GET one answers it.
import { type SQL, sql } from "drizzle-orm";
import type { TaskPriority, TaskStatus } from "../../../../shared/flow/constants.ts";
import type { FlowTask, TaskUserRef } from "../../../../shared/flow/tasks.ts";

const ms = (column: SQL) => sql`floor(extract(epoch from ${column}) * 1000)::bigint`;

/** The select list of a task t (the caller joins nothing: names come from subqueries). `content`: with the body. */
export function taskColumns(opts: { content: boolean }): SQL {
  return sql`t.id, t.project_id, (select p.title from flow_projects p where p.id = t.project_id) as project_title,
    t.group_id, t.parent_id, t.title, ${opts.content ? sql`t.content` : sql`''`} as content, t.content_type, t.status,
    t.priority, t.progress, t.start_date::text as start_date, t.due_date::text as due_date,
    ${ms(sql`t.completed_at`)} as completed_ms, t.list_sort_order, t.kanban_sort_order, t.registration_order,
    t.sub_cnt, t.comment_cnt, t.file_cnt, t.checklist_cnt, t.checklist_done_cnt, t.requester_id,
    (select u.account_name from users u where u.id = t.requester_id) as requester_name,
    (select coalesce(json_agg(json_build_object('userId', a.user_id, 'name', u.account_name) order by u.account_name, a.user_id), '[]'::json)
       from flow_task_assignees a join users u on u.id = a.user_id where a.task_id = t.id) as assignees,
    (select min(m.mail_id) from flow_mail_tasks m where m.task_id = t.id) as mail_id,
    ${ms(sql`t.created_at`)} as created_ms, ${ms(sql`t.updated_at`)} as updated_ms`;
}

export type TaskRowRaw = Record<string, unknown>;

const dayMillis = (day: string | null) => (day ? Date.parse(`${day}T00:00:00Z`) : null);
const num = (v: unknown) => Number(v);
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export function taskOf(r: TaskRowRaw): FlowTask {
  const assignees = (typeof r.assignees === "string" ? JSON.parse(r.assignees) : r.assignees) as { userId: number | string; name: string }[];
  const startDate = (r.start_date as string | null) ?? null;
  const dueDate = (r.due_date as string | null) ?? null;
  return {
    id: num(r.id),
    projectId: num(r.project_id),
    projectTitle: String(r.project_title ?? ""),
    groupId: num(r.group_id),
    parentId: r.parent_id === null ? 0 : num(r.parent_id),
    title: String(r.title),
    content: String(r.content ?? ""),
    contentType: r.content_type === "text/plain" ? "text/plain" : "text/html",
    status: r.status as TaskStatus,
    priority: r.priority as TaskPriority,
    progress: num(r.progress),
    assignees: assignees.map((a): TaskUserRef => ({ userId: Number(a.userId), name: a.name })),
    requester: { userId: r.requester_id === null ? 0 : num(r.requester_id), name: String(r.requester_name ?? "") },
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
