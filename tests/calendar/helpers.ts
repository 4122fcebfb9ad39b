// Set-up shared by the calendar tests: companies with users and organisations (the share tests' helpers),
// and small callers of the calendar API that fail loudly on an unexpected status.
import { expect } from "vitest";
import type { CalendarEntry } from "../../shared/calendar/calendars.ts";
import type { EventDetail, EventItem } from "../../shared/calendar/events.ts";
import type { TestApp } from "../support/test-app.ts";

export { type Co, company, type Member } from "../share/share-helpers.ts";

export interface Who {
  token: string;
}

export function calendarApi(t: TestApp) {
  const ok = async <T>(status: number, method: string, path: string, who: Who, json?: unknown): Promise<T> => {
    const r = await t.call(method, path, { token: who.token, json });
    expect(r.status, `${method} ${path}: ${JSON.stringify(r.body)}`).toBe(status);
    return r.body as T;
  };
  return {
    find: (who: Who) => ok<CalendarEntry[]>(200, "GET", "/api/calendar/find", who),
    async defaultCalendar(who: Who): Promise<CalendarEntry> {
      const list = await ok<CalendarEntry[]>(200, "GET", "/api/calendar/find", who);
      return list.find((c) => c.type === "DEFAULT")!;
    },
    add: (who: Who, json: Record<string, unknown>) => ok<CalendarEntry>(201, "POST", "/api/calendar/add", who, json),
    createEvent: (who: Who, json: Record<string, unknown>) => ok<EventDetail>(201, "POST", "/api/calendar/event", who, json),
    patchEvent: (who: Who, id: string | number, json: Record<string, unknown>) =>
      ok<EventDetail>(200, "PATCH", `/api/calendar/event/${id}`, who, json),
    view: (who: Who, id: string | number) => ok<EventDetail>(200, "GET", `/api/calendar/view/${id}`, who),
    async list(who: Who, calendars: number[], dtStart: string, dtEnd: string, timezone?: string): Promise<EventItem[]> {
      const p = new URLSearchParams({ dtStart, dtEnd });
      for (const c of calendars) p.append("calendars[]", String(c));
      if (timezone) p.set("timezone", timezone);
      return await ok<EventItem[]>(200, "GET", `/api/calendar/event?${p}`, who);
    },
    raw: (method: string, path: string, who: Who, json?: unknown) => t.call(method, path, { token: who.token, json }),
  };
}

/** A timed event body in Asia/Seoul unless told otherwise. */
export function timed(calendarId: number, summary: string, dtStart: string, dtEnd: string, extra: Record<string, unknown> = {}) {
  return { calendarId, summary, dtStart, dtEnd, ...extra };
}

/** Starts of a list's items, for comparing with hand-computed dates. */
export const starts = (items: EventItem[]) => items.map((i) => i.start);
