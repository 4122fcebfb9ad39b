// Dates and times of resource booking (002 §9: YYYY-MM-DD, HH:mm), in the company's time zone (BOOKING_TIME_ZONE).
// Days are handled as "YYYY-MM-DD" strings and counted through UTC, so no local time zone shifts them. No zod here:
// the router chunk imports this file.
import { BOOKING_TIME_ZONE, DATE_PATTERN, SLOT_MINUTES } from "@shared/resource/constants.ts";
import { dateFormat } from "../../lib/intl-format.ts";

export type Ymd = string;
const DAY_MS = 86_400_000;

const parts = (at: Date) =>
  Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", { timeZone: BOOKING_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
      .formatToParts(at).map((p) => [p.type, p.value]),
  );

/** Today in the company's time zone. */
export function today(now = new Date()): Ymd {
  const p = parts(now);
  return `${p.year}-${p.month}-${p.day}`;
}

/** The minutes since midnight now, in the company's time zone. */
export function nowMinutes(now = new Date()): number {
  const p = parts(now);
  return Number(p.hour) * 60 + Number(p.minute);
}

/** A real calendar day in YYYY-MM-DD, or null. */
export function validDay(s: string | undefined): Ymd | null {
  if (!s || !DATE_PATTERN.test(s)) return null;
  const d = new Date(`${s}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== s ? null : s;
}

export const dayNum = (d: Ymd) => Math.round(Date.parse(`${d}T00:00:00Z`) / DAY_MS);
export const fromNum = (n: number): Ymd => new Date(n * DAY_MS).toISOString().slice(0, 10);
export const addDays = (d: Ymd, n: number): Ymd => fromNum(dayNum(d) + n);
/** 0 Monday .. 6 Sunday. */
export const weekday = (d: Ymd) => (new Date(`${d}T00:00:00Z`).getUTCDay() + 6) % 7;
/** The ISO week's Monday. */
export const mondayOf = (d: Ymd) => addDays(d, -weekday(d));
export const weekDays = (d: Ymd) => Array.from({ length: 7 }, (_, i) => addDays(mondayOf(d), i));

/** "HH:mm" → minutes (24:00 → 1440). */
export function minutesOf(time: string): number {
  const [h, m] = time.split(":").map(Number);
  return h * 60 + m;
}
/** minutes → "HH:mm" (1440 → "24:00"). */
export const timeOf = (min: number) => `${String(Math.floor(min / 60)).padStart(2, "0")}:${String(min % 60).padStart(2, "0")}`;

/** A moment as a day and minutes: minutes of 1440 or more roll over into the next days. */
export function moment(day: Ymd, min: number): { date: Ymd; time: string } {
  const extra = Math.floor(min / 1440);
  return { date: addDays(day, extra), time: timeOf(min - extra * 1440) };
}

/** The quick booking (002 §5: now to one hour later): now rounded up to the next slot. */
export function quickStart(now = new Date()): { date: Ymd; min: number } {
  const min = Math.ceil(nowMinutes(now) / SLOT_MINUTES) * SLOT_MINUTES;
  return min >= 1440 ? { date: addDays(today(now), 1), min: 0 } : { date: today(now), min };
}

/** The day as the user's language writes it. */
export function formatDay(d: Ymd, lng: string, opts: Intl.DateTimeFormatOptions = { year: "numeric", month: "long", day: "numeric", weekday: "short" }): string {
  return dateFormat(lng, { ...opts, timeZone: "UTC" }).format(new Date(`${d}T00:00:00Z`));
}

/** The week's span, "2026. 3. 2. – 3. 8.". */
export function formatWeek(d: Ymd, lng: string): string {
  const f = dateFormat(lng, { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
  const [a, b] = [mondayOf(d), addDays(mondayOf(d), 6)];
  return f.formatRange(new Date(`${a}T00:00:00Z`), new Date(`${b}T00:00:00Z`));
}
