// Korean public holidays for the HOLIDAY calendar (issue 23). The source of a year is the official gazette
// (월력요항) as @hyunbinseo/holidays-kr publishes it (refreshed yearly: a newer package version brings the
// next year, picked up here without a code change), which alone knows elections and one-off holidays
// (2025-01-27 임시공휴일, 2025-06-03 대통령선거). A year the package does not have yet is computed from the
// rules (rules.ts: Intl's dangi calendar for the lunar dates and the substitute-holiday rules), marked
// source "computed": it lacks whatever one-off days the government may still declare for it.
import * as gazette from "@hyunbinseo/holidays-kr/all";
import { describeHoliday, type HolidayKind, type HolidayNames } from "./names.ts";
import { computeHolidays } from "./rules.ts";

export type { HolidayKind, HolidayNames } from "./names.ts";
export { computeHolidays, lunarDate } from "./rules.ts";

export interface Holiday {
  /** "YYYY-MM-DD" (a day in Korea). */
  date: string;
  /** The Korean name as the gazette writes it ("설날", "대체공휴일(추석)", "임시공휴일"). */
  name: string;
  names: HolidayNames;
  /** A substitute holiday (대체공휴일). */
  substitute: boolean;
  kind: HolidayKind;
  /** "gazette": the package's data; "computed": the rules, for a year the data does not have. */
  source: "gazette" | "computed";
}

type Preset = Readonly<Record<string, readonly string[]>>;

/** The gazette's data by year. */
const DATA: ReadonlyMap<number, Preset> = new Map(
  Object.entries(gazette as unknown as Record<string, Preset>)
    .filter(([key]) => /^y\d{4}$/.test(key))
    .map(([key, preset]) => [Number(key.slice(1)), preset]),
);

/** The first and last years the gazette data covers. */
export function gazetteYears(): { first: number; last: number } {
  const years = [...DATA.keys()];
  return { first: Math.min(...years), last: Math.max(...years) };
}

/** The years computeHolidays can be asked for: from the 2014 substitute rules until Intl's lunar tables end. */
export const COMPUTED_FIRST_YEAR = 2014;
export const COMPUTED_LAST_YEAR = 2100;

function holidayOf(date: string, name: string, source: Holiday["source"]): Holiday {
  const { kind, names } = describeHoliday(name);
  return { date, name: names.ko, names, substitute: kind === "substitute", kind, source };
}

/** The gazette's entries of a year (a date with two holidays gives two entries), null when it has none. */
export function gazetteHolidays(year: number): Holiday[] | null {
  const preset = DATA.get(year);
  if (!preset) return null;
  return Object.entries(preset)
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([date, names]) => names.map((name) => holidayOf(date, name, "gazette")));
}

/**
 * The public holidays of a year, by date. RangeError outside COMPUTED_FIRST_YEAR..COMPUTED_LAST_YEAR for a
 * year the gazette data does not have.
 */
export function holidays(year: number): Holiday[] {
  if (!Number.isInteger(year)) throw new RangeError(`not a year: ${year}`);
  const data = gazetteHolidays(year);
  if (data) return data;
  if (year < COMPUTED_FIRST_YEAR || year > COMPUTED_LAST_YEAR) throw new RangeError(`no holiday data for ${year}`);
  return computeHolidays(year).map((h) => holidayOf(h.date, h.name, "computed"));
}

/** The holidays between two dates ("YYYY-MM-DD", both included), across years. */
export function holidaysBetween(from: string, to: string): Holiday[] {
  const out: Holiday[] = [];
  for (let y = Number(from.slice(0, 4)); y <= Number(to.slice(0, 4)); y++) {
    for (const h of holidays(y)) if (h.date >= from && h.date <= to) out.push(h);
  }
  return out;
}
