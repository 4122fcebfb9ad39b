// Leave events are the leave module's (001 §4/§8 "a leave already used cannot be edited or deleted"; 002 §8
// "used leave and approved allocations cannot be edited"): the calendar's own writes of one are refused whatever
// the usage's state, so the usage and its event never drift apart. The app's PATCH (an edit, a move to another
// calendar), DELETE and deleteByDate answer 409 leave.not_editable; CalDAV PUT and DELETE answer 403
// DAV:need-privileges, and a PUT or PATCH marking an event as leave is refused too. The event (its text and
// ETag) and the usage stay as they were, the month list offers the event as not editable, ordinary events stay
// editable both ways, and the leave module still rewrites and removes its events. Applying from the calendar's
// event dialog (isLeave) in a company without leave answers 403 leave.disabled and writes nothing.
import { beforeAll, describe, expect, it } from "vitest";
import type { EventItem } from "../../shared/calendar/events.ts";
import type { Usage } from "../../shared/leave/leave.ts";
import { calendarApi } from "../calendar/helpers.ts";
import { dav, serveApp, setClientPassword, vevent } from "../dav/support.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";
import { leaveCast, seoul, setCompanyFlag } from "./support.ts";

let t: TestApp;
let base: string;
let cast: Awaited<ReturnType<typeof leaveCast>>;
let annualId: number;
let defaultId: number;
let otherCalId: number;

beforeAll(async () => {
  t = await createTestApp();
  base = serveApp(t);
  t.clock.set(seoul("2026-03-02"));
  cast = await leaveCast(t, "leave-guard");
  const { api, A } = cast;
  annualId = (await api.annualOf(A.hr)).id;
  await api.grant(A.hr, A.employee.id, annualId, 15, "2026-01-01", "2026-12-31");
  await setClientPassword(t, A.companyId, A.employee.id);
  const cal = calendarApi(t);
  defaultId = (await cal.defaultCalendar(A.employee)).id;
  otherCalId = (await cal.add(A.employee, { title: "개인" })).id;
});

const asEmployee = () => ({ username: cast.A.employee.username });

/** The employee's leave items of February and March in their DEFAULT calendar. */
async function leaveItems(): Promise<EventItem[]> {
  const items = await calendarApi(t).list(cast.A.employee, [defaultId], "2026-02-01T00:00", "2026-04-01T00:00", "Asia/Seoul");
  return items.filter((i) => i.isLeave);
}

interface StoredEvent {
  id: number;
  uid: string;
  calendarId: number;
  ical: string;
  etag: string;
  leaveStatus: string | null;
}

async function storedEvent(id: number): Promise<StoredEvent | undefined> {
  const [row] = await t.db.sql<StoredEvent[]>`
    select id::int as id, uid, calendar_id::int as "calendarId", ical, etag, leave_status as "leaveStatus" from calendar_events where id = ${id}`;
  return row;
}

/** A usage applied for by the employee and its event in the DEFAULT calendar. */
async function applied(startDate: string, summary: string): Promise<{ usage: Usage; event: StoredEvent }> {
  const { api, A } = cast;
  const usage = await api.ok<Usage>(201, "POST", "leaves/usages", A.employee, {
    templateId: annualId, startDate, endDate: startDate, unit: "FULL_DAY", summary,
  });
  const item = (await leaveItems()).find((i) => i.name.endsWith(summary));
  expect(item, summary).toBeTruthy();
  return { usage, event: (await storedEvent(item!.eventId))! };
}

/** Every calendar write of the event is refused, and the event and the usage stay the same. */
async function expectGuarded(usage: Usage, event: StoredEvent) {
  const { api, A } = cast;
  const cal = calendarApi(t);
  const refused = async (method: string, path: string, json?: unknown) => {
    const r = await cal.raw(method, path, A.employee, json);
    expect([r.status, r.body?.code], `${method} ${path}`).toEqual([409, "leave.not_editable"]);
    expect(r.body.message).toBe("Used leave and approved allocations cannot be edited. Contact HR to change the state.");
  };
  await refused("PATCH", `/api/calendar/event/${event.id}`, { summary: "바뀐 제목" });
  await refused("PATCH", `/api/calendar/event/${event.id}`, { dtStart: "2026-03-25", dtEnd: "2026-03-26", isAllDay: true });
  await refused("PATCH", `/api/calendar/event/${event.id}`, { calendarId: otherCalId, originCalendarId: defaultId });
  await refused("DELETE", `/api/calendar/event/${event.id}`);
  await refused("POST", "/api/calendar/event/deleteByDate", { id: event.id, scope: "THIS" });

  // CalDAV: the object reads as before; PUT (as it is, or changed) and DELETE answer 403 need-privileges.
  const href = `/dav/calendars/${A.employee.username}/${defaultId}/${event.uid}.ics`;
  const got = await dav(base, asEmployee(), "GET", href);
  expect(got.status).toBe(200);
  expect(got.text).toContain("X-GW-LEAVE:TRUE");
  const etag = got.headers.get("etag")!;
  expect(etag).toBe(`"${event.etag}"`);
  for (const body of [got.text, got.text.replace(/^SUMMARY:.*$/m, "SUMMARY:moved by a client")]) {
    const put = await dav(base, asEmployee(), "PUT", href, body, { "if-match": etag });
    expect(put.status).toBe(403);
    expect(put.text).toContain("need-privileges");
  }
  const del = await dav(base, asEmployee(), "DELETE", href, undefined, { "if-match": etag });
  expect(del.status).toBe(403);
  expect(del.text).toContain("need-privileges");
  expect((await dav(base, asEmployee(), "DELETE", href)).status).toBe(403);

  expect(await storedEvent(event.id)).toEqual(event);
  const after = await api.ok<Usage>(200, "GET", `leaves/usages/${usage.id}`, A.employee);
  expect(after).toEqual(usage);
  const item = (await leaveItems()).find((i) => i.eventId === event.id);
  expect(item).toMatchObject({ isLeave: true, editable: false });
}

describe("the calendar's edits of a leave event", () => {
  it("approved leave, before and once used: 409 leave.not_editable in the app, 403 over CalDAV, nothing changes", async () => {
    const { api, A } = cast;
    const { usage, event } = await applied("2026-03-04", "이사");
    const approved = await api.ok<Usage>(200, "PATCH", `leaves/usages/${usage.id}/decision`, A.lead, { status: "APPROVED" });
    expect(approved).toMatchObject({ status: "APPROVED", used: false });
    const confirmed = (await storedEvent(event.id))!;
    expect(confirmed.leaveStatus).toBe("CONFIRMED");
    await expectGuarded(approved, confirmed);

    // Last Friday's leave, approved: used.
    const past = await applied("2026-02-27", "가족 행사");
    await api.ok(200, "PATCH", `leaves/usages/${past.usage.id}/decision`, A.lead, { status: "APPROVED" });
    const used = await api.ok<Usage>(200, "GET", `leaves/usages/${past.usage.id}`, A.employee);
    expect(used).toMatchObject({ status: "APPROVED", used: true });
    await expectGuarded(used, (await storedEvent(past.event.id))!);
    // The leave screen says the same for used leave.
    await api.fails(409, "leave.already_used", "DELETE", `leaves/usages/${past.usage.id}`, A.employee);
  });

  it("a pending application is changed in the leave screen: the calendar refuses it, the leave module still moves and removes its event", async () => {
    const { api, A } = cast;
    const { usage, event } = await applied("2026-03-11", "병원");
    expect(event.leaveStatus).toBe("READY");
    await expectGuarded(usage, event);

    // The leave screen's edit moves the same event; its cancellation removes it.
    const moved = await api.ok<Usage>(200, "PATCH", `leaves/usages/${usage.id}`, A.employee, {
      templateId: annualId, startDate: "2026-03-12", endDate: "2026-03-12", unit: "FULL_DAY", summary: "병원",
    });
    expect(moved.startDate).toBe("2026-03-12");
    const rewritten = (await storedEvent(event.id))!;
    expect([rewritten.uid, rewritten.leaveStatus]).toEqual([event.uid, "READY"]);
    expect(rewritten.etag).not.toBe(event.etag);
    expect(rewritten.ical).toContain("DTSTART;VALUE=DATE:20260312");
    await api.ok(200, "DELETE", `leaves/usages/${usage.id}`, A.employee);
    expect(await storedEvent(event.id)).toBeUndefined();
  });

  it("a refused application's DENIED event is left to the leave screen too", async () => {
    const { api, A } = cast;
    const { usage, event } = await applied("2026-03-18", "여행");
    const rejected = await api.ok<Usage>(200, "PATCH", `leaves/usages/${usage.id}/decision`, A.lead, { status: "REJECTED" });
    const denied = (await storedEvent(event.id))!;
    expect(denied.leaveStatus).toBe("DENIED");
    await expectGuarded(rejected, denied);
  });

  it("an ordinary event cannot be marked as leave, by PATCH or by a CalDAV PUT", async () => {
    const { A } = cast;
    const cal = calendarApi(t);
    const plain = await cal.createEvent(A.employee, { calendarId: defaultId, summary: "회의", dtStart: "2026-03-24T10:00", dtEnd: "2026-03-24T11:00" });
    const before = (await storedEvent(plain.eventId))!;
    const r = await cal.raw("PATCH", `/api/calendar/event/${plain.eventId}`, A.employee, { isLeave: true });
    expect([r.status, r.body.code]).toEqual([409, "leave.not_editable"]);
    expect(await storedEvent(plain.eventId)).toEqual(before);

    const path = `/dav/calendars/${A.employee.username}/${defaultId}/`;
    const marked = vevent("guard-new", "client leave", "20260325T090000", "20260325T180000", "X-GW-LEAVE:TRUE");
    const put = await dav(base, asEmployee(), "PUT", `${path}guard-new.ics`, marked, { "if-none-match": "*" });
    expect(put.status).toBe(403);
    expect(put.text).toContain("need-privileges");
    expect((await dav(base, asEmployee(), "GET", `${path}guard-new.ics`)).status).toBe(404);
    const over = await dav(base, asEmployee(), "PUT", `${path}${before.uid}.ics`, vevent(before.uid, "회의", "20260324T100000", "20260324T110000", "X-GW-LEAVE:TRUE"));
    expect(over.status).toBe(403);
    expect(await storedEvent(plain.eventId)).toEqual(before);
    expect(await leaveItems()).toHaveLength(3); // the two approved and the refused leave only
  });

  it("ordinary events stay editable in the app and over CalDAV", async () => {
    const { A } = cast;
    const cal = calendarApi(t);
    const plain = await cal.createEvent(A.employee, { calendarId: defaultId, summary: "점심", dtStart: "2026-03-26T12:00", dtEnd: "2026-03-26T13:00" });
    expect(plain.editable).toBe(true);
    const patched = await cal.raw("PATCH", `/api/calendar/event/${plain.eventId}`, A.employee, { summary: "늦은 점심", calendarId: otherCalId });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body).toMatchObject({ name: "늦은 점심", calendarId: otherCalId, detail: { summary: "늦은 점심" } });
    expect((await cal.raw("DELETE", `/api/calendar/event/${plain.eventId}`, A.employee)).status).toBe(204);
    expect(await storedEvent(plain.eventId)).toBeUndefined();

    const href = `/dav/calendars/${A.employee.username}/${defaultId}/guard-plain.ics`;
    const body = vevent("guard-plain", "Standup", "20260327T090000", "20260327T093000");
    expect((await dav(base, asEmployee(), "PUT", href, body, { "if-none-match": "*" })).status).toBe(201);
    const etag = (await dav(base, asEmployee(), "GET", href)).headers.get("etag")!;
    expect((await dav(base, asEmployee(), "PUT", href, body.replace("Standup", "Standup 2"), { "if-match": etag })).status).toBe(204);
    expect((await dav(base, asEmployee(), "DELETE", href)).status).toBe(204);
    expect((await dav(base, asEmployee(), "GET", href)).status).toBe(404);
  });
});

describe("applying from the calendar's event dialog", () => {
  it("a company without leave answers 403 leave.disabled and writes no event", async () => {
    const { api, A } = cast;
    const cal = calendarApi(t);
    const before = await calendarApi(t).list(A.employee, [defaultId], "2026-03-30T00:00", "2026-03-31T00:00", "Asia/Seoul");
    await setCompanyFlag(t, A.admin, "useLeave", false);
    try {
      for (const json of [
        { calendarId: defaultId, summary: "휴가", dtStart: "2026-03-30", dtEnd: "2026-03-30", isAllDay: true, isLeave: true },
        { calendarId: defaultId, summary: "반차", dtStart: "2026-03-30T09:00", dtEnd: "2026-03-30T13:00", timezone: "Asia/Seoul", isLeave: true },
      ]) {
        const r = await cal.raw("POST", "/api/calendar/event", A.employee, json);
        expect([r.status, r.body.code], JSON.stringify(r.body)).toEqual([403, "leave.disabled"]);
      }
      const after = await calendarApi(t).list(A.employee, [defaultId], "2026-03-30T00:00", "2026-03-31T00:00", "Asia/Seoul");
      expect(after).toEqual(before);
      // An ordinary event is still an ordinary event.
      const plain = await cal.createEvent(A.employee, { calendarId: defaultId, summary: "회의", dtStart: "2026-03-30T10:00", dtEnd: "2026-03-30T11:00" });
      expect(plain.isLeave).toBe(false);
    } finally {
      await setCompanyFlag(t, A.admin, "useLeave", true);
    }
    expect((await api.ok<Usage[]>(200, "GET", "leaves/usages?from=2026-03-30&to=2026-03-30", A.employee))).toEqual([]);
  });
});
