// External calendars (001 §7 "External calendars"; issue 23): a user's Google calendars through a
// GOOGLE_CALENDAR connection (shared/external-services.ts). Each is a calendar of type EXTERNAL in the tree
// (connectionId set), its events kept read-only in the calendar's own tables, so the month, week and day
// views and search show them like any other; editing one answers 403 calendar.external_not_editable.
//
//   GET   /api/external/calendars?connectionId&sync           → ExternalCalendarConnection (sync=true: the
//                                                               calendar list and the selected calendars'
//                                                               events are fetched first)
//   PATCH /api/external/calendars/{id} {selected}             → ExternalCalendar (id: the calendar's id)
//   GET   /api/external/calendars/events?connectionId&startDt&endDt[&ids][&timezone] → EventItem[]
//                                                               (ids: calendars of that connection; none: its
//                                                               selected ones)
import { z } from "zod";
import { eventTime, timezoneName } from "./events.ts";
import type { ExternalErrorReason } from "../external-services.ts";

const id = z.coerce.number({ message: "common.validation" }).int().positive().max(Number.MAX_SAFE_INTEGER);
const flag = z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]);

/** Events are kept from this many days before today to this many after (Google's events.list window). */
export const EXTERNAL_SYNC_PAST_DAYS = 366;
export const EXTERNAL_SYNC_FUTURE_DAYS = 731;
/** The job syncs a selected calendar again after this long. */
export const EXTERNAL_SYNC_INTERVAL_MS = 5 * 60_000;

export const externalCalendarsQuery = z.object({ connectionId: id, sync: flag.default(false) });
export const externalCalendarPatchBody = z.object({ selected: flag });
export const externalEventsQuery = z.object({
  connectionId: id,
  startDt: eventTime,
  endDt: eventTime,
  ids: z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : String(v).split(",")), z.array(id).max(500)),
  timezone: timezoneName.optional(),
});

/** One Google calendar of a connection. */
export interface ExternalCalendar {
  /** The suite's calendar id (what event calls and updateTreeStatus take). */
  id: number;
  connectionId: number;
  /** Google's calendar id. */
  externalId: string;
  title: string;
  color: string;
  selected: boolean;
  primary: boolean;
  /** When its events were last fetched; null: not yet. */
  syncedAt: string | null;
}

/** 001 §3 "External calendar connection". */
export interface ExternalCalendarConnection {
  id: number;
  username: string;
  email: string;
  /** The calendar list has been fetched at least once. */
  loaded: boolean;
  calendars: ExternalCalendar[];
  errorMessage: ExternalErrorReason | null;
}
