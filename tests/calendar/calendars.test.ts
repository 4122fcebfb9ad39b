// Calendars through the API: find (DEFAULT made once, even by concurrent first calls), add / update /
// delete with their rules, the tree's checked state, organisation calendars (members write, others may
// subscribe and read, org-chart-restricted users see none, the user's own organisation first), PUBLIC
// calendars and subscriptions, the config, and the company's module flag.
import { beforeAll, describe, expect, test } from "vitest";
import { and, eq } from "drizzle-orm";
import { calendarChanges, calendars, companies } from "../../db/schema/index.ts";
import type { CalendarEntry } from "../../shared/calendar/calendars.ts";
import { calendarTopic } from "../../shared/calendar/constants.ts";
import type { Conn } from "../../server/realtime/hub.ts";
import { createTestApp } from "../support/test-app.ts";
import { calendarApi, type Co, company, type Member, timed } from "./helpers.ts";

const t = await createTestApp();
const api = calendarApi(t);
let A: Co;
let sales = 0, dev = 0;
let kim: Member, lee: Member, park: Member, res: Member;

beforeAll(async () => {
  A = await company(t, "cal-calendars.test");
  sales = await A.org("Sales");
  dev = await A.org("Dev");
  kim = await A.user("kim", [sales]);
  lee = await A.user("lee", [dev]);
  park = await A.user("park", [dev, sales]);
  res = await A.user("res", [sales], { isOrgChartRestricted: true });
});

const byType = (list: CalendarEntry[], type: string) => list.filter((c) => c.type === type);

describe("own calendars", () => {
  test("the DEFAULT calendar is made on first use, once, even by concurrent calls", async () => {
    const lists = await Promise.all([1, 2, 3, 4, 5].map(() => api.find(lee)));
    const ids = new Set(lists.map((l) => byType(l, "DEFAULT").map((c) => c.id).join()));
    expect(ids.size).toBe(1);
    const rows = await t.db.db.select().from(calendars).where(and(eq(calendars.ownerUserId, lee.id), eq(calendars.type, "DEFAULT")));
    expect(rows.length).toBe(1);
    const [d] = byType(lists[0], "DEFAULT");
    expect(d).toMatchObject({ title: "Lee", privilege: 4, selected: true, isSubscribed: false, ownerUserId: lee.id, calendarId: d.id });
    expect(lists[0][0].type).toBe("DEFAULT");
  });

  test("add, update, delete with their rules", async () => {
    const c = await api.add(kim, { title: "Side project", color: "#33B679" });
    expect(c).toMatchObject({ type: "PRIVATE", title: "Side project", color: "#33b679", privilege: 4, isPublic: false });
    const bad: [Record<string, unknown>, string][] = [
      [{}, "calendar.title_required"], [{ title: "   " }, "calendar.title_required"], [{ title: "x".repeat(81) }, "calendar.title_too_long"],
      [{ title: "ok", color: "red" }, "calendar.color_invalid"], [{ title: "ok", type: "HOLIDAY" }, "common.validation"],
      [{ title: "nul\u0000" }, "common.validation"],
    ];
    for (const [json, code] of bad) {
      const r = await api.raw("POST", "/api/calendar/add", kim, json);
      expect([r.status, r.body.code], JSON.stringify(json)).toEqual([400, code]);
    }
    expect((await api.raw("POST", "/api/calendar/add", kim, { title: "가".repeat(80) })).status).toBe(201);

    const u = await api.raw("PUT", "/api/calendar/update", kim, { id: c.id, title: "Renamed", type: "PUBLIC" });
    expect(u.status).toBe(200);
    expect(u.body).toMatchObject({ title: "Renamed", type: "PUBLIC", isPublic: true });
    const def = await api.defaultCalendar(kim);
    expect((await api.raw("PUT", "/api/calendar/update", kim, { id: def.id, type: "PRIVATE" })).body.code).toBe("calendar.not_editable");
    expect((await api.raw("PUT", "/api/calendar/update", kim, { id: def.id, title: "Kim's" })).body.title).toBe("Kim's");
    expect((await api.raw("PUT", "/api/calendar/update", lee, { id: c.id, title: "Lee's now" })).status).toBe(403);
    expect((await api.raw("PUT", "/api/calendar/update", kim, { id: 99_999_999, title: "x" })).status).toBe(404);

    await api.createEvent(kim, timed(c.id, "In it", "2026-11-03T10:00", "2026-11-03T11:00"));
    expect((await api.raw("DELETE", `/api/calendar/delete/${def.id}`, kim)).body.code).toBe("calendar.default_not_deletable");
    expect((await api.raw("DELETE", `/api/calendar/delete/${c.id}`, lee)).status).toBe(403);
    expect((await api.raw("DELETE", `/api/calendar/delete/${c.id}`, kim)).status).toBe(204);
    expect((await api.find(kim)).some((x) => x.id === c.id)).toBe(false);
    expect((await api.raw("DELETE", `/api/calendar/delete/${c.id}`, kim)).status).toBe(404);
    expect((await api.raw("DELETE", "/api/calendar/delete/abc", kim)).status).toBe(404);
  });

  test("deleting a calendar takes its events out of the invitees' DEFAULT calendars too", async () => {
    const c = await api.add(kim, { title: "Short-lived" });
    const e = await api.createEvent(kim, timed(c.id, "Gone soon", "2026-11-20T10:00", "2026-11-20T11:00", { attendees: [{ email: lee.username }] }));
    const leeCal = (await api.defaultCalendar(lee)).id;
    expect((await api.list(lee, [leeCal], "2026-11-20", "2026-11-21")).map((i) => i.eventId)).toEqual([e.eventId]);
    // Shared with park: park's open views hear of the deletion.
    const shared = await t.call("POST", `/api/share/CALENDAR/${c.id}`, { token: kim.token, json: { members: [{ memberType: "USER", memberId: park.id, permission: 2 }] } });
    expect(shared.status).toBe(201);
    const parkHears: { event: string; data: Record<string, unknown> }[] = [];
    const conn: Conn = { username: park.username, send: (text) => parkHears.push(JSON.parse(text)), close: () => {}, stillValid: () => Promise.resolve(true) };
    t.deps.realtime.hub.add(conn);
    t.deps.realtime.hub.subscribe(conn, calendarTopic(park.username));
    expect((await api.raw("DELETE", `/api/calendar/delete/${c.id}`, kim)).status).toBe(204);
    expect(parkHears.map((f) => [f.event, f.data.calendarId])).toEqual([["CALENDAR_CHANGED", c.id]]);
    expect((await api.find(park)).some((x) => x.id === c.id)).toBe(false);
    expect(await api.list(lee, [leeCal], "2026-11-20", "2026-11-21")).toEqual([]);
    const log = await t.db.db.select().from(calendarChanges).where(and(eq(calendarChanges.calendarId, leeCal), eq(calendarChanges.uid, e.eventUId))).orderBy(calendarChanges.seq);
    expect(log.map((l) => l.deleted)).toEqual([false, true]);
    expect((await api.raw("GET", `/api/calendar/view/${e.id}`, lee)).status).toBe(404);
  });

  test("updateTreeStatus keeps the checked state per user", async () => {
    const def = await api.defaultCalendar(kim);
    const r = await api.raw("PUT", "/api/calendar/updateTreeStatus", kim, { calendarId: def.id, isChecked: false });
    expect([r.status, r.body]).toEqual([200, { calendarId: def.id, isChecked: false }]);
    expect((await api.defaultCalendar(kim)).selected).toBe(false);
    await api.raw("PUT", "/api/calendar/updateTreeStatus", kim, { calendarId: def.id, isChecked: "true" });
    expect((await api.defaultCalendar(kim)).selected).toBe(true);
    expect((await api.raw("PUT", "/api/calendar/updateTreeStatus", lee, { calendarId: def.id, isChecked: false })).status).toBe(404);
    expect((await api.raw("PUT", "/api/calendar/updateTreeStatus", kim, { calendarId: def.id })).status).toBe(400);
  });
});

describe("organisation calendars", () => {
  test("members see and write their organisation's calendar; the representative organisation first", async () => {
    const kimOrgs = byType(await api.find(kim), "ORGANIZATION");
    expect(kimOrgs.map((c) => [c.organId, c.title, c.privilege, c.ownerUserId])).toEqual([[sales, "Sales", 3, null]]);
    const parkOrgs = byType(await api.find(park), "ORGANIZATION");
    expect(parkOrgs.map((c) => c.organId)).toEqual([dev, sales]);
    // One calendar per organisation, whoever asked first.
    expect(parkOrgs.find((c) => c.organId === sales)!.id).toBe(kimOrgs[0].id);
    const e = await api.createEvent(kim, timed(kimOrgs[0].id, "Sales meeting", "2026-11-04T10:00", "2026-11-04T11:00"));
    expect((await api.list(park, [kimOrgs[0].id], "2026-11-01", "2026-11-30")).map((i) => i.eventId)).toEqual([e.eventId]);
    expect((await api.list(park, [kimOrgs[0].id], "2026-11-01", "2026-11-30"))[0].editable).toBe(true);
  });

  test("others subscribe to read; org-chart-restricted users see none", async () => {
    const tree = await api.raw("GET", "/api/calendar/find/organCalendars", kim);
    expect(tree.status).toBe(200);
    const flat = (nodes: { id: number; checked: boolean; isMember: boolean; children: unknown[] }[]): typeof nodes =>
      nodes.flatMap((n) => [n, ...flat(n.children as typeof nodes)]);
    expect(flat(tree.body).map((n) => [n.id, n.checked, n.isMember])).toEqual([[sales, true, true], [dev, false, false]]);
    const set = await api.raw("PUT", "/api/calendar/organCalendar", kim, { organIds: [dev] });
    expect([set.status, set.body.subscribedOrgan]).toEqual([200, [dev]]);
    const orgs = byType(await api.find(kim), "ORGANIZATION");
    expect(orgs.map((c) => [c.organId, c.privilege, c.isSubscribed])).toEqual([[sales, 3, false], [dev, 2, true]]);
    const devCal = orgs[1].id;
    const w = await api.raw("POST", "/api/calendar/event", kim, timed(devCal, "Not mine", "2026-11-04T10:00", "2026-11-04T11:00"));
    expect(w.status).toBe(403);
    expect((await api.raw("GET", "/api/calendar/find/config", kim)).body).toMatchObject({ subscribedOrgan: [dev], subscribedProject: [], timezone: "Asia/Seoul" });
    expect((await api.raw("PUT", "/api/calendar/organCalendar", kim, { organIds: [99_999_999] })).status).toBe(404);
    expect((await api.raw("DELETE", `/api/calendar/cancelSubscription/${devCal}`, kim)).status).toBe(204);
    expect(byType(await api.find(kim), "ORGANIZATION").map((c) => c.organId)).toEqual([sales]);

    expect(byType(await api.find(res), "ORGANIZATION")).toEqual([]);
    expect((await api.raw("GET", "/api/calendar/find/organCalendars", res)).body).toEqual([]);
    expect((await api.raw("PUT", "/api/calendar/organCalendar", res, { organIds: [dev] })).status).toBe(403);
    expect((await api.raw("GET", `/api/calendar/event?calendars[]=${devCal}&dtStart=2026-11-01&dtEnd=2026-11-30`, res)).status).toBe(404);
  });
});

describe("public calendars and subscriptions", () => {
  test("find/public, subscribe, read, cancel", async () => {
    const pub = await api.add(kim, { title: "Kim's public", type: "PUBLIC" });
    const priv = await api.add(kim, { title: "Kim's private" });
    await api.createEvent(kim, timed(pub.id, "Open event", "2026-11-06T10:00", "2026-11-06T11:00"));
    const found = await api.raw("GET", "/api/calendar/find/public?keyword=public", lee);
    expect(found.body.content.map((c: { id: number; ownerName: string; isSubscribed: boolean }) => [c.id, c.ownerName, c.isSubscribed]))
      .toEqual([[pub.id, "Kim", false]]);
    expect((await api.raw("GET", "/api/calendar/find/public", kim)).body.content.some((c: { id: number }) => c.id === pub.id)).toBe(false);
    const sub = await api.raw("POST", "/api/calendar/subscribe", lee, { calendarId: pub.id });
    expect(sub.status).toBe(201);
    expect(sub.body).toMatchObject({ id: pub.id, type: "PUBLIC_SUBSCRIPTION", targetCalendarId: pub.id, privilege: 2, isSubscribed: true, ownerName: "Kim" });
    expect((await api.raw("POST", "/api/calendar/subscribe", lee, { calendarId: pub.id })).status).toBe(409);
    expect((await api.list(lee, [pub.id], "2026-11-01", "2026-11-30")).map((i) => [i.name, i.editable])).toEqual([["Open event", false]]);
    expect((await api.raw("POST", "/api/calendar/event", lee, timed(pub.id, "Lee's", "2026-11-06T12:00", "2026-11-06T13:00"))).status).toBe(403);
    expect((await api.raw("POST", "/api/calendar/subscribe", lee, { calendarId: priv.id })).status).toBe(404);
    expect((await api.raw("POST", "/api/calendar/subscribe", kim, { calendarId: pub.id })).body.code).toBe("calendar.not_subscribable");
    expect((await api.raw("PUT", "/api/calendar/update", lee, { id: pub.id, color: "#0b8043" })).body.color).toBe("#0b8043");
    expect((await api.find(kim)).find((c) => c.id === pub.id)!.color).toBe("#4a86e8");
    expect((await api.raw("DELETE", `/api/calendar/cancelSubscription/${pub.id}`, lee)).status).toBe(204);
    expect(byType(await api.find(lee), "PUBLIC_SUBSCRIPTION")).toEqual([]);
    expect((await api.raw("DELETE", `/api/calendar/cancelSubscription/${pub.id}`, lee)).status).toBe(404);
  });
});

describe("bad input of the tree calls", () => {
  test("subscribe, organCalendar, find/public, cancelSubscription refuse what they cannot read", async () => {
    const cases: [string, string, unknown, number, string][] = [
      ["POST", "/api/calendar/subscribe", {}, 400, "common.validation"],
      ["POST", "/api/calendar/subscribe", { calendarId: "abc" }, 400, "common.validation"],
      ["POST", "/api/calendar/subscribe", { calendarId: 99_999_999 }, 404, "common.404"],
      ["PUT", "/api/calendar/organCalendar", { organIds: "x" }, 400, "common.validation"],
      ["GET", "/api/calendar/find/public?pageSize=0", undefined, 400, "common.validation"],
      ["GET", "/api/calendar/find/public?page=-1", undefined, 400, "common.validation"],
      ["DELETE", "/api/calendar/cancelSubscription/abc", undefined, 404, "common.404"],
      ["DELETE", "/api/calendar/cancelSubscription/99999999", undefined, 404, "common.404"],
      ["PUT", "/api/calendar/update", { title: "no id" }, 400, "common.validation"],
      ["PUT", "/api/calendar/updateTreeStatus", { calendarId: 1, isChecked: "maybe" }, 400, "common.validation"],
      ["PUT", "/api/calendar/update", [1, 2], 400, "common.validation"],
    ];
    for (const [method, path, json, status, code] of cases) {
      const r = await api.raw(method, path, kim, json);
      expect([r.status, r.body.code], `${method} ${path} ${JSON.stringify(json)}`).toEqual([status, code]);
    }
  });
});

describe("the company's module flag", () => {
  test("a company without the calendar answers 403 calendar.disabled on every call", async () => {
    await t.db.db.update(companies).set({ useCalendar: false }).where(eq(companies.id, A.companyId));
    try {
      for (const [method, path] of [["GET", "/api/calendar/find"], ["POST", "/api/calendar/event"], ["GET", "/api/calendar/view/1"]]) {
        const r = await api.raw(method, path, kim);
        expect([r.status, r.body.code], path).toEqual([403, "calendar.disabled"]);
      }
    } finally {
      await t.db.db.update(companies).set({ useCalendar: true }).where(eq(companies.id, A.companyId));
    }
    expect((await api.raw("GET", "/api/calendar/find", kim)).status).toBe(200);
    expect((await t.call("GET", "/api/calendar/find")).status).toBe(401);
  });
});
