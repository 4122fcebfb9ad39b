// A source's dated task (source.ts ProjectTaskItem) as the views' item (shared/calendar/projects.ts
// ProjectEventItem): all-day tasks by their days in the display zone, timed ones by their instants; kept only
// when it touches the asked range [start, end), as GET /api/calendar/event keeps occurrences.
import { PROJECT_ITEM_PRIVILEGE, type ProjectEventItem, projectItemId } from "../../../../shared/calendar/projects.ts";
import { addDays, dateString, dayStart, parseDate } from "../events/zone.ts";
import type { ProjectTaskItem } from "./source.ts";

interface Span {
  startMs: number;
  /** Exclusive end; equal to startMs for a timed task of one instant. */
  endMs: number;
  start: string;
  end: string;
}

function allDaySpan(startDate: string | null, dueDate: string | null, zone: string): Span | null {
  const first = startDate === null ? null : parseDate(startDate);
  const due = dueDate === null ? null : parseDate(dueDate);
  if ((startDate !== null && !first) || (dueDate !== null && !due)) return null;
  const a = first ?? due;
  if (!a) return null;
  const b = due && first && dateString(due) < dateString(first) ? first : due ?? a;
  return {
    startMs: dayStart(a, zone),
    endMs: dayStart(addDays(b, 1), zone),
    start: dateString(a),
    end: dateString(b),
  };
}

function timedSpan(start: Date | null, due: Date | null): Span | null {
  const valid = (d: Date | null) => d !== null && d instanceof Date && !Number.isNaN(d.getTime());
  const s = valid(start) ? start!.getTime() : valid(due) ? due!.getTime() : null;
  if (s === null) return null;
  const e = valid(due) && due!.getTime() >= s ? due!.getTime() : s;
  return { startMs: s, endMs: e, start: new Date(s).toISOString(), end: new Date(e).toISOString() };
}

/** The item, or null when the task has no readable date or lies outside [start, end). */
export function projectItemOf(task: ProjectTaskItem, start: number, end: number, zone: string): ProjectEventItem | null {
  const span = task.isAllDay ? allDaySpan(task.startDate, task.dueDate, zone) : timedSpan(task.start, task.due);
  if (!span) return null;
  const touches = span.startMs < end && (span.endMs > start || (span.endMs === span.startMs && span.startMs >= start));
  if (!touches) return null;
  return {
    id: projectItemId(task.projectId, task.taskId),
    type: "PROJECT",
    projectId: task.projectId,
    taskId: task.taskId,
    status: task.status,
    path: task.path,
    eventId: task.taskId,
    eventUId: `flow-task-${task.taskId}`,
    calendarId: task.projectId,
    start: span.start,
    end: span.end,
    isAllDay: task.isAllDay,
    name: task.title,
    userId: null,
    isRecurring: false,
    recurrenceId: null,
    startForOrdering: span.startMs,
    timezone: null,
    location: "",
    privilege: PROJECT_ITEM_PRIVILEGE,
    editable: false,
    partStat: null,
    awaitsAction: false,
    isLeave: false,
    leaveStatus: null,
  };
}
