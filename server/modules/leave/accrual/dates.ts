// Calendar dates (YYYY-MM-DD, no time of day, no zone) and the periods of 민법 §157/§160 that 근로기준법 §60
// counts service in. Pure: the accrual engine's only notion of time.
//
// The period rule (stated once, used for months and years alike):
// - Employment starts at the beginning of the hire date, so the hire date itself counts (민법 §157 단서: a
//   period that starts at 0:00 counts its first day).
// - A period of n months (a year is 12) from the hire date ends on the day before the date with the hire
//   date's day of the month, n months later (민법 §160(2)); when that month has no such day (hired on the 29th,
//   30th or 31st), it ends on that month's last day (민법 §160(3)).
// - Each n is counted from the hire date, never from the previous period's end, so a hire on the 31st does not
//   drift: hired 2025-01-31 → month 1 ends 2025-02-28, month 2 ends 2025-03-30, month 3 ends 2025-04-30.
// - Leave earned by completing a period arises on the day after it ends (the grant date).

export type IsoDate = string;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parts(d: IsoDate): [number, number, number] {
  const m = DATE.exec(d);
  if (!m) throw new Error(`not a date: ${d}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

const pad = (n: number, w = 2) => String(n).padStart(w, "0");
const fmt = (y: number, m: number, d: number): IsoDate => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
const utc = (d: IsoDate) => {
  const [y, m, day] = parts(d);
  return Date.UTC(y, m - 1, day);
};
const fromUtc = (ms: number): IsoDate => new Date(ms).toISOString().slice(0, 10);

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function addDays(d: IsoDate, n: number): IsoDate {
  return fromUtc(utc(d) + n * 86_400_000);
}

/** Days from a to b (b - a): daysBetween("2025-07-01", "2026-01-01") = 184. */
export function daysBetween(a: IsoDate, b: IsoDate): number {
  return Math.round((utc(b) - utc(a)) / 86_400_000);
}

/** The same day of the month n months later, or null when that month has no such day. */
function sameDayLater(d: IsoDate, months: number): { y: number; m: number; day: number; exists: boolean } {
  const [y, m, day] = parts(d);
  const total = m - 1 + months;
  const ty = y + Math.floor(total / 12);
  const tm = (total % 12) + 1;
  return { y: ty, m: tm, day, exists: day <= daysInMonth(ty, tm) };
}

/** The last day of a period of `months` months that starts on `start` (민법 §160(2),(3)). */
export function periodEnd(start: IsoDate, months: number): IsoDate {
  const t = sameDayLater(start, months);
  if (!t.exists) return fmt(t.y, t.m, daysInMonth(t.y, t.m));
  return addDays(fmt(t.y, t.m, t.day), -1);
}

/** The day after a period of `months` months from `start` ends: when the leave it earns arises. */
export function periodNext(start: IsoDate, months: number): IsoDate {
  return addDays(periodEnd(start, months), 1);
}

/** A fiscal-year start "MM-DD" in a year; a day the month lacks (02-29 in a common year) is its last day. */
export function fiscalDateIn(mmdd: string, year: number): IsoDate {
  const [m, d] = mmdd.split("-").map(Number);
  return fmt(year, m, Math.min(d, daysInMonth(year, m)));
}

/** The first fiscal-year start on or after `d`. */
export function fiscalDateOnOrAfter(mmdd: string, d: IsoDate): IsoDate {
  const [y] = parts(d);
  const same = fiscalDateIn(mmdd, y);
  return same >= d ? same : fiscalDateIn(mmdd, y + 1);
}

/** The fiscal-year start one year after a fiscal-year start. */
export function nextFiscalDate(mmdd: string, f: IsoDate): IsoDate {
  return fiscalDateIn(mmdd, parts(f)[0] + 1);
}

/** The fiscal-year start one year before a fiscal-year start. */
export function previousFiscalDate(mmdd: string, f: IsoDate): IsoDate {
  return fiscalDateIn(mmdd, parts(f)[0] - 1);
}

export const minDate = (a: IsoDate, b: IsoDate) => (a <= b ? a : b);
export const isDate = (d: string) => DATE.test(d) && fromUtc(utc(d)) === d;
