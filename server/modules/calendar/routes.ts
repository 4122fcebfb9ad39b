// The calendar's HTTP API (001 §7 "Calendar (api/calendar)"): calendars, events, search, free/busy. Every
// call needs a signed-in user of a company with the calendar switched on (companies.use_calendar, shared
// company.ts useCalendar): otherwise 403 calendar.disabled. Paths and shapes: shared/calendar/*.ts.
import { Hono } from "hono";
import {
  calendarAddBody, calendarUpdateBody, organCalendarBody, publicCalendarQuery, subscribeBody, treeStatusBody,
} from "../../../shared/calendar/calendars.ts";
import {
  deleteByDateBody, deleteScopeQuery, eventCreateBody, eventListQuery, eventPatchBody, eventSearchQuery, freeBusyBody,
  partStatBody,
} from "../../../shared/calendar/events.ts";
import { requireAuth } from "../../lib/auth.ts";
import { type AppEnv, callerOf } from "../../lib/context.ts";
import { moduleGate } from "../../lib/module-gate.ts";
import { body, idParam, query } from "../../lib/validate.ts";
import * as calendars from "./calendars/service.ts";
import * as edit from "./events/edit.ts";
import * as lookup from "./events/lookup.ts";
import * as events from "./events/service.ts";
import { projectCalendarRoutes } from "./projects/routes.ts";

/** The company's module flag: a company without the calendar answers 403 on every calendar call. */
const calendarEnabled = moduleGate("useCalendar", "calendar.disabled");

export function calendarRoutes() {
  const r = new Hono<AppEnv>();
  r.use("/api/calendar/*", requireAuth, calendarEnabled);

  r.get("/api/calendar/find", async (c) => c.json(await calendars.find(callerOf(c))));
  r.get("/api/calendar/find/organCalendars", async (c) => c.json(await calendars.organCalendars(callerOf(c))));
  r.get("/api/calendar/find/config", async (c) => c.json(await calendars.config(callerOf(c))));
  r.get("/api/calendar/find/public", async (c) => c.json(await calendars.findPublic(callerOf(c), query(c, publicCalendarQuery))));
  r.put("/api/calendar/organCalendar", async (c) => {
    const { organIds } = await body(c, organCalendarBody);
    return c.json(await calendars.setOrganCalendars(callerOf(c), organIds));
  });
  r.post("/api/calendar/add", async (c) => c.json(await calendars.add(callerOf(c), await body(c, calendarAddBody)), 201));
  r.put("/api/calendar/update", async (c) => c.json(await calendars.update(callerOf(c), await body(c, calendarUpdateBody))));
  r.put("/api/calendar/updateTreeStatus", async (c) => {
    const { calendarId, isChecked } = await body(c, treeStatusBody);
    return c.json(await calendars.setTreeStatus(callerOf(c), calendarId, isChecked));
  });
  r.delete("/api/calendar/delete/:id", async (c) => {
    await calendars.remove(callerOf(c), idParam(c));
    return c.body(null, 204);
  });
  r.post("/api/calendar/subscribe", async (c) => {
    const { calendarId } = await body(c, subscribeBody);
    return c.json(await calendars.subscribe(callerOf(c), calendarId), 201);
  });
  r.delete("/api/calendar/cancelSubscription/:id", async (c) => {
    await calendars.cancelSubscription(callerOf(c), idParam(c));
    return c.body(null, 204);
  });

  r.get("/api/calendar/event", async (c) => c.json(await events.list(callerOf(c), query(c, eventListQuery))));
  r.post("/api/calendar/event", async (c) => c.json(await events.create(callerOf(c), await body(c, eventCreateBody)), 201));
  r.post("/api/calendar/event/deleteByDate", async (c) => {
    const { id, scope } = await body(c, deleteByDateBody);
    await edit.remove(callerOf(c), id, scope);
    return c.body(null, 204);
  });
  r.put("/api/calendar/event/partStat", async (c) => {
    const { id, partStat, scope } = await body(c, partStatBody);
    return c.json(await events.setPartStat(callerOf(c), id, partStat, scope));
  });
  r.patch("/api/calendar/event/:id", async (c) => c.json(await edit.patch(callerOf(c), c.req.param("id"), await body(c, eventPatchBody))));
  r.delete("/api/calendar/event/:id", async (c) => {
    const { scope } = query(c, deleteScopeQuery);
    await edit.remove(callerOf(c), c.req.param("id"), scope);
    return c.body(null, 204);
  });
  r.get("/api/calendar/view/:id", async (c) => c.json(await events.view(callerOf(c), c.req.param("id"))));
  r.get("/api/calendar/search", async (c) => c.json(await lookup.search(callerOf(c), query(c, eventSearchQuery))));
  r.post("/api/calendar/freeBusy", async (c) => c.json(await lookup.freeBusy(callerOf(c), await body(c, freeBusyBody))));
  r.route("/", projectCalendarRoutes()); // /api/calendar/project: flow projects' calendars (projects/)
  return r;
}
