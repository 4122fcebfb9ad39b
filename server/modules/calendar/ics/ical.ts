// Small helpers over ical.js shared by import, fields, export and iTIP: reading an object text, people,
// times as IcsTime, instants of floating and all-day times in a given zone.
import ICAL from "ical.js";
import { addTimezones, icalZone } from "./timezones.ts";
import { type IcsAttendee, IcsInvalidError, type IcsPerson, type IcsTime } from "./types.ts";

export type Component = InstanceType<typeof ICAL.Component>;
export type Property = InstanceType<typeof ICAL.Property>;
export type Time = InstanceType<typeof ICAL.Time>;

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

/** The VCALENDAR of an object text, with a VTIMEZONE for each IANA TZID it uses; IcsInvalidError when it is not one. */
export function parseCalendar(text: string): Component {
  let parsed: unknown;
  try {
    parsed = ICAL.parse(text.replace(/^\uFEFF/, ""));
  } catch (e) {
    throw new IcsInvalidError(String((e as Error).message ?? e).slice(0, 200));
  }
  const root = (Array.isArray(parsed) && typeof parsed[0] === "string" ? parsed : (parsed as unknown[])[0]) as never;
  if (!root) throw new IcsInvalidError("empty");
  const cal = new ICAL.Component(root);
  if (cal.name !== "vcalendar") throw new IcsInvalidError(`not a VCALENDAR: ${cal.name}`);
  // An object the suite wrote may name its zone without defining it: ours is added before any time is read,
  // so its times are read in that zone (and an object this library gives back carries the definition).
  addTimezones(cal, cal.getAllSubcomponents("vevent"));
  return cal;
}

/** VCALENDAR text with CRLF line ends and a final CRLF. */
export function calendarText(cal: Component): string {
  return cal.toString().replace(/\r?\n/g, "\r\n") + "\r\n";
}

export function param(prop: Property, name: string): string {
  const v = prop.getParameter(name);
  return (Array.isArray(v) ? String(v[0] ?? "") : typeof v === "string" ? v : "").trim();
}

export function textValue(comp: Component, name: string): string {
  const v = comp.getFirstPropertyValue(name);
  return typeof v === "string" ? v : v == null ? "" : String(v);
}

/** "mailto:A@B.example" → "a@b.example"; "" when the value is not an address. */
export function emailOf(value: unknown): string {
  const s = (typeof value === "string" ? value : value == null ? "" : String(value)).trim();
  const email = s.replace(/^mailto:/i, "").trim().toLowerCase();
  return /^[^\s@:]+@[^\s@]+$/.test(email) ? email : "";
}

export function personOf(prop: Property): IcsPerson {
  return { email: emailOf(prop.getFirstValue()), name: param(prop, "cn") };
}

export function attendeeOf(prop: Property): IcsAttendee {
  return {
    ...personOf(prop),
    role: (param(prop, "role") || "REQ-PARTICIPANT").toUpperCase(),
    partStat: (param(prop, "partstat") || "NEEDS-ACTION").toUpperCase(),
    rsvp: param(prop, "rsvp").toUpperCase() === "TRUE",
    cutype: (param(prop, "cutype") || "INDIVIDUAL").toUpperCase(),
  };
}

/** The ATTENDEE property of an address in a component (case-insensitive), or null. */
export function findAttendee(comp: Component, email: string): Property | null {
  const want = email.trim().toLowerCase();
  return comp.getAllProperties("attendee").find((p) => emailOf(p.getFirstValue()) === want) ?? null;
}

export function isFloating(t: Time): boolean {
  return t.isDate || !t.zone || t.zone === ICAL.Timezone.localTimezone || t.zone.tzid === "floating";
}

/** The instant of a time: its own zone, or for floating times and dates the given IANA zone (UTC if unknown). */
export function instantOf(t: Time, floatingZone: string): Date {
  if (!isFloating(t)) return new Date(t.toUnixTime() * 1000);
  const zone = icalZone(floatingZone);
  const c = t.clone();
  if (c.isDate) {
    c.isDate = false;
    c.hour = c.minute = c.second = 0;
  }
  c.zone = zone ?? ICAL.Timezone.utcTimezone;
  return new Date(c.toUnixTime() * 1000);
}

export function localOf(t: Time): string {
  const date = `${pad(t.year, 4)}-${pad(t.month)}-${pad(t.day)}`;
  return t.isDate ? date : `${date}T${pad(t.hour)}:${pad(t.minute)}:${pad(t.second)}`;
}

/** The TZID of a time property: "UTC" for UTC, the TZID parameter, null for floating times and dates. */
export function tzidOf(prop: Property | null, t: Time): string | null {
  if (t.isDate) return null;
  if (t.zone === ICAL.Timezone.utcTimezone) return "UTC";
  return (prop && param(prop, "tzid")) || null;
}

export function icsTime(t: Time, prop: Property | null, floatingZone: string): IcsTime {
  return { local: localOf(t), tzid: tzidOf(prop, t), instant: instantOf(t, floatingZone) };
}

/** The end of a VEVENT as a Time: DTEND, DTSTART + DURATION, else a day after a date or the start itself. */
export function endTimeOf(vevent: Component, start: Time): Time {
  const dtend = vevent.getFirstPropertyValue("dtend") as Time | null;
  if (dtend instanceof ICAL.Time) {
    if (start.isDate && dtend.compare(start) <= 0) return dayAfter(start);
    return dtend;
  }
  const duration = vevent.getFirstPropertyValue("duration");
  if (duration instanceof ICAL.Duration) {
    const end = start.clone();
    end.addDuration(duration);
    return end;
  }
  return start.isDate ? dayAfter(start) : start.clone();
}

function dayAfter(t: Time): Time {
  const c = t.clone();
  c.adjust(1, 0, 0, 0);
  return c;
}
