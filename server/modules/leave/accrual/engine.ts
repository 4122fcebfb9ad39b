// 근로기준법 §60 annual leave, computed: which grants are due to one employee up to a date. Pure (no database,
// no clock); accrual/service.ts stores what it returns. The rules, with their sources:
//
// Monthly leave — §60(2) "계속하여 근로한 기간이 1년 미만인 근로자 … 에게 1개월 개근 시 1일": one day for
//   each month of the first year, on the day after the month completes (dates.ts states the month rule), at
//   most FIRST_YEAR_MONTHLY_MAX (11): the 12th month completes on the first anniversary, when the 15 days of
//   §60(1) arise instead (고용노동부 2017.11 개정 근로기준법 설명자료: 1년 미만 최대 11일; since the 2018
//   amendment deleted §60(3) these 11 days are no longer deducted from the 15). The server has no record of
//   single absences, so every completed month counts as fully attended (HR corrects by hand when not).
// Annual leave — §60(1) 15 days for a year of service with 80% attendance, §60(4) plus one day for every two
//   years of service beyond the first, at most ANNUAL_MAX_DAYS (25): completed years 1-2: 15, 3-4: 16, 5-6: 17,
//   …, 21 and more: 25. It arises on the day after the year completes and only when the employment still holds
//   on that day (대법원 2021.10.14. 선고 2021다227100: the right arises on the day after the year, given the
//   employment then; 고용노동부 2021.12.16. 행정해석 변경: a worker employed exactly one year (365 days) gets
//   at most 11 days, one employed a year and a day (366 days) 26). The same holds for each month's day. A leave date here is the 퇴직일, the first day no longer employed (the day
//   after the last working day, as 고용노동부 counts 퇴직일 for 퇴직금), so a grant on D needs leaveDate > D.
// Under 80% — §60(2) "… 또는 1년간 80퍼센트 미만 출근한 근로자에게 1개월 개근 시 1일": a service year
//   under 80% earns no 15 days; it earns one day per fully attended month of that year, granted when the year
//   completes (the rate is only known then). HR records the year and its fully attended months; a year under
//   80% whose months are not recorded earns nothing here (HR grants them). The first year is already paid month
//   by month, so a first year under 80% only loses the 15 days.
// Expiry — §60(7): one year from the grant (validTo = the day before the same date a year later). Monthly
//   leave of the first year: §60(7) 단서 (2020.3.31 개정) expires at the end of the first year of service; a
//   policy with underOneYearLeaveAvailableNextYear keeps it until the end of the second year.
// Fiscal-year basis (회계연도 기준, policy annualLeaveAllocationDate "MM-DD") — 고용노동부 행정해석 (노무관리
//   편의상 회계연도 기준 일괄 부여 허용, 단 근로자에게 불리하지 않아야 하고 퇴직 시 입사일 기준으로 정산):
//   - monthly leave of the first year as above (it depends on the hire date only);
//   - at the first fiscal date after the hire: 15 × (days employed in the fiscal year that just ended / days of
//     that year), rounded by the policy (rounding.ts), the PRORATED grant;
//   - at every later fiscal date: 15 + one day per two full fiscal years after the first (partial) one — the
//     full fiscal years completed count as the years of service: hired 2023-07-01 → 2025-01-01 and 2026-01-01:
//     15, 2027-01-01: 16 (the usual 회계연도 기준 table, 4년차 16일);
//   - on leaving, the days granted are compared with what the hire-date basis would have granted up to the
//     leave date; a shortfall becomes a SETTLEMENT grant on the last working day (paid out as 연차수당). A
//     surplus stays with the employee.
// A change of basis (PUT policies changing annualLeaveAllocationDate stores leave_policies.basis_since, the day
//   of the change; AccrualPolicy.basisSince) applies from that day on, never back: the grants stored before it
//   stay as they are (Employment.stored), and the new basis must neither cover a period twice nor leave one
//   uncovered. Every periodic grant (ANNUAL, PRORATED, a year's monthly-low, TRANSITION) stands for the year it
//   is valid in, [validFrom, validTo]; the first-year monthly days stand for the first year of service. Let C
//   be the last day covered by what was stored before basisSince (the latest validTo of those periodic grants,
//   or the end of the first year when only monthly days were). Then, for the grants of the new basis:
//   - a grant whose year ends by C is not made (the earlier basis covered it);
//   - the grant whose year runs past C but starts by C+1 is made as a TRANSITION grant of the uncovered part:
//     yearDays × (validTo − C) / (days of its year), rounded by the policy's first-fiscal-year rounding, where
//     yearDays is that grant's full-year size (the days of an ANNUAL grant; 15 for a PRORATED first fiscal
//     grant, which is a part of a year of 15); it arises on its own grant date, or on basisSince when that is
//     later, valid to the end of its year;
//   - later grants are made in full, each on its own date (never dated before basisSince).
//   The first-year monthly days are the same on both bases and are always made. A member with nothing stored
//   before basisSince (hired later, or a hire date entered later) gets the current basis as if it had always
//   been in force. Worked examples (tests/leave/accrual-engine.test.ts), switch to "01-01" on 2026-06-16:
//   - hired 2025-03-02: 11 monthly days and 15 on 2026-03-02 stay (valid to 2027-03-01); 2027-01-01 brings
//     15 × 305/365 (2027-03-02..2027-12-31), 2028-01-01 15, 2029-01-01 16 (the fiscal scale);
//   - hired 2019-01-10: 18 on 2026-01-10 stays (to 2027-01-09); 2027-01-01 brings 18 × 356/365, 2028-01-01 18.
//   Back from "01-01" to the hire date (symmetrical): hired 2019-01-10 with 17 on 2026-01-01 (to 2026-12-31)
//   gets, on the switch day, 18 × 9/365 for 2027-01-01..2027-01-09 (the hire-date year 2026-01-10..2027-01-09),
//   then 18 on 2027-01-10. Switching back and forth adds nothing twice: what a basis stored counts as covered.
//   The worker must not end up with less than the hire-date basis (고용노동부, 회계연도 전환): as for the
//   fiscal basis, on leaving the days granted (stored before the change and made after it) are compared with
//   the hire-date basis and a shortfall is granted as the SETTLEMENT.
import {
  ANNUAL_BASE_DAYS, ANNUAL_MAX_DAYS, ATTENDANCE_THRESHOLD, FIRST_YEAR_MONTHLY_MAX, type Rounding,
} from "../../../../shared/leave/constants.ts";
import {
  addDays, daysBetween, fiscalDateOnOrAfter, type IsoDate, minDate, nextFiscalDate, periodEnd, periodNext,
  previousFiscalDate,
} from "./dates.ts";
import { roundFraction } from "./rounding.ts";

export type GrantKind = "MONTHLY" | "ANNUAL" | "PRORATED" | "TRANSITION" | "SETTLEMENT";

export interface Grant {
  /** leave_allocations.accrual_key: one row per user and key, so storing the same grant twice is a no-op. */
  key: string;
  kind: GrantKind;
  grantDate: IsoDate;
  validFrom: IsoDate;
  validTo: IsoDate;
  days: number;
  /** Why: e.g. "month 3", "year 5", "2025-07-01..2025-12-31 184/365". */
  basis: string;
}

export interface AccrualPolicy {
  /** "HIRE_DATE" or a fiscal-year start "MM-DD". */
  annualLeaveAllocationDate: string;
  firstAnnualLeaveRounding: Rounding;
  firstAnnualLeaveDecimalPlace: number;
  underOneYearLeaveAvailableNextYear: boolean;
  /** The day the basis last changed (leave_policies.basis_since); null or absent: the basis has always been this. */
  basisSince?: IsoDate | null;
}

/** An accrued allocation already stored (leave_allocations with an accrual key): what an earlier basis granted. */
export interface StoredGrant {
  key: string;
  validFrom: IsoDate;
  validTo: IsoDate;
  days: number;
}

/** A service year (its start date) with its attendance rate; fullMonths: its fully attended months, if known. */
export interface AttendanceYear {
  yearStart: IsoDate;
  rate: number;
  fullMonths?: number | null;
}

export interface Employment {
  hireDate: IsoDate;
  /** 퇴직일: the first day no longer employed; null while employed. */
  leaveDate: IsoDate | null;
  attendance?: AttendanceYear[];
  /** The member's accrued allocations stored so far; only those valid from policy.basisSince or before are read. */
  stored?: StoredGrant[];
}

export const HIRE_DATE_BASIS = "HIRE_DATE";
export const isFiscalBasis = (p: Pick<AccrualPolicy, "annualLeaveAllocationDate">) => p.annualLeaveAllocationDate !== HIRE_DATE_BASIS;

/** §60(1),(4): the days of a year's grant after `years` completed years of service (years >= 1). */
export function annualDaysFor(years: number): number {
  if (years < 1) return 0;
  return Math.min(ANNUAL_MAX_DAYS, ANNUAL_BASE_DAYS + Math.floor((years - 1) / 2));
}

/** Employed on date d: hired by then and not yet left. */
const employedOn = (e: Employment, d: IsoDate) => d >= e.hireDate && (e.leaveDate === null || d < e.leaveDate);

/** The last day a grant can be due for this employment and date: the date itself, or the last working day. */
function lastDueDate(e: Employment, asOf: IsoDate): IsoDate {
  return e.leaveDate === null ? asOf : minDate(asOf, addDays(e.leaveDate, -1));
}

function lowAttendance(e: Employment, yearStart: IsoDate): AttendanceYear | undefined {
  return e.attendance?.find((a) => a.yearStart === yearStart && a.rate < ATTENDANCE_THRESHOLD);
}

const oneYearFrom = (d: IsoDate) => periodEnd(d, 12);

/** §60(2) first-year monthly leave due by `until`. */
function monthlyGrants(e: Employment, policy: AccrualPolicy, until: IsoDate): Grant[] {
  const out: Grant[] = [];
  const validTo = periodEnd(e.hireDate, policy.underOneYearLeaveAvailableNextYear ? 24 : 12);
  for (let n = 1; n <= FIRST_YEAR_MONTHLY_MAX; n++) {
    const d = periodNext(e.hireDate, n);
    if (d > until) break;
    out.push({ key: `monthly:${d}`, kind: "MONTHLY", grantDate: d, validFrom: d, validTo, days: 1, basis: `month ${n}` });
  }
  return out;
}

/** A year of service under 80%: §60(2) days for its fully attended months instead of the year's grant. */
function lowAttendanceGrant(low: AttendanceYear, d: IsoDate, label: string): Grant[] {
  const months = Math.max(0, Math.min(12, Math.floor(low.fullMonths ?? 0)));
  if (months === 0) return [];
  return [{
    key: `monthly-low:${d}`,
    kind: "MONTHLY",
    grantDate: d,
    validFrom: d,
    validTo: oneYearFrom(d),
    days: months,
    basis: `${label} under 80% (${low.rate}): ${months} full months`,
  }];
}

/** §60(1),(4) grants at each anniversary of the hire date, due by `until`. */
function anniversaryGrants(e: Employment, until: IsoDate): Grant[] {
  const out: Grant[] = [];
  for (let y = 1;; y++) {
    const d = periodNext(e.hireDate, 12 * y);
    if (d > until) break;
    const yearStart = y === 1 ? e.hireDate : periodNext(e.hireDate, 12 * (y - 1));
    const low = lowAttendance(e, yearStart);
    if (low) {
      if (y > 1) out.push(...lowAttendanceGrant(low, d, `year ${y}`));
      continue;
    }
    out.push({ key: `annual:${d}`, kind: "ANNUAL", grantDate: d, validFrom: d, validTo: oneYearFrom(d), days: annualDaysFor(y), basis: `year ${y}` });
  }
  return out;
}

/** Grants at each fiscal-year start after the hire, due by `until`. */
function fiscalGrants(e: Employment, policy: AccrualPolicy, until: IsoDate): Grant[] {
  const mmdd = policy.annualLeaveAllocationDate;
  const out: Grant[] = [];
  // The first fiscal start on or after the hire: years of service are counted in full fiscal years from it.
  const firstFull = fiscalDateOnOrAfter(mmdd, e.hireDate);
  const first = firstFull === e.hireDate ? nextFiscalDate(mmdd, firstFull) : firstFull;
  for (let f = first, fullYears = firstFull === e.hireDate ? 1 : 0; f <= until; f = nextFiscalDate(mmdd, f), fullYears++) {
    const prev = previousFiscalDate(mmdd, f);
    if (prev < e.hireDate) {
      const employed = daysBetween(e.hireDate, f);
      const yearDays = daysBetween(prev, f);
      const days = roundFraction(ANNUAL_BASE_DAYS * employed, yearDays, policy.firstAnnualLeaveRounding, policy.firstAnnualLeaveDecimalPlace);
      if (days > 0) {
        out.push({
          key: `prorated:${f}`,
          kind: "PRORATED",
          grantDate: f,
          validFrom: f,
          validTo: oneYearFrom(f),
          days,
          basis: `${e.hireDate}..${addDays(f, -1)} ${ANNUAL_BASE_DAYS}×${employed}/${yearDays}`,
        });
      }
      continue;
    }
    const low = lowAttendance(e, prev);
    if (low) {
      out.push(...lowAttendanceGrant(low, f, `fiscal year ${prev}`));
      continue;
    }
    out.push({
      key: `annual:${f}`,
      kind: "ANNUAL",
      grantDate: f,
      validFrom: f,
      validTo: oneYearFrom(f),
      days: annualDaysFor(fullYears),
      basis: `fiscal year ${prev}: ${fullYears} full fiscal years`,
    });
  }
  return out;
}

const sum = (gs: Grant[]) => gs.reduce((s, g) => s + g.days, 0);
const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** Every grant of the current basis, as if it had always been in force, with a grant date up to `until`. */
function basisSchedule(e: Employment, policy: AccrualPolicy, until: IsoDate): Grant[] {
  const periodic = isFiscalBasis(policy) ? fiscalGrants(e, policy, until) : anniversaryGrants(e, until);
  return [...monthlyGrants(e, policy, until), ...periodic].sort((a, b) => a.grantDate.localeCompare(b.grantDate) || a.key.localeCompare(b.key));
}

const isFirstYearMonthly = (key: string) => key.startsWith("monthly:");
const isPeriodicKey = (key: string) => /^(annual|prorated|monthly-low|transition):/.test(key);

/** What was stored before the basis changed: whether anything was, the last day its periodic grants cover, their days. */
function storedBefore(e: Employment, since: IsoDate): { any: boolean; coveredTo: IsoDate | null; periodicDays: number } {
  // A grant valid from the day of the change counts as stored before it: made that day by either basis, it is
  // covered time for the grants that follow (and, stored, is not made again).
  const before = (e.stored ?? []).filter((s) => s.validFrom <= since);
  let coveredTo: IsoDate | null = null;
  const cover = (d: IsoDate) => (coveredTo = coveredTo === null || d > coveredTo ? d : coveredTo);
  let periodicDays = 0;
  for (const s of before) {
    if (isPeriodicKey(s.key)) {
      cover(s.validTo);
      periodicDays += s.days;
    } else if (isFirstYearMonthly(s.key)) cover(periodEnd(e.hireDate, 12));
  }
  return { any: before.length > 0, coveredTo, periodicDays };
}

/** The full-year size of a periodic grant: a PRORATED first fiscal grant is a part of a year of 15. */
const yearSizeOf = (g: Grant) => (g.kind === "PRORATED" ? ANNUAL_BASE_DAYS : g.days);

/** Every grant of this employment with a grant date up to `until` under the policy's basis since basisSince (header). */
function schedule(e: Employment, policy: AccrualPolicy, until: IsoDate): Grant[] {
  const all = basisSchedule(e, policy, until);
  const since = policy.basisSince;
  if (!since) return all;
  const prior = storedBefore(e, since);
  if (!prior.any) return all;
  const C = prior.coveredTo;
  const out: Grant[] = [];
  const fromSince = (g: Grant): Grant => (g.grantDate >= since ? g : { ...g, grantDate: since, validFrom: since });
  for (const g of all) {
    if (g.kind === "MONTHLY" && isFirstYearMonthly(g.key)) {
      out.push(g);
    } else if (C === null || g.grantDate > C) {
      // beyond what was stored: in full, never dated before the change (nor made when its year ended before it)
      if (g.validTo >= since) out.push(fromSince(g));
    } else if (g.validTo > C) {
      const uncovered = daysBetween(C, g.validTo);
      const yearLength = daysBetween(g.grantDate, addDays(g.validTo, 1));
      const size = yearSizeOf(g);
      const days = roundFraction(size * uncovered, yearLength, policy.firstAnnualLeaveRounding, policy.firstAnnualLeaveDecimalPlace);
      if (days > 0) {
        out.push(fromSince({
          key: `transition:${g.grantDate}`,
          kind: "TRANSITION",
          grantDate: g.grantDate,
          validFrom: g.grantDate,
          validTo: g.validTo,
          days,
          basis: `basis changed ${since}: ${g.basis}, ${size}×${uncovered}/${yearLength} (${addDays(C, 1)}..${g.validTo} not covered before)`,
        }));
      }
    }
    // else: its year ends by C, covered by what the earlier basis stored
  }
  return out.filter((g) => g.grantDate <= until).sort((a, b) => a.grantDate.localeCompare(b.grantDate) || a.key.localeCompare(b.key));
}

/** Days stored before the basis changed that the schedule no longer lists (the earlier basis's periodic grants). */
function storedPeriodicDays(e: Employment, policy: AccrualPolicy, until: IsoDate): number {
  if (!policy.basisSince) return 0;
  const prior = storedBefore(e, policy.basisSince);
  if (!prior.any) return 0;
  return (e.stored ?? []).filter((s) => s.validFrom <= policy.basisSince! && s.validFrom <= until && isPeriodicKey(s.key)).reduce((n, s) => n + s.days, 0);
}

/**
 * 퇴사 정산 on the fiscal-year basis, or after a change of basis: what the hire-date basis would have granted up
 * to the leave date, less what was granted (stored before the change, made after it), when positive; granted on
 * the last working day (and paid out).
 */
export function settlementOf(e: Employment, policy: AccrualPolicy): Grant | null {
  if ((!isFiscalBasis(policy) && !policy.basisSince) || e.leaveDate === null || e.leaveDate <= e.hireDate) return null;
  const last = addDays(e.leaveDate, -1);
  const fiscal = sum(schedule(e, policy, last)) + storedPeriodicDays(e, policy, last);
  const byHireDate = sum(basisSchedule(e, { ...policy, annualLeaveAllocationDate: HIRE_DATE_BASIS }, last));
  const diff = round3(byHireDate - fiscal);
  if (diff <= 0) return null;
  return {
    key: `settlement:${e.leaveDate}`,
    kind: "SETTLEMENT",
    grantDate: last,
    validFrom: last,
    validTo: last,
    days: diff,
    basis: `hire-date basis ${round3(byHireDate)} − granted ${round3(fiscal)}`,
  };
}

/** The grants due to this employee by `asOf` (inclusive), oldest first. */
export function grantsDue(e: Employment, policy: AccrualPolicy, asOf: IsoDate): Grant[] {
  if (asOf < e.hireDate || (e.leaveDate !== null && e.leaveDate <= e.hireDate)) return [];
  const grants = schedule(e, policy, lastDueDate(e, asOf));
  const settlement = settlementOf(e, policy);
  if (settlement && settlement.grantDate <= asOf) grants.push(settlement);
  return grants;
}

/**
 * The next year's grant after `date` (ANNUAL, PRORATED or TRANSITION), assuming the current year reaches 80%: what an
 * advance use (policy advanceNextAllocationAllowed) may draw on. Null when the employee leaves before it.
 */
export function nextGrantOf(e: Employment, policy: AccrualPolicy, date: IsoDate): { grantDate: IsoDate; days: number; kind: GrantKind } | null {
  const horizon = periodEnd(date < e.hireDate ? e.hireDate : date, 24);
  const next = schedule({ ...e, attendance: [] }, policy, horizon)
    .find((g) => g.grantDate > date && (g.kind === "ANNUAL" || g.kind === "PRORATED" || g.kind === "TRANSITION"));
  if (!next || !employedOn(e, next.grantDate)) return null;
  return { grantDate: next.grantDate, days: next.days, kind: next.kind };
}

/**
 * Days still to come in the current period (BalanceSummary.toBeGranted): the first year's monthly days not yet
 * arisen after `date`, up to 11 in all, while the employment lasts. Later years grant everything at their start.
 */
export function toBeGranted(e: Employment, policy: AccrualPolicy, date: IsoDate): number {
  const firstYearEnd = periodEnd(e.hireDate, 12);
  return monthlyGrants(e, policy, firstYearEnd).filter((g) => g.grantDate > date && employedOn(e, g.grantDate)).length;
}
