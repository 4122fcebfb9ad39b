// Two companies: company A's users try every calendar call with company B's calendar, event and instance
// ids. Each answers exactly as a missing id does (404), nothing of B shows in A's answers, and B is unchanged.
import { beforeAll, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { calendarEvents, calendars, calendarUserStates } from "../../db/schema/index.ts";
import { createTestApp } from "../support/test-app.ts";
import { calendarApi, type Co, company, timed } from "./helpers.ts";

const t = await createTestApp();
const api = calendarApi(t);
let A: Co, B: Co;
const b = { defaultCal: 0, publicCal: 0, orgCal: 0, event: "", series: "", instance: "", org: 0 };

async function snapshotB() {
  const cals = await t.db.db.select().from(calendars).where(eq(calendars.companyId, B.companyId)).orderBy(calendars.id);
  const events = await t.db.db.select().from(calendarEvents).where(eq(calendarEvents.companyId, B.companyId)).orderBy(calendarEvents.id);
  const states = await t.db.db.select().from(calendarUserStates).where(eq(calendarUserStates.companyId, B.companyId));
  return JSON.stringify({ cals, events, states });
}

beforeAll(async () => {
  A = await company(t, "cal-iso-a.test");
  B = await company(t, "cal-iso-b.test");
  b.org = await B.org("B Team");
  const bUser = await B.user("bob", [b.org]);
  b.defaultCal = (await api.defaultCalendar(B.admin)).id;
  b.publicCal = (await api.add(B.admin, { title: "B public", type: "PUBLIC" })).id;
  b.orgCal = (await api.find(bUser)).find((c) => c.type === "ORGANIZATION")!.id;
  b.event = (await api.createEvent(B.admin, timed(b.publicCal, "B secret", "2026-11-03T10:00", "2026-11-03T11:00", {
    attendees: [{ email: bUser.username }],
  }))).id;
  const s = await api.createEvent(B.admin, timed(b.defaultCal, "B series", "2026-11-02T09:00", "2026-11-02T10:00", { recurrence: { freq: "DAILY" } }));
  b.series = s.id;
  b.instance = `${s.eventId}_20261104T090000`;
  await api.defaultCalendar(A.admin);
});

test("every call with a B id answers as a missing id, and B is unchanged", async () => {
  const before = await snapshotB();
  const missingCal = 99_999_999;
  const missingEvent = "99999999";
  const range = "dtStart=2026-11-01&dtEnd=2026-11-30";
  type Call = [string, (cal: number, ev: string) => string, ((cal: number, ev: string) => unknown)?];
  const calls: Call[] = [
    ["GET", (c) => `/api/calendar/event?calendars[]=${c}&${range}`],
    ["POST", () => "/api/calendar/event", (c) => timed(c, "Into B", "2026-11-03T12:00", "2026-11-03T13:00")],
    ["PATCH", (_c, e) => `/api/calendar/event/${e}`, () => ({ summary: "hacked" })],
    ["PATCH", (_c, e) => `/api/calendar/event/${e}`, (c) => ({ calendarId: c })],
    ["DELETE", (_c, e) => `/api/calendar/event/${e}`],
    ["POST", () => "/api/calendar/event/deleteByDate", (_c, e) => ({ id: e, scope: "THIS" })],
    ["PUT", () => "/api/calendar/event/partStat", (_c, e) => ({ id: e, partStat: "ACCEPTED" })],
    ["GET", (_c, e) => `/api/calendar/view/${e}`],
    ["PUT", () => "/api/calendar/update", (c) => ({ id: c, title: "hacked" })],
    ["PUT", () => "/api/calendar/update", (c) => ({ id: c, color: "#000000" })],
    ["PUT", () => "/api/calendar/updateTreeStatus", (c) => ({ calendarId: c, isChecked: false })],
    ["DELETE", (c) => `/api/calendar/delete/${c}`],
    ["POST", () => "/api/calendar/subscribe", (c) => ({ calendarId: c })],
    ["DELETE", (c) => `/api/calendar/cancelSubscription/${c}`],
  ];
  // A's own event, for moving it into B's calendars below.
  const aCal = (await api.defaultCalendar(A.admin)).id;
  const aEvent = (await api.createEvent(A.admin, timed(aCal, "A's", "2026-11-05T10:00", "2026-11-05T11:00"))).id;
  for (const [method, path, json] of calls) {
    const missing = await api.raw(method, path(missingCal, missingEvent), A.admin, json?.(missingCal, missingEvent));
    for (const [cal, ev] of [[b.defaultCal, b.event], [b.publicCal, b.series], [b.orgCal, b.instance]] as [number, string][]) {
      const r = await api.raw(method, path(cal, ev), A.admin, json?.(cal, ev));
      expect([r.status, r.body?.code], `${method} ${path(cal, ev)}`).toEqual([404, "common.404"]);
      expect(r.status).toBe(missing.status);
    }
  }
  // A's own event moved into a B calendar: the target answers as a missing calendar.
  for (const cal of [b.defaultCal, b.publicCal, b.orgCal, missingCal]) {
    expect((await api.raw("PATCH", `/api/calendar/event/${aEvent}`, A.admin, { calendarId: cal })).status).toBe(404);
  }
  expect((await api.raw("PUT", "/api/calendar/organCalendar", A.admin, { organIds: [b.org] })).status).toBe(404);
  expect((await api.raw("POST", "/api/calendar/freeBusy", A.admin, { userIds: [B.admin.id], dtStart: "2026-11-01", dtEnd: "2026-11-30" })).body.code)
    .toBe("calendar.freebusy_internal_only");
  expect((await api.raw("POST", "/api/calendar/freeBusy", A.admin, { emails: [B.admin.username], dtStart: "2026-11-01", dtEnd: "2026-11-30" })).body.code)
    .toBe("calendar.freebusy_internal_only");
  expect((await t.call("POST", `/api/share/CALENDAR/${b.defaultCal}`, {
    token: A.admin.token, json: { members: [{ memberType: "USER", memberId: A.admin.id, permission: 3 }] },
  })).status).toBe(404);

  // Nothing of B in A's answers.
  const seen = JSON.stringify([
    await api.find(A.admin),
    (await api.raw("GET", "/api/calendar/find/public", A.admin)).body,
    (await api.raw("GET", "/api/calendar/find/organCalendars", A.admin)).body,
    (await api.raw("GET", "/api/calendar/search?keyword=secret", A.admin)).body,
    (await api.raw("GET", "/api/calendar/search?keyword=series", A.admin)).body,
  ]);
  for (const word of ["B public", "B secret", "B series", "B Team"]) expect(seen).not.toContain(word);
  expect(await snapshotB()).toBe(before);
});
