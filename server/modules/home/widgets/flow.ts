// flow-1: the caller's tasks (as an assignee) per status; flow-2: those not completed, due within 7 days or
// overdue, soonest first; flow-4: the caller's favourite projects with their open task counts. Only projects
// the caller has JOINED (flow/access.ts: tasks need JOINED membership). One query each.
import { sql } from "drizzle-orm";
import type { WidgetDataQuery } from "../../../../shared/home/api.ts";
import type { FlowStatusData, ProjectsData, RowsData } from "../../../../shared/home/widgets.ts";
import type { Caller } from "../../../lib/context.ts";
import { dateString, wallOf } from "../../calendar/events/zone.ts";
import { DEFAULT_TIMEZONE } from "../../../../shared/calendar/constants.ts";
import { flowProjectLink, flowTaskLink } from "../../../lib/app-links.ts";

const STATUSES = ["REQUESTED", "IN_PROGRESS", "FEEDBACK", "COMPLETED", "ON_HOLD"] as const;
const SOON_DAYS = 7;

const joined = (userId: number) =>
  sql`exists (select 1 from flow_members m where m.project_id = t.project_id and m.user_id = ${userId} and m.state = 'JOINED')`;

export async function flowStatusWidget(caller: Caller): Promise<FlowStatusData> {
  const { companyId, userId } = caller.auth;
  const rows = await caller.deps.db.execute<{ status: string; n: number }>(sql`
    select t.status, count(*)::int as n from flow_task_assignees a join flow_tasks t on t.id = a.task_id
    where a.user_id = ${userId} and a.company_id = ${companyId} and ${joined(userId)}
    group by t.status`);
  const counts = Object.fromEntries(STATUSES.map((s) => [s, 0])) as FlowStatusData["counts"];
  for (const r of rows) if (r.status in counts) counts[r.status as keyof typeof counts] = Number(r.n);
  return { counts };
}

export async function dueSoonWidget(caller: Caller, q: WidgetDataQuery): Promise<RowsData> {
  const { companyId, userId } = caller.auth;
  const today = dateString(wallOf(caller.deps.clock.now().getTime(), DEFAULT_TIMEZONE));
  const rows = await caller.deps.db.execute<{ id: string; project_id: string; title: string; project: string; due_date: string }>(sql`
    select t.id, t.project_id, t.title, p.title as project, t.due_date::text as due_date
    from flow_task_assignees a join flow_tasks t on t.id = a.task_id join flow_projects p on p.id = t.project_id
    where a.user_id = ${userId} and a.company_id = ${companyId} and t.status <> 'COMPLETED' and t.due_date is not null
      and t.due_date <= ${today}::date + ${SOON_DAYS}::int and ${joined(userId)}
    order by t.due_date, t.id limit ${q.size}`);
  return {
    rows: rows.map((r) => ({
      id: String(r.id),
      title: r.title,
      sub: r.project,
      at: r.due_date,
      link: flowTaskLink(Number(r.project_id), Number(r.id)),
      flag: r.due_date < today,
    })),
  };
}

export async function favouriteProjectsWidget(caller: Caller, q: WidgetDataQuery): Promise<ProjectsData> {
  const { companyId, userId } = caller.auth;
  const rows = await caller.deps.db.execute<{ id: string; title: string; open: number }>(sql`
    select p.id, p.title,
      (select count(*)::int from flow_tasks t where t.project_id = p.id and t.parent_id is null and t.status <> 'COMPLETED') as open
    from flow_members m join flow_projects p on p.id = m.project_id
    where m.user_id = ${userId} and m.company_id = ${companyId} and m.state = 'JOINED' and m.favorite
    order by m.favorite_order, p.id limit ${q.size}`);
  return { projects: rows.map((r) => ({ id: Number(r.id), name: r.title, openTasks: Number(r.open), link: flowProjectLink(Number(r.id)) })) };
}
