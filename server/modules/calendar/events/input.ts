// From the API's event fields (shared/calendar/events.ts) to what is written into a VEVENT (ical-write.ts),
// with the rules of 001 §5: start before end, attendee addresses, not only yourself; and back: the current
// fields of an occurrence, which a PATCH overrides field by field.
import ICAL from "ical.js";
import { DEFAULT_TIMEZONE, type PartStat } from "../../../../shared/calendar/constants.ts";
import type { AlarmInput, AttendeeInput, EventPatch, RecurrenceRule } from "../../../../shared/calendar/events.ts";
import { AppError } from "../../../lib/errors.ts";
import { alarmMinutes, type Component, type ParsedObject, personOf, rruleOf, textOf } from "./ical-read.ts";
import { ALL_DAY_ZONE_PROPERTY, type AttendeeFields, LEAVE_PROPERTY, type PersonFields, rruleText, type VeventFields } from "./ical-write.ts";
import type { Occurrence } from "./expand.ts";
import { addDays, apiTimeToWall, instantOf, parseDate, type Wall, wallOf } from "./zone.ts";

export const invalid = (code: `${string}.${string}`) => new AppError(400, code);

/** The times of the API as wall clocks of `zone` (all-day: dates, end made exclusive); 400 when wrong. */
export function timesOf(dtStart: string, dtEnd: string, isAllDay: boolean, zone: string): { start: Wall; end: Wall } {
  if (isAllDay) {
    const start = parseDate(dtStart.slice(0, 10));
    const last = parseDate(dtEnd.slice(0, 10));
    if (!start || !last) throw invalid("calendar.time_invalid");
    const end = addDays(last, 1);
    if (instantOf(end, "UTC") <= instantOf(start, "UTC")) throw invalid("calendar.start_after_end");
    return { start, end };
  }
  const start = apiTimeToWall(dtStart, zone);
  const end = apiTimeToWall(dtEnd, zone);
  if (!start || !end) throw invalid("calendar.time_invalid");
  if (instantOf(end, zone) <= instantOf(start, zone)) throw invalid("calendar.start_after_end");
  return { start, end };
}

/**
 * The attendee list to write: distinct addresses; the organiser added as CHAIR (accepted) when others are
 * invited; answers kept from `previous` unless the time changed (then invitees are asked again).
 */
export function attendeesOf(
  input: AttendeeInput[], organizer: PersonFields, previous: AttendeeFields[], timeChanged: boolean,
): AttendeeFields[] {
  const seen = new Map<string, AttendeeInput>();
  for (const a of input) if (!seen.has(a.email)) seen.set(a.email, a);
  if (seen.size === 0) return [];
  const others = [...seen.keys()].filter((e) => e !== organizer.email);
  if (others.length === 0) throw invalid("calendar.invite_only_self");
  const prev = new Map(previous.map((p) => [p.email, p]));
  const out: AttendeeFields[] = [];
  if (!seen.has(organizer.email)) {
    out.push({ email: organizer.email, name: organizer.name, role: "CHAIR", partStat: "ACCEPTED" });
  }
  for (const a of seen.values()) {
    const p = prev.get(a.email);
    const isOrganizer = a.email === organizer.email;
    const partStat = isOrganizer ? "ACCEPTED" : p && !timeChanged ? p.partStat : "NEEDS-ACTION";
    out.push({ email: a.email, name: a.name ?? p?.name ?? "", role: a.role ?? p?.role ?? (isOrganizer ? "CHAIR" : "REQ-PARTICIPANT"), partStat });
  }
  return out;
}

/** The RRULE text of a rule, checked: ordinals only for monthly and yearly rules, UNTIL not before the start. */
export function ruleOf(r: RecurrenceRule | null, start: Wall, isAllDay: boolean, zone: string): string | null {
  if (!r) return null;
  if (r.byDay?.some((d) => /^[+-]?\d/.test(d)) && r.freq !== "MONTHLY" && r.freq !== "YEARLY") throw invalid("calendar.recurrence_invalid");
  if (r.until) {
    const until = parseDate(r.until);
    if (!until || instantOf(until, "UTC") < instantOf({ ...start, hour: 0, minute: 0, second: 0 }, "UTC")) {
      throw invalid("calendar.recurrence_invalid");
    }
  }
  const text = rruleText(r, isAllDay, zone);
  try {
    ICAL.Recur.fromString(text);
  } catch {
    throw invalid("calendar.recurrence_invalid");
  }
  return text;
}

/** The API's rule of a stored RRULE (UNTIL as the date of the series' zone). */
export function ruleFromObject(obj: ParsedObject): RecurrenceRule | null {
  const r = rruleOf(obj.master);
  if (!r) return null;
  const out: RecurrenceRule = { freq: r.freq as RecurrenceRule["freq"], interval: r.interval || 1 };
  if (r.count) out.count = r.count;
  if (r.until) {
    const u = r.until;
    const w = u.zone === ICAL.Timezone.utcTimezone && !u.isDate ? wallOf(u.toUnixTime() * 1000, obj.zone) : u;
    // The last day an occurrence may start on: the day before when UNTIL's time of day is before the start's.
    const start = obj.master?.getFirstPropertyValue("dtstart");
    const seconds = (t: { hour: number; minute: number; second: number }) => t.hour * 3600 + t.minute * 60 + t.second;
    const day = !u.isDate && start instanceof ICAL.Time && !start.isDate && seconds(w) < seconds(start) ? addDays(w, -1) : w;
    out.until = `${String(day.year).padStart(4, "0")}-${String(day.month).padStart(2, "0")}-${String(day.day).padStart(2, "0")}`;
  }
  const parts = r.parts as unknown as Record<string, (string | number)[] | undefined>;
  if (parts.BYDAY?.length) out.byDay = parts.BYDAY.map(String);
  if (parts.BYMONTH?.length) out.byMonth = parts.BYMONTH.map(Number);
  if (parts.BYMONTHDAY?.length) out.byMonthDay = parts.BYMONTHDAY.map(Number);
  return out;
}

export function alarmsOf(v: Component | null): AlarmInput[] {
  return alarmMinutes(v).map((m) => m > 0 && m % 1440 === 0 ? { value: m / 1440, unit: "DAYS" as const }
    : m > 0 && m % 60 === 0 ? { value: m / 60, unit: "HOURS" as const } : { value: m, unit: "MINUTES" as const });
}

export function attendeesOfVevent(v: Component | null): AttendeeFields[] {
  return (v?.getAllProperties("attendee") ?? []).map(personOf).filter((p) => p.email)
    .map((p) => ({ email: p.email, name: p.name, role: p.role, partStat: p.partStat as PartStat }));
}

export function organizerOf(v: Component | null): PersonFields | null {
  const prop = v?.getFirstProperty("organizer");
  if (!prop) return null;
  const p = personOf(prop);
  return p.email ? { email: p.email, name: p.name } : null;
}

/** The current fields of an occurrence (its override, or the master at its time). */
export function currentFields(obj: ParsedObject, o: Occurrence): VeventFields {
  const v = o.vevent;
  return {
    summary: textOf(v, "summary"),
    location: textOf(v, "location"),
    description: textOf(v, "description"),
    isAllDay: o.start.date,
    tzid: obj.tzid ?? (o.start.date ? textOf(obj.master ?? v, ALL_DAY_ZONE_PROPERTY) || DEFAULT_TIMEZONE : DEFAULT_TIMEZONE),
    start: o.start.wall,
    end: o.end.wall,
    organizer: organizerOf(v),
    attendees: attendeesOfVevent(v),
    alarms: alarmsOf(v),
    isLeave: String(v.getFirstPropertyValue(LEAVE_PROPERTY) ?? "").toUpperCase() === "TRUE",
  };
}

/** The fields after a PATCH: what it gives, the rest as they are; times read in the (new) zone. */
export function mergeFields(cur: VeventFields, patch: EventPatch, organizer: PersonFields): { fields: VeventFields; timeChanged: boolean } {
  const zone = patch.timezone ?? cur.tzid;
  const isAllDay = patch.isAllDay ?? cur.isAllDay;
  let start = cur.start;
  let end = cur.end;
  if (patch.dtStart !== undefined || patch.dtEnd !== undefined || isAllDay !== cur.isAllDay || zone !== cur.tzid) {
    if (isAllDay !== cur.isAllDay && (patch.dtStart === undefined || patch.dtEnd === undefined)) throw invalid("calendar.time_invalid");
    const fmt = (w: Wall, date: boolean) => date
      ? `${w.year}-${String(w.month).padStart(2, "0")}-${String(w.day).padStart(2, "0")}`
      : `${String(w.year).padStart(4, "0")}-${String(w.month).padStart(2, "0")}-${String(w.day).padStart(2, "0")}T${String(w.hour).padStart(2, "0")}:${String(w.minute).padStart(2, "0")}:${String(w.second).padStart(2, "0")}`;
    const lastDay = cur.isAllDay ? addDays(cur.end, -1) : cur.end;
    const t = timesOf(patch.dtStart ?? fmt(cur.start, cur.isAllDay), patch.dtEnd ?? fmt(lastDay, cur.isAllDay), isAllDay, zone);
    start = t.start;
    end = t.end;
  }
  const same = (a: Wall, b: Wall) => instantOf(a, "UTC") === instantOf(b, "UTC");
  // An all-day event's zone only places its alarms (ical-write.ts ALL_DAY_ZONE_PROPERTY): not a change of time.
  const timeChanged = !same(start, cur.start) || !same(end, cur.end) || isAllDay !== cur.isAllDay || (zone !== cur.tzid && !isAllDay);
  const attendees = patch.attendees !== undefined
    ? attendeesOf(patch.attendees, cur.organizer ?? organizer, cur.attendees, timeChanged)
    : timeChanged
    ? cur.attendees.map((a) => a.email === (cur.organizer ?? organizer).email ? a : { ...a, partStat: "NEEDS-ACTION" })
    : cur.attendees;
  return {
    fields: {
      summary: patch.summary ?? cur.summary,
      location: patch.location ?? cur.location,
      description: patch.description ?? cur.description,
      isAllDay,
      tzid: zone,
      start,
      end,
      organizer: cur.organizer ?? (attendees.length ? organizer : null),
      attendees,
      alarms: patch.alarms ?? cur.alarms,
      isLeave: patch.isLeave ?? cur.isLeave,
    },
    timeChanged,
  };
}
