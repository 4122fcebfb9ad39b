// The calendar's routes (001 §2): /cal/{type}/{focus}, type day | week | month | 4day (default month), focus
// YYYY-MM-DD (default today). What each view shows, and where prev / next lead.
import { CALENDAR_VIEWS, DEFAULT_CALENDAR_VIEW } from "@shared/calendar/constants.ts";
import { addDays, addMonths, dayNum, firstOfMonth, isYmd, monthKey, startOfWeek, todayIn, type Ymd } from "./dates.ts";

export type ViewType = (typeof CALENDAR_VIEWS)[number];

export const isViewType = (s: string | undefined): s is ViewType => (CALENDAR_VIEWS as readonly string[]).includes(s ?? "");

/** The route's parameters made valid: a bad type is the month view, a bad date today. */
export function normalizeParams(type: string | undefined, focus: string | undefined, tz?: string): { type: ViewType; focus: Ymd } {
  return {
    type: isViewType(type) ? type : (DEFAULT_CALENDAR_VIEW as ViewType),
    focus: isYmd(focus) ? focus : todayIn(tz),
  };
}

/** The days a view shows: [first, last] inclusive. */
export function viewDays(type: ViewType, focus: Ymd): { first: Ymd; last: Ymd; count: number } {
  let first: Ymd;
  let count: number;
  switch (type) {
    case "day":
      first = focus;
      count = 1;
      break;
    case "4day":
      first = focus;
      count = 4;
      break;
    case "week":
      first = startOfWeek(focus);
      count = 7;
      break;
    default: {
      first = startOfWeek(firstOfMonth(focus));
      const lastOfMonth = addDays(addMonths(firstOfMonth(focus), 1), -1);
      const end = addDays(startOfWeek(lastOfMonth), 6);
      count = dayNum(end) - dayNum(first) + 1;
    }
  }
  return { first, last: addDays(first, count - 1), count };
}

/** The focus of the previous (-1) or next (+1) period. */
export function stepFocus(type: ViewType, focus: Ymd, dir: -1 | 1): Ymd {
  switch (type) {
    case "day":
      return addDays(focus, dir);
    case "4day":
      return addDays(focus, 4 * dir);
    case "week":
      return addDays(focus, 7 * dir);
    default:
      return addMonths(focus, dir);
  }
}

/** The months ("YYYY-MM") a range of days touches, in order. */
export function monthsOf(first: Ymd, last: Ymd): string[] {
  const out: string[] = [];
  for (let m = firstOfMonth(first); m <= last; m = addMonths(m, 1)) out.push(monthKey(m));
  return out;
}

/**
 * The months whose queries a view reads. Each month's query holds the days of its month grid (queries.ts
 * monthQuery: the weeks the month view shows, leading and trailing days included), so a view inside its
 * focus month's grid (the month view always, a week or a day nearly always) reads that one month: after "next
 * month" the view shows at once from the month prefetched, instead of waiting for the month after it, whose
 * days the new grid's last week shows. A view reaching past that grid (a 4-day view from a month's last days)
 * reads each month it touches.
 */
export function monthsFor(type: ViewType, focus: Ymd): string[] {
  const range = viewDays(type, focus);
  const grid = viewDays("month", focus);
  return range.first >= grid.first && range.last <= grid.last ? [monthKey(focus)] : monthsOf(range.first, range.last);
}
