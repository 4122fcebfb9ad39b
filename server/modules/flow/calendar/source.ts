// Flow as the calendar's project source (server/modules/calendar/projects/source.ts): the projects a person
// has JOINED, in the tree's order (favourites first, by their order, then the others by title), and the dated
// top-level tasks of some of them as all-day items (flow's dates are days), each with the app route that opens
// it (shared/flow/constants.ts taskPath). registerFlowCalendar() is called once by flowRoutes().
import { sql } from "drizzle-orm";
import { taskPath } from "../../../../shared/flow/constants.ts";
import {
  type ProjectCalendarContext, type ProjectCalendarSource, type ProjectTaskItem, registerProjectCalendarSource,
} from "../../calendar/projects/source.ts";
import { idArray, joinedInTreeOrder } from "../projects/repo.ts";

/** "YYYY-MM-DD" of an instant (UTC day; the calendar widens all-day ranges by a day on each side). */
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

export const flowCalendarSource: ProjectCalendarSource = {
  async projectsOf(ctx: ProjectCalendarContext) {
    return await joinedInTreeOrder(ctx.deps.db, ctx.companyId, ctx.userId);
  },
  async itemsOf(ctx: ProjectCalendarContext, projectIds: number[], from: Date, to: Date): Promise<ProjectTaskItem[]> {
    if (!projectIds.length) return [];
    // Only projects the person has JOINED, whatever the calendar passes; a task with one date is that day.
    const rows = await ctx.deps.db.execute<{ id: string; project_id: string; title: string; status: string; start_date: string | null; due_date: string | null }>(sql`
      select t.id, t.project_id, t.title, t.status, t.start_date::text as start_date, t.due_date::text as due_date
        from flow_tasks t
       where t.company_id = ${ctx.companyId} and t.project_id = any(${idArray(projectIds)}) and t.parent_id is null
         and (t.start_date is not null or t.due_date is not null)
         and coalesce(t.start_date, t.due_date) < ${dayOf(to)}::date + 1
         and greatest(coalesce(t.due_date, t.start_date), coalesce(t.start_date, t.due_date)) >= ${dayOf(from)}::date - 1
         and exists (select 1 from flow_members m where m.project_id = t.project_id and m.user_id = ${ctx.userId} and m.state = 'JOINED')
       order by coalesce(t.start_date, t.due_date), t.id`);
    return rows.map((r) => ({
      projectId: Number(r.project_id),
      taskId: Number(r.id),
      title: r.title,
      status: r.status,
      path: taskPath(Number(r.project_id), Number(r.id)),
      isAllDay: true as const,
      startDate: r.start_date,
      dueDate: r.due_date,
    }));
  },
};

export function registerFlowCalendar(): () => void {
  return registerProjectCalendarSource(flowCalendarSource);
}
