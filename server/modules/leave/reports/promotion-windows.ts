// When the §61 사용촉진 notices of an annual leave allocation are due. Pure (dates in, windows out).
//
// 근로기준법 §61(1) (annual leave of §60(1), (2) and (4)):
//   1. "제60조제1항ㆍ제2항 및 제4항에 따른 유급휴가의 사용기간이 끝나기 6개월 전을 기준으로 10일 이내에 사용자가
//      근로자별로 사용하지 아니한 휴가 일수를 알려주고, 근로자가 그 사용 시기를 정하여 사용자에게 통보하도록
//      서면으로 촉구할 것"
//   2. "제1호에 따른 촉구에도 불구하고 근로자가 촉구를 받은 때부터 10일 이내에 사용하지 아니한 휴가의 전부 또는
//      일부의 사용 시기를 정하여 사용자에게 통보하지 아니하면 휴가의 사용기간이 끝나기 2개월 전까지 사용자가 사용하지
//      아니한 휴가의 사용 시기를 정하여 근로자에게 서면으로 통보할 것"
// §61(2) (2020.3.31 신설: the first year's monthly leave of §60(2), which expires with the first year, §60(7) 단서):
//   1. "최초 1년의 근로기간이 끝나기 3개월 전을 기준으로 10일 이내에 … 서면으로 촉구할 것. 다만, 사용자가 서면
//      촉구한 후 발생한 휴가에 대해서는 최초 1년의 근로기간이 끝나기 1개월 전을 기준으로 5일 이내에 촉구하여야 한다."
//   2. "… 최초 1년의 근로기간이 끝나기 1개월 전까지 … 서면으로 통보할 것. 다만, 제1호 단서에 따라 촉구한 휴가에
//      대해서는 최초 1년의 근로기간이 끝나기 10일 전까지 서면으로 통보하여야 한다."
//
// Reading (고용노동부's: a use period 1.1.–12.31. has its first notice 7.1.–7.10. and its second by 10.31.):
// "끝나기 N개월 전" is the day N months before the day after validTo; "기준으로 D일 이내" the D days from that day;
// "N개월 전까지" the day before it. The second notice goes out in the last PROMOTION_WINDOW_DAYS (5 for the
// late first-year leave) up to that deadline, so the employee had the most time to set their own dates first.
// A first-year allocation is an annual one ending with the first year of service (validTo = the day before the
// first anniversary); one valid longer (policy underOneYearLeaveAvailableNextYear) follows §61(1).
import {
  PROMOTION_FIRST_MONTHS, PROMOTION_FIRST_YEAR_FIRST_MONTHS, PROMOTION_FIRST_YEAR_SECOND_MONTHS, PROMOTION_LATE_FIRST_MONTHS,
  PROMOTION_LATE_SECOND_DAYS, PROMOTION_LATE_WINDOW_DAYS, PROMOTION_SECOND_MONTHS, PROMOTION_WINDOW_DAYS,
} from "../../../../shared/leave/constants.ts";
import { addDays, addMonths, addYears } from "../dashboards/period.ts";

export interface PromotionWindow {
  round: 1 | 2;
  /** The first and last local date (inclusive) a notice of this round may go out. */
  from: string;
  to: string;
}

export type PromotionRule = "ANNUAL" | "FIRST_YEAR" | "FIRST_YEAR_LATE";

export interface PromotionAllocation {
  validFrom: string;
  validTo: string;
  hireDate: string | null;
}

/** Which article's windows apply to the allocation. */
export function ruleOf(a: PromotionAllocation): PromotionRule {
  if (!a.hireDate) return "ANNUAL";
  const firstYearLast = addDays(addYears(a.hireDate, 1), -1);
  if (a.validTo !== firstYearLast) return "ANNUAL";
  const mainFirst = windowsFor("FIRST_YEAR", a.validTo)[0];
  // Leave arising after the main first notice's days (§61(2)1 단서) gets the shorter windows.
  return a.validFrom > mainFirst.to ? "FIRST_YEAR_LATE" : "FIRST_YEAR";
}

export function windowsFor(rule: PromotionRule, validTo: string): [PromotionWindow, PromotionWindow] {
  const end = addDays(validTo, 1); // the period "ends" as this day begins
  const window = (round: 1 | 2, from: string, days: number): PromotionWindow => ({ round, from, to: addDays(from, days - 1) });
  const until = (round: 1 | 2, deadline: string, days: number): PromotionWindow => ({ round, from: addDays(deadline, -(days - 1)), to: deadline });
  switch (rule) {
    case "ANNUAL":
      return [
        window(1, addMonths(end, -PROMOTION_FIRST_MONTHS), PROMOTION_WINDOW_DAYS),
        until(2, addDays(addMonths(end, -PROMOTION_SECOND_MONTHS), -1), PROMOTION_WINDOW_DAYS),
      ];
    case "FIRST_YEAR":
      return [
        window(1, addMonths(end, -PROMOTION_FIRST_YEAR_FIRST_MONTHS), PROMOTION_WINDOW_DAYS),
        until(2, addDays(addMonths(end, -PROMOTION_FIRST_YEAR_SECOND_MONTHS), -1), PROMOTION_WINDOW_DAYS),
      ];
    case "FIRST_YEAR_LATE":
      return [
        window(1, addMonths(end, -PROMOTION_LATE_FIRST_MONTHS), PROMOTION_LATE_WINDOW_DAYS),
        until(2, addDays(end, -PROMOTION_LATE_SECOND_DAYS - 1), PROMOTION_LATE_WINDOW_DAYS),
      ];
  }
}

/** The round due on `today` for the allocation, if any. */
export function roundDue(a: PromotionAllocation, today: string): PromotionWindow | null {
  return windowsFor(ruleOf(a), a.validTo).find((w) => w.from <= today && today <= w.to) ?? null;
}
