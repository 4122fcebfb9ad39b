// Calendar constants (001 §3 "Calendar", "Event", §6, §9) and the designed parts the spec leaves open:
// privilege levels, instance ids, realtime topic. No zod here: the web client's shell may import it.

/** Calendar types as stored (calendars.type). */
export const CALENDAR_TYPES = ["DEFAULT", "PRIVATE", "ORGANIZATION", "PUBLIC", "HOLIDAY", "EXTERNAL", "PROJECT"] as const;
export type CalendarType = (typeof CALENDAR_TYPES)[number];
/** Types of the entries find answers: the stored types plus the caller's views of others' calendars. */
export const CALENDAR_VIEW_TYPES = [...CALENDAR_TYPES, "SUBSCRIPTION", "PUBLIC_SUBSCRIPTION"] as const;
export type CalendarViewType = (typeof CALENDAR_VIEW_TYPES)[number];
/** Calendars a user creates with add. */
export const CREATABLE_CALENDAR_TYPES = ["PRIVATE", "PUBLIC"] as const;
/** Calendars whose events nobody edits in the suite (001 §5 "external events cannot be edited"). */
export const READ_ONLY_CALENDAR_TYPES: readonly CalendarType[] = ["HOLIDAY", "EXTERNAL"];

/**
 * A user's privilege on a calendar. 001 §6 gives only "3 = write"; the rest is designed and matches the
 * share module's permissions (shared/share.ts): 1 title only (free/busy: an event's time and title, nothing
 * else), 2 read, 3 write (create events, edit and delete anyone's), 4 owner (also rename, share, delete the
 * calendar). 0: the calendar is not visible (answers 404).
 */
export const CALENDAR_PRIVILEGE = { NONE: 0, FREE_BUSY: 1, READ: 2, WRITE: 3, OWNER: 4 } as const;
export type CalendarPrivilege = 0 | 1 | 2 | 3 | 4;

/** The share registry's moduleType of calendars (objectId = the calendar id). */
export const CALENDAR_SHARE_MODULE = "CALENDAR";

export const CALENDAR_TITLE_MAX = 80;
export const EVENT_SUMMARY_MAX = 80;
export const EVENT_LOCATION_MAX = 500;
export const EVENT_DESCRIPTION_MAX = 20_000;
export const EVENT_ATTENDEES_MAX = 200;
export const EVENT_ALARMS_MAX = 5;
/** Alarm values per unit: up to 4 weeks before. */
export const ALARM_UNITS = ["MINUTES", "HOURS", "DAYS"] as const;
export type AlarmUnit = (typeof ALARM_UNITS)[number];
export const ALARM_MAX_MINUTES = 28 * 24 * 60;

/** 001 §9: default time zone, month cache, views. */
export const DEFAULT_TIMEZONE = "Asia/Seoul";
export const MONTH_CACHE_MS = 60_000;
export const MONTH_CACHE_MAX_MONTHS = 4;
export const CALENDAR_VIEWS = ["day", "week", "month", "4day"] as const;
export const DEFAULT_CALENDAR_VIEW = "month";
/** 001 §9: ICS import limit (the import itself comes with the ICS library). */
export const ICS_MAX_BYTES = 10 * 1024 * 1024;
/** Event times in the dialog are rounded to this (the UI's rule; the server takes any minute). */
export const TIME_ROUNDING_MINUTES = 30;

/** The longest range one month query may ask for, and the most occurrences one series answers in it. */
export const EVENT_QUERY_MAX_DAYS = 100;
export const OCCURRENCES_PER_SERIES_MAX = 500;
/** Free/busy: people per request and the longest range. */
export const FREEBUSY_USERS_MAX = 50;
export const FREEBUSY_MAX_DAYS = 62;
/** Search: the shortest word (001 §5) and the page size. */
export const SEARCH_MIN_CHARS = 2;
export const SEARCH_KEYWORD_MAX = 100;
export const SEARCH_PAGE_SIZE = 20;
/** Recurrence limits: COUNT, INTERVAL and list lengths one rule may carry. */
export const RECURRENCE_COUNT_MAX = 1000;
export const RECURRENCE_INTERVAL_MAX = 99;

export const RECURRENCE_FREQS = ["DAILY", "WEEKLY", "MONTHLY", "YEARLY"] as const;
export type RecurrenceFreq = (typeof RECURRENCE_FREQS)[number];
export const WEEKDAYS = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"] as const;
export const PART_STATS = ["NEEDS-ACTION", "ACCEPTED", "DECLINED", "TENTATIVE"] as const;
export type PartStat = (typeof PART_STATS)[number];
export const ATTENDEE_ROLES = ["CHAIR", "REQ-PARTICIPANT", "OPT-PARTICIPANT", "NON-PARTICIPANT"] as const;
export type AttendeeRole = (typeof ATTENDEE_ROLES)[number];
/** Leave states (001 §4), kept for the leave module. */
export const LEAVE_STATUSES = ["READY", "CONFIRMED", "DENIED"] as const;

/** Editing or deleting one occurrence of a series: it alone, it and the ones after it, or the whole series. */
export const EDIT_SCOPES = ["THIS", "FOLLOWING", "ALL"] as const;
export type EditScope = (typeof EDIT_SCOPES)[number];

/** The default colour and the 20-colour palette (001 §9). Any #rrggbb is accepted. */
export const DEFAULT_CALENDAR_COLOR = "#4a86e8";
export const CALENDAR_PALETTE = [
  "#d50000", "#e67c73", "#f4511e", "#f6bf26", "#33b679", "#0b8043", "#039be5", "#3f51b5", "#7986cb", "#8e24aa",
  "#616161", "#ad1457", "#c0ca33", "#009688", "#795548", "#ef6c00", "#7cb342", "#4285f4", "#b39ddb", "#a79b8e",
] as const;
export const HOLIDAY_CALENDAR_COLOR = "#d50000";

/**
 * Instance ids: an event that does not repeat is "{eventId}"; an occurrence of a series is
 * "{eventId}_{recurrenceId}", the recurrence id being the occurrence's original start as the series' own
 * wall clock: "YYYYMMDD" for all-day series, "YYYYMMDDTHHMMSS" for timed ones (in the series' zone, as the
 * iCalendar RECURRENCE-ID of that occurrence is written).
 */
export const INSTANCE_ID_SEPARATOR = "_";
export const RECURRENCE_ID_PATTERN = /^\d{8}(T\d{6})?$/;

export function instanceId(eventId: number, recurrenceId: string | null): string {
  return recurrenceId ? `${eventId}${INSTANCE_ID_SEPARATOR}${recurrenceId}` : String(eventId);
}

/** The parts of an instance id; null when it is not one. */
export function parseInstanceId(id: string): { eventId: number; recurrenceId: string | null } | null {
  const m = /^(\d{1,15})(?:_(\d{8}(?:T\d{6})?))?$/.exec(id);
  if (!m) return null;
  return { eventId: Number(m[1]), recurrenceId: m[2] ?? null };
}

/**
 * Realtime: CALENDAR_CHANGED on each affected user's topic (the calendar's owner, its sharees and subscribers,
 * an organisation calendar's members, the event's internal attendees) with { calendarId, eventId? } after any
 * write, deletions included (the event id then names what is gone). The browser refetches.
 */
export const calendarTopic = (username: string) => `/topic/calendar/user/${username}`;
export const CALENDAR_EVENTS = ["CALENDAR_CHANGED"] as const;
