// A repetition rule in words: "Every 2 weeks on Tue, Thu, 10 times", "Monthly on the 2nd Tuesday, until ...".
import type { RecurrenceRule } from "@shared/calendar/events.ts";
import { WEEKDAYS } from "@shared/calendar/constants.ts";
import { addDays, formatDay } from "../dates.ts";

type T = (k: string, o?: Record<string, unknown>) => string;

/** A weekday's name ("SU".."SA") in the UI language: 2026-11-29 was a Sunday. */
export function weekdayName(code: string, lng: string, width: "short" | "long" = "short"): string {
  const i = WEEKDAYS.indexOf(code as (typeof WEEKDAYS)[number]);
  return formatDay(addDays("2026-11-29", Math.max(0, i)), lng, { weekday: width });
}

/** "2TU" → the 2nd Tuesday; "-1FR" → the last Friday. */
export function ordinalDay(code: string, t: T, lng: string): string {
  const m = /^([+-]?\d)?([A-Z]{2})$/.exec(code);
  if (!m) return code;
  const day = weekdayName(m[2], lng, "long");
  if (!m[1]) return day;
  return t("repeat.nth", { nth: t(`repeat.ordinal.${Number(m[1])}`), day });
}

export function describeRule(r: RecurrenceRule, t: T, lng: string): string {
  const interval = r.interval ?? 1;
  const parts = [interval === 1 ? t(`repeat.every.${r.freq}`) : t(`repeat.everyN.${r.freq}`, { count: interval })];
  if (r.freq === "WEEKLY" && r.byDay?.length) parts.push(r.byDay.map((d) => weekdayName(d, lng)).join(", "));
  if ((r.freq === "MONTHLY" || r.freq === "YEARLY") && r.byDay?.length) parts.push(r.byDay.map((d) => ordinalDay(d, t, lng)).join(", "));
  if (r.freq === "MONTHLY" && r.byMonthDay?.length) parts.push(t("repeat.onDay", { day: r.byMonthDay.join(", ") }));
  if (r.count) parts.push(t("repeat.countTimes", { count: r.count }));
  if (r.until) parts.push(t("repeat.untilDate", { date: formatDay(r.until, lng, { year: "numeric", month: "long", day: "numeric" }) }));
  return parts.join(", ");
}
