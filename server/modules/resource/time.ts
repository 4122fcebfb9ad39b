// Booking times: the API's dates and times (YYYY-MM-DD, HH:mm, 24:00 allowed) in the company's time zone
// (BOOKING_TIME_ZONE) as instants and back, and the day or ISO week a grid covers.
import { BOOKING_TIME_ZONE } from "../../../shared/resource/constants.ts";
import { addDays, dateString, instantOf, parseDate, type Wall, wallOf } from "../calendar/events/zone.ts";

export const ZONE = BOOKING_TIME_ZONE;
const pad = (n: number) => String(n).padStart(2, "0");

/** The instant of a date and time of the company's zone; 24:00 is the next day's midnight. Null when invalid. */
export function instantOfApi(date: string, time: string): number | null {
  const d = parseDate(date);
  const m = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !m) return null;
  const [hour, minute] = [+m[1], +m[2]];
  if (hour === 24 && minute === 0) return instantOf(addDays(d, 1), ZONE);
  if (hour > 23 || minute > 59) return null;
  return instantOf({ ...d, hour, minute, second: 0 }, ZONE);
}

/** The wall clock of an instant in the company's zone. */
export const wallAt = (ms: number): Wall => wallOf(ms, ZONE);

/** An instant as the API's date and time; an end at midnight reads as the day before at 24:00. */
export function apiOf(ms: number, isEnd = false): { date: string; time: string } {
  const w = wallAt(ms);
  if (isEnd && w.hour === 0 && w.minute === 0) return { date: dateString(addDays(w, -1)), time: "24:00" };
  return { date: dateString(w), time: `${pad(w.hour)}:${pad(w.minute)}` };
}

/** Today's date in the company's zone. */
export const todayOf = (now: Date): string => dateString(wallAt(now.getTime()));

/** The day of `date`, or its ISO week (Monday..Sunday), as dates and as the instants [start, end). */
export function periodOf(date: string, range: "day" | "week") {
  const d = parseDate(date)!;
  let from = d;
  let to = d;
  if (range === "week") {
    const weekday = (new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay() + 6) % 7; // Monday 0
    from = addDays(d, -weekday);
    to = addDays(from, 6);
  }
  return { fromDate: dateString(from), toDate: dateString(to), start: instantOf(from, ZONE), end: instantOf(addDays(to, 1), ZONE) };
}
