// The 근로기준법 §60 accrual engine (server/modules/leave/accrual/engine.ts), pinned by worked examples.
// Pure functions: no database. Sources of the examples:
//   [법60]  근로기준법 §60 (1) 15일, (2) 1년 미만·80% 미만 1개월 개근 시 1일, (4) 3년 이상 매 2년 1일 가산·25일 한도,
//           (7) 1년 소멸, 단서 (2020.3.31 개정): 1년 미만 월 단위 휴가는 최초 1년의 근로가 끝날 때 소멸
//   [민법]  민법 §157 단서 (0시 시작 기간은 초일 산입), §160(2),(3) (월·연 기간의 만료일, 해당일 없는 달은 말일)
//   [대법]  대법원 2021.10.14. 선고 2021다227100 (1년 근로를 마친 다음 날 근로관계가 있어야 15일 발생)
//   [노동부21] 고용노동부 2021.12.16. 행정해석 변경: 1년(365일) 계약 근로자 최대 11일, 366일 근로 시 26일
//   [노동부17] 고용노동부 개정 근로기준법 설명자료 (2017.11, 2018.5.29 시행): 1년 미만 최대 11일, §60(3) 삭제로
//           1년차 11일과 2년차 15일을 따로 부여
//   [회계]  고용노동부 행정해석 (회계연도 기준 부여): 중도 입사자는 입사 다음 회계연도 초일에 15 × 재직일수/365
//           비례 부여, 이후 회계연도마다 15일; 퇴직 시 입사일 기준보다 적으면 차이를 정산. Worked examples
//           of 노무사 answers restating it: a-ha.io (입사 18.7.1, 20.8.1 퇴사 → 회계 7.5+15, 입사일 15+15, 차액
//           7.5 정산) and a-ha.io (2023 입사, 회계연도 1.1 기준 2027.1.1부터 가산 1일 → 16일)
import { describe, expect, test } from "vitest";
import { carryOversDue } from "../../server/modules/leave/accrual/carry-over.ts";
import { daysBetween, periodEnd, periodNext } from "../../server/modules/leave/accrual/dates.ts";
import {
  type AccrualPolicy, annualDaysFor, type Employment, type Grant, grantsDue, nextGrantOf, settlementOf, toBeGranted,
} from "../../server/modules/leave/accrual/engine.ts";
import { roundFraction } from "../../server/modules/leave/accrual/rounding.ts";
import type { Rounding } from "../../shared/leave/constants.ts";

const HIRE_BASIS: AccrualPolicy = {
  annualLeaveAllocationDate: "HIRE_DATE",
  firstAnnualLeaveRounding: "HALF_UP",
  firstAnnualLeaveDecimalPlace: 1,
  underOneYearLeaveAvailableNextYear: false,
};
const fiscal = (mmdd: string, rounding: Rounding = "HALF_UP", places = 1): AccrualPolicy =>
  ({ ...HIRE_BASIS, annualLeaveAllocationDate: mmdd, firstAnnualLeaveRounding: rounding, firstAnnualLeaveDecimalPlace: places });
const hired = (hireDate: string, leaveDate: string | null = null, attendance: Employment["attendance"] = []): Employment =>
  ({ hireDate, leaveDate, attendance });

const total = (gs: Grant[]) => Math.round(gs.reduce((s, g) => s + g.days, 0) * 1000) / 1000;
const brief = (gs: Grant[]) => gs.map((g) => `${g.kind} ${g.grantDate} ${g.days}`);

describe("the period rule (민법 §157 단서, §160(2),(3))", () => {
  test.each([
    // [hire, months, last day of the period]
    ["2025-03-02", 1, "2025-04-01"], // [민법 §160(2)] the day before the same date a month later
    ["2025-03-01", 1, "2025-03-31"], // from the 1st: the month's last day
    ["2025-03-02", 12, "2026-03-01"], // a year
    ["2025-01-31", 1, "2025-02-28"], // [민법 §160(3)] February has no 31st: its last day
    ["2025-01-31", 2, "2025-03-30"], // counted from the hire date, not from the previous end: no drift
    ["2025-01-31", 3, "2025-04-30"],
    ["2024-01-30", 1, "2024-02-29"], // leap year: no 30 Feb → 29 Feb
    ["2024-01-29", 1, "2024-02-28"], // 29 Feb exists in 2024: the day before it
    ["2024-02-29", 12, "2025-02-28"], // hired on a leap day: 2025 has no 29 Feb
    ["2024-02-29", 48, "2028-02-28"], // 2028 has one: the day before it
  ])("hired %s, %i months → ends %s", (hire, months, end) => {
    expect(periodEnd(hire, months)).toBe(end);
  });
  test("a day's leave arises the day after its period", () => {
    expect(periodNext("2025-03-02", 1)).toBe("2025-04-02");
    expect(daysBetween("2025-07-01", "2026-01-01")).toBe(184);
  });
});

describe("§60(2) first-year monthly leave, hire-date basis", () => {
  test("hired 2025-03-02: one day on the 2nd of each month from April to February, 11 in all [법60(2), 노동부17]", () => {
    const gs = grantsDue(hired("2025-03-02"), HIRE_BASIS, "2026-03-01");
    expect(gs.map((g) => g.grantDate)).toEqual([
      "2025-04-02", "2025-05-02", "2025-06-02", "2025-07-02", "2025-08-02", "2025-09-02",
      "2025-10-02", "2025-11-02", "2025-12-02", "2026-01-02", "2026-02-02",
    ]);
    expect(gs.every((g) => g.kind === "MONTHLY" && g.days === 1)).toBe(true);
    expect(gs[0].key).toBe("monthly:2025-04-02");
    // [법60(7) 단서] all of it lapses when the first year of service ends
    expect(new Set(gs.map((g) => g.validTo))).toEqual(new Set(["2026-03-01"]));
  });

  test("a policy keeping the first year's leave into the second year: valid to the end of the second year", () => {
    const gs = grantsDue(hired("2025-03-02"), { ...HIRE_BASIS, underOneYearLeaveAvailableNextYear: true }, "2026-03-01");
    expect(new Set(gs.map((g) => g.validTo))).toEqual(new Set(["2027-03-01"]));
  });

  test("hired on the 31st: the month-end rule sets the grant dates [민법 §160(3)]", () => {
    expect(grantsDue(hired("2025-01-31"), HIRE_BASIS, "2026-01-31").map((g) => `${g.kind} ${g.grantDate}`)).toEqual([
      "MONTHLY 2025-03-01", // month 1 ends 28 Feb
      "MONTHLY 2025-03-31", // month 2 ends 30 Mar
      "MONTHLY 2025-05-01", // month 3 ends 30 Apr (no 31 Apr)
      "MONTHLY 2025-05-31",
      "MONTHLY 2025-07-01",
      "MONTHLY 2025-07-31",
      "MONTHLY 2025-08-31",
      "MONTHLY 2025-10-01",
      "MONTHLY 2025-10-31",
      "MONTHLY 2025-12-01",
      "MONTHLY 2025-12-31",
      "ANNUAL 2026-01-31", // the year ends 30 Jan 2026
    ]);
  });

  test("nothing before the first month completes, nothing before the hire date", () => {
    expect(grantsDue(hired("2025-03-02"), HIRE_BASIS, "2025-04-01")).toEqual([]);
    expect(grantsDue(hired("2025-03-02"), HIRE_BASIS, "2025-01-01")).toEqual([]);
  });

  test("toBeGranted: the first year's days still to come", () => {
    const e = hired("2025-03-02");
    expect(toBeGranted(e, HIRE_BASIS, "2025-03-02")).toBe(11);
    expect(toBeGranted(e, HIRE_BASIS, "2025-06-15")).toBe(8); // 3 arisen (Apr, May, Jun)
    expect(toBeGranted(e, HIRE_BASIS, "2026-02-02")).toBe(0);
    expect(toBeGranted(e, HIRE_BASIS, "2027-05-01")).toBe(0);
    // leaving 2025-09-10 (last day 9 Sep): only Jul, Aug, Sep still arise after 15 Jun
    expect(toBeGranted(hired("2025-03-02", "2025-09-10"), HIRE_BASIS, "2025-06-15")).toBe(3);
  });
});

describe("§60(1),(4) annual leave at each anniversary", () => {
  test.each([
    // [completed years of service, days] [법60(4)]: +1 per two years beyond the first, at most 25
    [1, 15], [2, 15], [3, 16], [4, 16], [5, 17], [6, 17], [10, 19], [11, 20], [19, 24], [20, 24], [21, 25], [22, 25], [30, 25],
  ])("%i years → %i days", (years, days) => {
    expect(annualDaysFor(years)).toBe(days);
  });

  test("hired 2025-03-02: 15 on 2026-03-02, 15 on 2027-03-02, 16 on 2028-03-02, 25 from the 21st anniversary", () => {
    const gs = grantsDue(hired("2025-03-02"), HIRE_BASIS, "2048-03-02").filter((g) => g.kind === "ANNUAL");
    const at = (d: string) => gs.find((g) => g.grantDate === d)!;
    expect(at("2026-03-02")).toMatchObject({ key: "annual:2026-03-02", days: 15, validFrom: "2026-03-02", validTo: "2027-03-01" });
    expect(at("2027-03-02").days).toBe(15);
    expect(at("2028-03-02").days).toBe(16);
    expect(at("2030-03-02").days).toBe(17);
    expect(at("2045-03-02").days).toBe(24); // 20 years
    expect(at("2046-03-02").days).toBe(25); // 21 years: 15 + 10
    expect(at("2048-03-02").days).toBe(25); // 23 years: capped
    expect(gs).toHaveLength(23);
  });

  test("the first two years: 11 + 15 = 26 days [노동부17: §60(3) deleted, nothing deducted]", () => {
    expect(total(grantsDue(hired("2025-03-02"), HIRE_BASIS, "2026-03-02"))).toBe(26);
  });

  test.each([
    // [leave date (퇴직일, first day not employed), days granted] [대법, 노동부21]
    ["2026-03-02", 11], // last working day 2026-03-01: exactly one year (365 days) → no 15 days
    ["2026-03-03", 26], // employed on 2026-03-02, the day after the year: a year and a day → 15 more
    ["2025-10-02", 6], // left after 7 months: Apr..Sep
  ])("hired 2025-03-02, leaving %s → %i days", (leaveDate, days) => {
    expect(total(grantsDue(hired("2025-03-02", leaveDate), HIRE_BASIS, "2030-01-01"))).toBe(days);
  });

  test("a month's day also needs the employment on the day it arises", () => {
    // leaving 2025-06-02: last working day 1 Jun, the third month's day (2 Jun) is not reached
    expect(brief(grantsDue(hired("2025-03-02", "2025-06-02"), HIRE_BASIS, "2026-01-01"))).toEqual(["MONTHLY 2025-04-02 1", "MONTHLY 2025-05-02 1"]);
  });

  test("hired on a leap day: anniversaries on 1 March, and 29 Feb in a leap year [민법 §160(3)]", () => {
    const gs = grantsDue(hired("2024-02-29"), HIRE_BASIS, "2028-03-01").filter((g) => g.kind === "ANNUAL");
    expect(gs.map((g) => `${g.grantDate}..${g.validTo}`)).toEqual([
      "2025-03-01..2026-02-28",
      "2026-03-01..2027-02-28",
      "2027-03-01..2028-02-29", // a year from 1 March 2027 ends the day before 1 March 2028
      "2028-02-29..2029-02-28", // so the 2027 grant and the 2028 one share 29 Feb 2028
    ]);
  });
});

describe("a year under 80% attendance [법60(2): 1년간 80% 미만 출근 → 1개월 개근 시 1일]", () => {
  test("year 3 at 70% with 8 fully attended months: 8 days instead of 16; year 4 counts all 4 years (16)", () => {
    const e = hired("2020-03-02", null, [{ yearStart: "2022-03-02", rate: 0.7, fullMonths: 8 }]);
    const gs = grantsDue(e, HIRE_BASIS, "2024-03-02").filter((g) => g.grantDate >= "2022-03-02");
    expect(gs.map((g) => `${g.key} ${g.kind} ${g.days} ..${g.validTo}`)).toEqual([
      "annual:2022-03-02 ANNUAL 15 ..2023-03-01",
      "monthly-low:2023-03-02 MONTHLY 8 ..2024-03-01",
      "annual:2024-03-02 ANNUAL 16 ..2025-03-01",
    ]);
  });

  test("exactly 80% is not under 80%", () => {
    const e = hired("2020-03-02", null, [{ yearStart: "2022-03-02", rate: 0.8, fullMonths: 8 }]);
    expect(grantsDue(e, HIRE_BASIS, "2023-03-02").at(-1)).toMatchObject({ key: "annual:2023-03-02", days: 16 });
  });

  test("a first year under 80%: its 11 monthly days stay, the 15 days do not arise", () => {
    const e = hired("2025-03-02", null, [{ yearStart: "2025-03-02", rate: 0.5, fullMonths: 4 }]);
    expect(total(grantsDue(e, HIRE_BASIS, "2026-03-02"))).toBe(11);
    expect(grantsDue(e, HIRE_BASIS, "2027-03-02").at(-1)).toMatchObject({ key: "annual:2027-03-02", days: 15 });
  });

  test("under 80% with the fully attended months not recorded: nothing is granted automatically", () => {
    const e = hired("2020-03-02", null, [{ yearStart: "2022-03-02", rate: 0.6 }]);
    expect(grantsDue(e, HIRE_BASIS, "2023-03-02").some((g) => g.grantDate === "2023-03-02")).toBe(false);
  });
});

describe("fiscal-year basis [회계]", () => {
  test.each([
    // hired 2025-07-01, fiscal 01-01: 2026-01-01 prorated 15 × 184/365 = 7.5616…
    ["UP", 0, 8], ["UP", 1, 7.6], ["UP", 2, 7.57],
    ["DOWN", 0, 7], ["DOWN", 1, 7.5], ["DOWN", 2, 7.56],
    ["HALF_UP", 0, 8], ["HALF_UP", 1, 7.6], ["HALF_UP", 2, 7.56],
    ["HALF_DAY_UP", 0, 8], ["HALF_DAY_UP", 1, 8], ["HALF_DAY_UP", 2, 8],
  ] as [Rounding, number, number][])("15 × 184/365 rounded %s to %i places → %d", (rounding, places, days) => {
    const gs = grantsDue(hired("2025-07-01"), fiscal("01-01", rounding, places), "2026-01-01");
    expect(gs.at(-1)).toMatchObject({ key: "prorated:2026-01-01", kind: "PRORATED", days, validFrom: "2026-01-01", validTo: "2026-12-31" });
  });

  test("rounding is exact at the boundaries", () => {
    expect(roundFraction(15 * 365, 365, "UP", 1)).toBe(15); // a whole year: 15, not 15.1
    expect(roundFraction(3, 4, "HALF_UP", 1)).toBe(0.8); // 0.75 → 0.8
    expect(roundFraction(1, 8, "HALF_UP", 2)).toBe(0.13); // 0.125 → 0.13
    expect(roundFraction(29, 4, "HALF_DAY_UP", 0)).toBe(7.5); // 7.25 → 7.5
    expect(roundFraction(15, 2, "HALF_DAY_UP", 1)).toBe(7.5); // 7.5 stays
  });

  test("a leap fiscal year: hired 2024-07-01, 15 × 184/366 = 7.54", () => {
    expect(grantsDue(hired("2024-07-01"), fiscal("01-01", "HALF_UP", 2), "2025-01-01").at(-1)!.days).toBe(7.54);
    expect(grantsDue(hired("2024-07-01"), fiscal("01-01", "HALF_UP", 1), "2025-01-01").at(-1)!.days).toBe(7.5);
  });

  test("hired 2025-07-01: monthly leave to 2026-06-01, prorated on 2026-01-01, then 15, 15, 16 on 1 January", () => {
    const gs = grantsDue(hired("2025-07-01"), fiscal("01-01"), "2029-01-01");
    expect(gs.filter((g) => g.kind === "MONTHLY").map((g) => g.grantDate)).toEqual([
      "2025-08-01", "2025-09-01", "2025-10-01", "2025-11-01", "2025-12-01", "2026-01-01",
      "2026-02-01", "2026-03-01", "2026-04-01", "2026-05-01", "2026-06-01",
    ]);
    expect(brief(gs.filter((g) => g.kind !== "MONTHLY"))).toEqual([
      "PRORATED 2026-01-01 7.6",
      "ANNUAL 2027-01-01 15", // 1 full fiscal year (2026)
      "ANNUAL 2028-01-01 15", // 2
      "ANNUAL 2029-01-01 16", // 3 full fiscal years: +1
    ]);
    // nothing at the hire-date anniversary 2026-07-01
    expect(gs.some((g) => g.grantDate === "2026-07-01")).toBe(false);
  });

  test("hired during 2023, 1 January basis: 15 on 2026-01-01, 16 from 2027-01-01 (a-ha.io 노무사 answer)", () => {
    const gs = grantsDue(hired("2023-05-15"), fiscal("01-01"), "2027-01-01").filter((g) => g.kind === "ANNUAL");
    expect(brief(gs)).toEqual(["ANNUAL 2025-01-01 15", "ANNUAL 2026-01-01 15", "ANNUAL 2027-01-01 16"]);
  });

  test("hired on the fiscal date itself: no proration, 15 a year later", () => {
    const gs = grantsDue(hired("2025-01-01"), fiscal("01-01"), "2027-01-01").filter((g) => g.kind !== "MONTHLY");
    expect(brief(gs)).toEqual(["ANNUAL 2026-01-01 15", "ANNUAL 2027-01-01 15"]);
  });

  test("a fiscal year from 1 April: hired 2025-10-01 → 15 × 182/365 on 2026-04-01", () => {
    const g = grantsDue(hired("2025-10-01"), fiscal("04-01", "DOWN", 2), "2026-04-01").find((x) => x.kind === "PRORATED")!;
    expect(g).toMatchObject({ grantDate: "2026-04-01", days: 7.47, validTo: "2027-03-31" }); // 7.479… down
  });

  test("a fiscal year under 80%: its fully attended months instead of the 15 days", () => {
    const e = hired("2023-07-01", null, [{ yearStart: "2025-01-01", rate: 0.75, fullMonths: 7 }]);
    expect(grantsDue(e, fiscal("01-01"), "2026-01-01").at(-1)).toMatchObject({ key: "monthly-low:2026-01-01", kind: "MONTHLY", days: 7 });
  });
});

describe("퇴사 정산 on the fiscal-year basis [회계]", () => {
  test("hired 2018-07-01, leaving 2020-08-01: fiscal 7.5 + 15, hire date 15 + 15 → 7.5 settled (a-ha.io example)", () => {
    // the example prorates 15 × 6/12 = 7.5; DOWN to one place gives the same here (7.56 → 7.5)
    const policy = fiscal("01-01", "DOWN", 1);
    const e = hired("2018-07-01", "2020-08-01");
    const gs = grantsDue(e, policy, "2021-01-01");
    expect(brief(gs.filter((g) => g.kind !== "MONTHLY"))).toEqual([
      "PRORATED 2019-01-01 7.5",
      "ANNUAL 2020-01-01 15",
      "SETTLEMENT 2020-07-31 7.5", // on the last working day
    ]);
    expect(gs.filter((g) => g.kind === "MONTHLY")).toHaveLength(11); // the same under both bases
    expect(settlementOf(e, policy)).toMatchObject({ key: "settlement:2020-08-01", validFrom: "2020-07-31", validTo: "2020-07-31" });
    // not due before the last working day
    expect(grantsDue(e, policy, "2020-07-30").some((g) => g.kind === "SETTLEMENT")).toBe(false);
  });

  test("leaving before the hire-date anniversary: the fiscal basis gave more, nothing is settled or taken back", () => {
    const e = hired("2018-07-01", "2019-06-15");
    expect(settlementOf(e, fiscal("01-01"))).toBeNull();
    expect(total(grantsDue(e, fiscal("01-01"), "2020-01-01"))).toBe(11 + 7.6);
  });

  test("settlement with increments: hired 2017-07-01, leaving 2021-07-02 (employed on 2021-07-01)", () => {
    // fiscal: 7.6 (2018) + 15 (2019) + 15 (2020) + 16 (2021) = 53.6; hire date: 15 + 15 + 16 + 16 = 62 (2018-07-01 ..
    // 2021-07-01, the 4th anniversary reached on the last working day) → 8.4
    const s = settlementOf(hired("2017-07-01", "2021-07-02"), fiscal("01-01"));
    expect(s).toMatchObject({ kind: "SETTLEMENT", days: 8.4, grantDate: "2021-07-01" });
  });

  test("the hire-date basis never settles", () => {
    expect(settlementOf(hired("2018-07-01", "2020-08-01"), HIRE_BASIS)).toBeNull();
  });
});

describe("advance use: the next year's grant", () => {
  test.each([
    // [hire, leave, policy, date, expected]
    ["2025-03-02", null, HIRE_BASIS, "2025-10-10", { grantDate: "2026-03-02", days: 15, kind: "ANNUAL" }],
    ["2020-03-02", null, HIRE_BASIS, "2024-05-01", { grantDate: "2025-03-02", days: 17, kind: "ANNUAL" }],
    ["2025-07-01", null, fiscal("01-01"), "2025-08-01", { grantDate: "2026-01-01", days: 7.6, kind: "PRORATED" }],
    ["2025-07-01", null, fiscal("01-01"), "2026-01-01", { grantDate: "2027-01-01", days: 15, kind: "ANNUAL" }],
    ["2025-03-02", "2026-03-02", HIRE_BASIS, "2025-10-10", null], // leaves before it arises
  ] as [string, string | null, AccrualPolicy, string, unknown][])("hired %s (leaving %s): the next grant", (hire, leave, policy, date, expected) => {
    expect(nextGrantOf(hired(hire, leave), policy, date)).toEqual(expected);
  });
});

describe("carry-over at expiry", () => {
  const lapsing = [
    { validTo: "2026-03-01", unused: 2 },
    { validTo: "2026-03-01", unused: 1.5 },
    { validTo: "2027-03-01", unused: 9 },
  ];
  test("unused days of the allocations lapsing on a day, up to the maximum, valid for the next year", () => {
    expect(carryOversDue(lapsing, 5, "2026-03-02", null)).toEqual([
      { key: "carry:2026-03-02", lapsedOn: "2026-03-01", validFrom: "2026-03-02", validTo: "2027-03-01", days: 3.5, unused: 3.5 },
    ]);
    expect(carryOversDue(lapsing, 5, "2027-03-02", null).map((c) => [c.key, c.days])).toEqual([["carry:2026-03-02", 3.5], ["carry:2027-03-02", 5]]);
  });
  test("none while still valid, none when the policy allows none, none after leaving", () => {
    expect(carryOversDue(lapsing, 5, "2026-03-01", null)).toEqual([]);
    expect(carryOversDue(lapsing, 0, "2030-01-01", null)).toEqual([]);
    expect(carryOversDue(lapsing, 5, "2030-01-01", "2026-03-02")).toEqual([]);
  });
});

describe("a change of basis applies from the day it is made (engine.ts header)", () => {
  // What the hourly job stored under a basis up to a day: the employee's accrued allocations.
  const storedUnder = (e: Employment, policy: AccrualPolicy, upTo: string): Employment =>
    ({ ...e, stored: [...(e.stored ?? []), ...grantsDue(e, policy, upTo).filter((g) => !(e.stored ?? []).some((s) => s.key === g.key))
      .map((g) => ({ key: g.key, validFrom: g.validFrom, validTo: g.validTo, days: g.days }))] });
  const SWITCH = "2026-06-16";
  const toFiscal = { ...fiscal("01-01"), basisSince: SWITCH };
  const toHireDate = { ...HIRE_BASIS, basisSince: SWITCH };
  /** What the switch adds to what was stored (the grants not stored yet), by the given day. */
  const added = (e: Employment, policy: AccrualPolicy, asOf: string) =>
    grantsDue(e, policy, asOf).filter((g) => !(e.stored ?? []).some((s) => s.key === g.key));

  test("hired 2025-03-02, hire date → 01-01 on 2026-06-16: nothing until 2027-01-01, then 15 × 305/365 = 12.5, then the fiscal scale", () => {
    const e = storedUnder(hired("2025-03-02"), HIRE_BASIS, "2026-06-15");
    expect(total(e.stored as unknown as Grant[])).toBe(11 + 15); // the 15 of 2026-03-02, valid to 2027-03-01
    // the fiscal basis as if always would add 15 × 305/365 on 2026-01-01 (the 15 → 28 defect): not any more
    expect(added(e, toFiscal, "2026-12-31")).toEqual([]);
    expect(added(e, toFiscal, "2029-01-01").map((g) => `${g.kind} ${g.key} ${g.grantDate} ${g.days} ${g.validTo}`)).toEqual([
      // 2027-03-02..2027-12-31 is what the 15 of 2026-03-02 leaves uncovered of the fiscal year 2027
      "TRANSITION transition:2027-01-01 2027-01-01 12.5 2027-12-31",
      "ANNUAL annual:2028-01-01 2028-01-01 15 2028-12-31",
      "ANNUAL annual:2029-01-01 2029-01-01 16 2029-12-31",
    ]);
    expect(roundFraction(15 * 305, 365, "HALF_UP", 1)).toBe(12.5);
  });

  test("hired 2019-01-10, hire date → 01-01 on 2026-06-16: 18 × 356/365 = 17.6 on 2027-01-01, 18 on 2028-01-01", () => {
    const e = storedUnder(hired("2019-01-10"), HIRE_BASIS, "2026-06-15");
    expect(e.stored!.at(-1)).toMatchObject({ key: "annual:2026-01-10", days: 18, validTo: "2027-01-09" });
    expect(added(e, toFiscal, "2026-12-31")).toEqual([]); // was 17 more on 2026-01-01 (18 → 35)
    expect(brief(added(e, toFiscal, "2028-01-01"))).toEqual(["TRANSITION 2027-01-01 17.6", "ANNUAL 2028-01-01 18"]);
  });

  test("back: 01-01 → hire date on 2026-06-16, hired 2019-01-10: 18 × 9/365 for 2027-01-01..09 on the switch day, 18 on 2027-01-10", () => {
    const e = storedUnder(hired("2019-01-10"), fiscal("01-01"), "2026-06-15");
    expect(e.stored!.at(-1)).toMatchObject({ key: "annual:2026-01-01", days: 17, validTo: "2026-12-31" });
    expect(brief(added(e, toHireDate, "2026-06-15"))).toEqual([]);
    const gs = added(e, toHireDate, "2027-01-10");
    expect(gs.map((g) => `${g.kind} ${g.grantDate} ${g.days} ${g.validFrom}..${g.validTo}`)).toEqual([
      // the hire-date year 2026-01-10..2027-01-09, less what the fiscal 17 (to 2026-12-31) covers
      "TRANSITION 2026-06-16 0.4 2026-06-16..2027-01-09",
      "ANNUAL 2027-01-10 18 2027-01-10..2028-01-09",
    ]);
  });

  test("back: 01-01 → hire date, hired 2025-09-01: 15 × 243/365 = 10 on 2026-09-01 (the fiscal 5 covers 2026)", () => {
    const e = storedUnder(hired("2025-09-01"), fiscal("01-01"), "2026-06-15");
    expect(e.stored!.filter((s) => s.key.startsWith("prorated:"))).toEqual([{ key: "prorated:2026-01-01", validFrom: "2026-01-01", validTo: "2026-12-31", days: 5 }]);
    expect(brief(added(e, toHireDate, "2027-09-01"))).toEqual(["MONTHLY 2026-07-01 1", "MONTHLY 2026-08-01 1", "TRANSITION 2026-09-01 10", "ANNUAL 2027-09-01 15"]);
  });

  test("in the first year at the switch (monthly days only): the first year counts as covered", () => {
    // hired 2025-09-01, hire date → 01-01: the fiscal 2026 year past the first year (2026-09-01..12-31) on the switch day
    const e = storedUnder(hired("2025-09-01"), HIRE_BASIS, "2026-06-15");
    expect(brief(added(e, toFiscal, "2027-01-01"))).toEqual(["TRANSITION 2026-06-16 5", "MONTHLY 2026-07-01 1", "MONTHLY 2026-08-01 1", "ANNUAL 2027-01-01 15"]);
  });

  test("switching back and forth adds nothing twice", () => {
    let e = storedUnder(hired("2019-01-10"), HIRE_BASIS, "2026-06-15");
    const before = total(e.stored as unknown as Grant[]);
    // hire → fiscal on 06-16, back on 06-20, again fiscal on 06-25: nothing falls due on those days
    e = storedUnder(e, toFiscal, "2026-06-19");
    e = storedUnder(e, { ...HIRE_BASIS, basisSince: "2026-06-20" }, "2026-06-24");
    e = storedUnder(e, { ...fiscal("01-01"), basisSince: "2026-06-25" }, "2026-12-31");
    expect(total(e.stored as unknown as Grant[])).toBe(before);
    // and from 2027 on the same as one switch: 17.6 then 18
    expect(brief(added(e, { ...fiscal("01-01"), basisSince: "2026-06-25" }, "2028-01-01"))).toEqual(["TRANSITION 2027-01-01 17.6", "ANNUAL 2028-01-01 18"]);
    // a year on fiscal, then back to the hire date: the year 2028 stays covered once
    e = storedUnder(e, { ...fiscal("01-01"), basisSince: "2026-06-25" }, "2028-03-01");
    const back = { ...HIRE_BASIS, basisSince: "2028-03-02" };
    // 19 × 9/365 (2029-01-01..09 of the hire-date year 2028-01-10..2029-01-09) = 0.47 → 0.5
    expect(brief(added(e, back, "2029-01-10"))).toEqual(["TRANSITION 2028-03-02 0.5", "ANNUAL 2029-01-10 19"]);
  });

  test("nothing stored before the switch (hire date entered later): the current basis as if always", () => {
    expect(grantsDue(hired("2019-01-10"), toFiscal, "2026-06-16")).toEqual(grantsDue(hired("2019-01-10"), fiscal("01-01"), "2026-06-16"));
  });

  test("퇴사 정산 after a switch compares the days stored before it and made after it with the hire-date basis", () => {
    // hired 2019-01-10, fiscal from 2026-06-16, leaving 2027-06-01: granted 11.. (hire basis to 2026) + 17.6 (2027-01-01);
    // the hire-date basis gives 18 on 2027-01-10 instead of 17.6 → 0.4 settled
    const e = { ...storedUnder(hired("2019-01-10"), HIRE_BASIS, "2026-06-15"), leaveDate: "2027-06-01" };
    expect(settlementOf(e, toFiscal)).toMatchObject({ kind: "SETTLEMENT", days: 0.4, grantDate: "2027-05-31" });
  });
});
