// The calendar island's queries. Every key starts with "calendar":
//   ["calendar","tree"]                       the caller's calendars (GET find)
//   ["calendar","config"]                     find/config (time zone, palette)
//   ["calendar","month", "YYYY-MM", tz, ids]  one month's events of the calendars in the tree
//   ["calendar","event", instanceId]          one event (view/{id})
//   ["calendar","search", keyword, page]      a search page
//   ["calendar","public", keyword, page]      colleagues' public calendars
//
// The month cache of 001 §4 with react-query: each month is one query, fetched once and fresh for 60 s
// (staleTime MONTH_CACHE_MS: a view coming back within it shows the kept month without a call; after it, the
// month refetches in the background). At most 4 months stay (MONTH_CACHE_MAX_MONTHS): after each move,
// trimMonthCache removes months beyond that, those outside the current month (the focus's) and the months
// before and after it first (the farthest first), then the least recently fetched; gcTime is kept short
// besides, so months nobody shows go on their own too. The months before and after the current one are
// prefetched (prefetchNeighbours), so "next" shows at once: a month's query holds its whole grid (the leading
// and trailing days of the weeks the month view shows), so the next month's view needs nothing else. The query asks for every calendar of the tree, checked or not, so a checkbox
// hides or shows events without a call.
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import type { CalendarEntry } from "@shared/calendar/calendars.ts";
import type { EventItem } from "@shared/calendar/events.ts";
import { DEFAULT_TIMEZONE, MONTH_CACHE_MAX_MONTHS, MONTH_CACHE_MS } from "@shared/calendar/constants.ts";
import * as calApi from "./api.ts";
import { addDays, addMonths, isoWithOffset, monthKey, monthOfKey } from "./dates.ts";
import { viewDays } from "./view-range.ts";

export const calKeys = {
  all: ["calendar"] as const,
  tree: ["calendar", "tree"] as const,
  config: ["calendar", "config"] as const,
  months: ["calendar", "month"] as const,
  month: (month: string, tz: string, ids: number[]) => ["calendar", "month", month, tz, ids.join(",")] as const,
  events: ["calendar", "event"] as const,
  event: (id: string) => ["calendar", "event", id] as const,
  search: (keyword: string, page: number) => ["calendar", "search", keyword, page] as const,
  publics: (keyword: string, page: number) => ["calendar", "public", keyword, page] as const,
};

export const treeQuery = queryOptions({
  queryKey: calKeys.tree,
  queryFn: ({ signal }) => calApi.findCalendars(signal),
  staleTime: 60_000,
});

export const configQuery = queryOptions({
  queryKey: calKeys.config,
  queryFn: async ({ signal }) => {
    try {
      return await calApi.findConfig(signal);
    } catch {
      return null;
    }
  },
  staleTime: Infinity,
});

/** The zone the calendar shows times in. */
export const displayZone = (config: { timezone?: string } | null | undefined) => config?.timezone || DEFAULT_TIMEZONE;

/** The ids every month query asks for: all calendars of the tree, sorted (checked or not). */
export const treeIds = (tree: CalendarEntry[] | undefined) => [...new Set((tree ?? []).map((c) => c.id))].sort((a, b) => a - b);

export const MONTH_GC_MS = 5 * 60_000;

export function monthQuery(month: string, tz: string, ids: number[]) {
  return queryOptions({
    queryKey: calKeys.month(month, tz, ids),
    queryFn: ({ signal }) => {
      // The month's grid: from the Sunday of its first week to the Saturday of its last (view-range.ts monthsFor).
      const grid = viewDays("month", monthOfKey(month));
      return calApi.findEvents(ids, isoWithOffset(grid.first, 0, tz), isoWithOffset(addDays(grid.last, 1), 0, tz), tz, signal);
    },
    enabled: ids.length > 0,
    staleTime: MONTH_CACHE_MS,
    gcTime: MONTH_GC_MS,
  });
}

/** The months before and after the current one ("YYYY-MM"). */
export function neighbours(current: string): [string, string] {
  const first = monthOfKey(current);
  return [monthKey(addMonths(first, -1)), monthKey(addMonths(first, 1))];
}

/** Fetches the months before and after the current one (each once: a month still fresh is not asked again). */
export function prefetchNeighbours(qc: QueryClient, current: string, tz: string, ids: number[]) {
  if (!ids.length) return;
  for (const m of neighbours(current)) void qc.prefetchQuery(monthQuery(m, tz, ids));
}

/**
 * Keeps at most MONTH_CACHE_MAX_MONTHS months: beyond it, months other than the current one and its two
 * neighbours go first, the farthest from the current month first, then the ones fetched longest ago. Months on
 * screen (`shown`) are never removed.
 */
export function trimMonthCache(qc: QueryClient, current: string, shown: string[]) {
  const cache = qc.getQueryCache();
  const months = new Map<string, { updated: number; queries: ReturnType<typeof cache.findAll> }>();
  for (const q of cache.findAll({ queryKey: calKeys.months })) {
    const m = String(q.queryKey[2]);
    const e = months.get(m) ?? { updated: 0, queries: [] };
    e.updated = Math.max(e.updated, q.state.dataUpdatedAt);
    e.queries.push(q);
    months.set(m, e);
  }
  if (months.size <= MONTH_CACHE_MAX_MONTHS) return;
  const near = new Set<string>([current, ...neighbours(current)]);
  const index = (m: string) => Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7));
  const distance = (m: string) => Math.abs(index(m) - index(current));
  const order = [...months.entries()]
    .filter(([m]) => !shown.includes(m))
    .sort(([a, ea], [b, eb]) => Number(near.has(a)) - Number(near.has(b)) || distance(b) - distance(a) || ea.updated - eb.updated);
  let count = months.size;
  for (const [, e] of order) {
    if (count <= MONTH_CACHE_MAX_MONTHS) break;
    for (const q of e.queries) cache.remove(q);
    count--;
  }
}

/** After a change: every kept month refetches (the ones on screen at once), and the tree's and events' details. */
export async function refreshEvents(qc: QueryClient, opts: { tree?: boolean } = {}) {
  await Promise.all([
    qc.invalidateQueries({ queryKey: calKeys.months }),
    qc.invalidateQueries({ queryKey: calKeys.events }),
    qc.invalidateQueries({ queryKey: ["calendar", "search"] }),
    opts.tree && qc.invalidateQueries({ queryKey: calKeys.tree }),
  ]);
}

export const eventQuery = (id: string) =>
  queryOptions({
    queryKey: calKeys.event(id),
    queryFn: ({ signal }) => calApi.viewEvent(id, signal),
    staleTime: 30_000,
  });

export const searchQuery = (keyword: string, page: number) =>
  queryOptions({
    queryKey: calKeys.search(keyword, page),
    queryFn: ({ signal }) => calApi.searchEvents(keyword, page, signal),
    enabled: keyword.length > 0,
    staleTime: 30_000,
  });

export const publicCalendarsQuery = (keyword: string, page: number) =>
  queryOptions({
    queryKey: calKeys.publics(keyword, page),
    queryFn: ({ signal }) => calApi.findPublicCalendars(keyword, page, signal),
    staleTime: 10_000,
  });

/** The items of several months, once each (an event across a month's end comes in both). */
export function mergeMonths(lists: (EventItem[] | undefined)[]): EventItem[] {
  const seen = new Map<string, EventItem>();
  for (const list of lists) for (const e of list ?? []) if (!seen.has(e.id)) seen.set(e.id, e);
  return [...seen.values()];
}
