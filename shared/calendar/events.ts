// Event calls (001 §7 "Calendar (api/calendar)": event find, event POST / PATCH / DELETE, deleteByDate,
// partStat, view/{id}, search, freeBusy); shapes designed here.
//
//   GET    /api/calendar/event?calendars[]=1&dtStart&dtEnd[&timezone] → EventItem[] (occurrences of series
//          expanded inside the range only; all-day items by the dates of `timezone`, default Asia/Seoul)
//   POST   /api/calendar/event  EventInput                   → 201 EventDetail
//   PATCH  /api/calendar/event/{id}  EventPatch              → EventDetail; {id} an event or instance id;
//          scope THIS (an override of that occurrence), FOLLOWING (the series splits: the old one ends before
//          it, a new series with a new UID carries the rest), ALL (the series; an instance's time change moves
//          the whole series by the same amount)
//   DELETE /api/calendar/event/{id}[?scope=THIS|FOLLOWING|ALL] → 204 (default ALL: the whole event)
//   POST   /api/calendar/event/deleteByDate {id, scope}      → 204 (THIS: EXDATE; FOLLOWING: the series ends before it)
//   PUT    /api/calendar/event/partStat {id, partStat, scope?} → EventDetail (an internal attendee answers;
//          scope THIS with an instance id answers that occurrence only, default ALL)
//   GET    /api/calendar/view/{id}                           → EventDetail
//   GET    /api/calendar/search?keyword&page&pageSize        → Page<EventItem> (a series once, newest first)
//   POST   /api/calendar/freeBusy {userIds?, emails?, dtStart, dtEnd, timezone?} → FreeBusy[]
//
// Times: a timed start or end is a wall clock "YYYY-MM-DDTHH:mm[:ss]" in the event's `timezone` (default
// Asia/Seoul), or an instant with Z or an offset (then read in that zone), or epoch milliseconds. All-day
// events take dates "YYYY-MM-DD" and dtEnd is their LAST day (inclusive), as the dialog shows it; answers
// give them the same way. Timed answers are ISO instants (UTC).
import { z } from "zod";
import {
  ALARM_MAX_MINUTES, ALARM_UNITS, ATTENDEE_ROLES, type CalendarPrivilege, EDIT_SCOPES, EVENT_ALARMS_MAX,
  EVENT_ATTENDEES_MAX, EVENT_DESCRIPTION_MAX, EVENT_LOCATION_MAX, EVENT_SUMMARY_MAX, FREEBUSY_USERS_MAX,
  PART_STATS, type PartStat, RECURRENCE_COUNT_MAX, RECURRENCE_FREQS, RECURRENCE_INTERVAL_MAX, SEARCH_KEYWORD_MAX,
  SEARCH_MIN_CHARS, SEARCH_PAGE_SIZE, WEEKDAYS,
} from "./constants.ts";

const id = z.coerce.number({ message: "common.validation" }).int().positive().max(Number.MAX_SAFE_INTEGER);
const flag = z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]);
function upper<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.string({ message }).trim().toUpperCase().pipe(z.enum(values, { message }));
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
/** A date, a wall clock, an instant with zone, or epoch milliseconds (turned into an ISO instant). */
export const eventTime = z.union([
  z.number().int().min(0).max(253_402_300_799_999).transform((ms) => new Date(ms).toISOString()),
  z.string().trim().regex(DATE_TIME, "calendar.time_invalid"),
], { message: "calendar.time_invalid" });

export const timezoneName = z.string().trim().min(1).max(64).refine((tz) => {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}, "calendar.timezone_invalid");

const BYDAY = new RegExp(`^([+-]?[1-5])?(${WEEKDAYS.join("|")})$`);
export const recurrenceRule = z.object({
  freq: upper(RECURRENCE_FREQS, "calendar.recurrence_invalid"),
  interval: z.coerce.number().int().min(1).max(RECURRENCE_INTERVAL_MAX).default(1),
  count: z.coerce.number().int().min(1).max(RECURRENCE_COUNT_MAX).optional(),
  /** The last day an occurrence may start on (in the event's zone). */
  until: z.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/, "calendar.recurrence_invalid").optional(),
  /** SU..SA, with an ordinal for monthly and yearly rules: "2TU" the second Tuesday, "-1FR" the last Friday. */
  byDay: z.array(z.string().trim().toUpperCase().regex(BYDAY, "calendar.recurrence_invalid")).max(31).optional(),
  byMonth: z.array(z.coerce.number().int().min(1).max(12)).max(12).optional(),
  byMonthDay: z.array(z.coerce.number().int().min(-31).max(31).refine((d) => d !== 0)).max(31).optional(),
}).refine((r) => r.count === undefined || r.until === undefined, { message: "calendar.recurrence_invalid" });
export type RecurrenceRule = z.infer<typeof recurrenceRule>;

export const attendeeInput = z.object({
  email: z.string({ message: "calendar.attendee_email_invalid" }).trim().toLowerCase().max(254)
    .email("calendar.attendee_email_invalid"),
  name: z.string().trim().max(200).optional(),
  role: upper(ATTENDEE_ROLES, "common.validation").optional(),
});
export type AttendeeInput = z.infer<typeof attendeeInput>;

export const alarmInput = z.object({
  value: z.coerce.number().int().min(0),
  unit: upper(ALARM_UNITS, "common.validation"),
}).refine((a) => a.value * (a.unit === "DAYS" ? 1440 : a.unit === "HOURS" ? 60 : 1) <= ALARM_MAX_MINUTES, {
  message: "calendar.alarm_invalid",
});
export type AlarmInput = z.infer<typeof alarmInput>;

const summary = z.string({ message: "calendar.title_required" }).trim()
  .min(1, "calendar.title_required").max(EVENT_SUMMARY_MAX, "calendar.title_too_long");

const eventFields = {
  summary,
  dtStart: eventTime,
  dtEnd: eventTime,
  isAllDay: flag.default(false),
  timezone: timezoneName.optional(),
  location: z.string().trim().max(EVENT_LOCATION_MAX).default(""),
  description: z.string().max(EVENT_DESCRIPTION_MAX).default(""),
  attendees: z.array(attendeeInput).max(EVENT_ATTENDEES_MAX).default([]),
  recurrence: recurrenceRule.nullable().default(null),
  alarms: z.array(alarmInput).max(EVENT_ALARMS_MAX).default([]),
  /** Leave events come with the leave module; the flag is kept. */
  isLeave: flag.default(false),
};

const calendarChoice = z.coerce.number({ message: "calendar.calendar_required" }).int("calendar.calendar_required")
  .positive("calendar.calendar_required").max(Number.MAX_SAFE_INTEGER, "calendar.calendar_required");

export const eventCreateBody = z.object({
  calendarId: calendarChoice,
  ...eventFields,
  /** With isLeave: the leave type applied for (the company's annual leave when left out; shared/leave). */
  leaveTemplateId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});
export type EventCreate = z.infer<typeof eventCreateBody>;

/** PATCH: fields left out keep their value (of the occurrence, for THIS). */
export const eventPatchBody = z.object({
  calendarId: calendarChoice.optional(),
  /** 001 §3: the calendar the event was in when the dialog opened; a different calendarId moves it. */
  originCalendarId: id.optional(),
  scope: upper(EDIT_SCOPES, "calendar.scope_invalid").default("ALL"),
  summary: summary.optional(),
  dtStart: eventTime.optional(),
  dtEnd: eventTime.optional(),
  isAllDay: flag.optional(),
  timezone: timezoneName.optional(),
  location: z.string().trim().max(EVENT_LOCATION_MAX).optional(),
  description: z.string().max(EVENT_DESCRIPTION_MAX).optional(),
  attendees: z.array(attendeeInput).max(EVENT_ATTENDEES_MAX).optional(),
  recurrence: recurrenceRule.nullable().optional(),
  alarms: z.array(alarmInput).max(EVENT_ALARMS_MAX).optional(),
  isLeave: flag.optional(),
});
export type EventPatch = z.infer<typeof eventPatchBody>;

const instanceRef = z.string().trim().regex(/^\d{1,15}(_\d{8}(T\d{6})?)?$/, "common.validation");
export const deleteScopeQuery = z.object({ scope: upper(EDIT_SCOPES, "calendar.scope_invalid").default("ALL") });
export const deleteByDateBody = z.object({
  id: z.union([z.number().int().positive().transform(String), instanceRef]),
  scope: upper(["THIS", "FOLLOWING"], "calendar.scope_invalid").default("THIS"),
});
export const partStatBody = z.object({
  id: z.union([z.number().int().positive().transform(String), instanceRef]),
  partStat: upper(PART_STATS, "calendar.partstat_invalid"),
  /** ALL: the whole event; THIS: only the occurrence the instance id names (a series' one meeting). */
  scope: upper(["THIS", "ALL"], "calendar.scope_invalid").default("ALL"),
});

export const eventListQuery = z.object({
  calendars: z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : String(v).split(",")), z.array(id).max(500)),
  dtStart: eventTime,
  dtEnd: eventTime,
  timezone: timezoneName.optional(),
});
export type EventListQuery = z.infer<typeof eventListQuery>;

export const eventSearchQuery = z.object({
  keyword: z.string({ message: "calendar.search_min_chars" }).trim().max(SEARCH_KEYWORD_MAX)
    .refine((k) => [...k.replace(/\s+/g, "")].length >= SEARCH_MIN_CHARS, "calendar.search_min_chars"),
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(SEARCH_PAGE_SIZE),
});

export const freeBusyBody = z.object({
  userIds: z.array(id).max(FREEBUSY_USERS_MAX).default([]),
  emails: z.array(z.string().trim().toLowerCase().max(254).email("calendar.attendee_email_invalid")).max(FREEBUSY_USERS_MAX).default([]),
  dtStart: eventTime,
  dtEnd: eventTime,
  timezone: timezoneName.optional(),
}).refine((b) => b.userIds.length + b.emails.length > 0, { message: "common.validation" });

/** One occurrence (or a whole non-repeating event) as the month list shows it. */
export interface EventItem {
  /** Instance id (constants.ts instanceId). */
  id: string;
  eventId: number;
  eventUId: string;
  calendarId: number;
  /** ISO instant, or "YYYY-MM-DD" for all-day items. */
  start: string;
  /** ISO instant, or the LAST day "YYYY-MM-DD" (inclusive) for all-day items. */
  end: string;
  isAllDay: boolean;
  name: string;
  /** Who made the event (its owner). */
  userId: number | null;
  isRecurring: boolean;
  /** The occurrence's recurrence id (constants.ts), null for an event that does not repeat. */
  recurrenceId: string | null;
  /** Epoch milliseconds of the start: all-day items at midnight of the requested zone. */
  startForOrdering: number;
  timezone: string | null;
  location: string;
  /** The caller's privilege through the calendar (1: only time and title are given). */
  privilege: CalendarPrivilege;
  editable: boolean;
  /** The caller's answer when invited, else null. */
  partStat: PartStat | null;
  /** 001 §4: the caller is an invitee who has not answered. */
  awaitsAction: boolean;
  isLeave: boolean;
  leaveStatus: string | null;
}

export interface EventPerson {
  email: string;
  name: string;
  userId: number | null;
}
export interface EventAttendee extends EventPerson {
  partStat: PartStat;
  role: string;
}

export interface EventDetail extends EventItem {
  detail: {
    summary: string;
    dtStart: string;
    dtEnd: string;
    isAllDay: boolean;
    description: string;
    location: string;
    organizer: EventPerson | null;
    attendees: EventAttendee[];
    isLeave: boolean;
    leaveStatus: string | null;
  };
  recurrence: RecurrenceRule | null;
  alarms: AlarmInput[];
  /** Only time and title may be shown (privilege 1): the detail's other fields are empty. */
  titleOnly: boolean;
  sequence: number;
  etag: string;
}

export interface BusySlot {
  start: string;
  end: string;
  isAllDay: boolean;
}
export interface FreeBusy {
  userId: number;
  email: string;
  name: string;
  busy: BusySlot[];
}
