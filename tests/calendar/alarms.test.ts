// Calendar alarms that fire (server/modules/calendar/alarms/): the job's tick run by hand on the test's clock.
// A single event's alarm fires once at its instant; each occurrence of a series fires, a moved override at its
// new time, a deleted occurrence and a deleted or moved event not at the old time; all-day events at 00:00 of
// their zone (Asia/Seoul and New York), a timed event in Berlin by its own clock, a New York series across the
// change to summer time; an edit between an alarm falling due and the tick; alarms more than the grace
// window late are skipped; two instances ticking at once deliver each alarm once; internal attendees get the
// alarm unless they declined (that occurrence); a mail lands in the inbox of those who chose it, in their
// language, and not otherwise; another company's events never reach this one; the settings calls' rules.
import { beforeAll, describe, expect, test } from "vitest";
import { and, eq } from "drizzle-orm";
import { calendarAlarmDeliveries, calendarAlarmPlans, mailMessages, mails } from "../../db/schema/index.ts";
import { connect } from "../../db/client.ts";
import { createDeps } from "../../server/deps.ts";
import type { Conn } from "../../server/realtime/hub.ts";
import { runAlarmTick } from "../../server/modules/calendar/alarms/job.ts";
import { CALENDAR_ALARM_EVENT } from "../../shared/calendar/alarms.ts";
import { calendarTopic } from "../../shared/calendar/constants.ts";
import type { AppDeps } from "../../server/lib/context.ts";
import { ADMIN_PASSWORD, createTestApp, login } from "../support/test-app.ts";
import { PW } from "../share/share-helpers.ts";
import { calendarApi, type Co, company, type Member, timed } from "./helpers.ts";

// Access tokens for a day: a test signs in again when it jumps to its own date, then moves within that day.
const t = await createTestApp({ ACCESS_TOKEN_TTL_SECONDS: "86400" });
const api = calendarApi(t);
let A: Co, B: Co;
let kim: Member, lee: Member, ana: Member, bob: Member;
let cal = 0;

interface Got {
  user: string;
  data: Record<string, unknown>;
}
const got: Got[] = [];

/** Every CALENDAR_ALARM these users' calendar topics receive on this hub. */
function listen(deps: AppDeps, usernames: string[]) {
  for (const username of usernames) {
    const conn: Conn = {
      username,
      send: (text) => {
        const f = JSON.parse(text);
        if (f.event === CALENDAR_ALARM_EVENT) got.push({ user: username, data: f.data });
      },
      close: () => {},
      stillValid: () => Promise.resolve(true),
    };
    deps.realtime.hub.add(conn);
    deps.realtime.hub.subscribe(conn, calendarTopic(username));
  }
}

/** The alarms received since the last call, then forgotten. */
function take(): Got[] {
  return got.splice(0, got.length).sort((a, b) => a.user.localeCompare(b.user) || String(a.data.id).localeCompare(String(b.data.id)));
}

const at = (iso: string) => t.clock.set(new Date(iso));

/** The clock set to a test's first moment, everyone signed in again there. */
async function startAt(iso: string) {
  at(iso);
  for (const m of [A.admin, B.admin]) m.token = (await login(t, m.username, ADMIN_PASSWORD)).access_token;
  for (const m of [kim, lee, ana, bob]) m.token = (await login(t, m.username, PW)).access_token;
}
const tick = () => runAlarmTick(t.deps);

beforeAll(async () => {
  A = await company(t, "cal-alarms.test");
  B = await company(t, "cal-alarms-b.test");
  kim = await A.user("kim");
  lee = await A.user("lee", [], { languageType: "en" });
  ana = await A.user("ana", [], { languageType: "id" });
  bob = await B.user("bob");
  cal = (await api.defaultCalendar(A.admin)).id;
  listen(t.deps, [A.admin.username, kim.username, lee.username, ana.username, B.admin.username, bob.username]);
});

describe("when alarms fire", () => {
  test("a single event: once, at start minus the offset, with its ids and start", async () => {
    await startAt("2027-03-10T00:00:00Z"); // 09:00 in Seoul
    const e = await api.createEvent(A.admin, timed(cal, "Standup", "2027-03-10T10:00", "2027-03-10T10:30", { alarms: [{ value: 15, unit: "MINUTES" }] }));
    const [plan] = await t.db.db.select().from(calendarAlarmPlans).where(eq(calendarAlarmPlans.eventId, e.eventId));
    expect(plan.nextAt?.toISOString()).toBe("2027-03-10T00:45:00.000Z");
    await tick();
    at("2027-03-10T00:44:59Z");
    await tick();
    expect(take()).toEqual([]);
    at("2027-03-10T00:45:10Z");
    expect(await tick()).toMatchObject({ fired: 1, notices: 1 });
    expect(take()).toEqual([{
      user: A.admin.username,
      data: { id: String(e.eventId), eventId: e.eventId, start: "2027-03-10T01:00:00.000Z", allDay: 0, minutesBefore: 15, at: Date.parse("2027-03-10T00:45:00Z") },
    }]);
    at("2027-03-10T00:46:00Z");
    await tick();
    expect(take()).toEqual([]);
    const [after] = await t.db.db.select().from(calendarAlarmPlans).where(eq(calendarAlarmPlans.eventId, e.eventId));
    expect(after.nextAt).toBeNull();
  });

  test("a series: every occurrence; an override fires at its new time; a deleted occurrence not at all", async () => {
    await startAt("2027-03-31T00:00:00Z");
    const s = await api.createEvent(A.admin, timed(cal, "Daily", "2027-04-01T09:00", "2027-04-01T09:30", {
      recurrence: { freq: "DAILY", count: 4 }, alarms: [{ value: 10, unit: "MINUTES" }],
    }));
    const id = (d: string) => `${s.eventId}_${d}T090000`;
    at("2027-03-31T23:50:05Z"); // 08:50:05 on 1 April in Seoul
    await tick();
    expect(take().map((g) => [g.data.id, g.data.start])).toEqual([[id("20270401"), "2027-04-01T00:00:00.000Z"]]);
    // The 3rd moves to 11:00, the 4th is deleted.
    await api.patchEvent(A.admin, id("20270403"), { scope: "THIS", dtStart: "2027-04-03T11:00", dtEnd: "2027-04-03T11:30" });
    expect((await api.raw("POST", "/api/calendar/event/deleteByDate", A.admin, { id: id("20270404"), scope: "THIS" })).status).toBe(204);
    at("2027-04-01T23:50:05Z");
    await tick();
    expect(take().map((g) => g.data.id)).toEqual([id("20270402")]);
    at("2027-04-02T23:50:05Z"); // 08:50 on the 3rd: the override is at 11:00 now
    await tick();
    expect(take()).toEqual([]);
    at("2027-04-03T01:50:05Z");
    await tick();
    expect(take().map((g) => [g.data.id, g.data.start])).toEqual([[id("20270403"), "2027-04-03T02:00:00.000Z"]]);
    at("2027-04-03T23:50:05Z");
    await tick();
    expect(take()).toEqual([]);
    const [plan] = await t.db.db.select().from(calendarAlarmPlans).where(eq(calendarAlarmPlans.eventId, s.eventId));
    expect(plan.nextAt).toBeNull();
  });

  test("an event moved after its alarm was planned fires at the new time; a deleted one never", async () => {
    await startAt("2027-05-01T00:00:00Z");
    const moved = await api.createEvent(A.admin, timed(cal, "Moved", "2027-05-02T10:00", "2027-05-02T11:00", { alarms: [{ value: 1, unit: "HOURS" }] }));
    const gone = await api.createEvent(A.admin, timed(cal, "Gone", "2027-05-02T10:00", "2027-05-02T11:00", { alarms: [{ value: 1, unit: "HOURS" }] }));
    await api.patchEvent(A.admin, moved.id, { dtStart: "2027-05-02T15:00", dtEnd: "2027-05-02T16:00" });
    expect((await api.raw("DELETE", `/api/calendar/event/${gone.id}`, A.admin)).status).toBe(204);
    expect(await t.db.db.select().from(calendarAlarmPlans).where(eq(calendarAlarmPlans.eventId, gone.eventId))).toEqual([]);
    at("2027-05-02T00:00:30Z"); // 09:00:30 in Seoul: the old alarm time of both
    await tick();
    expect(take()).toEqual([]);
    at("2027-05-02T05:00:30Z");
    await tick();
    expect(take().map((g) => [g.data.id, g.data.start])).toEqual([[moved.id, "2027-05-02T06:00:00.000Z"]]);
  });

  test("all-day events at 00:00 of their zone (Seoul, New York); a timed one by its own zone's clock", async () => {
    await startAt("2027-06-01T00:00:00Z");
    const seoul = await api.createEvent(A.admin, { calendarId: cal, summary: "Holiday trip", dtStart: "2027-06-05", dtEnd: "2027-06-05", isAllDay: true, alarms: [{ value: 1, unit: "DAYS" }] });
    const ny = await api.createEvent(A.admin, {
      calendarId: cal, summary: "NY day", dtStart: "2027-06-05", dtEnd: "2027-06-05", isAllDay: true, timezone: "America/New_York", alarms: [{ value: 1, unit: "HOURS" }],
    });
    const berlin = await api.createEvent(A.admin, timed(cal, "Berlin call", "2027-06-04T09:00", "2027-06-04T10:00", { timezone: "Europe/Berlin", alarms: [{ value: 30, unit: "MINUTES" }] }));
    // The New York day keeps its zone through an edit that does not name one.
    await api.patchEvent(A.admin, ny.id, { summary: "NY day (edited)" });
    // Seoul: 00:00 on the 4th in Seoul = 15:00 UTC on the 3rd.
    at("2027-06-03T14:59:59Z");
    await tick();
    expect(take()).toEqual([]);
    at("2027-06-03T15:00:05Z");
    await tick();
    expect(take().map((g) => [g.data.id, g.data.start, g.data.allDay])).toEqual([[seoul.id, "2027-06-05", 1]]);
    // Berlin: 08:30 CEST on the 4th = 06:30 UTC.
    at("2027-06-04T06:29:59Z");
    await tick();
    expect(take()).toEqual([]);
    at("2027-06-04T06:30:05Z");
    await tick();
    expect(take().map((g) => [g.data.id, g.data.start])).toEqual([[berlin.id, "2027-06-04T07:00:00.000Z"]]);
    // New York: 23:00 EDT on the 4th = 03:00 UTC on the 5th.
    at("2027-06-05T02:59:59Z");
    await tick();
    expect(take()).toEqual([]);
    at("2027-06-05T03:00:05Z");
    await tick();
    expect(take().map((g) => [g.data.id, g.data.start, g.data.allDay])).toEqual([[ny.id, "2027-06-05", 1]]);
  });

  test("a daily series in New York keeps its wall clock across the change to summer time", async () => {
    await startAt("2027-03-12T00:00:00Z");
    const s = await api.createEvent(A.admin, timed(cal, "NY standup", "2027-03-13T09:00", "2027-03-13T09:15", {
      timezone: "America/New_York", recurrence: { freq: "DAILY", count: 2 }, alarms: [{ value: 10, unit: "MINUTES" }],
    }));
    at("2027-03-13T13:50:05Z"); // 08:50 EST
    await tick();
    expect(take().map((g) => g.data.id)).toEqual([`${s.eventId}_20270313T090000`]);
    at("2027-03-14T12:50:05Z"); // 08:50 EDT, an hour earlier in UTC
    await tick();
    expect(take().map((g) => [g.data.id, g.data.start])).toEqual([[`${s.eventId}_20270314T090000`, "2027-03-14T13:00:00.000Z"]]);
  });

  test("an edit between an alarm falling due and the job's tick neither loses nor repeats it", async () => {
    await startAt("2027-06-20T00:00:00Z");
    const e = await api.createEvent(A.admin, timed(cal, "Edited late", "2027-06-20T10:00", "2027-06-20T11:00", { alarms: [{ value: 30, unit: "MINUTES" }] }));
    at("2027-06-20T00:30:10Z"); // due at 09:30 Seoul, the tick not run yet
    await api.patchEvent(A.admin, e.id, { summary: "Edited late (new title)" });
    await tick();
    expect(take().map((g) => g.data.id)).toEqual([e.id]);
    at("2027-06-20T00:30:40Z");
    await api.patchEvent(A.admin, e.id, { location: "Room 2" }); // after the firing: planned from now, nothing again
    await tick();
    expect(take()).toEqual([]);
  });

  test("alarms more than the grace window late are skipped; a few minutes late still fire", async () => {
    await startAt("2027-07-01T00:00:00Z");
    const stale = await api.createEvent(A.admin, timed(cal, "Stale", "2027-07-01T12:00", "2027-07-01T13:00", { alarms: [{ value: 30, unit: "MINUTES" }] }));
    const late = await api.createEvent(A.admin, timed(cal, "Late", "2027-07-01T12:20", "2027-07-01T13:00", { alarms: [{ value: 30, unit: "MINUTES" }] }));
    // The server was down from before 11:30 to 12:00 Seoul: Stale's alarm (11:30) is 30 minutes late, Late's (11:50) 10.
    at("2027-07-01T03:00:00Z");
    expect(await tick()).toMatchObject({ fired: 1, skipped: 1 });
    expect(take().map((g) => g.data.id)).toEqual([late.id]);
    const plans = await t.db.db.select().from(calendarAlarmPlans).where(eq(calendarAlarmPlans.eventId, stale.eventId));
    expect(plans[0].nextAt).toBeNull();
  });
});

describe("who gets them, once", () => {
  test("two instances ticking at once deliver each alarm exactly once", async () => {
    const db2 = connect(t.databaseUrl, 5);
    try {
      const deps2 = { ...await createDeps(t.deps.config, db2, t.deps.log, { clock: t.clock }), webDir: null };
      listen(deps2, [A.admin.username, kim.username]);
      await startAt("2027-08-01T00:00:00Z");
      const ids: string[] = [];
      for (let i = 0; i < 6; i++) {
        const e = await api.createEvent(A.admin, timed(cal, `Busy ${i}`, "2027-08-01T10:00", "2027-08-01T11:00", {
          attendees: [{ email: kim.username }], alarms: [{ value: 10, unit: "MINUTES" }, { value: 20, unit: "MINUTES" }],
        }));
        ids.push(e.id);
      }
      at("2027-08-01T00:50:30Z"); // both alarms of all six are due
      const results = await Promise.all([runAlarmTick(t.deps), runAlarmTick(deps2), runAlarmTick(t.deps), runAlarmTick(deps2)]);
      expect(results.reduce((n, r) => n + r.fired, 0)).toBe(12);
      const all = take();
      expect(all.length).toBe(24); // 6 events x 2 alarms x (organiser + kim)
      const keys = all.map((g) => `${g.user} ${g.data.id} ${g.data.minutesBefore}`);
      expect(new Set(keys).size).toBe(24);
      for (const id of ids) expect(keys.filter((k) => k.includes(` ${id} `)).length).toBe(4);
      const claims = await t.db.db.select().from(calendarAlarmDeliveries)
        .where(and(eq(calendarAlarmDeliveries.companyId, A.companyId)));
      expect(claims.filter((c) => ids.includes(String(c.eventId))).length).toBe(12);
    } finally {
      await db2.close();
    }
  });

  test("attendees who accepted or have not answered get it; a decliner does not (for that occurrence)", async () => {
    await startAt("2027-09-01T00:00:00Z");
    const e = await api.createEvent(A.admin, timed(cal, "Review", "2027-09-02T10:00", "2027-09-02T11:00", {
      attendees: [{ email: kim.username }, { email: lee.username }, { email: ana.username }], alarms: [{ value: 5, unit: "MINUTES" }],
    }));
    expect((await api.raw("PUT", "/api/calendar/event/partStat", lee, { id: e.id, partStat: "DECLINED" })).status).toBe(200);
    expect((await api.raw("PUT", "/api/calendar/event/partStat", kim, { id: e.id, partStat: "ACCEPTED" })).status).toBe(200);
    const s = await api.createEvent(A.admin, timed(cal, "Weekly 1:1", "2027-09-06T14:00", "2027-09-06T14:30", {
      attendees: [{ email: kim.username }], recurrence: { freq: "WEEKLY", count: 2 }, alarms: [{ value: 5, unit: "MINUTES" }],
    }));
    const first = `${s.eventId}_20270906T140000`;
    expect((await api.raw("PUT", "/api/calendar/event/partStat", kim, { id: first, partStat: "DECLINED", scope: "THIS" })).status).toBe(200);
    at("2027-09-02T00:55:10Z");
    await tick();
    expect(take().map((g) => g.user)).toEqual([A.admin.username, ana.username, kim.username].sort());
    at("2027-09-06T04:55:10Z");
    await tick();
    expect(take().map((g) => g.user)).toEqual([A.admin.username]);
    at("2027-09-13T04:55:10Z");
    await tick();
    expect(take().map((g) => g.user)).toEqual([A.admin.username, kim.username].sort());
  });

  test("by mail when chosen: a short mail in the user's language in their own inbox; nobody else gets one", async () => {
    await startAt("2027-10-01T00:00:00Z");
    for (const who of [kim, lee, ana]) {
      const r = await api.raw("PUT", "/api/calendar/alarms/settings", who, { byMail: true });
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ byMail: true });
    }
    const e = await api.createEvent(A.admin, timed(cal, "Budget 회의", "2027-10-01T15:00", "2027-10-01T16:00", {
      location: "Room 7", attendees: [{ email: kim.username }, { email: lee.username }, { email: ana.username }], alarms: [{ value: 1, unit: "HOURS" }],
    }));
    at("2027-10-01T05:00:20Z");
    await tick();
    expect(take().length).toBe(4);
    const recent = async (who: Member) => {
      const r = await api.raw("GET", "/api/calendar/alarms/recent", who);
      expect(r.status).toBe(200);
      return (r.body as { id: string; minutesBefore: number }[]).map((a) => `${a.id}/${a.minutesBefore}`);
    };
    expect(await recent(kim)).toEqual([`${e.id}/60`]);
    expect(await recent(A.admin)).toEqual([`${e.id}/60`]);
    const mailsOf = (userId: number) =>
      t.db.db.select({ subject: mailMessages.subject, text: mailMessages.textBody, from: mailMessages.fromName }).from(mails)
        .innerJoin(mailMessages, eq(mailMessages.id, mails.messageId)).where(eq(mails.userId, userId));
    const inbox = async (userId: number) => (await mailsOf(userId)).map((r) => r.subject);
    expect(await inbox(A.admin.id)).toEqual([]);
    const [ko] = await mailsOf(kim.id);
    const [en] = await mailsOf(lee.id);
    const [id] = await mailsOf(ana.id);
    expect(ko.subject).toMatch(/^알림: Budget 회의 \(2027\. 10\. 1\. 오후 3:00\)$/);
    expect(ko.from).toBe("캘린더 알림");
    expect(ko.text).toContain("시작: 2027년 10월 1일 금요일 오후 3:00 (Asia/Seoul)");
    expect(ko.text).toContain("장소: Room 7");
    expect(ko.text).toContain("http://localhost:8080/#/cal/day/2027-10-01");
    expect(en.subject).toMatch(/^Reminder: Budget 회의 \(Oct 1, 2027, 3:00\sPM\)$/);
    expect(en.text).toContain("Where: Room 7");
    expect(id.subject).toMatch(/^Pengingat: Budget 회의 \(1 Okt 2027,? 15\.00\)$/);
    expect(id.text).toContain("Tempat: Room 7");
    // Off again: the next alarm comes to the browser only.
    expect((await api.raw("PUT", "/api/calendar/alarms/settings", kim, { byMail: false })).body).toEqual({ byMail: false });
    await api.patchEvent(A.admin, e.id, { alarms: [{ value: 1, unit: "HOURS" }, { value: 30, unit: "MINUTES" }] });
    at("2027-10-01T05:30:20Z");
    await tick();
    expect(take().length).toBe(4);
    expect((await inbox(kim.id)).length).toBe(1);
    expect((await inbox(lee.id)).length).toBe(2);
    // A browser that was not listening asks for the alarms of the last 15 minutes: its own only.
    expect(await recent(kim)).toEqual([`${e.id}/30`]); // the 60-minute one (05:00) is older than that
    expect((await api.raw("PUT", "/api/calendar/event/partStat", lee, { id: e.id, partStat: "DECLINED" })).status).toBe(200);
    expect(await recent(lee)).toEqual([]);
    expect(await recent(B.admin)).toEqual([]);
    at("2027-10-01T05:46:00Z");
    expect(await recent(kim)).toEqual([]);
  });

  test("another company's events never reach this one, even when they invite its people", async () => {
    const bCal = (await api.defaultCalendar(B.admin)).id;
    await startAt("2027-11-01T00:00:00Z");
    await api.createEvent(B.admin, timed(bCal, "B meeting", "2027-11-01T10:00", "2027-11-01T11:00", {
      attendees: [{ email: kim.username }, { email: bob.username }], alarms: [{ value: 10, unit: "MINUTES" }],
    }));
    at("2027-11-01T00:50:10Z");
    await tick();
    expect(take().map((g) => g.user)).toEqual([B.admin.username, bob.username].sort());
  });
});

describe("the settings calls", () => {
  test("default off, a boolean only, and only with the calendar on", async () => {
    expect((await api.raw("GET", "/api/calendar/alarms/settings", A.admin)).body).toEqual({ byMail: false });
    const bad = await api.raw("PUT", "/api/calendar/alarms/settings", A.admin, { byMail: "yes" });
    expect([bad.status, bad.body.code]).toEqual([400, "common.validation"]);
    expect((await api.raw("GET", "/api/calendar/alarms/settings", A.admin)).body).toEqual({ byMail: false });
    expect((await api.raw("GET", "/api/calendar/alarms/settings", lee)).body).toEqual({ byMail: true });
    const off = await t.call("PUT", "/api/admin/company", { token: B.admin.token, json: { useCalendar: false } });
    expect(off.status).toBe(200);
    const denied = await api.raw("GET", "/api/calendar/alarms/settings", bob);
    expect([denied.status, denied.body.code]).toEqual([403, "calendar.disabled"]);
    expect((await t.call("GET", "/api/calendar/alarms/settings")).status).toBe(401);
  });
});
