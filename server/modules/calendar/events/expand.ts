// Occurrences of an event object inside a range, and the first start / last end of a whole series, with
// ical.js's RRULE iterator on wall clocks of the object's zone (DST-correct: ical-read.ts, zone.ts). Only the
// asked range is expanded; a DAILY or WEEKLY series without COUNT starts its iteration shortly before the
// range instead of at its first occurrence, so a years-old daily series costs the range, not its age.
import ICAL from "ical.js";
import {
  type Component, type ParsedObject, propWalls, recurrenceKey, rruleOf, spanOf, type WallTime,
} from "./ical-read.ts";
import { addDays, dayStart, daysBetween, instantOf, type Wall, wallOf } from "./zone.ts";

export interface Occurrence {
  /** The recurrence key (ical-read.ts recurrenceKey); null for an event that does not repeat. */
  key: string | null;
  start: WallTime;
  /** All-day: the day after the last (exclusive). */
  end: WallTime;
  startMs: number;
  endMs: number;
  /** The VEVENT the occurrence's fields come from: the master, or its override. */
  vevent: Component;
  isOverride: boolean;
}

/** Steps of one iteration at most: a rule that would need more answers what it found so far. */
const MAX_STEPS = 200_000;

const asMs = (w: Wall) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
const fromMs = (ms: number): Wall => {
  const d = new Date(ms);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes(), second: d.getUTCSeconds() };
};

/** Instant of a wall time: dates at midnight of `dayZone`, times in the object's zone. */
function instant(t: WallTime, zone: string, dayZone: string): number {
  return t.date ? dayStart(t.wall, dayZone) : instantOf(t.wall, zone);
}

function overlaps(s: number, e: number, rs: number, re: number): boolean {
  return s < re && (e > rs || (e === s && s >= rs));
}

function occurrenceOf(obj: ParsedObject, v: Component, key: string | null, dayZone: string, isOverride: boolean): Occurrence {
  const { start, end } = spanOf(v, obj.zone);
  return {
    key, start, end, vevent: v, isOverride,
    startMs: instant(start, obj.zone, dayZone),
    endMs: instant(end, obj.zone, dayZone),
  };
}

interface SeriesRule {
  master: Component;
  recur: InstanceType<typeof ICAL.Recur> | null;
  start: WallTime;
  /** Wall-clock length of an occurrence in ms (end - start as wall clocks). */
  length: number;
  excluded: Set<string>;
  rdates: WallTime[];
}

function seriesOf(obj: ParsedObject): SeriesRule | null {
  const master = obj.master;
  if (!master) return null;
  const rule = rruleOf(master);
  const rdates = propWalls(master, "rdate", obj.zone);
  if (!rule && !rdates.length) return null;
  const { start, end } = spanOf(master, obj.zone);
  let recur: InstanceType<typeof ICAL.Recur> | null = null;
  if (rule) {
    recur = ICAL.Recur.fromString(rule.toString());
    // UNTIL compared on wall clocks of the object's zone, as the iteration runs on them.
    if (rule.until) {
      const u = rule.until;
      const w = u.zone === ICAL.Timezone.utcTimezone && !u.isDate ? wallOf(u.toUnixTime() * 1000, obj.zone) : u;
      recur.until = ICAL.Time.fromData({ year: w.year, month: w.month, day: w.day, hour: w.hour, minute: w.minute, second: w.second, isDate: start.date });
    }
  }
  return {
    master, recur, start, length: Math.max(0, asMs(end.wall) - asMs(start.wall)), rdates,
    excluded: new Set(propWalls(master, "exdate", obj.zone).map((t) => recurrenceKey({ wall: t.wall, date: start.date }))),
  };
}

function shifted(t: WallTime, length: number): WallTime {
  return { wall: fromMs(asMs(t.wall) + length), date: t.date };
}

/** The rule's occurrence start times in order, from `from` (a wall clock on the rule's grid) on. */
function* ruleStarts(s: SeriesRule, from: WallTime): Generator<WallTime> {
  if (!s.recur) return;
  const dtstart = ICAL.Time.fromData({ ...from.wall, isDate: from.date });
  const it = s.recur.iterator(dtstart);
  for (let i = 0; i < MAX_STEPS; i++) {
    const t = it.next();
    if (!t) return;
    yield { wall: { year: t.year, month: t.month, day: t.day, hour: t.hour, minute: t.minute, second: t.second }, date: from.date };
  }
}

/**
 * Where to start iterating for a range: on the rule's grid, whole periods before it (rules without COUNT,
 * whose occurrences do not depend on how many came before). The start moved there keeps what the rule takes
 * from DTSTART (the weekday of a WEEKLY rule, the day of a MONTHLY one, month and day of a YEARLY one); ical.js
 * gives that start itself as the first occurrence, which ends before the range (a margin of the event's
 * length and a period), so it never shows.
 */
function iterationStart(s: SeriesRule, rangeStartWall: Wall): WallTime {
  const r = s.recur;
  if (!r || r.count) return s.start;
  const interval = r.interval || 1;
  const lengthDays = Math.ceil(s.length / 86_400_000);
  const at = (w: Partial<Wall>): WallTime => ({ wall: { ...s.start.wall, ...w }, date: s.start.date });
  const parts = r.parts as unknown as Record<string, unknown[] | undefined>;
  const has = (name: string) => (parts[name]?.length ?? 0) > 0;
  if (r.freq === "DAILY" || r.freq === "WEEKLY") {
    const period = (r.freq === "DAILY" ? 1 : 7) * interval;
    const k = Math.floor((daysBetween(s.start.wall, rangeStartWall) - lengthDays - period) / period);
    if (k <= 0) return s.start;
    const day = addDays(s.start.wall, k * period);
    return at({ year: day.year, month: day.month, day: day.day });
  }
  if (r.freq === "MONTHLY") {
    let day = s.start.wall.day;
    if (day > 28) {
      // A later month may not have that day: only when the rule names its days itself, from the 28th.
      if (!has("BYDAY") && !has("BYMONTHDAY")) return s.start;
      day = 28;
    }
    const months = (rangeStartWall.year - s.start.wall.year) * 12 + rangeStartWall.month - s.start.wall.month;
    // From the month before the range's (day 28 at the latest, so a short event ends before the range).
    const k = Math.floor((months - 1 - (lengthDays > 2 ? Math.ceil(lengthDays / 28) : 0)) / interval);
    if (k <= 0) return s.start;
    const index = s.start.wall.year * 12 + s.start.wall.month - 1 + k * interval;
    return at({ year: Math.floor(index / 12), month: (index % 12) + 1, day });
  }
  if (r.freq === "YEARLY") {
    if (s.start.wall.month === 2 && s.start.wall.day === 29) return s.start;
    const k = Math.floor((rangeStartWall.year - s.start.wall.year) / interval) - 1 - Math.ceil(lengthDays / 365);
    if (k <= 0) return s.start;
    return at({ year: s.start.wall.year + k * interval });
  }
  return s.start;
}

/**
 * The occurrences overlapping [rangeStart, rangeEnd), in start order; all-day ones by the dates of `dayZone`.
 * At most `max` (the first ones).
 */
export function occurrencesIn(obj: ParsedObject, rangeStart: number, rangeEnd: number, dayZone: string, max: number): Occurrence[] {
  const s = seriesOf(obj);
  const out: Occurrence[] = [];
  if (!s && obj.master) {
    const o = occurrenceOf(obj, obj.master, null, dayZone, false);
    if (overlaps(o.startMs, o.endMs, rangeStart, rangeEnd)) out.push(o);
    return out;
  }
  // Overrides (they may have moved into the range from outside it).
  for (const [key, v] of obj.overrides) {
    if (s?.excluded.has(key)) continue;
    const o = occurrenceOf(obj, v, key, dayZone, true);
    if (overlaps(o.startMs, o.endMs, rangeStart, rangeEnd)) out.push(o);
  }
  if (s) {
    const take = (start: WallTime, startMs = instant(start, obj.zone, dayZone)) => {
      const key = recurrenceKey(start);
      if (s.excluded.has(key) || obj.overrides.has(key)) return;
      const end = shifted(start, s.length);
      const o: Occurrence = { key, start, end, vevent: s.master, isOverride: false, startMs, endMs: instant(end, obj.zone, dayZone) };
      if (overlaps(o.startMs, o.endMs, rangeStart, rangeEnd)) out.push(o);
    };
    const from = iterationStart(s, wallOf(rangeStart, obj.zone));
    for (const start of ruleStarts(s, from)) {
      const startMs = instant(start, obj.zone, dayZone);
      if (startMs >= rangeEnd) break;
      take(start, startMs);
      if (out.length >= max * 2) break;
    }
    for (const r of s.rdates) take({ wall: r.wall, date: s.start.date });
  }
  // An RDATE or override may repeat a rule occurrence's key: one each.
  const seen = new Set<string>();
  return out.sort((a, b) => a.startMs - b.startMs)
    .filter((o) => o.key === null || (!seen.has(o.key) && seen.add(o.key)))
    .slice(0, max);
}

/**
 * The occurrence with this key (null key: the master's own, the first of a series), or null when the object
 * has none there (excluded, or not on the rule).
 */
export function occurrenceAt(obj: ParsedObject, key: string | null, dayZone: string): Occurrence | null {
  const s = seriesOf(obj);
  if (key === null) {
    if (!obj.master) {
      const [k, v] = [...obj.overrides][0];
      return occurrenceOf(obj, v, k, dayZone, true);
    }
    const o = occurrenceOf(obj, obj.master, null, dayZone, false);
    return s ? { ...o, key: recurrenceKey(o.start) } : o;
  }
  if (!hasOccurrence(obj, key)) return null;
  const ov = obj.overrides.get(key);
  if (ov) return occurrenceOf(obj, ov, key, dayZone, true);
  if (!s) return null;
  const start: WallTime = { wall: wallFromKey(key), date: s.start.date };
  const end = shifted(start, s.length);
  return {
    key, start, end, vevent: s.master, isOverride: false,
    startMs: instant(start, obj.zone, dayZone), endMs: instant(end, obj.zone, dayZone),
  };
}

/** Whether an occurrence with this key exists (a rule occurrence, an RDATE or an override; not excluded). */
export function hasOccurrence(obj: ParsedObject, key: string): boolean {
  if (obj.overrides.has(key)) return true;
  const s = seriesOf(obj);
  if (!s || s.excluded.has(key) || (key.length === 8) !== s.start.date) return false;
  if (s.rdates.some((r) => recurrenceKey({ wall: r.wall, date: s.start.date }) === key)) return true;
  const target = asMs(wallFromKey(key));
  for (const start of ruleStarts(s, s.start)) {
    const at = asMs(start.wall);
    if (at === target) return recurrenceKey(start) === key;
    if (at > target) return false;
  }
  return false;
}

function wallFromKey(key: string): Wall {
  const n = (a: number, b: number) => Number(key.slice(a, b));
  return key.length === 8
    ? { year: n(0, 4), month: n(4, 6), day: n(6, 8), hour: 0, minute: 0, second: 0 }
    : { year: n(0, 4), month: n(4, 6), day: n(6, 8), hour: n(9, 11), minute: n(11, 13), second: n(13, 15) };
}

/** How many rule occurrences (not RDATEs or overrides, EXDATEs counted) start before a key. */
export function occurrencesBefore(obj: ParsedObject, key: string): number {
  const s = seriesOf(obj);
  if (!s) return 0;
  const target = asMs(wallFromKey(key));
  let n = 0;
  for (const start of ruleStarts(s, s.start)) {
    if (asMs(start.wall) >= target) break;
    n++;
  }
  return n;
}

/** The first start and the last end of the whole object (last end null: the series has no end). */
export function boundsOf(obj: ParsedObject): { firstStart: number; lastEnd: number | null } {
  const zone = obj.zone;
  const s = seriesOf(obj);
  const spans: Occurrence[] = [...obj.overrides].map(([key, v]) => occurrenceOf(obj, v, key, zone, true));
  if (!s) {
    if (obj.master) spans.push(occurrenceOf(obj, obj.master, null, zone, false));
    return { firstStart: Math.min(...spans.map((o) => o.startMs)), lastEnd: Math.max(...spans.map((o) => o.endMs)) };
  }
  const first = instant(s.start, zone, zone);
  let firstStart = Math.min(first, ...spans.map((o) => o.startMs), ...s.rdates.map((r) => instant(r, zone, zone)));
  if (s.recur && !s.recur.isFinite()) return { firstStart, lastEnd: null };
  let lastStart: WallTime = s.start;
  let steps = 0;
  for (const start of ruleStarts(s, s.start)) {
    lastStart = start;
    steps++;
  }
  if (steps >= MAX_STEPS) return { firstStart, lastEnd: null };
  const ends = [
    instant(shifted(lastStart, s.length), zone, zone),
    ...s.rdates.map((r) => instant(shifted({ wall: r.wall, date: s.start.date }, s.length), zone, zone)),
    ...spans.map((o) => o.endMs),
  ];
  firstStart = Math.min(firstStart, instant(s.start, zone, zone));
  return { firstStart, lastEnd: Math.max(...ends) };
}
