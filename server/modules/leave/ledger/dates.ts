// Dates and times of leave in the company's zone (LEAVE_TIME_ZONE, Asia/Seoul: UTC+9 all year, no daylight
// saving): dates are "YYYY-MM-DD", times "HH:mm".
const OFFSET_MS = 9 * 3_600_000;
const DAY_MS = 86_400_000;

/** A real calendar date (2026-02-30 is not). */
export function isDate(d: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(d)) return false;
  const t = Date.parse(`${d}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d;
}

/** The local date of an instant. */
export const localDate = (ms: number) => new Date(ms + OFFSET_MS).toISOString().slice(0, 10);
/** The local time (HH:mm) of an instant. */
export const localTime = (ms: number) => new Date(ms + OFFSET_MS).toISOString().slice(11, 16);
/** The instant of a local date and time. */
export const instantAt = (date: string, time = "00:00") => Date.parse(`${date}T${time}:00Z`) - OFFSET_MS;
export const addDays = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
/** Days from a to b (b - a). */
export const daysBetween = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);
/** 0 Sunday .. 6 Saturday. */
export const weekday = (d: string) => new Date(`${d}T00:00:00Z`).getUTCDay();
export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
export const timeOf = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
/** Rounds a number of days to the 0.125 grid (numeric(7,3) arithmetic stays exact). */
export const roundDays = (n: number) => Math.round(n * 1000) / 1000;
