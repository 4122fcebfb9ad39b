// Project calendars (001 §3 "Calendar" type PROJECT, "Project calendar: id, title, color, isChecked",
// subscribedProject; §6 "skipped when the company has projects disabled"; §7 api/calendar/project). A project
// calendar is a flow project the user is a member of; its items are the project's tasks with a start or due
// date, read-only in the calendar (they are edited in the flow module). The projects and tasks come from the
// flow module through server/modules/calendar/projects/source.ts; without it, or with the company's useFlow
// off, the user has no project calendars: `all` answers [] and every call naming a project answers 404
// calendar.project_not_found, as for a project the user is not a member of. The calls (shapes designed here):
//
//   GET   /api/calendar/project/all                          → ProjectCalendar[] (the user's projects, in the
//                                                             flow module's order; isSubscribed: listed in
//                                                             the tree)
//   GET   /api/calendar/project/{id}                         → ProjectCalendar
//   PATCH /api/calendar/project/updateTreeStatus {projectId, isChecked} → ProjectCalendar
//   POST  /api/calendar/project/events {dtStart, dtEnd, timezone?, projectIds?} → ProjectEventItem[] (the
//         items in [dtStart, dtEnd) of projectIds, or without them of the projects subscribed and checked;
//         the range rules and limits of GET /api/calendar/event)
//   PUT   /api/calendar/project/subscribe {projectIds}       → ProjectCalendar[] (exactly these of the user's
//                                                             projects are listed in the tree; a project
//                                                             joined later is listed until taken out)
//   PUT   /api/calendar/project/update {id, color}           → ProjectCalendar (the user's colour of it)
//
// GET /api/calendar/find/config answers the listed ones as subscribedProject.
import { z } from "zod";
import { CALENDAR_PALETTE, CALENDAR_PRIVILEGE } from "./constants.ts";
import { calendarColor } from "./calendars.ts";
import { eventTime, type EventItem, timezoneName } from "./events.ts";

const projectId = z.coerce.number({ message: "common.validation" }).int().positive().max(Number.MAX_SAFE_INTEGER);
const flag = z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]);

/** The most projects one call may name (as GET /api/calendar/event takes at most 500 calendars). */
export const PROJECT_CALENDAR_IDS_MAX = 500;

/** A list of project ids: an array, or one id or "1,2" as a form sends it. */
const projectIdList = z.preprocess(
  (v) => (v === undefined || Array.isArray(v) ? v : String(v).split(",").filter(Boolean)),
  z.array(projectId).max(PROJECT_CALENDAR_IDS_MAX),
);

export const projectTreeStatusBody = z.object({ projectId, isChecked: flag });
export type ProjectTreeStatus = z.infer<typeof projectTreeStatusBody>;

export const projectUpdateBody = z.object({ id: projectId, color: z.string({ message: "calendar.color_invalid" }).pipe(calendarColor) });
export type ProjectUpdate = z.infer<typeof projectUpdateBody>;

export const projectSubscribeBody = z.object({ projectIds: projectIdList });

export const projectEventsBody = z.object({
  dtStart: eventTime,
  dtEnd: eventTime,
  timezone: timezoneName.optional(),
  /** Omitted: the projects subscribed and checked. */
  projectIds: projectIdList.optional(),
});
export type ProjectEventsQuery = z.infer<typeof projectEventsBody>;

/** A project's colour until the user picks one: the palette's, by the project's id. */
export function projectDefaultColor(id: number): string {
  return CALENDAR_PALETTE[id % CALENDAR_PALETTE.length];
}

/** 001 §3 "Project calendar", as one user sees it. */
export interface ProjectCalendar {
  /** The project's id. */
  id: number;
  type: "PROJECT";
  title: string;
  /** The user's colour for it. */
  color: string;
  /** Its items show in the views (updateTreeStatus). */
  isChecked: boolean;
  /** Listed in the user's tree (subscribe). */
  isSubscribed: boolean;
}

/** What the read-only privilege of a project item is: the task may be read, never edited here. */
export const PROJECT_ITEM_PRIVILEGE = CALENDAR_PRIVILEGE.READ;

/**
 * A task of a project calendar as the views show it: an EventItem that nobody edits here (editable false),
 * with id "project_{projectId}_{taskId}" (never an event's instance id), calendarId the project's id,
 * eventId the task's. All-day items give their first and last day (inclusive), timed ones ISO instants.
 */
export interface ProjectEventItem extends EventItem {
  type: "PROJECT";
  projectId: number;
  taskId: number;
  /** The flow task's status (REQUESTED, IN_PROGRESS, FEEDBACK, COMPLETED, ON_HOLD), when given. */
  status: string | null;
  /** The app route that opens the task ("/flow/..."), once the flow module gives it; null: none. */
  path: string | null;
}

export const projectItemId = (projectId: number, taskId: number) => `project_${projectId}_${taskId}`;
export const isProjectItemId = (id: string) => /^project_\d+_\d+$/.test(id);
