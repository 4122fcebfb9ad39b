// Writing an event's iCalendar object with ical.js: a new object, and the fields the suite edits set on a
// VEVENT (master or override) while every other property and component stays as it came (an imported or
// CalDAV-written object keeps what the suite does not understand).
import ICAL from "ical.js";
import type { AlarmInput, RecurrenceRule } from "../../../../shared/calendar/events.ts";
import type { Component, ParsedObject, WallTime } from "./ical-read.ts";
import { recurrenceKey, spanOf, wallOfKey } from "./ical-read.ts";
import { instantOf, type Wall } from "./zone.ts";

export const PRODID = "-//Groupware//Calendar 1.0//EN";
/** Our marker of leave events (the leave module, later). */
export const LEAVE_PROPERTY = "x-gw-leave";
/** The zone an all-day event was made in (its dates carry none): its alarms fire at 00:00 there. */
export const ALL_DAY_ZONE_PROPERTY = "x-gw-timezone";

export interface PersonFields {
  email: string;
  name: string;
}
export interface AttendeeFields extends PersonFields {
  role: string;
  partStat: string;
}

/** What the suite sets on a VEVENT. Times are wall clocks of `tzid` (all-day: dates, end exclusive). */
export interface VeventFields {
  summary: string;
  location: string;
  description: string;
  isAllDay: boolean;
  tzid: string;
  start: Wall;
  end: Wall;
  organizer: PersonFields | null;
  attendees: AttendeeFields[];
  alarms: AlarmInput[];
  isLeave: boolean;
}

function timeValue(w: Wall, date: boolean) {
  return ICAL.Time.fromData({ year: w.year, month: w.month, day: w.day, hour: w.hour, minute: w.minute, second: w.second, isDate: date });
}

function setTime(v: Component, name: string, w: Wall, date: boolean, tzid: string) {
  v.removeAllProperties(name);
  const prop = new ICAL.Property(name, v);
  if (date) {
    prop.resetType("date");
    prop.setValue(timeValue(w, true));
  } else if (tzid === "UTC") {
    const t = ICAL.Time.fromJSDate(new Date(instantOf(w, "UTC")), true);
    prop.setValue(t);
  } else {
    prop.setValue(timeValue(w, false));
    // No zone: a floating time (an imported object's), kept floating.
    if (tzid) prop.setParameter("tzid", tzid);
  }
  v.addProperty(prop);
}

/** RECURRENCE-ID of an override, written as the master's DTSTART is (same zone, same value type). */
export function setRecurrenceId(v: Component, key: WallTime, tzid: string) {
  setTime(v, "recurrence-id", key.wall, key.date, tzid);
}

function setText(v: Component, name: string, value: string) {
  if (value) v.updatePropertyWithValue(name, value);
  else v.removeAllProperties(name);
}

function utcStamp(now: Date) {
  return ICAL.Time.fromJSDate(now, true);
}

function personProp(name: string, p: PersonFields, v: Component) {
  const prop = new ICAL.Property(name, v);
  prop.setValue(`mailto:${p.email}`);
  if (p.name) prop.setParameter("cn", p.name);
  return prop;
}

const ALARM_FACTOR = { MINUTES: 1, HOURS: 60, DAYS: 1440 } as const;

/** Sets the suite's fields on a VEVENT, keeping the rest. */
export function applyFields(v: Component, f: VeventFields, now: Date) {
  setText(v, "summary", f.summary);
  setText(v, "location", f.location);
  setText(v, "description", f.description);
  setTime(v, "dtstart", f.start, f.isAllDay, f.tzid);
  v.removeAllProperties("duration");
  setTime(v, "dtend", f.end, f.isAllDay, f.tzid);
  v.removeAllProperties("organizer");
  if (f.organizer) v.addProperty(personProp("organizer", f.organizer, v));
  // Attendees: known ones keep their other parameters (RSVP, CUTYPE, ...); the role and answer are ours.
  const old = new Map(v.getAllProperties("attendee").map((p) => [String(p.getFirstValue() ?? "").replace(/^mailto:/i, "").toLowerCase(), p]));
  v.removeAllProperties("attendee");
  for (const a of f.attendees) {
    const prop = old.get(a.email) ?? personProp("attendee", a, v);
    if (a.name) prop.setParameter("cn", a.name);
    prop.setParameter("role", a.role);
    prop.setParameter("partstat", a.partStat);
    if (!old.has(a.email) && a.partStat === "NEEDS-ACTION") prop.setParameter("rsvp", "TRUE");
    v.addProperty(prop);
  }
  for (const a of v.getAllSubcomponents("valarm")) v.removeSubcomponent(a);
  for (const a of f.alarms) {
    const alarm = new ICAL.Component("valarm");
    alarm.addPropertyWithValue("action", "DISPLAY");
    alarm.addPropertyWithValue("description", f.summary || "Reminder");
    alarm.addPropertyWithValue("trigger", ICAL.Duration.fromSeconds(-a.value * ALARM_FACTOR[a.unit] * 60));
    v.addSubcomponent(alarm);
  }
  if (f.isAllDay && f.tzid && f.tzid !== "UTC") v.updatePropertyWithValue(ALL_DAY_ZONE_PROPERTY, f.tzid);
  else v.removeAllProperties(ALL_DAY_ZONE_PROPERTY);
  if (f.isLeave) v.updatePropertyWithValue(LEAVE_PROPERTY, "TRUE");
  else v.removeAllProperties(LEAVE_PROPERTY);
  v.updatePropertyWithValue("dtstamp", utcStamp(now));
  v.updatePropertyWithValue("last-modified", utcStamp(now));
}

/** Sets the RRULE (null removes it, with EXDATEs and RDATEs). */
export function setRrule(v: Component, rrule: string | null) {
  v.removeAllProperties("rrule");
  if (rrule === null) {
    v.removeAllProperties("exdate");
    v.removeAllProperties("rdate");
    return;
  }
  v.addPropertyWithValue("rrule", ICAL.Recur.fromString(rrule));
}

export function bumpSequence(v: Component) {
  const seq = Number(v.getFirstPropertyValue("sequence") ?? 0);
  v.updatePropertyWithValue("sequence", (Number.isSafeInteger(seq) && seq >= 0 ? seq : 0) + 1);
}

/**
 * A copy of the master as the override of the occurrence `key` (no rule of its own), at that occurrence's
 * time, added to the object.
 */
export function addOverride(obj: ParsedObject, key: string): Component {
  const master = obj.master!;
  const { start, end } = spanOf(master, obj.zone);
  const v = new ICAL.Component(JSON.parse(JSON.stringify(master.toJSON())));
  for (const name of ["rrule", "exdate", "rdate", "recurrence-id", "duration"]) v.removeAllProperties(name);
  const at = wallOfKey(key);
  const ms = (w: Wall) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  const until = new Date(ms(at.wall) + ms(end.wall) - ms(start.wall));
  const endWall = { year: until.getUTCFullYear(), month: until.getUTCMonth() + 1, day: until.getUTCDate(), hour: until.getUTCHours(), minute: until.getUTCMinutes(), second: until.getUTCSeconds() };
  const tzid = obj.tzid ?? "";
  setTime(v, "dtstart", at.wall, at.date, tzid);
  setTime(v, "dtend", endWall, at.date, tzid);
  setRecurrenceId(v, at, tzid);
  obj.root.addSubcomponent(v);
  obj.overrides.set(key, v);
  return v;
}

/** Adds one EXDATE value in the master's form. */
export function addExdate(master: Component, key: WallTime, tzid: string) {
  const prop = new ICAL.Property("exdate", master);
  if (key.date) {
    prop.resetType("date");
    prop.setValue(timeValue(key.wall, true));
  } else if (tzid === "UTC") {
    prop.setValue(ICAL.Time.fromJSDate(new Date(instantOf(key.wall, "UTC")), true));
  } else {
    prop.setValue(timeValue(key.wall, false));
    if (tzid) prop.setParameter("tzid", tzid);
  }
  master.addProperty(prop);
}

/** A new VCALENDAR with one VEVENT. */
export function newObject(uid: string, f: VeventFields, rrule: string | null, now: Date): string {
  const cal = new ICAL.Component("vcalendar");
  cal.addPropertyWithValue("prodid", PRODID);
  cal.addPropertyWithValue("version", "2.0");
  cal.addPropertyWithValue("calscale", "GREGORIAN");
  const v = new ICAL.Component("vevent");
  v.addPropertyWithValue("uid", uid);
  v.addPropertyWithValue("created", utcStamp(now));
  v.addPropertyWithValue("sequence", 0);
  applyFields(v, f, now);
  if (rrule) setRrule(v, rrule);
  cal.addSubcomponent(v);
  return cal.toString();
}

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

/**
 * The RRULE text of a rule of the API. UNTIL is the last day an occurrence may start: a DATE for all-day
 * series, else the end of that day in the series' zone as UTC (RFC 5545: UTC when DTSTART has a zone).
 */
export function rruleText(r: RecurrenceRule, isAllDay: boolean, tzid: string): string {
  const parts = [`FREQ=${r.freq}`];
  if (r.interval > 1) parts.push(`INTERVAL=${r.interval}`);
  if (r.count !== undefined) parts.push(`COUNT=${r.count}`);
  if (r.until) {
    const [y, m, d] = r.until.split("-").map(Number);
    if (isAllDay) parts.push(`UNTIL=${pad(y, 4)}${pad(m)}${pad(d)}`);
    else parts.push(`UNTIL=${utcUntil(instantOf({ year: y, month: m, day: d, hour: 23, minute: 59, second: 59 }, tzid))}`);
  }
  if (r.byDay?.length) parts.push(`BYDAY=${r.byDay.join(",")}`);
  if (r.byMonth?.length) parts.push(`BYMONTH=${r.byMonth.join(",")}`);
  if (r.byMonthDay?.length) parts.push(`BYMONTHDAY=${r.byMonthDay.join(",")}`);
  return parts.join(";");
}

export function utcUntil(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}Z`;
}

export { recurrenceKey };
