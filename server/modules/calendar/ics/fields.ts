// The fields the calendar core keeps beside a stored object to query it (types.ts EventFields): read from
// the master VEVENT (or the first override of an object that has none), the first start and the last end
// over the whole series, computed with ical.js's recurrence expansion (RRULE, RDATE, EXDATE, overrides that
// move an occurrence). An endless series has no last end. A long finite series is not walked to its end:
// past UNTIL_EXPANSION occurrences an UNTIL series ends at UNTIL + the event's length (a bound, never short),
// past MAX_EXPANSION a COUNT series counts as endless (null); both only widen a range query.
import ICAL from "ical.js";
import {
  attendeeOf, type Component, endTimeOf, icsTime, instantOf, localOf, param, parseCalendar, personOf, textValue, type Time,
} from "./ical.ts";
import { DEFAULT_TIMEZONE } from "./timezones.ts";
import { type EventFields, IcsInvalidError } from "./types.ts";

/** Most occurrences walked to find the last end of a COUNT series (COUNT=5000 daily is 13 years). */
export const MAX_EXPANSION = 5_000;
/** Most occurrences walked of an UNTIL series before UNTIL itself is taken as the bound. */
export const UNTIL_EXPANSION = 1_000;

export interface FieldOptions {
  /** The zone of floating times and all-day dates (default Asia/Seoul). */
  timezone?: string;
}

/** The master VEVENT and the overrides of an object (VEVENTs with RECURRENCE-ID). */
export function eventsOf(cal: Component): { master: Component | null; overrides: Component[] } {
  const vevents = cal.getAllSubcomponents("vevent");
  const master = vevents.find((v) => !v.hasProperty("recurrence-id")) ?? null;
  const overrides = vevents.filter((v) => v.hasProperty("recurrence-id"));
  return { master, overrides };
}

/** Minutes before the start of each relative VALARM trigger. */
function alarmsOf(vevent: Component): number[] {
  const out: number[] = [];
  for (const alarm of vevent.getAllSubcomponents("valarm")) {
    const prop = alarm.getFirstProperty("trigger");
    const v = prop?.getFirstValue();
    if (!(v instanceof ICAL.Duration) || param(prop!, "related").toUpperCase() === "END") continue;
    out.push(Math.round(-v.toSeconds() / 60));
  }
  return out;
}

function sequenceOf(vevent: Component): number {
  const n = Number.parseInt(textValue(vevent, "sequence") || "0", 10);
  return Number.isSafeInteger(n) && n >= 0 ? n : 0;
}

/** Earliest start and latest end over the occurrences of a series (and its overrides). */
function seriesBounds(master: Component, overrides: Component[], zone: string): { first: Date; last: Date | null } {
  const event = new ICAL.Event(master, { exceptions: overrides });
  const start = event.startDate;
  const length = endTimeOf(master, start).subtractDate(start);
  let first = Infinity;
  let last = -Infinity;
  const see = (s: Time, e: Time) => {
    first = Math.min(first, instantOf(s, zone).getTime());
    last = Math.max(last, instantOf(e, zone).getTime(), instantOf(s, zone).getTime());
  };
  for (const o of overrides) {
    const s = o.getFirstPropertyValue("dtstart") as Time | null;
    if (s instanceof ICAL.Time) see(s, endTimeOf(o, s));
  }
  const rule = master.getFirstPropertyValue("rrule") as InstanceType<typeof ICAL.Recur> | null;
  const endless = !!rule && !rule.isFinite();
  const iterator = event.iterator();
  let n = 0;
  for (let next = iterator.next(); next; next = iterator.next()) {
    const details = event.getOccurrenceDetails(next);
    see(details.startDate, details.endDate);
    if (endless && n > 0) break; // the first occurrence is enough: there is no last one
    if (++n >= (rule?.until ? UNTIL_EXPANSION : MAX_EXPANSION)) {
      if (rule?.until) {
        const bound = rule.until.clone();
        if (bound.isDate) bound.adjust(1, 0, 0, 0);
        bound.addDuration(length);
        last = Math.max(last, instantOf(bound, zone).getTime());
        break;
      }
      return { first: new Date(first), last: null };
    }
  }
  if (first === Infinity) { // every occurrence excluded: the master's own times
    see(start, endTimeOf(master, start));
  }
  return { first: new Date(first), last: endless ? null : new Date(last) };
}

/** The query fields of a stored object text. IcsInvalidError when it is not a VCALENDAR with a VEVENT. */
export function extractEvent(objectText: string, opts: FieldOptions = {}): EventFields {
  return fieldsOf(parseCalendar(objectText), opts);
}

export function fieldsOf(cal: Component, opts: FieldOptions = {}): EventFields {
  const zone = opts.timezone ?? DEFAULT_TIMEZONE;
  const { master, overrides } = eventsOf(cal);
  const main = master ?? overrides[0];
  if (!main) throw new IcsInvalidError("no VEVENT");
  const startProp = main.getFirstProperty("dtstart");
  const startTime = startProp?.getFirstValue() as Time | undefined;
  if (!(startTime instanceof ICAL.Time)) throw new IcsInvalidError("no DTSTART");
  const endTime = endTimeOf(main, startTime);
  const endProp = main.getFirstProperty("dtend") ?? startProp!;
  const rrule = master?.getFirstPropertyValue("rrule") as InstanceType<typeof ICAL.Recur> | null | undefined;
  const isRecurring = !!master && (!!rrule || master.hasProperty("rdate"));

  let firstStart: Date;
  let lastEnd: Date | null;
  if (master && isRecurring) {
    const b = seriesBounds(master, overrides, zone);
    firstStart = b.first;
    lastEnd = b.last;
  } else {
    const all = (master ? [master, ...overrides] : overrides).map((v) => {
      const s = v.getFirstPropertyValue("dtstart") as Time;
      return { s: instantOf(s, zone).getTime(), e: instantOf(endTimeOf(v, s), zone).getTime() };
    });
    firstStart = new Date(Math.min(...all.map((x) => x.s)));
    lastEnd = new Date(Math.max(...all.map((x) => Math.max(x.e, x.s))));
  }
  const organizer = main.getFirstProperty("organizer");
  const status = textValue(main, "status").trim().toUpperCase();
  const visibility = textValue(main, "class").trim().toUpperCase();
  return {
    uid: textValue(main, "uid"),
    summary: textValue(main, "summary"),
    location: textValue(main, "location"),
    description: textValue(main, "description"),
    isAllDay: startTime.isDate,
    tzid: icsTime(startTime, startProp!, zone).tzid,
    start: icsTime(startTime, startProp!, zone),
    end: icsTime(endTime, endProp, zone),
    firstStart,
    lastEnd,
    isRecurring,
    rrule: rrule ? rrule.toString() : null,
    overrides: overrides.map((o) => localOf(o.getFirstPropertyValue("recurrence-id") as Time)).sort(),
    organizer: organizer ? personOf(organizer) : null,
    attendees: main.getAllProperties("attendee").map(attendeeOf),
    sequence: sequenceOf(main),
    status: status || null,
    transparent: textValue(main, "transp").trim().toUpperCase() === "TRANSPARENT",
    visibility: visibility || null,
    alarms: alarmsOf(main),
    hasMaster: !!master,
  };
}

export { sequenceOf };
