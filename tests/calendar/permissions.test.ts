// Who may do what (001 §6): a colleague without a share sees nothing (404, as a missing id); a read share
// lists and views but neither edits nor adds (403); a write share adds and edits anyone's events; a
// title-only share shows times and titles only; a share to an organisation reaches its members; an event's
// owner edits it even after losing write; HOLIDAY events are never editable; shared calendars appear in the
// recipient's find with the privilege given, and leave / come back with cancelSubscription / subscribe.
import { beforeAll, describe, expect, test } from "vitest";
import { and, eq } from "drizzle-orm";
import { calendars } from "../../db/schema/index.ts";
import { insertObject } from "../../server/modules/calendar/events/store.ts";
import { newObject } from "../../server/modules/calendar/events/ical-write.ts";
import { calendarTopic } from "../../shared/calendar/constants.ts";
import type { Conn } from "../../server/realtime/hub.ts";
import { createTestApp } from "../support/test-app.ts";
import { calendarApi, type Co, company, type Member, timed } from "./helpers.ts";

const t = await createTestApp();
const api = calendarApi(t);
let A: Co;
let reader: Member, writer: Member, titleOnly: Member, stranger: Member, teamMate: Member;
let team = 0;
let cal = 0;
let eventId = "";

const share = (members: { memberType: string; memberId: number; permission: number }[]) =>
  t.call("POST", `/api/share/CALENDAR/${cal}`, { token: A.admin.token, json: { members } });

beforeAll(async () => {
  A = await company(t, "cal-perm.test");
  team = await A.org("Team");
  reader = await A.user("reader");
  writer = await A.user("writer");
  titleOnly = await A.user("titleonly");
  stranger = await A.user("stranger");
  teamMate = await A.user("mate", [team]);
  cal = (await api.add(A.admin, { title: "Boss" })).id;
  eventId = (await api.createEvent(A.admin, timed(cal, "Board meeting", "2026-11-09T10:00", "2026-11-09T11:00", {
    location: "HQ", description: "Secret agenda",
  }))).id;
  const r = await share([
    { memberType: "USER", memberId: reader.id, permission: 2 },
    { memberType: "USER", memberId: writer.id, permission: 3 },
    { memberType: "USER", memberId: titleOnly.id, permission: 1 },
    { memberType: "ORGANIZATION", memberId: team, permission: 2 },
  ]);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
});

const listOf = (who: Member) => api.raw("GET", `/api/calendar/event?calendars[]=${cal}&dtStart=2026-11-01&dtEnd=2026-12-01`, who);

describe("shares", () => {
  test("without a share: every call answers 404", async () => {
    expect((await listOf(stranger)).status).toBe(404);
    for (const [method, path, json] of [
      ["GET", `/api/calendar/view/${eventId}`], ["PATCH", `/api/calendar/event/${eventId}`, { summary: "x" }],
      ["DELETE", `/api/calendar/event/${eventId}`], ["POST", "/api/calendar/event/deleteByDate", { id: eventId }],
      ["PUT", "/api/calendar/event/partStat", { id: eventId, partStat: "ACCEPTED" }],
      ["POST", "/api/calendar/event", timed(cal, "Mine", "2026-11-09T12:00", "2026-11-09T13:00")],
      ["PUT", "/api/calendar/updateTreeStatus", { calendarId: cal, isChecked: false }], ["PUT", "/api/calendar/update", { id: cal, color: "#000000" }],
      ["POST", "/api/calendar/subscribe", { calendarId: cal }], ["DELETE", `/api/calendar/cancelSubscription/${cal}`],
      ["DELETE", `/api/calendar/delete/${cal}`],
    ] as [string, string, unknown?][]) {
      expect((await api.raw(method, path, stranger, json)).status, `${method} ${path}`).toBe(404);
    }
    expect((await api.find(stranger)).some((c) => c.id === cal)).toBe(false);
  });

  test("read: lists and views, cannot edit, delete or add (403)", async () => {
    const entry = (await api.find(reader)).find((c) => c.id === cal)!;
    expect(entry).toMatchObject({ type: "SUBSCRIPTION", privilege: 2, ownerName: "Kim Admin", targetCalendarId: cal, isSubscribed: true });
    const items = (await listOf(reader)).body;
    expect(items.map((i: { name: string; location: string; editable: boolean }) => [i.name, i.location, i.editable])).toEqual([["Board meeting", "HQ", false]]);
    expect((await api.view(reader, eventId)).detail.description).toBe("Secret agenda");
    expect((await api.raw("PATCH", `/api/calendar/event/${eventId}`, reader, { summary: "x" })).body.code).toBe("calendar.not_owner");
    expect((await api.raw("DELETE", `/api/calendar/event/${eventId}`, reader)).status).toBe(403);
    expect((await api.raw("POST", "/api/calendar/event", reader, timed(cal, "Mine", "2026-11-09T12:00", "2026-11-09T13:00"))).status).toBe(403);
    expect((await api.raw("PUT", "/api/calendar/update", reader, { id: cal, title: "Mine" })).status).toBe(403);
    expect((await api.raw("DELETE", `/api/calendar/delete/${cal}`, reader)).status).toBe(403);
    // Out of the tree and back.
    expect((await api.raw("DELETE", `/api/calendar/cancelSubscription/${cal}`, reader)).status).toBe(204);
    expect((await api.find(reader)).some((c) => c.id === cal)).toBe(false);
    expect((await api.raw("POST", "/api/calendar/subscribe", reader, { calendarId: cal })).status).toBe(201);
    expect((await api.find(reader)).some((c) => c.id === cal)).toBe(true);
  });

  test("through an organisation: its members read", async () => {
    expect((await api.find(teamMate)).find((c) => c.id === cal)?.privilege).toBe(2);
    expect((await listOf(teamMate)).status).toBe(200);
  });

  test("title only: times and titles, nothing else", async () => {
    const items = (await listOf(titleOnly)).body;
    expect(items.map((i: { name: string; location: string; privilege: number }) => [i.name, i.location, i.privilege])).toEqual([["Board meeting", "", 1]]);
    const v = await api.view(titleOnly, eventId);
    expect([v.titleOnly, v.detail.description, v.detail.location, v.detail.attendees]).toEqual([true, "", "", []]);
  });

  test("write: adds events and edits anyone's; the owner of an event keeps editing it after losing write", async () => {
    const mine = await api.createEvent(writer, timed(cal, "Writer's", "2026-11-10T10:00", "2026-11-10T11:00"));
    expect(mine.userId).toBe(writer.id);
    expect((await api.patchEvent(writer, eventId, { location: "HQ 2" })).location).toBe("HQ 2");
    const members = await t.call("GET", `/api/share/CALENDAR/${cal}/members`, { token: A.admin.token });
    const r = await t.call("PUT", `/api/share/CALENDAR/${cal}`, {
      token: A.admin.token,
      json: { shareId: members.body.shareId, updateList: [{ memberType: "USER", memberId: writer.id, permission: 2 }] },
    });
    expect(r.status).toBe(200);
    expect((await api.raw("PATCH", `/api/calendar/event/${eventId}`, writer, { location: "HQ 3" })).body.code).toBe("calendar.not_owner");
    expect((await api.patchEvent(writer, mine.id, { summary: "Writer's own" })).name).toBe("Writer's own");
    expect((await api.raw("DELETE", `/api/calendar/event/${mine.id}`, writer)).status).toBe(204);
  });
});

describe("realtime", () => {
  test("a change reaches the owner, the users it is shared with (directly and through an organisation) and no one else", async () => {
    const heard = new Map<string, { event: string; data: Record<string, unknown> }[]>();
    for (const who of [A.admin, reader, teamMate, stranger]) {
      const got: { event: string; data: Record<string, unknown> }[] = [];
      heard.set(who.username, got);
      const conn: Conn = { username: who.username, send: (text) => got.push(JSON.parse(text)), close: () => {}, stillValid: () => Promise.resolve(true) };
      t.deps.realtime.hub.add(conn);
      t.deps.realtime.hub.subscribe(conn, calendarTopic(who.username));
    }
    await api.patchEvent(A.admin, eventId, { description: "Less secret" });
    const eid = Number(eventId);
    for (const who of [A.admin, reader, teamMate]) {
      expect(heard.get(who.username)!.map((f) => [f.event, f.data.eventId, f.data.calendarId]), who.username).toEqual([["CALENDAR_CHANGED", eid, cal]]);
    }
    expect(heard.get(stranger.username)).toEqual([]);
  });
});

describe("calendars nobody edits", () => {
  test("HOLIDAY events are listed for everyone and never edited (403 calendar.external_not_editable)", async () => {
    const now = t.clock.now();
    // The company's HOLIDAY calendar (one per company): the one find may have made, else one made here.
    const existing = await t.db.db.select().from(calendars).where(and(eq(calendars.companyId, A.companyId), eq(calendars.type, "HOLIDAY")));
    const [holiday] = existing.length ? existing : await t.db.db.insert(calendars).values({
      companyId: A.companyId, type: "HOLIDAY", title: "Holidays", color: "#d50000", createdAt: now, updatedAt: now,
    }).returning();
    const text = newObject("founding-day-2026@test", {
      summary: "Founding day", location: "", description: "", isAllDay: true, tzid: "Asia/Seoul",
      start: { year: 2026, month: 12, day: 28, hour: 0, minute: 0, second: 0 }, end: { year: 2026, month: 12, day: 29, hour: 0, minute: 0, second: 0 },
      organizer: null, attendees: [], alarms: [], isLeave: false,
    }, null, now);
    const { row } = await t.db.db.transaction((tx) => insertObject(tx, t.deps, { companyId: A.companyId, calendarId: holiday.id, ownerUserId: null, text }));
    const entry = (await api.find(stranger)).find((c) => c.id === holiday.id)!;
    expect([entry.type, entry.privilege]).toEqual(["HOLIDAY", 2]);
    const items = (await api.raw("GET", `/api/calendar/event?calendars[]=${holiday.id}&dtStart=2026-12-01&dtEnd=2027-01-01`, stranger)).body;
    expect(items.filter((i: { eventId: number }) => i.eventId === row.id).map((i: { name: string; start: string; editable: boolean }) => [i.name, i.start, i.editable]))
      .toEqual([["Founding day", "2026-12-28", false]]);
    for (const who of [stranger, A.admin]) {
      expect((await api.raw("PATCH", `/api/calendar/event/${row.id}`, who, { summary: "x" })).body.code).toBe("calendar.external_not_editable");
      expect((await api.raw("DELETE", `/api/calendar/event/${row.id}`, who)).body.code).toBe("calendar.external_not_editable");
      expect((await api.raw("POST", "/api/calendar/event", who, timed(holiday.id, "Mine", "2026-12-24T10:00", "2026-12-24T11:00"))).body.code)
        .toBe("calendar.external_not_editable");
    }
  });
});
