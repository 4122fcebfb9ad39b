// How many days a usage takes (002 §3 units: FULL_DAY 1, HALF_DAY 0.5, QUARTER_DAY 0.25, ONE_HOUR 0.125 per
// hour) and the instants it covers. A full day counts each working day of the range: Monday to Friday, or every
// day when the type includes weekends; Korean public holidays (the calendar's holiday data) never count. A
// part-day unit is one day: HALF_DAY in the morning (09:00-13:00) or the afternoon (14:00-18:00), QUARTER_DAY two
// hours, ONE_HOUR 1..7 hours, within the working day. A unit the type does not allow → leave.unit_not_allowed;
// a range with no day to count (only weekends or holidays), reversed or too long → leave.invalid_days.
import { LEAVE_UNITS, type LeaveUnit, USAGE_DAYS_MAX, WORKDAY_END, WORKDAY_START } from "../../../../shared/leave/constants.ts";
import { LEAVE_ERRORS } from "../../../../shared/leave/errors.ts";
import { AppError } from "../../../lib/errors.ts";
import { holidaysBetween } from "../../calendar/holidays/index.ts";
import type { TemplateRow } from "../settings/defaults.ts";
import { addDays, daysBetween, instantAt, isDate, minutesOf, roundDays, timeOf, weekday } from "./dates.ts";

export interface UsageSpan {
  unit: LeaveUnit;
  startDate: string;
  endDate: string;
  /** Part-day units: the local start and end times. */
  startTime: string | null;
  endTime: string | null;
  startAt: Date;
  endAt: Date;
  usedDays: number;
}

export interface SpanInput {
  unit: LeaveUnit;
  startDate: string;
  endDate: string;
  startTime?: string;
  hours?: number;
}

const invalid = () => new AppError(400, LEAVE_ERRORS.invalidDays);

const ALLOWED: Record<LeaveUnit, "fullDayAllowed" | "halfDayAllowed" | "quarterDayAllowed" | "oneHourAllowed"> = {
  FULL_DAY: "fullDayAllowed", HALF_DAY: "halfDayAllowed", QUARTER_DAY: "quarterDayAllowed", ONE_HOUR: "oneHourAllowed",
};

/** The working days of a range for a type (holidays never, weekends when the type includes them). */
export function workingDays(startDate: string, endDate: string, weekendIncluded: boolean): string[] {
  const holidays = new Set(holidaysBetween(startDate, endDate).map((h) => h.date));
  const out: string[] = [];
  for (let d = startDate; d <= endDate; d = addDays(d, 1)) {
    if (holidays.has(d)) continue;
    if (!weekendIncluded && (weekday(d) === 0 || weekday(d) === 6)) continue;
    out.push(d);
  }
  return out;
}

type UnitFlag = "fullDayAllowed" | "halfDayAllowed" | "quarterDayAllowed" | "oneHourAllowed";

export function spanOf(t: Pick<TemplateRow, UnitFlag | "weekendIncluded">, input: SpanInput): UsageSpan {
  if (!t[ALLOWED[input.unit]]) throw new AppError(400, LEAVE_ERRORS.unitNotAllowed);
  const { unit, startDate, endDate } = input;
  if (!isDate(startDate) || !isDate(endDate) || endDate < startDate) throw invalid();
  if (unit === "FULL_DAY") {
    if (daysBetween(startDate, endDate) + 1 > USAGE_DAYS_MAX) throw invalid();
    const n = workingDays(startDate, endDate, t.weekendIncluded).length;
    if (n === 0) throw invalid();
    return {
      unit, startDate, endDate, startTime: null, endTime: null, usedDays: n,
      startAt: new Date(instantAt(startDate, WORKDAY_START)), endAt: new Date(instantAt(endDate, WORKDAY_END)),
    };
  }
  if (endDate !== startDate) throw invalid();
  if (workingDays(startDate, startDate, t.weekendIncluded).length === 0) throw invalid();
  const startTime = input.startTime ?? WORKDAY_START;
  let minutes: number;
  if (unit === "HALF_DAY") {
    if (startTime !== "09:00" && startTime !== "14:00") throw invalid();
    minutes = 240;
  } else {
    if (minutesOf(startTime) % 30 !== 0) throw invalid();
    minutes = unit === "QUARTER_DAY" ? 120 : 60 * (input.hours ?? 1);
  }
  const from = minutesOf(startTime);
  const to = from + minutes;
  if (from < minutesOf(WORKDAY_START) || to > minutesOf(WORKDAY_END)) throw invalid();
  const usedDays = unit === "ONE_HOUR" ? roundDays(LEAVE_UNITS.ONE_HOUR * (input.hours ?? 1)) : LEAVE_UNITS[unit];
  const endTime = timeOf(to);
  return {
    unit, startDate, endDate, startTime, endTime, usedDays,
    startAt: new Date(instantAt(startDate, startTime)), endAt: new Date(instantAt(startDate, endTime)),
  };
}
