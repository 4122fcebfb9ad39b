// /api/external/calendars (001 §7 "External calendars"): signed-in users of a company with the calendar on.
import { Hono } from "hono";
import { externalCalendarPatchBody, externalCalendarsQuery, externalEventsQuery } from "../../../../shared/calendar/external.ts";
import { requireAuth } from "../../../lib/auth.ts";
import { type AppEnv, callerOf } from "../../../lib/context.ts";
import { moduleGate } from "../../../lib/module-gate.ts";
import { body, idParam, query } from "../../../lib/validate.ts";
import { connectionCalendars, connectionEvents, setSelected } from "./service.ts";

const calendarEnabled = moduleGate("useCalendar", "calendar.disabled");

export function externalCalendarRoutes() {
  const r = new Hono<AppEnv>();
  r.use("/api/external/calendars", requireAuth, calendarEnabled);
  r.use("/api/external/calendars/*", requireAuth, calendarEnabled);
  r.get("/api/external/calendars", async (c) => {
    const q = query(c, externalCalendarsQuery);
    return c.json(await connectionCalendars(callerOf(c), q.connectionId, q.sync));
  });
  r.get("/api/external/calendars/events", async (c) => c.json(await connectionEvents(callerOf(c), query(c, externalEventsQuery))));
  r.patch("/api/external/calendars/:id", async (c) => {
    const { selected } = await body(c, externalCalendarPatchBody);
    return c.json(await setSelected(callerOf(c), idParam(c), selected));
  });
  return r;
}
