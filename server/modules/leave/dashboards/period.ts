// The allocation period containing a date (BalanceSummary calcStart/calcEnd) and the dates of the company's
// time zone (LEAVE_TIME_ZONE, Asia/Seoul: UTC+9 all year, no daylight saving).
//   - policy "HIRE_DATE" and a known hire date: the service year containing the date (the anniversary on or
//     before it .. the day before the next one); before the hire date, the first service year;
//   - a fiscal-year start "MM-DD": the fiscal year containing the date;
//   - "HIRE_DATE" without a hire date: the calendar year.
// Years are added as PostgreSQL does (2024-02-29 + 1 year = 2025-02-28).

const ZONE_OFFSET_MS = 9 * 3_600_000;
const DAY_MS = 86_400_000;

export interface Period {
  start: string;
  end: string;
}

/** The date (YYYY-MM-DD) of an instant in the company's zone. */
export const localDate = (millis: number) => new Date(millis + ZONE_OFFSET_MS).toISOString().slice(0, 10);
/** The wall-clock time (HH:mm) of an instant in the company's zone. */
export const localTime = (millis: number) => new Date(millis + ZONE_OFFSET_MS).toISOString().slice(11, 16);
/** The first instant of a local date. */
export const startOfDay = (date: string) => Date.parse(`${date}T00:00:00Z`) - ZONE_OFFSET_MS;
/** The last millisecond of a local date. */
export const endOfDay = (date: string) => startOfDay(date) + DAY_MS - 1;

function parts(date: string): [number, number, number] {
  const [y, m, d] = date.split("-").map(Number);
  return [y, m, d];
}

const pad = (n: number, w = 2) => String(n).padStart(w, "0");
const ymd = (y: number, m: number, d: number) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;

/** The date plus whole years; the 29th of February becomes the 28th in a common year. */
export function addYears(date: string, years: number): string {
  const [y, m, d] = parts(date);
  const last = new Date(Date.UTC(y + years, m, 0)).getUTCDate();
  return ymd(y + years, m, Math.min(d, last));
}

/** The date plus whole months, the day clamped to the month's length (as PostgreSQL's + interval). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = parts(date);
  const idx = y * 12 + (m - 1) + months;
  const ny = Math.floor(idx / 12), nm = idx % 12 + 1;
  const last = new Date(Date.UTC(ny, nm, 0)).getUTCDate();
  return ymd(ny, nm, Math.min(d, last));
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole years from `from` to `to` (0 when `to` is before `from`'s first anniversary). */
export function wholeYears(from: string, to: string): number {
  if (to < from) return 0;
  const [fy] = parts(from);
  const [ty] = parts(to);
  let n = ty - fy;
  if (addYears(from, n) > to) n--;
  return Math.max(0, n);
}

export function periodOf(basis: string, hireDate: string | null, date: string): Period {
  if (basis === "HIRE_DATE") {
    if (!hireDate) return { start: `${date.slice(0, 4)}-01-01`, end: `${date.slice(0, 4)}-12-31` };
    const start = addYears(hireDate, wholeYears(hireDate, date));
    return { start, end: addDays(addYears(hireDate, wholeYears(hireDate, date) + 1), -1) };
  }
  // Fiscal year "MM-DD" (a 02-29 start falls on the 28th in common years: addYears clamps the day).
  const y = Number(date.slice(0, 4));
  const thisYear = addYears(`${pad(y, 4)}-${basis}`, 0);
  const start = thisYear <= date ? thisYear : addYears(`${pad(y - 1, 4)}-${basis}`, 0);
  return { start, end: addDays(addYears(start, 1), -1) };
}
