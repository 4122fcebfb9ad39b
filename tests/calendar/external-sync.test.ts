// Google calendars in the calendar (issue 23 "External Google Calendar"; 001 §7 "External calendars"): the
// calendar list in pages becomes EXTERNAL calendars in the tree (Google's title, colour, selection), their
// events arrive in the window Google was asked for (pages, singleEvents) and show in the month query and
// search like others, but cannot be edited, deleted or added to; selection with PATCH; incremental sync with
// Google's sync token picks up a change and a deletion, a stale token (410) starts over; an expired access
// token is refreshed exactly once; a revoked grant leaves the connection INVALID_TOKEN; the job syncs what is
// due; another user's calendar answers 404.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { ExternalCalendarConnection } from "../../shared/calendar/external.ts";
import type { EventItem } from "../../shared/calendar/events.ts";
import { eq } from "drizzle-orm";
import { externalConnections } from "../../db/schema/index.ts";
import { syncDueCalendars } from "../../server/modules/calendar/external/job.ts";
import { startGoogleStandin } from "../support/google-standin.ts";
import { createTestApp, login } from "../support/test-app.ts";
import { PW } from "../share/share-helpers.ts";
import { calendarApi, type Co, company, type Member } from "./helpers.ts";
import { configureGoogle, connectGoogle } from "./external-support.ts";

const t = await createTestApp();
const api = calendarApi(t);
const g = startGoogleStandin();
afterAll(() => g.close());
const PRIMARY = "kim.google@gmail.test";
g.addCalendar({ id: PRIMARY, summary: "Kim Google", backgroundColor: "#9FE1E7", primary: true, selected: true });
g.addCalendar({ id: "team@group.calendar.google.com", summary: "Team", backgroundColor: "#F83A22", selected: true });
g.addCalendar({ id: "birthdays@group.v.calendar.google.com", summary: "Birthdays", backgroundColor: "#7BD148", selected: false });
const at = (day: number, hour: number) => ({ dateTime: `2026-12-${String(day).padStart(2, "0")}T${String(hour).padStart(2, "0")}:00:00+09:00`, timeZone: "Asia/Seoul" });
g.putEvent(PRIMARY, { id: "ev1", summary: "치과 예약", location: "강남", start: at(3, 10), end: at(3, 11) });
g.putEvent(PRIMARY, { id: "ev2", summary: "Google standup", start: at(8, 9), end: at(8, 10) });
g.putEvent(PRIMARY, { id: "ev3", summary: "All day trip", start: { date: "2026-12-10" }, end: { date: "2026-12-12" } });
g.putEvent(PRIMARY, { id: "ev4", summary: "Lunch", start: at(15, 12), end: at(15, 13) });
g.putEvent(PRIMARY, { id: "ev5_20261222T010000Z", summary: "Weekly 1:1", start: at(22, 10), end: at(22, 11) });
g.putEvent("team@group.calendar.google.com", { id: "team1", summary: "Team review", start: at(9, 15), end: at(9, 16) });
g.putEvent("birthdays@group.v.calendar.google.com", { id: "bday1", summary: "Mina's birthday", start: { date: "2026-12-20" }, end: { date: "2026-12-21" } });

let A: Co;
let kim: Member, lee: Member;
let connectionId = 0;
let view: ExternalCalendarConnection;
const byTitle = (title: string) => view.calendars.find((c) => c.title === title)!;

async function sync(who: Member = kim): Promise<ExternalCalendarConnection> {
  const r = await t.call("GET", `/api/external/calendars?connectionId=${connectionId}&sync=true`, { token: who.token });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

async function externalEvents(extra = ""): Promise<EventItem[]> {
  const r = await t.call("GET", `/api/external/calendars/events?connectionId=${connectionId}&startDt=2026-12-01&endDt=2027-01-01${extra}`, { token: kim.token });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

beforeAll(async () => {
  t.clock.set(new Date("2026-12-01T00:00:00Z"));
  A = await company(t, "ext-sync.test");
  kim = await A.user("kim");
  lee = await A.user("lee");
  await configureGoogle(t, A.admin, g);
  connectionId = (await connectGoogle(t, kim)).connectionId!;
});

describe("the calendar list", () => {
  test("before a sync nothing is loaded; a sync fetches every page of it", async () => {
    const before = await t.call("GET", `/api/external/calendars?connectionId=${connectionId}`, { token: kim.token });
    expect(before.body).toMatchObject({ id: connectionId, email: PRIMARY, username: "Kim Google", loaded: false, calendars: [], errorMessage: null });
    view = await sync();
    expect(view.loaded).toBe(true);
    expect(view.calendars.map((c) => [c.title, c.color, c.selected, c.primary])).toEqual([
      ["Kim Google", "#9fe1e7", true, true],
      ["Birthdays", "#7bd148", false, false],
      ["Team", "#f83a22", true, false],
    ]);
  });

  test("they are EXTERNAL calendars in the tree, read-only, with their connection", async () => {
    const tree = await api.find(kim);
    const ext = tree.filter((c) => c.type === "EXTERNAL");
    expect(ext.map((c) => c.title).sort()).toEqual(["Birthdays", "Kim Google", "Team"]);
    for (const c of ext) expect(c).toMatchObject({ connectionId, privilege: 2 });
    expect((await api.find(lee)).filter((c) => c.type === "EXTERNAL")).toEqual([]);
  });
});

describe("events", () => {
  test("the checked calendars' events of a range, through the external call and the month query alike", async () => {
    const items = await externalEvents();
    expect(items.map((i) => i.name)).toEqual(["치과 예약", "Google standup", "Team review", "All day trip", "Lunch", "Weekly 1:1"]);
    const trip = items.find((i) => i.name === "All day trip")!;
    expect(trip).toMatchObject({ isAllDay: true, start: "2026-12-10", end: "2026-12-11" });
    expect(items.find((i) => i.name === "치과 예약")).toMatchObject({ start: "2026-12-03T01:00:00.000Z", location: "강남" });
    for (const i of items) expect(i.editable).toBe(false);
    const month = await api.list(kim, [byTitle("Kim Google").id, byTitle("Team").id], "2026-12-01", "2027-01-01");
    expect(month.map((i) => i.name)).toEqual(items.map((i) => i.name));
    const range = await externalEvents(`&ids[]=${byTitle("Kim Google").id}`);
    expect(range.map((i) => i.name)).not.toContain("Team review");
    // Google was asked for the window around today, one occurrence per event, in pages.
    const full = g.eventRequests.find((p) => p.has("timeMin"))!;
    expect(full.get("singleEvents")).toBe("true");
    expect(Date.parse(full.get("timeMin")!)).toBeLessThan(Date.parse("2026-01-01"));
    expect(Date.parse(full.get("timeMax")!)).toBeGreaterThan(Date.parse("2028-01-01"));
    expect(g.eventRequests.some((p) => p.has("pageToken"))).toBe(true);
  });

  test("search finds them as other events", async () => {
    const r = await t.call("GET", "/api/calendar/search?keyword=standup", { token: kim.token });
    expect(r.status).toBe(200);
    expect(r.body.content.map((i: EventItem) => i.name)).toEqual(["Google standup"]);
  });

  test("cannot be edited, deleted, answered or added to", async () => {
    const [first] = await externalEvents();
    const patch = await t.call("PATCH", `/api/calendar/event/${first.id}`, { token: kim.token, json: { summary: "바꾸기", scope: "ALL" } });
    expect(patch.status).toBe(403);
    expect(patch.body.code).toBe("calendar.external_not_editable");
    const del = await t.call("DELETE", `/api/calendar/event/${first.id}`, { token: kim.token });
    expect(del.status).toBe(403);
    expect(del.body.code).toBe("calendar.external_not_editable");
    const add = await t.call("POST", "/api/calendar/event", {
      token: kim.token, json: { calendarId: byTitle("Kim Google").id, summary: "새 일정", dtStart: "2026-12-04T10:00", dtEnd: "2026-12-04T11:00" },
    });
    expect(add.status).toBe(403);
    expect(add.body.code).toBe("calendar.external_not_editable");
    const removeCal = await t.call("DELETE", `/api/calendar/delete/${byTitle("Kim Google").id}`, { token: kim.token });
    expect(removeCal.status).toBe(403);
    expect((await externalEvents()).map((i) => i.name)).toContain("치과 예약");
  });

  test("another user sees neither the calendars nor the events (404 as missing)", async () => {
    const cal = byTitle("Kim Google").id;
    const list = await t.call("GET", `/api/calendar/event?calendars[]=${cal}&dtStart=2026-12-01&dtEnd=2027-01-01`, { token: lee.token });
    expect(list.status).toBe(404);
    const patch = await t.call("PATCH", `/api/external/calendars/${cal}`, { token: lee.token, json: { selected: false } });
    expect(patch.status).toBe(404);
    const [first] = await externalEvents();
    expect((await t.call("GET", `/api/calendar/view/${first.id}`, { token: lee.token })).status).toBe(404);
  });
});

describe("selection", () => {
  test("checking a calendar fetches its events; unchecking leaves them out of the external call", async () => {
    const birthdays = byTitle("Birthdays");
    expect(birthdays.syncedAt).toBeNull();
    const on = await t.call("PATCH", `/api/external/calendars/${birthdays.id}`, { token: kim.token, json: { selected: true } });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ id: birthdays.id, selected: true });
    expect(on.body.syncedAt).not.toBeNull();
    expect((await externalEvents()).map((i) => i.name)).toContain("Mina's birthday");
    const off = await t.call("PATCH", `/api/external/calendars/${birthdays.id}`, { token: kim.token, json: { selected: false } });
    expect(off.body.selected).toBe(false);
    expect((await externalEvents()).map((i) => i.name)).not.toContain("Mina's birthday");
    const tree = await api.find(kim);
    expect(tree.find((c) => c.id === birthdays.id)!.selected).toBe(false);
    const bad = await t.call("PATCH", `/api/external/calendars/${birthdays.id}`, { token: kim.token, json: { selected: "maybe" } });
    expect(bad.status).toBe(400);
  });
});

describe("incremental sync", () => {
  test("a change and a deletion at Google arrive with the sync token", async () => {
    g.putEvent(PRIMARY, { id: "ev2", summary: "Google standup (moved)", start: at(8, 14), end: at(8, 15) });
    g.deleteEvent(PRIMARY, "ev4");
    const before = g.eventRequests.length;
    await sync();
    const asked = g.eventRequests.slice(before);
    expect(asked.length).toBeGreaterThan(0);
    for (const p of asked) {
      expect(p.get("syncToken")).toMatch(/^s\d+g\d+$/);
      expect(p.has("timeMin")).toBe(false);
    }
    const names = (await externalEvents()).map((i) => i.name);
    expect(names).toContain("Google standup (moved)");
    expect(names).not.toContain("Google standup");
    expect(names).not.toContain("Lunch");
  });

  test("a stale sync token (410 Gone) starts over with a full sync", async () => {
    g.invalidateSyncTokens();
    g.putEvent(PRIMARY, { id: "ev6", summary: "After the reset", start: at(28, 9), end: at(28, 10) });
    const before = g.eventRequests.length;
    const r = await sync();
    expect(r.errorMessage).toBeNull();
    expect(g.eventRequests.slice(before).some((p) => p.has("timeMin"))).toBe(true);
    const names = (await externalEvents()).map((i) => i.name);
    expect(names).toEqual(["치과 예약", "Google standup (moved)", "Team review", "All day trip", "Weekly 1:1", "After the reset"]);
  });

  test("the job syncs the checked calendars that are due", async () => {
    g.putEvent("team@group.calendar.google.com", { id: "team2", summary: "Planning", start: at(16, 10), end: at(16, 11) });
    expect(await syncDueCalendars(t.deps)).toBe(0); // synced a moment ago: not due yet
    t.clock.advance(6 * 60_000);
    const done = await syncDueCalendars(t.deps);
    expect(done).toBe(2); // Kim Google and Team: Birthdays is unchecked
    expect((await externalEvents()).map((i) => i.name)).toContain("Planning");
  });

  test("two instances' jobs at once sync each due calendar once (claims skip locked rows)", async () => {
    t.clock.advance(6 * 60_000);
    const before = g.eventRequests.length;
    const [a, b] = await Promise.all([syncDueCalendars(t.deps), syncDueCalendars(t.deps)]);
    expect(a + b).toBe(2);
    expect(g.eventRequests.length - before).toBe(2);
  });
});

describe("tokens", () => {
  // The clock has moved past the suite's own access token: sign in again.
  beforeAll(async () => {
    kim.token = (await login(t, kim.username, PW)).access_token;
  });

  test("an expired access token is refreshed once and the call tried again", async () => {
    g.expireAccessTokens();
    const refreshes = g.counts.refreshes;
    const unauthorized = g.counts.unauthorized;
    g.putEvent(PRIMARY, { id: "ev7", summary: "After the refresh", start: at(29, 9), end: at(29, 10) });
    const r = await sync();
    expect(r.errorMessage).toBeNull();
    expect(g.counts.refreshes).toBe(refreshes + 1);
    expect(g.counts.unauthorized).toBe(unauthorized + 1);
    expect((await externalEvents()).map((i) => i.name)).toContain("After the refresh");
  });

  test("a token about to expire is refreshed before the call (no 401)", async () => {
    const refreshes = g.counts.refreshes;
    const unauthorized = g.counts.unauthorized;
    // The stored expiry 30 s away (inside the minute's margin); the token itself still works at Google.
    await t.deps.db.update(externalConnections).set({ expiresAt: new Date(t.clock.now().getTime() + 30_000) })
      .where(eq(externalConnections.id, connectionId));
    expect((await sync()).errorMessage).toBeNull();
    expect(g.counts.refreshes).toBe(refreshes + 1);
    expect(g.counts.unauthorized).toBe(unauthorized);
  });

  test("a revoked grant leaves the connection INVALID_TOKEN, its events kept, the job waiting", async () => {
    g.revokeGrant();
    const r = await sync();
    expect(r.errorMessage).toBe("INVALID_TOKEN");
    const list = await t.call("GET", "/api/oauth2/connections?serviceType=GOOGLE_CALENDAR", { token: kim.token });
    expect(list.body[0].errorMessage).toBe("INVALID_TOKEN");
    expect((await externalEvents()).length).toBeGreaterThan(0);
    t.clock.advance(6 * 60_000);
    expect(await syncDueCalendars(t.deps)).toBe(0);
    // Connecting again clears it.
    const again = await connectGoogle(t, kim);
    expect(again).toMatchObject({ connectionId, errorMessage: null });
    expect((await sync()).errorMessage).toBeNull();
  });
});
