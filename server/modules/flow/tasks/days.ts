// Days of flow (002 §9 "week range is ISO week; date format YYYY-MM-DD"): today in the company's time zone
// (the suite keeps one, Asia/Seoul, as the calendar, leave and booking modules do), the ranges of rangeType
// (ISO weeks, Monday first; the calendar month), days a week or so on, and a day's check (2025-02-30 is no day).
import { DEFAULT_TIMEZONE } from "../../../../shared/calendar/constants.ts";
import type { RangeType } from "../../../../shared/flow/constants.ts";
import { AppError } from "../../../lib/errors.ts";

export const FLOW_TIME_ZONE = DEFAULT_TIMEZONE;

const dayFormat = new Intl.DateTimeFormat("en-CA", { timeZone: FLOW_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });

/** The day of an instant in the company's zone, YYYY-MM-DD. */
export const dayOf = (at: Date) => dayFormat.format(at);

const toUtc = (day: string) => Date.parse(`${day}T00:00:00Z`);
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const addDays = (day: string, n: number) => fromUtc(toUtc(day) + n * 86_400_000);

/** Whether a YYYY-MM-DD string names a real day. */
export const isDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(toUtc(s)) && fromUtc(toUtc(s)) === s;

/** 400 common.validation for a string that looks like a day but is none. */
export function checkDay(field: string, s: string | undefined | null): void {
  if (s && !isDay(s)) {
    throw new AppError(400, "common.validation", undefined, [{ field, code: "common.validation", message: "not a day" }]);
  }
}

export interface DayRange {
  from: string | null;
  to: string | null;
}

/** The range of a rangeType around `today`: ISO weeks run Monday to Sunday. */
export function rangeOf(type: RangeType, today: string): DayRange {
  const dow = new Date(toUtc(today)).getUTCDay(); // 0 Sunday
  const monday = addDays(today, -((dow + 6) % 7));
  switch (type) {
    case "THIS_WEEK":
      return { from: monday, to: addDays(monday, 6) };
    case "NEXT_WEEK":
      return { from: addDays(monday, 7), to: addDays(monday, 13) };
    case "LAST_WEEK":
      return { from: addDays(monday, -7), to: addDays(monday, -1) };
    case "THIS_MONTH": {
      const first = `${today.slice(0, 7)}-01`;
      const [y, m] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
      return { from: first, to: fromUtc(Date.UTC(y, m, 0)) };
    }
  }
}
