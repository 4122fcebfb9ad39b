// One occurrence of a stored series, as iTIP and part-status changes need it: the RECURRENCE-ID of an
// occurrence given as its wall clock in the series' zone, and an override VEVENT made from the master for an
// occurrence that has none yet (the master's properties, its start and end moved to the occurrence, without
// RRULE, RDATE and EXDATE).
import ICAL from "ical.js";
import { type Component, endTimeOf, isFloating, localOf, type Time } from "./ical.ts";
import { wallClockAt } from "./timezones.ts";

/**
 * The RECURRENCE-ID time of an occurrence of `master`: `local` is its original start as a wall clock in the
 * master's DTSTART zone ("2026-12-10T10:00:00", or "2026-12-10" for an all-day series; "20261210T100000"
 * and a trailing Z are read too).
 */
export function recurrenceTime(master: Component, local: string): Time {
  const start = master.getFirstPropertyValue("dtstart") as Time;
  const v = local.trim();
  const m = /^(\d{4})-?(\d{2})-?(\d{2})(?:T(\d{2}):?(\d{2}):?(\d{2})(Z?))?$/.exec(v);
  if (!m) throw new Error(`bad recurrence id: ${local}`);
  const t = new ICAL.Time({
    year: Number(m[1]),
    month: Number(m[2]),
    day: Number(m[3]),
    hour: Number(m[4] ?? 0),
    minute: Number(m[5] ?? 0),
    second: Number(m[6] ?? 0),
    isDate: start.isDate,
  }, m[7] ? ICAL.Timezone.utcTimezone : start.zone);
  return m[7] && start.zone !== ICAL.Timezone.utcTimezone && !start.isDate ? fromUtc(t, start.zone) : t;
}

/**
 * A UTC time as a wall clock of `zone`: through Intl for a zone it knows (exact); otherwise ical.js's
 * convertToZone, which looks the offset up with the UTC clock as if it were local (an hour off near a DST
 * change), checked the exact way (local → UTC) and moved by the difference.
 */
function fromUtc(utc: Time, zone: Time["zone"]): Time {
  const want = utc.toUnixTime();
  const wall = wallClockAt(want * 1000, zone.tzid);
  if (wall) return new ICAL.Time({ ...wall, isDate: false }, zone);
  let local = utc.convertToZone(zone);
  for (let i = 0; i < 3; i++) {
    const fresh = new ICAL.Time({
      year: local.year, month: local.month, day: local.day, hour: local.hour, minute: local.minute, second: local.second, isDate: false,
    }, zone);
    const error = want - fresh.toUnixTime();
    if (!error) return fresh;
    fresh.adjust(0, 0, 0, error);
    local = fresh;
  }
  return local;
}

/** True when the override's RECURRENCE-ID names the same instant as `rid`. */
export function sameOccurrence(a: Time, b: Time): boolean {
  if (a.isDate || b.isDate) return localOf(a).slice(0, 10) === localOf(b).slice(0, 10);
  return a.compare(b) === 0;
}

/** The override of `rid` among the VEVENTs of a calendar, or null. */
export function findOverride(cal: Component, rid: Time): Component | null {
  return cal.getAllSubcomponents("vevent").find((v) => {
    const r = v.getFirstPropertyValue("recurrence-id") as Time | null;
    return r instanceof ICAL.Time && sameOccurrence(r, rid);
  }) ?? null;
}

/** Adds a time property with its TZID parameter as the time's zone says. */
export function addTimeProperty(comp: Component, name: string, t: Time): void {
  const prop = new ICAL.Property(name, comp);
  prop.setValue(t);
  const tzid = !t.isDate && t.zone && t.zone !== ICAL.Timezone.utcTimezone && t.zone !== ICAL.Timezone.localTimezone ? t.zone.tzid : null;
  if (tzid) prop.setParameter("tzid", tzid);
  comp.addProperty(prop);
}

/** Sets (replaces) a time property with its TZID parameter as the time's zone says. */
export function setTimeProperty(comp: Component, name: string, t: Time): void {
  comp.removeAllProperties(name);
  addTimeProperty(comp, name, t);
}

/**
 * An occurrence id that survives a change of zone between two writers: a date as "2026-12-10", a floating
 * time as its wall clock, any other time as UTC with a Z ("2026-12-10T01:00:00Z"); recurrenceTime reads all three.
 */
export function occurrenceId(t: Time): string {
  if (isFloating(t)) return localOf(t);
  const utc = t.convertToZone(ICAL.Timezone.utcTimezone);
  return `${localOf(utc)}Z`;
}

/** A new override VEVENT of `master` for the occurrence starting (originally) at `rid`. */
export function overrideFromMaster(master: Component, rid: Time): Component {
  const copy = new ICAL.Component(structuredClone(master.toJSON()));
  for (const name of ["rrule", "rdate", "exdate", "recurrence-id"]) copy.removeAllProperties(name);
  const start = master.getFirstPropertyValue("dtstart") as Time;
  const length = endTimeOf(master, start).subtractDate(start);
  const end = rid.clone();
  end.addDuration(length);
  setTimeProperty(copy, "dtstart", rid);
  if (copy.hasProperty("dtend")) setTimeProperty(copy, "dtend", end);
  setTimeProperty(copy, "recurrence-id", rid);
  return copy;
}
