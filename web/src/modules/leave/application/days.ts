// What an application takes (002 §3 units): a full-day range counts its days (weekends only when the type
// includes them; the server also leaves out the company's holidays), the part-day units their fraction; and the
// times a part-day leave covers in the working day (09:00–18:00, a lunch hour 13:00–14:00 between the halves).
import { HOURS_PER_DAY, LEAVE_UNITS, type LeaveUnit, WORKDAY_END, WORKDAY_START } from "@shared/leave/constants.ts";

export type Half = "AM" | "PM";
export const HALF_START: Record<Half, string> = { AM: WORKDAY_START, PM: "14:00" };
export const HALF_END: Record<Half, string> = { AM: "13:00", PM: WORKDAY_END };
const QUARTER_HOURS = HOURS_PER_DAY / 4;

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;

/** Days a full-day range takes, or null when the range is not valid. */
export function rangeDays(start: string, end: string, weekendIncluded: boolean): number | null {
  if (!start || !end || end < start) return null;
  let n = 0;
  const last = new Date(`${end}T00:00:00Z`);
  for (const d = new Date(`${start}T00:00:00Z`); d <= last; d.setUTCDate(d.getUTCDate() + 1)) {
    const wd = d.getUTCDay();
    if (weekendIncluded || (wd !== 0 && wd !== 6)) n++;
  }
  return n;
}

export function isWeekend(day: string): boolean {
  const wd = new Date(`${day}T00:00:00Z`).getUTCDay();
  return wd === 0 || wd === 6;
}

/** Hours a part-day unit covers (ONE_HOUR: as many as chosen). */
export function unitHours(unit: LeaveUnit, hours: number): number {
  return unit === "ONE_HOUR" ? hours : unit === "QUARTER_DAY" ? QUARTER_HOURS : HOURS_PER_DAY * LEAVE_UNITS[unit];
}

/** Start times on the half hour from the working day's start to the last one that still ends by its end. */
export function startTimes(lengthHours: number): string[] {
  const out: string[] = [];
  for (let m = minutes(WORKDAY_START); m + lengthHours * 60 <= minutes(WORKDAY_END); m += 30) out.push(hhmm(m));
  return out;
}

export function endTime(start: string, lengthHours: number): string {
  return hhmm(minutes(start) + lengthHours * 60);
}
