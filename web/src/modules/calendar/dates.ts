// Dates and time zones for the calendar without a date library: days are "YYYY-MM-DD" texts (and day numbers,
// days since 1970-01-01, for arithmetic); a time of day is minutes since midnight; instants are epoch ms. The
// display zone (Asia/Seoul by default) turns instants into a day and minutes with Intl, and back.
import { DEFAULT_TIMEZONE } from "@shared/calendar/constants.ts";
import { dateFormat } from "../../lib/intl-format.ts";

export type Ymd = string;
const DAY_MS = 86_400_000;

export function isYmd(s: string | undefined): s is Ymd {
  if (!s || !/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const [y, m, d] = s.split("-").map(Number);
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d && y >= 1900 && y <= 2999;
}

export function dayNum(ymd: Ymd): number {
  const [y, m, d] = ymd.split("-").map(Number);
  return Math.floor(Date.UTC(y, m - 1, d) / DAY_MS);
}

export function ymdOf(day: number): Ymd {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export const addDays = (ymd: Ymd, n: number): Ymd => ymdOf(dayNum(ymd) + n);

/** The same day of another month, clamped to that month's last day. */
export function addMonths(ymd: Ymd, n: number): Ymd {
  const [y, m, d] = ymd.split("-").map(Number);
  const first = new Date(Date.UTC(y, m - 1 + n, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

/** 0 = Sunday. */
export const weekday = (ymd: Ymd): number => (dayNum(ymd) + 4) % 7;
/** Weeks start on Sunday, as Korean calendars show them. */
export const startOfWeek = (ymd: Ymd): Ymd => addDays(ymd, -weekday(ymd));
export const monthKey = (ymd: Ymd): string => ymd.slice(0, 7);
export const firstOfMonth = (ymd: Ymd): Ymd => `${ymd.slice(0, 7)}-01`;
export const monthOfKey = (key: string): Ymd => `${key}-01`;

export function daysInMonth(ymd: Ymd): number {
  const [y, m] = ymd.split("-").map(Number);
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

// Time zones -----------------------------------------------------------------------------------------------

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: tz, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit",
    });
    formatters.set(tz, f);
  }
  return f;
}

export function isTimeZone(tz: string): boolean {
  try {
    partsFormatter(tz);
    return true;
  } catch {
    return false;
  }
}

function intlWallOf(ms: number, tz: string) {
  const p: Record<string, number> = {};
  for (const part of partsFormatter(tz).formatToParts(new Date(ms))) if (part.type !== "literal") p[part.type] = Number(part.value);
  return p as { year: number; month: number; day: number; hour: number; minute: number; second: number };
}

function exactOffset(ms: number, tz: string): number {
  const w = intlWallOf(ms, tz);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour === 24 ? 0 : w.hour, w.minute, w.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

// Offsets already read from Intl (formatToParts costs microseconds, and a month view places thousands of
// events): per zone at 00:00 UTC of each day, and per quarter hour on a day whose offset changes (zones change
// at a wall-clock quarter hour, by multiples of 15 minutes), as the server's zone.ts keeps them.
const QUARTER_MS = 900_000;
const offsets = new Map<string, number>();
function cachedOffset(key: string, at: number, tz: string): number {
  let o = offsets.get(key);
  if (o === undefined) {
    if (offsets.size > 50_000) offsets.clear();
    offsets.set(key, o = exactOffset(at, tz));
  }
  return o;
}

/** The zone's offset from UTC at an instant, in ms. */
export function offsetMs(ms: number, tz: string): number {
  const day = Math.floor(ms / DAY_MS);
  const a = cachedOffset(`${tz} d${day}`, day * DAY_MS, tz);
  const b = cachedOffset(`${tz} d${day + 1}`, (day + 1) * DAY_MS, tz);
  if (a === b) return a;
  const q = Math.floor(ms / QUARTER_MS);
  return cachedOffset(`${tz} q${q}`, q * QUARTER_MS, tz);
}

/** The wall clock of an instant in the zone. */
function wallOf(ms: number, tz: string) {
  const d = new Date(ms + offsetMs(ms, tz));
  return {
    year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(),
    hour: d.getUTCHours(), minute: d.getUTCMinutes(), second: d.getUTCSeconds(),
  };
}

/** An instant as the zone's day and minutes since its midnight. */
export function zoned(ms: number, tz: string): { ymd: Ymd; minutes: number } {
  const w = wallOf(ms, tz);
  const ymd = `${String(w.year).padStart(4, "0")}-${String(w.month).padStart(2, "0")}-${String(w.day).padStart(2, "0")}`;
  return { ymd, minutes: w.hour * 60 + w.minute };
}

/** The instant of a wall clock in the zone (a time skipped by a clock change moves forward). */
export function instantOf(ymd: Ymd, minutes: number, tz: string): number {
  const local = dayNum(ymd) * DAY_MS + minutes * 60_000;
  // The offsets a day before and after: a wall clock reads as one of them (as the server's zone.ts does). One
  // that fits both (the repeated hour when clocks go back) is the first; one that fits neither (skipped when
  // they go forward) moves forward by the gap.
  const before = offsetMs(local - DAY_MS, tz);
  const after = offsetMs(local + DAY_MS, tz);
  const fits = (o: number) => offsetMs(local - o, tz) === o;
  const a = fits(before) ? local - before : null;
  const b = fits(after) ? local - after : null;
  if (a !== null && b !== null) return Math.min(a, b);
  return a ?? b ?? local - before;
}

/** "YYYY-MM-DDTHH:mm:00+09:00": a wall clock with its zone's offset (what the API reads unambiguously). */
export function isoWithOffset(ymd: Ymd, minutes: number, tz: string): string {
  const off = offsetMs(instantOf(ymd, minutes, tz), tz) / 60_000;
  const sign = off < 0 ? "-" : "+";
  const a = Math.abs(off);
  return `${ymd}T${hhmm(minutes)}:00${sign}${pad(Math.floor(a / 60))}:${pad(a % 60)}`;
}

export const todayIn = (tz: string = DEFAULT_TIMEZONE): Ymd => zoned(Date.now(), tz).ymd;

const pad = (n: number) => String(n).padStart(2, "0");
export const hhmm = (minutes: number): string => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
export function parseHhmm(s: string): number {
  const [h, m] = s.split(":").map(Number);
  return h * 60 + m;
}

/** Rounds minutes up to the next half hour (the dialog's rule, constants TIME_ROUNDING_MINUTES). */
export const roundUp = (minutes: number, step = 30): number => Math.ceil(minutes / step) * step;
export const roundNearest = (minutes: number, step = 30): number => Math.round(minutes / step) * step;

// Formatting in the UI language -------------------------------------------------------------------------------

/** A date formatter for a day (formatted in UTC, since days are UTC midnights here). */
export function formatDay(ymd: Ymd, lng: string, opts: Intl.DateTimeFormatOptions): string {
  return dateFormat(lng, { ...opts, timeZone: "UTC" }).format(new Date(dayNum(ymd) * DAY_MS));
}

export function formatTime(minutes: number, lng: string): string {
  return dateFormat(lng, { hour: "numeric", minute: "2-digit", timeZone: "UTC" }).format(new Date(minutes * 60_000));
}

function shortFormatter(lng: string, withMinutes: boolean): Intl.DateTimeFormat {
  // Korean and Indonesian screens read 24-hour times ("14:00", "14.00"); English keeps AM / PM.
  const hourCycle = lng.startsWith("en") ? "h12" : "h23";
  return dateFormat(lng, { hour: "numeric", ...(withMinutes ? { minute: "2-digit" } : {}), hourCycle, timeZone: "UTC" });
}

/** A compact time for event blocks and the month grid: "14:00", "2:00 PM". */
export const shortTime = (minutes: number, lng: string): string => shortFormatter(lng, true).format(new Date(minutes * 60_000));

/** The hour labels of the time grid: "14시", "2 PM", "14.00". */
export const hourLabel = (minutes: number, lng: string): string =>
  shortFormatter(lng, !(lng.startsWith("ko") || lng.startsWith("en"))).format(new Date(minutes * 60_000));
