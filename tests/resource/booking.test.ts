// Booking resources: create 201, change 200, cancel 200 with their rules and codes; the time rules; the
// bookers' scope; conflicts; repeats with the conflicting dates reported and skipConflicts; reads (grid, list,
// one, mine); another company's ids; the bookings' events in the booker's calendar.
import { describe, expect, test } from "vitest";
import type { Booking, BookingCancelled, BookingPage, ResourceDay } from "../../shared/resource/resources.ts";
import { createTestApp } from "../support/test-app.ts";
import { company, dateIn, resourceApi, slot, weekdayOf } from "./helpers.ts";

const t = await createTestApp();
const api = resourceApi(t);
const A = await company(t, "res-book-a.test");
const B = await company(t, "res-book-b.test");
const team = await A.org("Team");
const subTeam = await A.org("Sub team", team);
const alice = await A.user("alice");
const bob = await A.user("bob", [subTeam]);
const carol = await A.user("carol");
const room = await api.resource(A.admin, { name: "Room 1", location: "1F" });

/** The events of a user's DEFAULT calendar on a date (what the web calendar lists). */
async function calendarEvents(who: { token: string }, date: string) {
  const cals = await t.call("GET", "/api/calendar/find", { token: who.token });
  const own = (cals.body as { id: number; type: string }[]).find((c) => c.type === "DEFAULT")!;
  const r = await t.call("GET", `/api/calendar/event?calendars=${own.id}&dtStart=${date}T00:00:00&dtEnd=${date}T23:59:59&timezone=Asia/Seoul`, { token: who.token });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return (r.body as { name: string; location: string; startForOrdering: number; start: string; end: string; timezone: string | null }[])
    .map((e) => ({ summary: e.name, location: e.location, start: e.startForOrdering, from: e.start, to: e.end, zone: e.timezone }));
}

describe("booking", () => {
  test("create 201, read, change 200, cancel 200; the calendar follows", async () => {
    const created = await api.book(alice, { resourceId: room.id, ...slot(t, 1, "10:00", "11:00"), title: "Weekly sync", note: "agenda" });
    expect(created.skipped).toEqual([]);
    const b = created.bookings[0];
    expect(b).toMatchObject({
      resourceId: room.id, resourceName: "Room 1", startDate: dateIn(t, 1), startTime: "10:00", endTime: "11:00", title: "Weekly sync",
      status: "CONFIRMED", booker: { id: alice.id, email: alice.username }, seriesId: null, mine: true,
    });
    expect(b.endMillis - b.startMillis).toBe(3600_000);
    expect(await api.get(bob, b.id)).toMatchObject({ id: b.id, mine: false });
    let events = await calendarEvents(alice, dateIn(t, 1));
    expect(events.map((e) => [e.summary, e.location])).toEqual([["Weekly sync", "Room 1"]]);

    const moved = await api.ok<Booking>(200, "PATCH", "/book", alice, { id: b.id, ...slot(t, 1, "14:00", "15:30"), title: "Moved sync" });
    expect(moved).toMatchObject({ startTime: "14:00", endTime: "15:30", title: "Moved sync", status: "CONFIRMED" });
    events = await calendarEvents(alice, dateIn(t, 1));
    expect(events.map((e) => e.summary)).toEqual(["Moved sync"]);
    expect(events[0].start).toBe(moved.startMillis);

    await api.fails(403, "resource.not_owner", "PATCH", "/book", bob, { id: b.id, ...slot(t, 1, "14:00", "15:30"), title: "Mine" });
    await api.fails(403, "resource.not_owner", "DELETE", `/book/${b.id}`, bob);
    const cancelled = await api.ok<BookingCancelled>(200, "DELETE", `/book/${b.id}`, alice);
    expect(cancelled.cancelledIds).toEqual([b.id]);
    expect((await api.get(alice, b.id)).status).toBe("CANCELLED");
    expect(await calendarEvents(alice, dateIn(t, 1))).toEqual([]);
    await api.fails(409, "resource.booking_closed", "DELETE", `/book/${b.id}`, alice);
    await api.fails(409, "resource.booking_closed", "PATCH", "/book", alice, { id: b.id, ...slot(t, 1, "14:00", "15:00"), title: "Again" });
    // The slot is free again.
    await api.book(bob, { resourceId: room.id, ...slot(t, 1, "14:00", "15:30") });
  });

  test("the event moves with the booking's day, time and resource; a cancelled series' following leave the calendar", async () => {
    const van = await api.resource(A.admin, { type: "CAR", name: "Van 7" });
    const b = (await api.book(carol, { resourceId: room.id, ...slot(t, 5, "09:00", "10:00"), title: "Site visit" })).bookings[0];
    let events = await calendarEvents(carol, dateIn(t, 5));
    expect(events.map((e) => [e.summary, e.location, e.from, e.to, e.zone])).toEqual([
      ["Site visit", "Room 1", new Date(`${dateIn(t, 5)}T09:00:00+09:00`).toISOString(), new Date(`${dateIn(t, 5)}T10:00:00+09:00`).toISOString(), "Asia/Seoul"],
    ]);
    await api.ok<Booking>(200, "PATCH", "/book", carol, { id: b.id, resourceId: van.id, ...slot(t, 6, "22:30", "01:00", 7), title: "Site visit" });
    expect(await calendarEvents(carol, dateIn(t, 5))).toEqual([]);
    events = await calendarEvents(carol, dateIn(t, 6));
    expect(events.map((e) => [e.summary, e.location, e.from, e.to])).toEqual([
      ["Site visit", "Van 7", new Date(`${dateIn(t, 6)}T22:30:00+09:00`).toISOString(), new Date(`${dateIn(t, 7)}T01:00:00+09:00`).toISOString()],
    ]);

    const made = await api.book(carol, {
      resourceId: van.id, ...slot(t, 8, "07:00", "08:00"), title: "Commute", repeat: { frequency: "WEEKLY", until: dateIn(t, 22) },
    });
    expect(made.bookings).toHaveLength(3);
    await api.ok<BookingCancelled>(200, "DELETE", `/book/${made.bookings[1].id}?scope=FOLLOWING`, carol);
    expect((await calendarEvents(carol, dateIn(t, 8))).map((e) => e.summary)).toEqual(["Commute"]);
    expect(await calendarEvents(carol, dateIn(t, 15))).toEqual([]);
    expect(await calendarEvents(carol, dateIn(t, 22))).toEqual([]);
  });

  test("an overlapping booking is refused with 409 and the conflict; touching ones are fine", async () => {
    const first = (await api.book(alice, { resourceId: room.id, ...slot(t, 2, "09:00", "10:00") })).bookings[0];
    const e = await api.fails(409, "resource.conflict", "POST", "/book", bob, { resourceId: room.id, ...slot(t, 2, "09:30", "10:30"), title: "Late" });
    expect(e.message).toBe("The time overlaps another reservation.");
    expect(e.params.conflicts).toEqual([{ ...slot(t, 2, "09:30", "10:30"), conflictingBookingId: first.id }]);
    await api.book(bob, { resourceId: room.id, ...slot(t, 2, "10:00", "11:00") });
    await api.book(bob, { resourceId: room.id, ...slot(t, 2, "08:00", "09:00") });
    // Moving into a taken slot is refused; moving within one's own slot is not a conflict with itself.
    await api.fails(409, "resource.conflict", "PATCH", "/book", alice, { id: first.id, ...slot(t, 2, "09:00", "10:30"), title: "Longer" });
    await api.ok(200, "PATCH", "/book", alice, { id: first.id, ...slot(t, 2, "09:15", "10:00"), title: "Shorter" });
    // Another resource's same slot is free.
    const other = await api.resource(A.admin, { name: "Room 2" });
    await api.book(carol, { resourceId: other.id, ...slot(t, 2, "09:00", "10:00") });
  });

  test("time rules: end after start, at most 31 days, not in the past, 24:00 as an end", async () => {
    const r = { resourceId: room.id, title: "Rules" };
    await api.fails(400, "resource.invalid_range", "POST", "/book", alice, { ...r, ...slot(t, 3, "11:00", "10:00") });
    await api.fails(400, "resource.invalid_range", "POST", "/book", alice, { ...r, ...slot(t, 3, "10:00", "10:00") });
    await api.fails(400, "resource.invalid_range", "POST", "/book", alice, { ...r, ...slot(t, 3, "25:00", "26:00") });
    await api.fails(400, "resource.invalid_range", "POST", "/book", alice, { ...r, startDate: "2031-02-30", startTime: "10:00", endDate: "2031-02-30", endTime: "11:00" });
    await api.fails(400, "resource.too_long", "POST", "/book", alice, { ...r, ...slot(t, 3, "10:00", "10:30", 34) });
    await api.fails(400, "resource.in_the_past", "POST", "/book", alice, { ...r, ...slot(t, -2, "10:00", "11:00") });
    await api.fails(400, "common.validation", "POST", "/book", alice, { ...r, ...slot(t, 3, "10:00", "11:00"), title: "" });
    await api.fails(400, "common.validation", "POST", "/book", alice, { ...slot(t, 3, "10:00", "11:00"), title: "No resource" });
    const late = (await api.book(alice, { ...r, ...slot(t, 3, "23:00", "24:00") })).bookings[0];
    expect([late.endDate, late.endTime, late.endMillis - late.startMillis]).toEqual([dateIn(t, 3), "24:00", 3600_000]);
    // The dashboard's quick booking: now to one hour later.
    const now = new Date(t.clock.now().getTime() + 9 * 3600_000);
    const hhmm = (d: Date) => d.toISOString().slice(11, 16);
    const later = new Date(now.getTime() + 3600_000);
    const quickRoom = await api.resource(A.admin, { name: "Quick" });
    const quick = await api.book(alice, {
      resourceId: quickRoom.id, startDate: now.toISOString().slice(0, 10), startTime: hhmm(now),
      endDate: later.toISOString().slice(0, 10), endTime: hhmm(later), title: "Now",
    });
    expect(quick.bookings[0].status).toBe("CONFIRMED");
  });

  test("who may book: status IN_USE, the selected users and organisations with their sub-organisations", async () => {
    const selected = await api.resource(A.admin, { name: "Team car", type: "CAR", bookerScope: "SELECTED", bookerUserIds: [carol.id], bookerOrganIds: [team] });
    await api.book(bob, { resourceId: selected.id, ...slot(t, 4, "10:00", "11:00") }); // through Sub team, under Team
    await api.book(carol, { resourceId: selected.id, ...slot(t, 4, "11:00", "12:00") });
    await api.fails(403, "resource.not_allowed", "POST", "/book", alice, { resourceId: selected.id, ...slot(t, 4, "12:00", "13:00"), title: "No" });
    await api.book(A.admin, { resourceId: selected.id, ...slot(t, 4, "12:00", "13:00") }); // an admin may book any
    const day = await api.ok<ResourceDay>(200, "GET", `?searchDate=${dateIn(t, 4)}&type=CAR`, alice);
    expect(day.resources.find((r) => r.id === selected.id)).toMatchObject({ bookable: false });
    expect(day.resources.find((r) => r.id === selected.id)!.bookings.length).toBe(3);
    const repair = await api.resource(A.admin, { name: "Broken", status: "REPAIR" });
    await api.fails(403, "resource.not_bookable", "POST", "/book", alice, { resourceId: repair.id, ...slot(t, 4, "10:00", "11:00"), title: "No" });
    const gone = await api.resource(A.admin, { name: "Gone", status: "UNAVAILABLE" });
    await api.fails(403, "resource.not_bookable", "POST", "/book", A.admin, { resourceId: gone.id, ...slot(t, 4, "10:00", "11:00"), title: "No" });
  });

  test("a weekly repeat reports which dates conflict and books nothing; skipConflicts books the rest", async () => {
    const weekly = await api.resource(A.admin, { name: "Weekly room" });
    const taken = (await api.book(bob, { resourceId: weekly.id, ...slot(t, 15, "10:30", "11:30") })).bookings[0];
    const ask = { resourceId: weekly.id, ...slot(t, 1, "10:00", "11:00"), title: "Weekly", repeat: { frequency: "WEEKLY", until: dateIn(t, 29) } };
    const e = await api.fails(409, "resource.conflict", "POST", "/book", alice, ask);
    expect(e.params.conflicts).toEqual([{ ...slot(t, 15, "10:00", "11:00"), conflictingBookingId: taken.id }]);
    const list = await api.ok<Booking[]>(200, "GET", `/book/list?resourceId=${weekly.id}&searchDate=${dateIn(t, 1)}`, alice);
    expect(list).toEqual([]);
    const made = await api.book(alice, { ...ask, skipConflicts: true });
    expect(made.bookings.map((b) => b.startDate)).toEqual([dateIn(t, 1), dateIn(t, 8), dateIn(t, 22), dateIn(t, 29)]);
    expect(made.skipped.map((s) => s.startDate)).toEqual([dateIn(t, 15)]);
    const seriesId = made.bookings[0].seriesId;
    expect(seriesId).not.toBeNull();
    expect(new Set(made.bookings.map((b) => b.seriesId))).toEqual(new Set([seriesId]));
    // Cancel from the third occurrence on.
    const third = made.bookings[2];
    const cancelled = await api.ok<BookingCancelled>(200, "DELETE", `/book/${third.id}?scope=FOLLOWING`, alice);
    expect(cancelled.cancelledIds).toEqual([third.id, made.bookings[3].id]);
    expect((await api.get(alice, made.bookings[1].id)).status).toBe("CONFIRMED");
    // Every occurrence conflicting: 409 even with skipConflicts.
    await api.fails(409, "resource.conflict", "POST", "/book", bob, { ...ask, repeat: { frequency: "WEEKLY", until: dateIn(t, 8) }, skipConflicts: true });
    await api.fails(400, "resource.too_many_occurrences", "POST", "/book", alice, { ...ask, repeat: { frequency: "DAILY", until: dateIn(t, 200) } });
    await api.fails(400, "resource.too_many_occurrences", "POST", "/book", alice, { ...ask, repeat: { frequency: "WEEKLY", until: dateIn(t, 400) } });
    await api.fails(400, "resource.invalid_range", "POST", "/book", alice, { ...ask, repeat: { frequency: "WEEKLY", until: dateIn(t, 0) } });
    await api.fails(400, "common.validation", "POST", "/book", alice, { ...ask, repeat: { frequency: "MONTHLY", until: dateIn(t, 40) } });
  });

  test("a daily repeat takes the working days", async () => {
    const daily = await api.resource(A.admin, { name: "Daily room" });
    const made = await api.book(alice, { resourceId: daily.id, ...slot(t, 1, "08:00", "08:30"), repeat: { frequency: "DAILY", until: dateIn(t, 14) } });
    const later = made.bookings.slice(1);
    expect(later.length).toBeGreaterThanOrEqual(9);
    expect(later.every((b) => weekdayOf(b.startDate) <= 5)).toBe(true);
  });

  test("mine lists the caller's bookings soonest first, with paging", async () => {
    const own = await api.resource(A.admin, { name: "Mine room" });
    const dan = await A.user("dan");
    for (const d of [7, 5, 6]) await api.book(dan, { resourceId: own.id, ...slot(t, d, "10:00", "11:00"), title: `Day ${d}` });
    const page = await api.ok<BookingPage>(200, "GET", "/book/mine?pageSize=2", dan);
    expect(page.total).toBe(3);
    expect(page.content.map((b) => b.title)).toEqual(["Day 5", "Day 6"]);
    const next = await api.ok<BookingPage>(200, "GET", "/book/mine?pageSize=2&page=1", dan);
    expect(next.content.map((b) => b.title)).toEqual(["Day 7"]);
    await api.fails(400, "common.validation", "GET", "/book/mine?pageSize=0", dan);
  });

  test("another company sees none of the bookings and its ids answer 404", async () => {
    const b = (await api.book(alice, { resourceId: room.id, ...slot(t, 9, "10:00", "11:00") })).bookings[0];
    const outsider = await B.user("otto");
    await api.fails(404, "resource.booking_not_found", "GET", `/book/${b.id}`, outsider);
    await api.fails(404, "resource.booking_not_found", "DELETE", `/book/${b.id}`, B.admin);
    await api.fails(404, "resource.booking_not_found", "PATCH", "/book", outsider, { id: b.id, ...slot(t, 9, "10:00", "11:00"), title: "X" });
    await api.fails(404, "resource.booking_not_found", "PUT", `/book/${b.id}/approve`, B.admin);
    await api.fails(404, "resource.not_found", "POST", "/book", outsider, { resourceId: room.id, ...slot(t, 9, "12:00", "13:00"), title: "X" });
    await api.fails(404, "resource.booking_not_found", "GET", "/book/99999999", alice);
    await api.fails(404, "resource.booking_not_found", "GET", "/book/x1", alice);
    expect((await api.ok<Booking[]>(200, "GET", "/book/pending", B.admin))).toEqual([]);
  });

  test("an admin cancels another's booking; deleting a resource cancels its future bookings", async () => {
    const r = await api.resource(A.admin, { name: "Doomed" });
    const b1 = (await api.book(alice, { resourceId: r.id, ...slot(t, 10, "10:00", "11:00") })).bookings[0];
    const b2 = (await api.book(bob, { resourceId: r.id, ...slot(t, 11, "10:00", "11:00") })).bookings[0];
    const b3 = (await api.book(carol, { resourceId: r.id, ...slot(t, 12, "10:00", "11:00") })).bookings[0];
    expect((await api.ok<BookingCancelled>(200, "DELETE", `/book/${b1.id}`, A.admin)).cancelledIds).toEqual([b1.id]);
    expect((await calendarEvents(alice, dateIn(t, 10))).filter((e) => e.location === "Doomed")).toEqual([]);
    const gone = await api.ok<BookingCancelled>(200, "DELETE", `/admin/resources/${r.id}`, A.admin);
    expect(gone.cancelledIds).toEqual([b2.id, b3.id]);
    expect((await calendarEvents(bob, dateIn(t, 11))).filter((e) => e.location === "Doomed")).toEqual([]);
    await api.fails(404, "resource.booking_not_found", "GET", `/book/${b2.id}`, bob);
  });
});
