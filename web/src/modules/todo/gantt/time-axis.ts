// The gantt's time axis: YYYY-MM-DD days as whole day numbers (UTC, so no time zone or daylight saving shifts a
// bar), the range shown (the items' days with a margin, today included), the width of a day per zoom and the
// axis' labels. Pure.

export type Zoom = "week" | "month";
/** Pixels per day. */
export const DAY_WIDTH: Record<Zoom, number> = { week: 36, month: 10 };

const MS_DAY = 86_400_000;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a YYYY-MM-DD day, or null. */
export function dayNumber(day: string): number | null {
  const m = DAY.exec(day);
  return m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / MS_DAY : null;
}

export function dayText(n: number): string {
  return new Date(n * MS_DAY).toISOString().slice(0, 10);
}

/** Today in the reader's calendar as a day number. */
export function todayNumber(now: Date): number {
  return Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()) / MS_DAY;
}

/** 0 Sunday … 6 Saturday. */
export const weekday = (n: number) => (n + 4) % 7;

export interface Range {
  /** The first day shown. */
  from: number;
  /** Days shown. */
  days: number;
}

/** Today is shown with the bars when it is at most this many days away from them. */
const TODAY_REACH = 60;

/** The days shown: every bar's days (and today, unless the bars are far from it), two weeks before and four
 *  after, starting on a Monday. */
export function rangeOf(spans: readonly { start: number; end: number }[], today: number): Range {
  let lo = spans.length ? Infinity : today;
  let hi = spans.length ? -Infinity : today;
  for (const s of spans) {
    if (s.start < lo) lo = s.start;
    if (s.end > hi) hi = s.end;
  }
  if (today >= lo - TODAY_REACH && today <= hi + TODAY_REACH) {
    lo = Math.min(lo, today);
    hi = Math.max(hi, today);
  }
  lo -= 14;
  hi += 28;
  lo -= (weekday(lo) + 6) % 7; // back to Monday
  return { from: lo, days: hi - lo + 1 };
}

export interface Tick {
  /** Day offset from the range's start. */
  at: number;
  label: string;
  /** A month's first label (drawn stronger). */
  major: boolean;
}

/** The axis: in the week zoom every day (the month named on its first day and at the start), in the month zoom
 *  every Monday's date under the month's name. */
export function ticksOf(range: Range, zoom: Zoom, lng: string): { top: Tick[]; bottom: Tick[] } {
  const month = new Intl.DateTimeFormat(lng, { year: "numeric", month: "short", timeZone: "UTC" });
  const top: Tick[] = [];
  const bottom: Tick[] = [];
  for (let i = 0; i < range.days; i++) {
    const n = range.from + i;
    const d = new Date(n * MS_DAY);
    if (d.getUTCDate() === 1 || i === 0) top.push({ at: i, label: month.format(d), major: d.getUTCDate() === 1 });
    if (zoom === "week" || weekday(n) === 1) bottom.push({ at: i, label: String(d.getUTCDate()), major: weekday(n) === 1 });
  }
  return { top, bottom };
}
