// Leave in the calendar (001 §4: isLeave, READY / CONFIRMED / DENIED): the done-when scenario (an
// employee applies for a half day, their manager approves, the calendar's month list shows it as CONFIRMED
// leave), rejection (DENIED), cancellation (removed), and applying from the calendar's event dialog (isLeave
// true: a usage, with the leave rules' codes).
import { beforeAll, describe, expect, it } from "vitest";
import type { EventItem } from "../../shared/calendar/events.ts";
import type { Usage } from "../../shared/leave/leave.ts";
import { calendarApi } from "../calendar/helpers.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";
import { leaveCast, seoul } from "./support.ts";

let t: TestApp;
let cast: Awaited<ReturnType<typeof leaveCast>>;
let annualId: number;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(seoul("2026-03-02"));
  cast = await leaveCast(t, "leave-cal");
  const { api, A } = cast;
  annualId = (await api.annualOf(A.hr)).id;
  for (const p of [A.employee, A.colleague]) await api.grant(A.hr, p.id, annualId, 15, "2026-01-01", "2026-12-31");
});

async function monthOf(who: { token: string }, from: string, to: string): Promise<EventItem[]> {
  const cal = calendarApi(t);
  const def = await cal.defaultCalendar(who);
  return await cal.list(who, [def.id], `${from}T00:00`, `${to}T00:00`, "Asia/Seoul");
}

describe("leave in the calendar", () => {
  it("a half day applied, approved by the manager, shows in the month list as CONFIRMED leave", async () => {
    const { api, A } = cast;
    const u = await api.ok<Usage>(201, "POST", "leaves/usages", A.employee, {
      templateId: annualId, startDate: "2026-03-10", endDate: "2026-03-10", unit: "HALF_DAY", startTime: "14:00", summary: "치과",
    });
    expect(u).toMatchObject({ status: "PENDING", usedDays: 0.5, unit: "HALF_DAY", startTime: "14:00", endTime: "18:00", approver: { id: A.lead.id } });
    let items = (await monthOf(A.employee, "2026-03-01", "2026-04-01")).filter((i) => i.isLeave);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ isLeave: true, leaveStatus: "READY", name: "연차 · 치과" });

    const pending = await api.ok<Usage[]>(200, "GET", "leaves/usages/pending", A.lead);
    expect(pending.map((p) => p.id)).toContain(u.id);
    const mail = t.smtp.next(A.lead.username);
    const decided = await api.ok<Usage>(200, "PATCH", `leaves/usages/${u.id}/decision`, A.lead, { status: "APPROVED" });
    expect(decided).toMatchObject({ status: "APPROVED", statusChanger: { id: A.lead.id } });
    expect((await mail).subject).toContain("휴가");

    items = (await monthOf(A.employee, "2026-03-01", "2026-04-01")).filter((i) => i.isLeave);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ isLeave: true, leaveStatus: "CONFIRMED" });
    expect(new Date(items[0].start).toISOString()).toBe(seoul("2026-03-10", "14:00").toISOString());
  });

  it("a rejected usage shows DENIED; a cancelled one leaves the calendar", async () => {
    const { api, A } = cast;
    const u = await api.ok<Usage>(201, "POST", "leaves/usages", A.colleague, {
      templateId: annualId, startDate: "2026-03-16", endDate: "2026-03-17", unit: "FULL_DAY",
    });
    expect(u.usedDays).toBe(2);
    await api.ok(200, "PATCH", `leaves/usages/${u.id}/decision`, A.lead, { status: "REJECTED" });
    let items = (await monthOf(A.colleague, "2026-03-01", "2026-04-01")).filter((i) => i.isLeave);
    expect(items.map((i) => i.leaveStatus)).toEqual(["DENIED"]);
    expect(items[0].isAllDay).toBe(true);
    await api.ok(200, "DELETE", `leaves/usages/${u.id}`, A.colleague);
    items = (await monthOf(A.colleague, "2026-03-01", "2026-04-01")).filter((i) => i.isLeave);
    expect(items).toHaveLength(0);
  });

  it("an isLeave event made in the calendar's dialog is an application with the leave rules", async () => {
    const { api, A } = cast;
    const cal = calendarApi(t);
    const def = await cal.defaultCalendar(A.employee);
    const ev = await cal.createEvent(A.employee, {
      calendarId: def.id, summary: "오전 반차", dtStart: "2026-03-20T09:00", dtEnd: "2026-03-20T13:00", timezone: "Asia/Seoul", isLeave: true,
    });
    expect(ev).toMatchObject({ isLeave: true, leaveStatus: "READY" });
    const mine = await api.ok<Usage[]>(200, "GET", "leaves/usages?from=2026-03-20&to=2026-03-20", A.employee);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ unit: "HALF_DAY", usedDays: 0.5, startTime: "09:00", status: "PENDING" });

    // All-day over a weekend: Friday and Monday count.
    const all = await cal.createEvent(A.employee, {
      calendarId: def.id, summary: "연휴", dtStart: "2026-03-27", dtEnd: "2026-03-30", isAllDay: true, isLeave: true,
    });
    expect(all.isLeave).toBe(true);
    const four = await api.ok<Usage[]>(200, "GET", "leaves/usages?from=2026-03-27&to=2026-03-30", A.employee);
    expect(four.map((x) => x.usedDays)).toEqual([2]);

    // The rules answer through the calendar: overlapping leave, nobody to approve, a weekend only.
    const again = await cal.raw("POST", "/api/calendar/event", A.employee, {
      calendarId: def.id, summary: "again", dtStart: "2026-03-20T09:00", dtEnd: "2026-03-20T13:00", timezone: "Asia/Seoul", isLeave: true,
    });
    expect([again.status, again.body.code]).toEqual([400, "leave.overlaps"]);
    const orphanCal = await cal.defaultCalendar(A.orphan);
    const orphan = await cal.raw("POST", "/api/calendar/event", A.orphan, {
      calendarId: orphanCal.id, summary: "x", dtStart: "2026-03-23", dtEnd: "2026-03-23", isAllDay: true, isLeave: true,
    });
    expect([orphan.status, orphan.body.code]).toEqual([400, "leave.no_approver"]);
    const weekend = await cal.raw("POST", "/api/calendar/event", A.employee, {
      calendarId: def.id, summary: "x", dtStart: "2026-03-21", dtEnd: "2026-03-22", isAllDay: true, isLeave: true,
    });
    expect([weekend.status, weekend.body.code]).toEqual([400, "leave.invalid_days"]);
    // An ordinary event stays an ordinary event.
    const plain = await cal.createEvent(A.employee, { calendarId: def.id, summary: "회의", dtStart: "2026-03-24T10:00", dtEnd: "2026-03-24T11:00" });
    expect(plain.isLeave).toBe(false);
  });
});
