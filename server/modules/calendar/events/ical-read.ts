// Reading an event's stored iCalendar object (one UID: the master VEVENT and its RECURRENCE-ID overrides)
// with ical.js: its parts, and every time as a wall clock of the object's own zone (the master's DTSTART
// TZID), which is where recurrence is computed (expand.ts).
import ICAL from "ical.js";
import { DEFAULT_TIMEZONE } from "../../../../shared/calendar/constants.ts";
import { addDays, instantOf, isKnownZone, type Wall, wallOf } from "./zone.ts";

export type Component = InstanceType<typeof ICAL.Component>;
export type Property = InstanceType<typeof ICAL.Property>;
export type ICalTime = InstanceType<typeof ICAL.Time>;

export interface ParsedObject {
  root: Component;
  /** The VEVENT without RECURRENCE-ID; null for an object of overrides only (an invitation to one occurrence). */
  master: Component | null;
  /** Overrides by their recurrence key (recurrenceKey). */
  overrides: Map<string, Component>;
  /** The zone the object's wall clocks are read in: the master's TZID (IANA), "UTC", or the default zone. */
  zone: string;
  /** The stored TZID (null: UTC or floating). */
  tzid: string | null;
  isAllDay: boolean;
}

/** A time of a VEVENT as a wall clock of the object's zone; date: an all-day value. */
export interface WallTime {
  wall: Wall;
  date: boolean;
}

function param(prop: Property, name: string): string {
  const v = prop.getParameter(name);
  return (Array.isArray(v) ? String(v[0] ?? "") : typeof v === "string" ? v : "").trim();
}

/** The wall clock of a time value in `zone`: UTC and other zones are converted, floating values kept. */
export function wallOfTime(t: ICalTime, tzid: string, zone: string): WallTime {
  const fields: Wall = { year: t.year, month: t.month, day: t.day, hour: t.hour, minute: t.minute, second: t.second };
  if (t.isDate) return { wall: { ...fields, hour: 0, minute: 0, second: 0 }, date: true };
  if (t.zone === ICAL.Timezone.utcTimezone) return { wall: wallOf(Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second), zone), date: false };
  if (tzid && tzid !== zone && isKnownZone(tzid)) return { wall: wallOf(instantOf(fields, tzid), zone), date: false };
  return { wall: fields, date: false };
}

export function propWall(comp: Component, name: string, zone: string): WallTime | null {
  const prop = comp.getFirstProperty(name);
  if (!prop) return null;
  const v = prop.getFirstValue();
  if (!(v instanceof ICAL.Time)) return null;
  return wallOfTime(v, param(prop, "tzid"), zone);
}

/** Every value of every property of that name (EXDATE and RDATE may carry several), as wall clocks. */
export function propWalls(comp: Component, name: string, zone: string): WallTime[] {
  const out: WallTime[] = [];
  for (const prop of comp.getAllProperties(name)) {
    const tzid = param(prop, "tzid");
    for (const v of prop.getValues()) if (v instanceof ICAL.Time) out.push(wallOfTime(v, tzid, zone));
  }
  return out;
}

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

/** The recurrence key of an occurrence: "YYYYMMDD" (all-day) or "YYYYMMDDTHHMMSS" (its wall clock). */
export function recurrenceKey(t: WallTime): string {
  const d = `${pad(t.wall.year, 4)}${pad(t.wall.month)}${pad(t.wall.day)}`;
  return t.date ? d : `${d}T${pad(t.wall.hour)}${pad(t.wall.minute)}${pad(t.wall.second)}`;
}

export function wallOfKey(key: string): WallTime {
  const n = (a: number, b: number) => Number(key.slice(a, b));
  const date = key.length === 8;
  return {
    wall: { year: n(0, 4), month: n(4, 6), day: n(6, 8), hour: date ? 0 : n(9, 11), minute: date ? 0 : n(11, 13), second: date ? 0 : n(13, 15) },
    date,
  };
}

export function parseObject(text: string): ParsedObject {
  const root = ICAL.Component.fromString(text);
  if (root.name !== "vcalendar") throw new Error("not a VCALENDAR");
  const vevents = root.getAllSubcomponents("vevent");
  const master = vevents.find((v) => !v.hasProperty("recurrence-id")) ?? null;
  const first = master ?? vevents[0];
  if (!first) throw new Error("no VEVENT");
  const startProp = first.getFirstProperty("dtstart");
  const start = startProp?.getFirstValue();
  if (!(start instanceof ICAL.Time)) throw new Error("no DTSTART");
  const rawTzid = param(startProp!, "tzid");
  const utc = start.zone === ICAL.Timezone.utcTimezone;
  const tzid = rawTzid && isKnownZone(rawTzid) ? rawTzid : utc ? "UTC" : null;
  const zone = tzid ?? DEFAULT_TIMEZONE;
  const overrides = new Map<string, Component>();
  for (const v of vevents) {
    if (v === master) continue;
    const rid = propWall(v, "recurrence-id", zone);
    if (rid) overrides.set(recurrenceKey(rid), v);
  }
  return { root, master, overrides, zone, tzid, isAllDay: start.isDate };
}

/** Start and end of a VEVENT as wall clocks; a missing DTEND is DURATION after the start, else a day / none. */
export function spanOf(v: Component, zone: string): { start: WallTime; end: WallTime } {
  const start = propWall(v, "dtstart", zone)!;
  let end = propWall(v, "dtend", zone);
  if (!end) {
    const dur = v.getFirstPropertyValue("duration");
    if (dur instanceof ICAL.Duration) {
      const t = ICAL.Time.fromData({ ...start.wall, isDate: start.date });
      t.addDuration(dur);
      end = { wall: { year: t.year, month: t.month, day: t.day, hour: t.hour, minute: t.minute, second: t.second }, date: start.date };
    } else {
      end = start.date ? { wall: addDays(start.wall, 1), date: true } : start;
    }
  }
  return { start, end };
}

export function textOf(v: Component | null, name: string): string {
  const value = v?.getFirstPropertyValue(name);
  return typeof value === "string" ? value : value == null ? "" : String(value);
}

export interface PersonProp {
  email: string;
  name: string;
  role: string;
  partStat: string;
}

export function personOf(prop: Property): PersonProp {
  const value = String(prop.getFirstValue() ?? "").trim();
  return {
    email: value.replace(/^mailto:/i, "").trim().toLowerCase(),
    name: param(prop, "cn"),
    role: (param(prop, "role") || "REQ-PARTICIPANT").toUpperCase(),
    partStat: (param(prop, "partstat") || "NEEDS-ACTION").toUpperCase(),
  };
}

export function rruleOf(v: Component | null): InstanceType<typeof ICAL.Recur> | null {
  const r = v?.getFirstPropertyValue("rrule");
  return r instanceof ICAL.Recur ? r : null;
}

/** Minutes before the start of each VALARM with a relative TRIGGER. */
export function alarmMinutes(v: Component | null): number[] {
  const out: number[] = [];
  for (const a of v?.getAllSubcomponents("valarm") ?? []) {
    const trigger = a.getFirstPropertyValue("trigger");
    if (trigger instanceof ICAL.Duration) out.push(Math.max(0, Math.round(-trigger.toSeconds() / 60)));
  }
  return out;
}
