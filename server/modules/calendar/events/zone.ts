// Wall clocks of an IANA time zone and instants, through Intl (ical.js carries no zone data). Recurrence is
// expanded on wall clocks (an RRULE repeats 09:00 in New York, whatever the offset of the day), and each
// occurrence's wall clock is turned into an instant here, so DST days come out right in any zone Intl knows.

const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(zone: string): Intl.DateTimeFormat {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: zone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit",
      hour: "2-digit", minute: "2-digit", second: "2-digit",
    });
    formats.set(zone, f);
  }
  return f;
}

export function isKnownZone(zone: string): boolean {
  try {
    formatOf(zone);
    return true;
  } catch {
    return false;
  }
}

/** A wall clock: the fields of a date and time without a zone (month 1-12). */
export interface Wall {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/**
 * The wall clock of an instant in a zone: the instant moved by the zone's offset (offsetAt, cached), read as
 * UTC. Intl's formatToParts cost about 5 µs a call, and a month list read two wall clocks of every single event
 * (about 2,000 calls for a month of 30 calendars).
 */
export function wallOf(ms: number, zone: string): Wall {
  const d = new Date(ms + offsetAt(ms, zone));
  return {
    year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(),
    hour: d.getUTCHours(), minute: d.getUTCMinutes(), second: d.getUTCSeconds(),
  };
}

/** wallOf through Intl itself: what the offsets are computed from. */
function intlWallOf(ms: number, zone: string): Wall {
  const p: Record<string, number> = {};
  for (const part of formatOf(zone).formatToParts(new Date(ms))) {
    if (part.type !== "literal") p[part.type] = Number(part.value);
  }
  return { year: p.year, month: p.month, day: p.day, hour: p.hour, minute: p.minute, second: p.second };
}

const wallMs = (w: Wall) => {
  const d = new Date(0);
  d.setUTCFullYear(w.year, w.month - 1, w.day);
  d.setUTCHours(w.hour, w.minute, w.second, 0);
  return d.getTime();
};

/**
 * Offsets already computed, per zone: at 00:00 UTC of each day, and per quarter hour on the days the offset
 * changes (every zone's offset is a multiple of 15 minutes and changes at a wall-clock minute that is one too,
 * so it is constant within each quarter hour). A day whose start and end have the same offset has no change.
 */
const dayOffsets = new Map<string, number>();
const quarterOffsets = new Map<string, number>();
const DAY = 86_400_000;
const QUARTER = 900_000;

function exactOffset(at: number, zone: string): number {
  return wallMs(intlWallOf(at, zone)) - at;
}

function cached(map: Map<string, number>, key: string, compute: () => number): number {
  let o = map.get(key);
  if (o === undefined) {
    o = compute();
    if (map.size > 100_000) map.clear();
    map.set(key, o);
  }
  return o;
}

/** The zone's offset from UTC at an instant, in milliseconds. */
export function offsetAt(ms: number, zone: string): number {
  const day = Math.floor(ms / DAY);
  const a = cached(dayOffsets, `${zone} ${day}`, () => exactOffset(day * DAY, zone));
  const b = cached(dayOffsets, `${zone} ${day + 1}`, () => exactOffset((day + 1) * DAY, zone));
  if (a === b) return a;
  const q = Math.floor(ms / QUARTER);
  return cached(quarterOffsets, `${zone} ${q}`, () => exactOffset(q * QUARTER, zone));
}

/**
 * The instant of a wall clock in a zone. A wall clock that happens twice (the hour repeated when DST ends)
 * is the first one; one that does not happen (skipped when DST starts) moves forward by the gap, as
 * RFC 5545 §3.3.5 asks.
 */
export function instantOf(w: Wall, zone: string): number {
  const local = wallMs(w);
  // The offsets a day before and a day after: at most one change of offset lies between (zones change a few
  // times a year at most).
  const before = offsetAt(local - 86_400_000, zone);
  const after = offsetAt(local + 86_400_000, zone);
  const fits = (o: number) => offsetAt(local - o, zone) === o;
  const a = fits(before) ? local - before : null;
  const b = fits(after) ? local - after : null;
  if (a !== null && b !== null) return Math.min(a, b);
  if (a !== null) return a;
  if (b !== null) return b;
  // In the gap: read with the offset before the change, which lands after the gap.
  return local - before;
}

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

export const dateString = (w: Pick<Wall, "year" | "month" | "day">) => `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
export const wallString = (w: Wall) => `${dateString(w)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;

/** Midnight of a date in a zone, as an instant. */
export function dayStart(date: Pick<Wall, "year" | "month" | "day">, zone: string): number {
  return instantOf({ ...date, hour: 0, minute: 0, second: 0 }, zone);
}

/** A date moved by whole days (no zone involved). */
export function addDays(date: Pick<Wall, "year" | "month" | "day">, days: number): Wall {
  const d = new Date(Date.UTC(2000, 0, 1));
  d.setUTCFullYear(date.year, date.month - 1, date.day + days);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: 0, minute: 0, second: 0 };
}

/** Days from one date to another. */
export function daysBetween(a: Pick<Wall, "year" | "month" | "day">, b: Pick<Wall, "year" | "month" | "day">): number {
  const ms = (w: Pick<Wall, "year" | "month" | "day">) => {
    const d = new Date(0);
    d.setUTCFullYear(w.year, w.month - 1, w.day);
    return d.getTime();
  };
  return Math.round((ms(b) - ms(a)) / 86_400_000);
}

export function parseDate(s: string): Wall | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return null;
  const w = { year: +m[1], month: +m[2], day: +m[3], hour: 0, minute: 0, second: 0 };
  const check = addDays(w, 0);
  return check.year === w.year && check.month === w.month && check.day === w.day ? w : null;
}

/**
 * A time of the API (shared/calendar/events.ts eventTime) as a wall clock of `zone`: a wall clock stays as
 * it is, an instant (Z or offset) is read in the zone, a bare date is its midnight. Null when invalid.
 */
export function apiTimeToWall(s: string, zone: string): Wall | null {
  const date = parseDate(s.slice(0, 10));
  if (!date) return null;
  if (s.length === 10) return date;
  const m = /^T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(s.slice(10));
  if (!m) return null;
  const [hour, minute, second] = [+m[1], +m[2], +(m[3] ?? 0)];
  if (hour > 23 || minute > 59 || second > 59) return null;
  const w = { ...date, hour, minute, second };
  if (!m[4]) return w;
  const off = m[4] === "Z" ? 0 : (m[4][0] === "-" ? -1 : 1) * (+m[4].slice(1, 3) * 60 + +m[4].slice(-2)) * 60_000;
  return wallOf(wallMs(w) - off, zone);
}

/** An API time as an instant: wall clocks and dates read in `zone`. Null when invalid. */
export function apiTimeToInstant(s: string, zone: string): number | null {
  const w = apiTimeToWall(s, zone);
  return w ? instantOf(w, zone) : null;
}
