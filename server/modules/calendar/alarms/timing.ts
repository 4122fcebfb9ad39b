// When an event object's alarms fall due (shared/calendar/alarms.ts "When"): each occurrence's start (its own
// VEVENT's, so a moved override counts at its new time and an excluded occurrence not at all) minus each of
// that VEVENT's alarm offsets. All-day occurrences start at 00:00 of the event's zone. Occurrences come from the
// calendar's own expansion (events/expand.ts), asked only for the window needed.
import { type Occurrence, occurrencesIn } from "../events/expand.ts";
import { alarmMinutes, type Component, type ParsedObject, textOf } from "../events/ical-read.ts";
import { ALL_DAY_ZONE_PROPERTY } from "../events/ical-write.ts";
import { isKnownZone } from "../events/zone.ts";

const MINUTE = 60_000;
const DAY = 86_400_000;
/** Windows looked through, in turn, for the next alarm after a moment; past the last one a re-plan is due. */
const WINDOWS = [2 * DAY, 35 * DAY, 400 * DAY];
const MAX_OCCURRENCES = 5000;

export interface DueAlarm {
  occurrence: Occurrence;
  /** The occurrence's recurrence key; null for an event that does not repeat. */
  key: string | null;
  minutesBefore: number;
  /** Epoch ms the alarm falls due. */
  at: number;
}

/** The zone whose 00:00 starts the object's all-day occurrences. */
export function alarmZoneOf(obj: ParsedObject): string {
  const main = obj.master ?? [...obj.overrides.values()][0];
  const own = textOf(main, ALL_DAY_ZONE_PROPERTY);
  if (own && isKnownZone(own)) return own;
  const calendarZone = textOf(obj.root, "x-wr-timezone");
  if (obj.isAllDay && !obj.tzid && calendarZone && isKnownZone(calendarZone)) return calendarZone;
  return obj.zone;
}

function offsetsOf(v: Component): number[] {
  return [...new Set(alarmMinutes(v))];
}

/** The largest offset of any VEVENT of the object, in ms (-1: it has no alarms). */
export function maxOffsetMs(obj: ParsedObject): number {
  let max = -1;
  for (const v of [obj.master, ...obj.overrides.values()]) {
    if (v) for (const m of offsetsOf(v)) max = Math.max(max, m);
  }
  return max < 0 ? -1 : max * MINUTE;
}

/** Alarms falling due in [from, to] (both inclusive), in order. */
export function alarmsBetween(obj: ParsedObject, from: number, to: number): DueAlarm[] {
  const max = maxOffsetMs(obj);
  if (max < 0 || to < from) return [];
  const zone = alarmZoneOf(obj);
  const out: DueAlarm[] = [];
  for (const o of occurrencesIn(obj, from, to + max + 1, zone, MAX_OCCURRENCES)) {
    for (const m of offsetsOf(o.vevent)) {
      const at = o.startMs - m * MINUTE;
      if (at >= from && at <= to) out.push({ occurrence: o, key: o.key, minutesBefore: m, at });
    }
  }
  return out.sort((a, b) => a.at - b.at || a.minutesBefore - b.minutesBefore);
}

/**
 * The first alarm instant strictly after `after`; null when there is none to come. For a series whose next
 * alarm is more than the last window away, the end of that window: the job then looks again (finding nothing
 * due) and plans further, so a plan never needs the whole future expanded.
 */
export function nextAlarmAfter(obj: ParsedObject, after: number, lastEnd: number | null): number | null {
  const max = maxOffsetMs(obj);
  if (max < 0) return null;
  for (const w of WINDOWS) {
    const found = alarmsBetween(obj, after + 1, after + w)[0];
    if (found) return found.at;
  }
  const horizon = after + WINDOWS[WINDOWS.length - 1];
  return lastEnd === null || lastEnd > horizon ? horizon : null;
}
