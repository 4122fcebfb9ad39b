// Where project calendars come from (001 §3 type PROJECT; issue 23 leaves the seam, the flow module of issue 30
// fills it). The calendar owns no projects: the flow module registers one ProjectCalendarSource at start-up
//
//   registerProjectCalendarSource({ projectsOf, itemsOf })
//
// and the calendar asks it, per request, for the projects the user is a member of and for the dated tasks of
// some of them. Until a source is registered (and whenever the company's useFlow is off) the user has no
// project calendars. The calendar keeps only each user's state of a project (listed, checked, colour:
// db/schema/calendar-projects.ts) and asks the source again every time, so a project renamed, left or deleted
// in flow shows so at once; a deleted project's states are dropped through service.ts forgetProject.
import type { AppDeps } from "../../../lib/context.ts";

/** Who asks: the source answers for this user of this company only. */
export interface ProjectCalendarContext {
  deps: AppDeps;
  companyId: number;
  userId: number;
}

/** A project the user is a member of (any authority: MASTER, ADMIN, READ, ...). */
export interface ProjectRef {
  id: number;
  /** The project's title (002 §3 "Project"). */
  title: string;
}

/**
 * A task's dates. All-day: "YYYY-MM-DD" days, the due day included (flow's dates are days, 002 §9 "date format
 * YYYY-MM-DD"); timed: instants. A task with only one of the two is that one day or instant; a task with
 * neither is not given. A due before the start is read as the start alone.
 */
export type ProjectTaskDates =
  | { isAllDay: true; startDate: string | null; dueDate: string | null }
  | { isAllDay: false; start: Date | null; due: Date | null };

/** A dated task of a project (002 §3 "Task": id, projectId, title, status, startDateTimeMillis, dueDateTimeMillis). */
export type ProjectTaskItem = {
  projectId: number;
  taskId: number;
  title: string;
  /** REQUESTED, IN_PROGRESS, FEEDBACK, COMPLETED, ON_HOLD (002 §4); null: not told. */
  status: string | null;
  /** The app route that opens the task, e.g. "/flow/{projectId}/tasks/..." (002 §2); null: none yet. */
  path: string | null;
} & ProjectTaskDates;

export interface ProjectCalendarSource {
  /** The projects the user is a member of, in the order the tree lists them. */
  projectsOf(ctx: ProjectCalendarContext): Promise<ProjectRef[]>;
  /**
   * The dated tasks of these projects (the calendar passes only projects projectsOf gave for this user) that
   * may touch [from, to): start before `to` and due (or start) from `from` on. The calendar widens the range
   * by a day on each side for all-day tasks and keeps only what falls in the asked range, so giving a little
   * more is harmless; anything of another project is dropped.
   */
  itemsOf(ctx: ProjectCalendarContext, projectIds: number[], from: Date, to: Date): Promise<ProjectTaskItem[]>;
}

let registered: ProjectCalendarSource | null = null;

/**
 * The flow module's one call. A second registration replaces the first (tests register their own); the
 * answer takes it back out again, if it is still the one registered.
 */
export function registerProjectCalendarSource(source: ProjectCalendarSource): () => void {
  registered = source;
  return () => {
    if (registered === source) registered = null;
  };
}

/** The registered source, or null: no project calendars. */
export function projectCalendarSource(): ProjectCalendarSource | null {
  return registered;
}
