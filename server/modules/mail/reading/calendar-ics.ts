// Reads the events of one iCalendar text (an invitation part of a mail) with ical.js into the answer shape
// of shared/mail/calendar.ts. Times keep their zone: a TZID defined by a VTIMEZONE of the same file is
// resolved by ical.js from that definition (never registered globally, so one mail cannot change another's
// times); a TZID without a definition is tried as an IANA zone; a floating time stays a wall clock.
// Throws on text that is not iCalendar; the caller decides what a bad part means.
import ICAL from "ical.js";
import {
  type CalendarAttendee, type CalendarEvent, type CalendarPerson, type CalendarTime, MAX_CALENDAR_ATTENDEES,
} from "../../../../shared/mail/calendar.ts";

type Component = InstanceType<typeof ICAL.Component>;
type Property = InstanceType<typeof ICAL.Property>;
type Time = InstanceType<typeof ICAL.Time>;

const pad = (n: number, w = 2) => String(n).padStart(w, "0");
const text = (v: unknown, max: number) => (typeof v === "string" ? v : v == null ? "" : String(v)).slice(0, max);

function param(prop: Property, name: string): string {
  const v = prop.getParameter(name);
  return (Array.isArray(v) ? String(v[0] ?? "") : typeof v === "string" ? v : "").trim();
}

/** Offset of an IANA zone at an instant, in milliseconds; null when the zone is unknown. */
function zoneOffset(ms: number, zone: string): number | null {
  let fmt: Intl.DateTimeFormat;
  try {
    fmt = new Intl.DateTimeFormat("en-US", {
      timeZone: zone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit",
    });
  } catch {
    return null;
  }
  const p = Object.fromEntries(fmt.formatToParts(new Date(ms)).map((x) => [x.type, Number(x.value)]));
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(ms / 1000) * 1000;
}

/** The instant of a wall clock in an IANA zone (the later reading of a repeated hour); null if unknown. */
function ianaInstant(t: Time, zone: string): string | null {
  const wall = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
  const first = zoneOffset(wall, zone);
  if (first === null) return null;
  const second = zoneOffset(wall - first, zone) ?? first;
  return new Date(wall - second).toISOString();
}

function timeOf(t: Time | null | undefined, tzid: string): CalendarTime | null {
  if (!t || !(t instanceof ICAL.Time)) return null;
  const date = `${pad(t.year, 4)}-${pad(t.month)}-${pad(t.day)}`;
  if (t.isDate) return { iso: date, local: date, timezone: null, allDay: true };
  const local = `${date}T${pad(t.hour)}:${pad(t.minute)}:${pad(t.second)}`;
  const instant = () => new Date(t.toUnixTime() * 1000).toISOString();
  if (t.zone === ICAL.Timezone.utcTimezone) return { iso: instant(), local, timezone: "UTC", allDay: false };
  if (!tzid) return { iso: local, local, timezone: null, allDay: false };
  // Defined in the file (or UTC by another name): ical.js knows the offsets.
  if (t.zone && t.zone !== ICAL.Timezone.localTimezone) return { iso: instant(), local, timezone: tzid, allDay: false };
  return { iso: ianaInstant(t, tzid) ?? local, local, timezone: tzid, allDay: false };
}

function propTime(comp: Component, name: string): CalendarTime | null {
  const prop = comp.getFirstProperty(name);
  if (!prop) return null;
  return timeOf(prop.getFirstValue() as Time, param(prop, "tzid"));
}

function personOf(prop: Property): CalendarPerson {
  const value = text(prop.getFirstValue(), 500).trim();
  const email = value.replace(/^mailto:/i, "").trim().toLowerCase();
  return { name: text(param(prop, "cn"), 200), email: /^[^\s@]+@[^\s@]+$/.test(email) ? email : "" };
}

function attendeeOf(prop: Property): CalendarAttendee {
  return {
    ...personOf(prop),
    partstat: (param(prop, "partstat") || "NEEDS-ACTION").toUpperCase(),
    role: (param(prop, "role") || "REQ-PARTICIPANT").toUpperCase(),
  };
}

function eventOf(vevent: Component, method: string | null): CalendarEvent {
  const event = new ICAL.Event(vevent);
  const startProp = vevent.getFirstProperty("dtstart");
  const start = propTime(vevent, "dtstart");
  let end = propTime(vevent, "dtend");
  if (!end && start && vevent.getFirstProperty("duration")) {
    // DTSTART + DURATION, in the start's zone.
    end = timeOf(event.endDate, startProp ? param(startProp, "tzid") : "");
  }
  const rrule = vevent.getFirstPropertyValue("rrule");
  const organizer = vevent.getFirstProperty("organizer");
  const sequence = Number.parseInt(String(vevent.getFirstPropertyValue("sequence") ?? "0"), 10);
  const status = text(vevent.getFirstPropertyValue("status"), 40).trim().toUpperCase();
  return {
    method,
    uid: text(vevent.getFirstPropertyValue("uid"), 500),
    summary: text(vevent.getFirstPropertyValue("summary"), 1000),
    description: text(vevent.getFirstPropertyValue("description"), 20000),
    location: text(vevent.getFirstPropertyValue("location"), 1000),
    start,
    end,
    rrule: rrule ? text(rrule.toString(), 1000) : null,
    recurrenceId: propTime(vevent, "recurrence-id"),
    organizer: organizer ? personOf(organizer) : null,
    attendees: vevent.getAllProperties("attendee").slice(0, MAX_CALENDAR_ATTENDEES).map(attendeeOf),
    sequence: Number.isSafeInteger(sequence) && sequence >= 0 ? sequence : 0,
    status: status || null,
  };
}

/**
 * The events of an iCalendar text. `partMethod`: the METHOD parameter of the MIME part, used when the
 * calendar object does not say.
 */
export function parseIcs(ics: string, partMethod: string | null): CalendarEvent[] {
  const parsed = ICAL.parse(ics) as unknown[];
  const roots = (typeof parsed[0] === "string" ? [parsed] : parsed) as unknown[][];
  const out: CalendarEvent[] = [];
  for (const root of roots) {
    const cal = new ICAL.Component(root as never);
    if (cal.name !== "vcalendar") continue;
    const method = text(cal.getFirstPropertyValue("method"), 40).trim().toUpperCase() || partMethod?.toUpperCase() || null;
    for (const vevent of cal.getAllSubcomponents("vevent")) out.push(eventOf(vevent, method));
  }
  return out;
}
