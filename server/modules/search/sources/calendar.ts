// Calendar: GET /api/calendar/search's service (calendar/events/lookup.ts search: events of the calendars the
// caller reads). A hit opens the day view of its (first) day; the calendar's search is a dialog without an
// address, so there is no "all results" link. A timed event's day is that of the calendar's default zone (the
// one the search reads occurrences in).
import { DEFAULT_TIMEZONE } from "../../../../shared/calendar/constants.ts";
import { calendarDayLink } from "../../../lib/app-links.ts";
import { search } from "../../calendar/events/lookup.ts";
import { dateString, wallOf } from "../../calendar/events/zone.ts";
import { type SearchSource } from "../source.ts";

export const calendarSource: SearchSource = async (caller, keyword, size) => {
  const page = await search(caller, { keyword, page: 0, pageSize: size });
  return {
    hits: page.content.map((e) => ({
      id: e.id,
      title: e.name,
      snippet: e.location || null,
      where: null,
      at: e.isAllDay ? e.start : new Date(e.start).toISOString(),
      link: calendarDayLink(e.isAllDay ? e.start.slice(0, 10) : dateString(wallOf(Date.parse(e.start), DEFAULT_TIMEZONE))),
    })),
    total: page.totalElements,
    moreLink: null,
  };
};
