// Events through the API: create with its rules (001 §5), view, update, delete, the month list; invitations
// (an internal attendee sees the event in their DEFAULT calendar at once, answers with partStat, the
// organiser sees the answer), the realtime notice and the change log; search (two characters, Korean
// two-syllable words inside longer words) and free/busy (internal users only).
import { beforeAll, describe, expect, test } from "vitest";
import { and, eq } from "drizzle-orm";
import { calendarChanges, calendarEvents } from "../../db/schema/index.ts";
import { calendarTopic } from "../../shared/calendar/constants.ts";
import type { Conn } from "../../server/realtime/hub.ts";
import { createTestApp } from "../support/test-app.ts";
import { calendarApi, type Co, company, type Member, timed } from "./helpers.ts";

const t = await createTestApp();
const api = calendarApi(t);
let A: Co;
let kim: Member, lee: Member;
let cal = 0;

beforeAll(async () => {
  A = await company(t, "cal-events.test");
  kim = await A.user("kim");
  lee = await A.user("lee");
  cal = (await api.defaultCalendar(A.admin)).id;
});

function listen(username: string) {
  const got: { event: string; data: Record<string, unknown> }[] = [];
  const conn: Conn = {
    username,
    send: (text) => got.push(JSON.parse(text)),
    close: () => {},
    stillValid: () => Promise.resolve(true),
  };
  t.deps.realtime.hub.add(conn);
  t.deps.realtime.hub.subscribe(conn, calendarTopic(username));
  return got;
}

describe("create and its rules", () => {
  test("a timed event: 201 with its detail; the month list has it", async () => {
    const e = await api.createEvent(A.admin, timed(cal, "Kickoff", "2026-11-03T10:00", "2026-11-03T11:30", {
      location: "Room 1", description: "Agenda", alarms: [{ value: 15, unit: "MINUTES" }, { value: 1, unit: "DAYS" }],
    }));
    expect(e).toMatchObject({
      name: "Kickoff", start: "2026-11-03T01:00:00.000Z", end: "2026-11-03T02:30:00.000Z", isAllDay: false,
      calendarId: cal, isRecurring: false, recurrenceId: null, editable: true, timezone: "Asia/Seoul",
      detail: { summary: "Kickoff", location: "Room 1", description: "Agenda", attendees: [], organizer: null },
      alarms: [{ value: 15, unit: "MINUTES" }, { value: 1, unit: "DAYS" }],
    });
    expect(e.id).toBe(String(e.eventId));
    const [row] = await t.db.db.select().from(calendarEvents).where(eq(calendarEvents.id, e.eventId));
    expect(row.ical).toContain("DTSTART;TZID=Asia/Seoul:20261103T100000");
    expect(row.ical).toContain("TRIGGER:-PT15M");
    const items = await api.list(A.admin, [cal], "2026-11-01", "2026-12-01");
    expect(items.map((i) => i.name)).toContain("Kickoff");
  });

  test("an all-day event of two days: dates in and out, the last day inclusive", async () => {
    const e = await api.createEvent(A.admin, { calendarId: cal, summary: "Workshop", dtStart: "2026-11-05", dtEnd: "2026-11-06", isAllDay: true });
    expect([e.start, e.end, e.isAllDay]).toEqual(["2026-11-05", "2026-11-06", true]);
    const day = await api.list(A.admin, [cal], "2026-11-06", "2026-11-07");
    expect(day.map((i) => i.name)).toEqual(["Workshop"]);
    expect(await api.list(A.admin, [cal], "2026-11-07", "2026-11-08")).toEqual([]);
    // The zone it was made in comes back with it (the dialog edits it there again); Seoul by default.
    expect(e.timezone).toBe("Asia/Seoul");
    const jakarta = await api.createEvent(A.admin, {
      calendarId: cal, summary: "Offsite", dtStart: "2026-11-09", dtEnd: "2026-11-09", isAllDay: true, timezone: "Asia/Jakarta",
    });
    expect(jakarta.timezone).toBe("Asia/Jakarta");
  });

  test("long events that began well before the range are found, short and long alike", async () => {
    await api.createEvent(A.admin, { calendarId: cal, summary: "Long trip", dtStart: "2026-09-01", dtEnd: "2026-10-25", isAllDay: true });
    await api.createEvent(A.admin, timed(cal, "Ten days", "2026-10-12T09:00", "2026-10-22T18:00"));
    await api.createEvent(A.admin, timed(cal, "Ended before", "2026-10-01T09:00", "2026-10-19T18:00"));
    const items = await api.list(A.admin, [cal], "2026-10-20", "2026-10-27");
    expect(items.map((i) => [i.name, i.start, i.end])).toEqual([
      ["Long trip", "2026-09-01", "2026-10-25"],
      ["Ten days", "2026-10-12T00:00:00.000Z", "2026-10-22T09:00:00.000Z"],
    ]);
    const rows = await t.db.db.select({ summary: calendarEvents.summary, longSpan: calendarEvents.longSpan }).from(calendarEvents)
      .where(eq(calendarEvents.calendarId, cal));
    expect(rows.filter((r) => r.longSpan).map((r) => r.summary).sort()).toEqual(["Ended before", "Long trip"]);
  });

  test("bad input answers 400 with a stable code, never 500", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ calendarId: cal, dtStart: "2026-11-03T10:00", dtEnd: "2026-11-03T11:00" }, "calendar.title_required"],
      [timed(cal, "  ", "2026-11-03T10:00", "2026-11-03T11:00"), "calendar.title_required"],
      [timed(cal, "x".repeat(81), "2026-11-03T10:00", "2026-11-03T11:00"), "calendar.title_too_long"],
      [{ summary: "No calendar", dtStart: "2026-11-03T10:00", dtEnd: "2026-11-03T11:00" }, "calendar.calendar_required"],
      [timed(cal, "Backwards", "2026-11-03T11:00", "2026-11-03T10:00"), "calendar.start_after_end"],
      [timed(cal, "Empty", "2026-11-03T10:00", "2026-11-03T10:00"), "calendar.start_after_end"],
      [timed(cal, "Bad time", "2026-11-03T25:00", "2026-11-03T26:00"), "calendar.time_invalid"],
      [timed(cal, "Bad date", "2026-02-30", "2026-03-01", { isAllDay: true }), "calendar.time_invalid"],
      [timed(cal, "Bad zone", "2026-11-03T10:00", "2026-11-03T11:00", { timezone: "Mars/Olympus" }), "calendar.timezone_invalid"],
      [timed(cal, "Bad mail", "2026-11-03T10:00", "2026-11-03T11:00", { attendees: [{ email: "not-an-address" }] }), "calendar.attendee_email_invalid"],
      [timed(cal, "Only me", "2026-11-03T10:00", "2026-11-03T11:00", { attendees: [{ email: A.admin.username }] }), "calendar.invite_only_self"],
      [timed(cal, "Alarm", "2026-11-03T10:00", "2026-11-03T11:00", { alarms: [{ value: 5, unit: "WEEKS" }] }), "common.validation"],
      [timed(cal, "nul\u0000", "2026-11-03T10:00", "2026-11-03T11:00"), "common.validation"],
    ];
    for (const [json, code] of cases) {
      const r = await api.raw("POST", "/api/calendar/event", A.admin, json);
      expect([r.status, r.body.code], JSON.stringify(json)).toEqual([400, code]);
    }
    const missing = await api.raw("POST", "/api/calendar/event", A.admin, timed(99_999_999, "Nowhere", "2026-11-03T10:00", "2026-11-03T11:00"));
    expect(missing.status).toBe(404);
  });
});

describe("the other calls' bad input", () => {
  test("month list, deleteByDate, partStat, view, search, freeBusy answer 400 or 404 with stable codes", async () => {
    const list = (q: string) => api.raw("GET", `/api/calendar/event?${q}`, A.admin);
    const bad: [Promise<{ status: number; body: { code: string } }>, number, string][] = [
      [list(`calendars[]=${cal}&dtStart=2026-11-10&dtEnd=2026-11-01`), 400, "calendar.start_after_end"],
      [list(`calendars[]=${cal}&dtStart=yesterday&dtEnd=2026-11-01`), 400, "calendar.time_invalid"],
      [list(`calendars[]=${cal}&dtStart=2026-11-01`), 400, "calendar.time_invalid"],
      [list(`calendars[]=abc&dtStart=2026-11-01&dtEnd=2026-11-02`), 400, "common.validation"],
      [list(`calendars[]=${cal}&dtStart=2026-11-01&dtEnd=2026-11-02&timezone=Nowhere/City`), 400, "calendar.timezone_invalid"],
      [list(`calendars[]=${cal}&calendars[]=99999999&dtStart=2026-11-01&dtEnd=2026-11-02`), 404, "common.404"],
      [api.raw("POST", "/api/calendar/event/deleteByDate", A.admin, { id: "x1" }), 400, "common.validation"],
      [api.raw("POST", "/api/calendar/event/deleteByDate", A.admin, { id: "1", scope: "ALL" }), 400, "calendar.scope_invalid"],
      [api.raw("POST", "/api/calendar/event/deleteByDate", A.admin, {}), 400, "common.validation"],
      [api.raw("PUT", "/api/calendar/event/partStat", A.admin, { id: "1" }), 400, "calendar.partstat_invalid"],
      [api.raw("GET", "/api/calendar/view/1_2026", A.admin), 404, "common.404"],
      [api.raw("GET", "/api/calendar/search", A.admin), 400, "calendar.search_min_chars"],
      [api.raw("GET", "/api/calendar/search?keyword=abc&pageSize=1000", A.admin), 400, "common.validation"],
      [api.raw("POST", "/api/calendar/freeBusy", A.admin, { userIds: [A.admin.id], dtStart: "2026-11-01", dtEnd: "2027-02-01" }), 400, "calendar.range_too_long"],
      [api.raw("POST", "/api/calendar/freeBusy", A.admin, { userIds: [A.admin.id], dtStart: "2026-11-02", dtEnd: "2026-11-01" }), 400, "calendar.start_after_end"],
      [api.raw("POST", "/api/calendar/freeBusy", A.admin, { userIds: ["me"], dtStart: "2026-11-01", dtEnd: "2026-11-02" }), 400, "common.validation"],
      [api.raw("PATCH", `/api/calendar/event/1`, A.admin, { scope: "SOMETIMES" }), 400, "calendar.scope_invalid"],
      [api.raw("PATCH", `/api/calendar/event/1`, A.admin, { recurrence: { freq: "DAILY", byDay: ["XX"] } }), 400, "calendar.recurrence_invalid"],
    ];
    for (const [call, status, code] of bad) {
      const r = await call;
      expect([r.status, r.body.code]).toEqual([status, code]);
    }
  });
});

describe("update, view, delete", () => {
  test("PATCH changes only what it gives; a non-owner without write cannot; DELETE answers 204 then 404", async () => {
    const e = await api.createEvent(A.admin, timed(cal, "Review", "2026-11-10T14:00", "2026-11-10T15:00", { location: "A" }));
    const p = await api.patchEvent(A.admin, e.id, { location: "B", dtEnd: "2026-11-10T16:00" });
    expect([p.name, p.location, p.start, p.end]).toEqual(["Review", "B", "2026-11-10T05:00:00.000Z", "2026-11-10T07:00:00.000Z"]);
    expect(p.sequence).toBe(1);
    expect((await api.raw("PATCH", `/api/calendar/event/${e.id}`, A.admin, { dtStart: "2026-11-10T17:00" })).body.code).toBe("calendar.start_after_end");
    expect((await api.raw("PATCH", `/api/calendar/event/${e.id}`, A.admin, { summary: "" })).body.code).toBe("calendar.title_required");
    expect((await api.raw("PATCH", `/api/calendar/event/${e.id}`, kim, { summary: "Mine" })).status).toBe(404);
    expect((await api.raw("GET", `/api/calendar/view/${e.id}`, kim)).status).toBe(404);
    expect((await api.raw("DELETE", `/api/calendar/event/${e.id}`, A.admin)).status).toBe(204);
    expect((await api.raw("GET", `/api/calendar/view/${e.id}`, A.admin)).status).toBe(404);
    expect((await api.raw("DELETE", `/api/calendar/event/${e.id}`, A.admin)).status).toBe(404);
    for (const bad of ["abc", "1_2026", "0x10"]) expect((await api.raw("GET", `/api/calendar/view/${bad}`, A.admin)).status).toBe(404);
  });

  test("moving an event to another own calendar", async () => {
    const other = await api.add(A.admin, { title: "Projects" });
    const e = await api.createEvent(A.admin, timed(cal, "Move me", "2026-11-11T09:00", "2026-11-11T10:00"));
    const moved = await api.patchEvent(A.admin, e.id, { calendarId: other.id, originCalendarId: cal });
    expect(moved.calendarId).toBe(other.id);
    expect((await api.list(A.admin, [cal], "2026-11-11", "2026-11-12")).some((i) => i.eventId === e.eventId)).toBe(false);
    expect((await api.list(A.admin, [other.id], "2026-11-11", "2026-11-12")).map((i) => i.eventId)).toEqual([e.eventId]);
    const logged = await t.db.db.select().from(calendarChanges).where(and(eq(calendarChanges.calendarId, cal), eq(calendarChanges.uid, e.eventUId))).orderBy(calendarChanges.seq);
    expect(logged.map((c) => c.deleted)).toEqual([false, true]);
  });
});

describe("invitations", () => {
  test("invitees see it in their DEFAULT calendar at once, answer, and the organiser sees the answers", async () => {
    const kimCal = (await api.defaultCalendar(kim)).id;
    const kimHears = listen(kim.username);
    const e = await api.createEvent(A.admin, timed(cal, "Planning", "2026-11-12T10:00", "2026-11-12T11:00", {
      attendees: [{ email: kim.username, name: "Kim" }, { email: lee.username }, { email: "guest@outside.example", name: "Guest" }],
    }));
    expect(e.detail.organizer).toMatchObject({ email: A.admin.username });
    expect(e.detail.attendees.map((a) => [a.email, a.partStat, a.role])).toEqual([
      [A.admin.username, "ACCEPTED", "CHAIR"],
      [kim.username, "NEEDS-ACTION", "REQ-PARTICIPANT"],
      [lee.username, "NEEDS-ACTION", "REQ-PARTICIPANT"],
      ["guest@outside.example", "NEEDS-ACTION", "REQ-PARTICIPANT"],
    ]);
    expect(e.detail.attendees.find((a) => a.email === kim.username)!.userId).toBe(kim.id);
    expect(e.detail.attendees.find((a) => a.email === "guest@outside.example")!.userId).toBe(null);
    expect(kimHears.some((f) => f.event === "CALENDAR_CHANGED" && f.data.eventId === e.eventId)).toBe(true);

    const kimList = await api.list(kim, [kimCal], "2026-11-12", "2026-11-13");
    expect(kimList.map((i) => [i.eventId, i.calendarId, i.partStat, i.awaitsAction, i.editable])).toEqual([[e.eventId, kimCal, "NEEDS-ACTION", true, false]]);
    expect((await api.raw("PATCH", `/api/calendar/event/${e.id}`, kim, { summary: "Kim's now" })).body.code).toBe("calendar.not_owner");

    const adminHears = listen(A.admin.username);
    const answered = await api.raw("PUT", "/api/calendar/event/partStat", kim, { id: e.id, partStat: "accepted" });
    expect(answered.status).toBe(200);
    expect(answered.body.partStat).toBe("ACCEPTED");
    expect(adminHears.some((f) => f.event === "CALENDAR_CHANGED" && f.data.eventId === e.eventId)).toBe(true);
    const seen = await api.view(A.admin, e.id);
    expect(seen.detail.attendees.find((a) => a.email === kim.username)!.partStat).toBe("ACCEPTED");
    expect((await api.list(kim, [kimCal], "2026-11-12", "2026-11-13"))[0].awaitsAction).toBe(false);
    expect((await api.raw("PUT", "/api/calendar/event/partStat", kim, { id: e.id, partStat: "MAYBE" })).body.code).toBe("calendar.partstat_invalid");
    // Not invited: someone who sees an event without being invited cannot answer; someone who cannot see it gets 404.
    const solo = await api.createEvent(A.admin, timed(cal, "Solo", "2026-11-12T15:00", "2026-11-12T16:00"));
    expect((await api.raw("PUT", "/api/calendar/event/partStat", A.admin, { id: solo.id, partStat: "DECLINED" })).body.code).toBe("calendar.not_attendee");
    expect((await api.raw("PUT", "/api/calendar/event/partStat", lee, { id: solo.id, partStat: "DECLINED" })).status).toBe(404);

    // The change log of kim's DEFAULT calendar has the invitation (for CalDAV sync), and its removal.
    await api.patchEvent(A.admin, e.id, { attendees: [{ email: lee.username }] });
    const kimLog = await t.db.db.select().from(calendarChanges).where(and(eq(calendarChanges.calendarId, kimCal), eq(calendarChanges.uid, e.eventUId))).orderBy(calendarChanges.seq);
    expect(kimLog.map((c) => c.deleted)).toEqual([false, false, true]);
    expect(await api.list(kim, [kimCal], "2026-11-12", "2026-11-13")).toEqual([]);
    expect((await api.raw("GET", `/api/calendar/view/${e.id}`, kim)).status).toBe(404);
    // A time change asks the remaining invitees again.
    await api.raw("PUT", "/api/calendar/event/partStat", lee, { id: e.id, partStat: "TENTATIVE" });
    const moved = await api.patchEvent(A.admin, e.id, { dtStart: "2026-11-12T13:00", dtEnd: "2026-11-12T14:00" });
    expect(moved.detail.attendees.find((a) => a.email === lee.username)!.partStat).toBe("NEEDS-ACTION");
  });
});

describe("answers to one occurrence of a series", () => {
  test("THIS answers that meeting only; ALL the whole series", async () => {
    const kimCal = (await api.defaultCalendar(kim)).id;
    const e = await api.createEvent(A.admin, timed(cal, "Weekly sync", "2026-12-07T10:00", "2026-12-07T11:00", {
      recurrence: { freq: "WEEKLY", count: 3 }, attendees: [{ email: kim.username }],
    }));
    const one = await api.raw("PUT", "/api/calendar/event/partStat", kim, { id: `${e.eventId}_20261214T100000`, partStat: "DECLINED", scope: "THIS" });
    expect([one.status, one.body.partStat, one.body.id]).toEqual([200, "DECLINED", `${e.eventId}_20261214T100000`]);
    const answers = async (who: Member, calendarId: number) =>
      (await api.list(who, [calendarId], "2026-12-01", "2026-12-31")).filter((i) => i.eventId === e.eventId).map((i) => [i.recurrenceId, i.partStat]);
    expect(await answers(kim, kimCal)).toEqual([["20261207T100000", "NEEDS-ACTION"], ["20261214T100000", "DECLINED"], ["20261221T100000", "NEEDS-ACTION"]]);
    const seen = await api.view(A.admin, `${e.eventId}_20261214T100000`);
    expect(seen.detail.attendees.find((a) => a.email === kim.username)!.partStat).toBe("DECLINED");
    expect((await api.view(A.admin, `${e.eventId}_20261221T100000`)).detail.attendees.find((a) => a.email === kim.username)!.partStat).toBe("NEEDS-ACTION");
    await api.raw("PUT", "/api/calendar/event/partStat", kim, { id: e.id, partStat: "ACCEPTED" });
    expect(await answers(kim, kimCal)).toEqual([["20261207T100000", "ACCEPTED"], ["20261214T100000", "ACCEPTED"], ["20261221T100000", "ACCEPTED"]]);
    expect((await api.raw("PUT", "/api/calendar/event/partStat", kim, { id: `${e.eventId}_20261215T100000`, partStat: "DECLINED", scope: "THIS" })).status).toBe(404);
    expect((await api.raw("PUT", "/api/calendar/event/partStat", kim, { id: e.id, partStat: "DECLINED", scope: "SOME" })).body.code).toBe("calendar.scope_invalid");
  });
});

describe("search and free/busy", () => {
  test("two characters at least; Korean two-syllable words inside longer words; paged", async () => {
    await api.createEvent(A.admin, timed(cal, "월간보고서 검토", "2026-11-20T10:00", "2026-11-20T11:00"));
    await api.createEvent(A.admin, timed(cal, "Quarterly report", "2026-11-21T10:00", "2026-11-21T11:00", { description: "portal numbers" }));
    const q = (keyword: string, extra = "") => api.raw("GET", `/api/calendar/search?keyword=${encodeURIComponent(keyword)}${extra}`, A.admin);
    expect((await q("보고")).body.content.map((i: { name: string }) => i.name)).toEqual(["월간보고서 검토"]);
    expect((await q("보고서")).body.totalElements).toBe(1);
    expect((await q("port")).body.content.map((i: { name: string }) => i.name)).toEqual(["Quarterly report"]);
    expect((await q("epo")).body.totalElements).toBe(0);
    for (const bad of ["a", " b ", ""]) expect((await q(bad)).body.code).toBe("calendar.search_min_chars");
    const paged = await q("report", "&page=0&pageSize=1");
    expect([paged.body.content.length, paged.body.totalElements]).toEqual([1, 1]);
    // Kim sees none of the admin's events.
    expect((await api.raw("GET", "/api/calendar/search?keyword=report", kim)).body.totalElements).toBe(0);
  });

  test("free/busy of colleagues; not for outside addresses", async () => {
    const leeCal = (await api.defaultCalendar(lee)).id;
    await api.createEvent(lee, timed(leeCal, "Lee busy", "2026-11-25T09:00", "2026-11-25T10:00"));
    await api.createEvent(lee, timed(leeCal, "Lee busy 2", "2026-11-25T09:30", "2026-11-25T11:00"));
    const r = await api.raw("POST", "/api/calendar/freeBusy", kim, { emails: [lee.username], dtStart: "2026-11-25", dtEnd: "2026-11-26" });
    expect(r.status).toBe(200);
    expect(r.body).toEqual([{ userId: lee.id, email: lee.username, name: "Lee", busy: [
      { start: "2026-11-25T00:00:00.000Z", end: "2026-11-25T02:00:00.000Z", isAllDay: false },
    ] }]);
    const out = await api.raw("POST", "/api/calendar/freeBusy", kim, { emails: ["guest@outside.example"], dtStart: "2026-11-25", dtEnd: "2026-11-26" });
    expect([out.status, out.body.code]).toEqual([400, "calendar.freebusy_internal_only"]);
    expect((await api.raw("POST", "/api/calendar/freeBusy", kim, { userIds: [99_999_999], dtStart: "2026-11-25", dtEnd: "2026-11-26" })).body.code)
      .toBe("calendar.freebusy_internal_only");
    expect((await api.raw("POST", "/api/calendar/freeBusy", kim, { dtStart: "2026-11-25", dtEnd: "2026-11-26" })).status).toBe(400);
  });
});
