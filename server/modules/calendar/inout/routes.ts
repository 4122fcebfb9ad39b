// Routes of the calendar's mail invitations, ICS import and export and the HOLIDAY calendar (shapes and
// paths: shared/calendar/inout.ts). Mounted in server/app.ts after calendarRoutes; the same rules: a
// signed-in user of a company with the calendar on (403 calendar.disabled otherwise).
import { Hono } from "hono";
import { counterReplyBody, feedBody, holidayAddBody, holidayYearQuery, importQuery, replyBody, replyStatusQuery } from "../../../../shared/calendar/inout.ts";
import { requireAuth } from "../../../lib/auth.ts";
import { type AppEnv, callerOf } from "../../../lib/context.ts";
import { notFound } from "../../../lib/errors.ts";
import { body, idParam, query } from "../../../lib/validate.ts";
import { moduleGate } from "../../../lib/module-gate.ts";
import * as answer from "../itip-mail/answer.ts";
import * as holiday from "../holiday-calendar/service.ts";
import { createFeed, FEED_PATH, feedFile, feedInfo, revokeFeed } from "./feed.ts";
import { exportCalendarFile, exportEventFile, icsResponse, importIcs, readLimited } from "./service.ts";

const calendarEnabled = moduleGate("useCalendar", "calendar.disabled");

/** The body limit of the import (the app's 2 MB API limit does not apply to it: app.ts OWN_BODY_LIMIT_PATHS). */
export const CALENDAR_IMPORT_PATH = "/api/calendar/import";

export function calendarInoutRoutes() {
  const r = new Hono<AppEnv>();
  for (const p of ["/api/calendar/reply", "/api/calendar/reply/*", "/api/calendar/counterReply", CALENDAR_IMPORT_PATH, "/api/calendar/export/*", "/api/calendar/holiday", "/api/calendar/holiday/*", "/api/calendar/feed", "/api/calendar/feed/*"]) {
    r.use(p, requireAuth, calendarEnabled);
  }

  r.post("/api/calendar/reply", async (c) => c.json(await answer.reply(callerOf(c), await body(c, replyBody))));
  r.get("/api/calendar/reply/status", async (c) => c.json(await answer.replyStatus(callerOf(c), query(c, replyStatusQuery).mailId)));
  r.post("/api/calendar/counterReply", async (c) => c.json(await answer.counterReply(callerOf(c), await body(c, counterReplyBody))));

  r.post(CALENDAR_IMPORT_PATH, async (c) => {
    const { calendarId } = query(c, importQuery);
    const length = c.req.header("content-length");
    const bytes = await readLimited(c.req.raw.body, length && /^\d+$/.test(length) ? Number(length) : null);
    return c.json(await importIcs(callerOf(c), calendarId, bytes));
  });
  r.get("/api/calendar/export/event/:id", async (c) => icsResponse(await exportEventFile(callerOf(c), c.req.param("id"))));
  r.get("/api/calendar/export/:id", async (c) => icsResponse(await exportCalendarFile(callerOf(c), idParam(c))));

  r.post("/api/calendar/feed", async (c) => c.json(await createFeed(callerOf(c), (await body(c, feedBody)).calendarId), 201));
  r.get("/api/calendar/feed/:id", async (c) => c.json(await feedInfo(callerOf(c), idParam(c))));
  r.delete("/api/calendar/feed/:id", async (c) => {
    await revokeFeed(callerOf(c), idParam(c));
    return c.body(null, 204);
  });
  // Without sign-in: the secret token is the credential.
  r.get(`${FEED_PATH}/:token`, async (c) => {
    const file = await feedFile(c.get("deps"), c.req.param("token"), { ip: c.get("ip"), userAgent: c.get("userAgent") });
    if (!file) throw notFound();
    return icsResponse(file, { download: false });
  });

  r.get("/api/calendar/holiday", async (c) => c.json(await holiday.list(callerOf(c), query(c, holidayYearQuery).year)));
  r.post("/api/calendar/holiday", async (c) => c.json(await holiday.add(callerOf(c), await body(c, holidayAddBody)), 201));
  r.delete("/api/calendar/holiday/:id", async (c) => {
    await holiday.remove(callerOf(c), idParam(c));
    return c.body(null, 204);
  });
  return r;
}
