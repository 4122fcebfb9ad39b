// /api/calendar/project (001 §7 "Project calendars"): mounted inside the calendar's routes (routes.ts), so the
// same sign-in and useCalendar gate run first. Shapes: shared/calendar/projects.ts.
import { Hono } from "hono";
import {
  projectEventsBody, projectSubscribeBody, projectTreeStatusBody, projectUpdateBody,
} from "../../../../shared/calendar/projects.ts";
import { type AppEnv, callerOf } from "../../../lib/context.ts";
import { body } from "../../../lib/validate.ts";
import * as projects from "./service.ts";

export function projectCalendarRoutes() {
  const r = new Hono<AppEnv>();
  r.get("/api/calendar/project/all", async (c) => c.json(await projects.all(callerOf(c))));
  r.patch("/api/calendar/project/updateTreeStatus", async (c) => {
    const { projectId, isChecked } = await body(c, projectTreeStatusBody);
    return c.json(await projects.setChecked(callerOf(c), projectId, isChecked));
  });
  r.post("/api/calendar/project/events", async (c) => c.json(await projects.events(callerOf(c), await body(c, projectEventsBody))));
  r.put("/api/calendar/project/subscribe", async (c) => {
    const { projectIds } = await body(c, projectSubscribeBody);
    return c.json(await projects.subscribe(callerOf(c), projectIds));
  });
  r.put("/api/calendar/project/update", async (c) => c.json(await projects.update(callerOf(c), await body(c, projectUpdateBody))));
  r.get("/api/calendar/project/:id", async (c) => {
    const raw = c.req.param("id");
    // Anything but a project id names no project of the caller: 404 calendar.project_not_found as well.
    return c.json(await projects.one(callerOf(c), /^\d{1,15}$/.test(raw) ? Number(raw) : 0));
  });
  return r;
}
