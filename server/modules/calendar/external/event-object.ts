// A Google event (events.list with singleEvents: one occurrence each) as the iCalendar object the calendar
// stores: UID Google's event id, summary, location, description, and its time: timed events in UTC, all-day
// events as dates of the Google calendar's zone (Asia/Seoul when it names none we know). Attendees, organiser
// and reminders are left out: an external event belongs to nobody here and invites nobody.
import { DEFAULT_TIMEZONE, EVENT_DESCRIPTION_MAX, EVENT_LOCATION_MAX } from "../../../../shared/calendar/constants.ts";
import { newObject } from "../events/ical-write.ts";
import { isKnownZone, parseDate, wallOf, type Wall } from "../events/zone.ts";
import type { GoogleEvent, GoogleTime } from "./google-client.ts";

const SUMMARY_MAX = 500;

function timeOf(t: GoogleTime | undefined): { wall: Wall; date: boolean } | null {
  if (!t) return null;
  if (t.date) {
    const d = parseDate(t.date);
    return d ? { wall: d, date: true } : null;
  }
  if (t.dateTime) {
    const ms = Date.parse(t.dateTime);
    return Number.isFinite(ms) ? { wall: wallOf(ms, "UTC"), date: false } : null;
  }
  return null;
}

/** The object text of a Google event; null when its times cannot be read (the event is then left out). */
export function objectOf(ev: GoogleEvent, calendarZone: string | undefined, now: Date): string | null {
  const start = timeOf(ev.start);
  const end = timeOf(ev.end) ?? start;
  if (!start || !end || start.date !== end.date) return null;
  const zone = start.date ? (calendarZone && isKnownZone(calendarZone) ? calendarZone : DEFAULT_TIMEZONE) : "UTC";
  return newObject(ev.id, {
    summary: (ev.summary ?? "").slice(0, SUMMARY_MAX),
    location: (ev.location ?? "").slice(0, EVENT_LOCATION_MAX),
    description: (ev.description ?? "").slice(0, EVENT_DESCRIPTION_MAX),
    isAllDay: start.date,
    tzid: zone,
    start: start.wall,
    end: end.wall,
    organizer: null,
    attendees: [],
    alarms: [],
    isLeave: false,
  }, null, now);
}
