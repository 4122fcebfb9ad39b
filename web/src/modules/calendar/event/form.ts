// The event dialog's form: its state, made from a new slot or an event, checked by the rules of 001 §5, and
// turned into the API's body (shared/calendar/events.ts: timed times as wall clocks of the event's zone,
// all-day ones as first and last day).
import type { AlarmInput, EventDetail, RecurrenceRule } from "@shared/calendar/events.ts";
import type { AlarmUnit, RecurrenceFreq } from "@shared/calendar/constants.ts";
import {
  ALARM_MAX_MINUTES, DEFAULT_TIMEZONE, EVENT_ATTENDEES_MAX, EVENT_LOCATION_MAX, EVENT_SUMMARY_MAX, RECURRENCE_COUNT_MAX,
  RECURRENCE_INTERVAL_MAX, WEEKDAYS,
} from "@shared/calendar/constants.ts";
import type { EventBody } from "../api.ts";
import { addDays, dayNum, daysInMonth, hhmm, roundUp, weekday, type Ymd, zoned } from "../dates.ts";

export interface Person {
  email: string;
  name: string;
  /** A colleague (free/busy is looked up for these). */
  userId: number | null;
}

export interface Repeat {
  freq: RecurrenceFreq | "";
  interval: number;
  end: "never" | "count" | "until";
  count: number;
  until: Ymd;
  /** Weekly: SU..SA. */
  byDay: string[];
  /** Monthly: on the start's day of the month, or on its weekday of the month ("2nd Tuesday", "last Friday"). */
  monthly: "day" | "nth" | "last";
}

export interface Form {
  summary: string;
  calendarId: number | null;
  isAllDay: boolean;
  startDay: Ymd;
  startMin: number;
  endDay: Ymd;
  endMin: number;
  timezone: string;
  location: string;
  description: string;
  repeat: Repeat;
  alarms: AlarmInput[];
  attendees: Person[];
}

export const weekdayCode = (day: Ymd) => WEEKDAYS[weekday(day)];
/** Which week of its month a day falls in (1..5), and whether it is the last one. */
export function weekOfMonth(day: Ymd): { nth: number; last: boolean } {
  const d = Number(day.slice(8));
  return { nth: Math.ceil(d / 7), last: d + 7 > daysInMonth(day) };
}

function defaultRepeat(start: Ymd): Repeat {
  return { freq: "", interval: 1, end: "never", count: 10, until: addDays(start, 90), byDay: [weekdayCode(start)], monthly: "day" };
}

export function newForm(o: { day: Ymd; startMin?: number; endDay?: Ymd; endMin?: number; allDay?: boolean }, tz: string, today: Ymd, calendarId: number | null): Form {
  const now = zoned(Date.now(), tz).minutes;
  const startMin = o.startMin ?? (o.day === today ? Math.min(roundUp(now), 23 * 60) : 9 * 60);
  const endMin = o.endMin ?? Math.min(startMin + 60, 1410);
  return {
    summary: "",
    calendarId,
    isAllDay: !!o.allDay,
    startDay: o.day,
    startMin,
    endDay: o.endDay ?? o.day,
    endMin: endMin <= startMin ? Math.min(startMin + 30, 1440) : endMin,
    timezone: tz || DEFAULT_TIMEZONE,
    location: "",
    description: "",
    repeat: defaultRepeat(o.day),
    alarms: [],
    attendees: [],
  };
}

export function editForm(d: EventDetail, tz: string): Form {
  const zone = d.timezone || tz;
  let startDay: Ymd, endDay: Ymd, startMin = 9 * 60, endMin = 10 * 60;
  if (d.isAllDay) {
    startDay = d.start.slice(0, 10);
    endDay = d.end.slice(0, 10);
  } else {
    const s = zoned(Date.parse(d.start), zone);
    const e = zoned(Date.parse(d.end), zone);
    startDay = s.ymd;
    startMin = s.minutes;
    endDay = e.ymd;
    endMin = e.minutes;
    if (endMin === 0 && endDay > startDay) {
      endDay = addDays(endDay, -1);
      endMin = 1440;
    }
  }
  const r = d.recurrence;
  const repeat = defaultRepeat(startDay);
  if (r) {
    repeat.freq = r.freq;
    repeat.interval = r.interval ?? 1;
    if (r.count) Object.assign(repeat, { end: "count", count: r.count });
    if (r.until) Object.assign(repeat, { end: "until", until: r.until });
    if (r.freq === "WEEKLY" && r.byDay?.length) repeat.byDay = r.byDay.map((x) => x.slice(-2));
    if (r.freq === "MONTHLY" && r.byDay?.length) repeat.monthly = r.byDay[0].startsWith("-1") ? "last" : "nth";
  }
  return {
    summary: d.detail.summary || d.name,
    calendarId: d.calendarId,
    isAllDay: d.isAllDay,
    startDay,
    startMin,
    endDay,
    endMin,
    timezone: zone,
    location: d.detail.location ?? "",
    description: d.detail.description ?? "",
    repeat,
    alarms: d.alarms.map((a) => ({ value: a.value, unit: a.unit })),
    attendees: d.detail.attendees.map((a) => ({ email: a.email, name: a.name, userId: a.userId })),
  };
}

export function ruleOf(f: Form): RecurrenceRule | null {
  const r = f.repeat;
  if (!r.freq) return null;
  const rule: RecurrenceRule = { freq: r.freq, interval: r.interval };
  if (r.end === "count") rule.count = r.count;
  if (r.end === "until") rule.until = r.until;
  if (r.freq === "WEEKLY") rule.byDay = r.byDay.length ? WEEKDAYS.filter((d) => r.byDay.includes(d)) : [weekdayCode(f.startDay)];
  if (r.freq === "MONTHLY") {
    const w = weekOfMonth(f.startDay);
    if (r.monthly === "nth") rule.byDay = [`${w.nth}${weekdayCode(f.startDay)}`];
    else if (r.monthly === "last") rule.byDay = [`-1${weekdayCode(f.startDay)}`];
    else rule.byMonthDay = [Number(f.startDay.slice(8))];
  }
  return rule;
}

export function bodyOf(f: Form): EventBody {
  return {
    calendarId: f.calendarId!,
    summary: f.summary.trim(),
    isAllDay: f.isAllDay,
    dtStart: f.isAllDay ? f.startDay : `${f.startDay}T${hhmm(f.startMin % 1440)}:00`,
    dtEnd: f.isAllDay ? f.endDay : f.endMin >= 1440 ? `${addDays(f.endDay, 1)}T00:00:00` : `${f.endDay}T${hhmm(f.endMin)}:00`,
    timezone: f.timezone,
    location: f.location.trim(),
    description: f.description,
    attendees: f.attendees.map((a) => ({ email: a.email, ...(a.name ? { name: a.name } : {}) })),
    recurrence: ruleOf(f),
    alarms: f.alarms,
  };
}

export const EMAIL = /^[^\s@<>()]+@[^\s@<>()]+\.[^\s@<>()]+$/;
export const alarmMinutes = (a: AlarmInput) => a.value * (a.unit === "DAYS" ? 1440 : a.unit === "HOURS" ? 60 : 1);

/** The form's problems by field, as calendar:errors keys (001 §5). */
export function validate(f: Form, myEmail: string): Partial<Record<"summary" | "calendar" | "time" | "attendees" | "repeat" | "alarms" | "location", string>> {
  const out: ReturnType<typeof validate> = {};
  const title = f.summary.trim();
  if (!title) out.summary = "calendar.title_required";
  else if ([...title].length > EVENT_SUMMARY_MAX) out.summary = "calendar.title_too_long";
  if (!f.calendarId) out.calendar = "calendar.calendar_required";
  const start = dayNum(f.startDay) * 1440 + (f.isAllDay ? 0 : f.startMin);
  const end = dayNum(f.endDay) * 1440 + (f.isAllDay ? 0 : f.endMin);
  if (f.isAllDay ? end < start : end <= start) out.time = "calendar.start_after_end";
  if (f.location.length > EVENT_LOCATION_MAX) out.location = "calendar.location_too_long";
  if (f.attendees.some((a) => !EMAIL.test(a.email))) out.attendees = "calendar.attendee_email_invalid";
  else if (f.attendees.length > EVENT_ATTENDEES_MAX) out.attendees = "calendar.attendees_too_many";
  else if (f.attendees.length > 0 && f.attendees.every((a) => a.email.toLowerCase() === myEmail.toLowerCase())) out.attendees = "calendar.invite_only_self";
  const r = f.repeat;
  if (r.freq) {
    if (!Number.isInteger(r.interval) || r.interval < 1 || r.interval > RECURRENCE_INTERVAL_MAX) out.repeat = "calendar.recurrence_invalid";
    else if (r.end === "count" && (!Number.isInteger(r.count) || r.count < 1 || r.count > RECURRENCE_COUNT_MAX)) out.repeat = "calendar.recurrence_invalid";
    else if (r.end === "until" && (!/^\d{4}-\d{2}-\d{2}$/.test(r.until) || r.until < f.startDay)) out.repeat = "calendar.recurrence_invalid";
  }
  if (f.alarms.some((a) => !Number.isInteger(a.value) || a.value < 0 || alarmMinutes(a) > ALARM_MAX_MINUTES)) out.alarms = "calendar.alarm_invalid";
  return out;
}

export const ALARM_UNIT_LIST: AlarmUnit[] = ["MINUTES", "HOURS", "DAYS"];
