// cal-1 / cal-2: the events of the calendars the caller shows (checked in their calendar tree) today or this
// week (Monday to Sunday), cut in the caller's time zone, through the calendar's own list (its permissions,
// recurrences and invitations).
import { DEFAULT_TIMEZONE } from "../../../../shared/calendar/constants.ts";
import type { CalendarWidgetData } from "../../../../shared/home/widgets.ts";
import type { Caller } from "../../../lib/context.ts";
import * as calendars from "../../calendar/calendars/service.ts";
import * as events from "../../calendar/events/service.ts";
import { dateString, wallOf } from "../../calendar/events/zone.ts";
import { calendarDayLink } from "../../../lib/app-links.ts";

const DAY_MS = 86_400_000;

function addDays(date: string, n: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** The day an event opens on: its start, or the range's first day when it began before. */
const dayOf = (start: string, first: string) => (start < first ? first : start);

export async function calendarWidget(caller: Caller, range: "day" | "week"): Promise<CalendarWidgetData> {
  // The calendar keeps one zone for everyone (its config answers DEFAULT_TIMEZONE); the widget cuts days there.
  const timeZone = DEFAULT_TIMEZONE;
  const today = dateString(wallOf(caller.deps.clock.now().getTime(), timeZone));
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
  const first = range === "day" ? today : addDays(today, -weekday);
  const end = addDays(first, range === "day" ? 1 : 7);
  const shown = (await calendars.find(caller)).filter((c) => c.selected);
  if (!shown.length) return { timeZone, events: [] };
  const colors = new Map(shown.map((c) => [c.id, c.color]));
  const items = await events.list(caller, { calendars: shown.map((c) => c.id), dtStart: first, dtEnd: end, timezone: timeZone });
  return {
    timeZone,
    events: items.map((e) => ({
      id: e.id,
      title: e.name,
      start: e.start,
      end: e.end,
      allDay: e.isAllDay,
      location: e.location || null,
      color: colors.get(e.calendarId) ?? null,
      link: calendarDayLink(dayOf(e.isAllDay ? e.start : dateString(wallOf(e.startForOrdering, timeZone)), first)),
    })),
  };
}
