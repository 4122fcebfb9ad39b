// What the month list needs of an event row, without redoing work: a single event (no rule, no override) is
// answered from its columns alone (no iCalendar parse); series are parsed once per version (id + ETag, which
// changes on every write) and their occurrences in a range kept per range and zone, since everyone viewing a
// month asks the same six-week grid. ical.js's RRULE iterator costs 10 to 120 µs a step, so a series is
// expanded once per range, not once per viewer. Nothing here is ever changed by its readers: edits parse
// their own copy (service.ts loadEvent).
import { type Occurrence, occurrencesIn } from "./expand.ts";
import { parseObject, type ParsedObject, type WallTime } from "./ical-read.ts";
import type { ListRow } from "./repo.ts";
import { addDays, dayStart, wallOf } from "./zone.ts";
import { DEFAULT_TIMEZONE } from "../../../../shared/calendar/constants.ts";

class Lru<V> {
  readonly #map = new Map<string, V>();
  constructor(private readonly max: number) {}
  get(key: string): V | undefined {
    const v = this.#map.get(key);
    if (v !== undefined) {
      this.#map.delete(key);
      this.#map.set(key, v);
    }
    return v;
  }
  set(key: string, v: V) {
    this.#map.delete(key);
    this.#map.set(key, v);
    if (this.#map.size > this.max) this.#map.delete(this.#map.keys().next().value!);
  }
}

const parsed = new Lru<ParsedObject>(4000);
const expanded = new Lru<Occurrence[]>(20_000);

/** The parsed object of a row's current version (shared: read only). */
export function parsedOf(row: Pick<ListRow, "id" | "etag" | "ical">): ParsedObject {
  const key = `${row.id}:${row.etag}`;
  let obj = parsed.get(key);
  if (!obj) {
    obj = parseObject(row.ical);
    parsed.set(key, obj);
  }
  return obj;
}

/** Whether the row's columns say all there is: one occurrence, no override. */
export function isSingle(row: Pick<ListRow, "isRecurring" | "ical">): boolean {
  return !row.isRecurring && !row.ical.includes("RECURRENCE-ID");
}

/**
 * The one occurrence of a single event from its columns, as occurrencesIn would give it (all-day dates of
 * the event's zone, placed at midnight of `dayZone`); null when it does not overlap [start, end).
 */
export function singleOccurrence(row: ListRow, start: number, end: number, dayZone: string): Omit<Occurrence, "vevent"> | null {
  const s = row.firstStart.getTime();
  const e = row.lastEnd?.getTime() ?? s;
  let startT: WallTime, endT: WallTime, startMs = s, endMs = e;
  const zone = row.tzid ?? DEFAULT_TIMEZONE;
  if (row.isAllDay) {
    const a = wallOf(s, zone);
    const b = wallOf(e, zone);
    startT = { wall: { ...addDays(a, 0) }, date: true };
    endT = { wall: { ...addDays(b, 0) }, date: true };
    startMs = dayStart(startT.wall, dayZone);
    endMs = dayStart(endT.wall, dayZone);
  } else {
    startT = { wall: wallOf(s, zone), date: false };
    endT = { wall: wallOf(e, zone), date: false };
  }
  if (!(startMs < end && (endMs > start || (endMs === startMs && startMs >= start)))) return null;
  return { key: null, start: startT, end: endT, startMs, endMs, isOverride: false };
}

/** The occurrences of a series in a range (expand.ts occurrencesIn), kept per version, range and zone. */
export function occurrencesOf(row: Pick<ListRow, "id" | "etag">, obj: ParsedObject, start: number, end: number, dayZone: string, max: number): Occurrence[] {
  const key = `${row.id}:${row.etag}:${start}:${end}:${dayZone}:${max}`;
  let list = expanded.get(key);
  if (!list) {
    list = occurrencesIn(obj, start, end, dayZone, max);
    expanded.set(key, list);
  }
  return list;
}
