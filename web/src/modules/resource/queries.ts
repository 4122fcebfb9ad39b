// Resource booking's queries. Every key starts with "resource", so a change (here, or through realtime) refreshes
// the family:
//   ["resource","day", date, type, range]   GET ?searchDate&type&range (the grid)
//   ["resource","types"]                    GET types (the side pane's type list)
//   ["resource","mine", page]               GET book/mine
//   ["resource","pending"]                  GET book/pending
//   ["resource","img", id]                  GET img/{id} as an object URL
import { keepPreviousData, type QueryClient, queryOptions } from "@tanstack/react-query";
import { refreshEvents } from "../calendar/queries.ts";
import * as resourceApi from "./api.ts";
import type { GridRange } from "./routes.ts";

export const MINE_PAGE_SIZE = 20;

export const dayQuery = (date: string, type: string, range: GridRange) =>
  queryOptions({
    queryKey: ["resource", "day", date, type, range],
    queryFn: ({ signal }) => resourceApi.day(date, type, range, signal),
    placeholderData: keepPreviousData,
  });
export const typesQuery = queryOptions({ queryKey: ["resource", "types"], queryFn: ({ signal }) => resourceApi.types(signal), staleTime: 30_000 });
export const mineQuery = (page: number) =>
  queryOptions({
    queryKey: ["resource", "mine", page],
    queryFn: ({ signal }) => resourceApi.mine(page, MINE_PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
  });
export const pendingQuery = queryOptions({ queryKey: ["resource", "pending"], queryFn: ({ signal }) => resourceApi.pending(signal) });
export const imageQuery = (id: number) =>
  queryOptions({ queryKey: ["resource", "img", id], queryFn: ({ signal }) => resourceApi.imageUrl(id, signal), staleTime: Infinity, gcTime: 60_000 });

/**
 * After bookings or resources changed: everything but the images refetches; and so do the calendar's kept months
 * (bookings are events in the booker's calendar, and the calendar keeps a month fresh for a minute: without this,
 * /cal opened right after booking showed the month as it was before).
 */
export function refreshResource(qc: QueryClient) {
  return Promise.all([
    qc.invalidateQueries({ predicate: (q) => q.queryKey[0] === "resource" && q.queryKey[1] !== "img" }),
    refreshEvents(qc),
  ]);
}
