// Project calendars (shared/calendar/projects.ts): their calls and queries, and how their items enter the views.
//   ["calendar","projects"]                               the user's project calendars (GET all; [] without flow)
//   ["calendar","month","YYYY-MM",tz,"project:<ids>"]     one month's items of the projects in the tree
// The month queries sit under the calendar's month key, so the month cache of 001 §4 (queries.ts: 60 s,
// at most 4 months, trimMonthCache, refreshEvents) keeps them as it keeps the events. They ask for every
// project listed in the tree, checked or not, so a checkbox shows or hides a project's items without a call.
//
// In the views an item's calendarId picks its colour and its checkbox; project ids and calendar ids are of
// different tables, so a project's items enter the views under calendarId −projectId (viewKey): calendar ids
// are positive, no project item is ever taken for an event of a calendar.
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import type { EventItem } from "@shared/calendar/events.ts";
import { isProjectItemId, type ProjectCalendar, type ProjectEventItem } from "@shared/calendar/projects.ts";
import { api } from "../../../lib/api.ts";
import { addDays, isoWithOffset, monthOfKey } from "../dates.ts";
import { MONTH_GC_MS, neighbours } from "../queries.ts";
import { MONTH_CACHE_MS } from "@shared/calendar/constants.ts";
import { viewDays } from "../view-range.ts";

const BASE = "/api/calendar/project";

export const projectKeys = {
  list: ["calendar", "projects"] as const,
  month: (month: string, tz: string, ids: number[]) => ["calendar", "month", month, tz, `project:${ids.join(",")}`] as const,
};

export const findProjects = (signal?: AbortSignal) => api<ProjectCalendar[]>(`${BASE}/all`, { signal });
export const setProjectChecked = (projectId: number, isChecked: boolean) =>
  api<ProjectCalendar>(`${BASE}/updateTreeStatus`, { method: "PATCH", json: { projectId, isChecked } });
export const setProjectColor = (id: number, color: string) => api<ProjectCalendar>(`${BASE}/update`, { method: "PUT", json: { id, color } });
export const setListedProjects = (projectIds: number[]) => api<ProjectCalendar[]>(`${BASE}/subscribe`, { method: "PUT", json: { projectIds } });
export const findProjectItems = (projectIds: number[], dtStart: string, dtEnd: string, timezone: string, signal?: AbortSignal) =>
  api<ProjectEventItem[]>(`${BASE}/events`, { method: "POST", json: { projectIds, dtStart, dtEnd, timezone }, signal });

export const projectsQuery = queryOptions({
  queryKey: projectKeys.list,
  queryFn: ({ signal }) => findProjects(signal),
  staleTime: 60_000,
});

/** The ids of the projects listed in the tree, sorted (what the month queries ask for). */
export const listedProjectIds = (list: ProjectCalendar[] | undefined) =>
  (list ?? []).filter((p) => p.isSubscribed).map((p) => p.id).sort((a, b) => a - b);

export function projectMonthQuery(month: string, tz: string, ids: number[]) {
  return queryOptions({
    queryKey: projectKeys.month(month, tz, ids),
    queryFn: ({ signal }) => {
      const grid = viewDays("month", monthOfKey(month));
      return findProjectItems(ids, isoWithOffset(grid.first, 0, tz), isoWithOffset(addDays(grid.last, 1), 0, tz), tz, signal);
    },
    enabled: ids.length > 0,
    staleTime: MONTH_CACHE_MS,
    gcTime: MONTH_GC_MS,
  });
}

export function prefetchProjectNeighbours(qc: QueryClient, current: string, tz: string, ids: number[]) {
  if (!ids.length) return;
  for (const m of neighbours(current)) void qc.prefetchQuery(projectMonthQuery(m, tz, ids));
}

/** The calendarId a project's items have in the views. */
export const viewKey = (projectId: number) => -projectId;

export const isProjectItem = (item: EventItem): item is ProjectEventItem =>
  (item as Partial<ProjectEventItem>).type === "PROJECT" && isProjectItemId(item.id);

/** A project item as the views take it (calendarId: viewKey); anything else is left out. */
export const toViewItem = (item: EventItem): ProjectEventItem[] =>
  isProjectItem(item) ? [{ ...item, calendarId: viewKey(item.projectId) }] : [];
