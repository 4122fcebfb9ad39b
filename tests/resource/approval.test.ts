// Bookings that need an approver: they hold the slot as REQUESTED, the approver is told (RESOURCE_NOTICE on
// their own topic) and sees them in book/pending, approves or rejects (the booker is told; a rejection frees
// the slot and removes the calendar event); only the approver decides, and only a REQUESTED booking. A change
// of time asks again. RESOURCE_CHANGED reaches the company's topic after each change.
import { describe, expect, test } from "vitest";
import type { AdminResource, Booking, ResourceDay } from "../../shared/resource/resources.ts";
import { RESOURCE_CHANGED, RESOURCE_NOTICE, resourceTopic, resourceUserTopic } from "../../shared/resource/constants.ts";
import { createTestApp } from "../support/test-app.ts";
import { company, resourceApi, slot } from "./helpers.ts";

const t = await createTestApp();
const api = resourceApi(t);
const A = await company(t, "res-approval-a.test");
const alice = await A.user("alice");
const boss = await A.user("boss");
const carol = await A.user("carol");
const car = await api.resource(A.admin, { type: "CAR", name: "Company car", needsApproval: true, approverId: boss.id });

/** Events published while `fn` runs. */
async function published(fn: () => Promise<void>) {
  const seen: { topic: string; event: string; data: Record<string, unknown> }[] = [];
  const original = t.deps.realtime.publish.bind(t.deps.realtime);
  t.deps.realtime.publish = async (topic, event, data = {}) => {
    seen.push({ topic, event, data });
    await original(topic, event, data);
  };
  try {
    await fn();
  } finally {
    t.deps.realtime.publish = original;
  }
  return seen;
}

describe("approval", () => {
  test("a resource tells its approver they decide its bookings, before anything waits", async () => {
    const co = await company(t, "res-approval-flag.test");
    const boss2 = await co.user("boss");
    const member = await co.user("member");
    const van = await api.resource(co.admin, { type: "CAR", name: "Van", needsApproval: true, approverId: boss2.id });
    const room = await api.resource(co.admin, { name: "Room", approverId: boss2.id }); // an approver, but no approval asked
    const flags = async (who: { token: string }) =>
      (await api.ok<ResourceDay>(200, "GET", "?type=ALL", who)).resources.map((r) => [r.name, r.approverOf]);
    expect(await api.ok<Booking[]>(200, "GET", "/book/pending", boss2)).toEqual([]);
    expect(await flags(boss2)).toEqual([["Room", false], ["Van", true]]);
    expect(await flags(member)).toEqual([["Room", false], ["Van", false]]);
    expect(await flags(co.admin)).toEqual([["Room", false], ["Van", false]]);
    expect((await api.ok<AdminResource[]>(200, "GET", "/admin/resources", co.admin)).map((r) => [r.name, r.approverOf, r.approver?.id]))
      .toEqual([["Room", false, boss2.id], ["Van", false, boss2.id]]);
    // The admin approves the room's bookings from now on: their flag follows.
    await api.ok(200, "PUT", `/admin/resources/${room.id}`, co.admin, { type: "MEETING_ROOM", name: "Room", needsApproval: true, approverId: co.admin.id });
    expect(await flags(co.admin)).toEqual([["Room", true], ["Van", false]]);
    await api.ok(200, "PUT", `/admin/resources/${van.id}`, co.admin, { type: "CAR", name: "Van", needsApproval: false, approverId: boss2.id });
    expect(await flags(boss2)).toEqual([["Room", false], ["Van", false]]);
  });

  test("a request holds the slot, the approver is told, approves; the booker is told", async () => {
    let b!: Booking;
    const events = await published(async () => {
      b = (await api.book(alice, { resourceId: car.id, ...slot(t, 2, "09:00", "18:00"), title: "Client visit" })).bookings[0];
    });
    expect(b.status).toBe("REQUESTED");
    expect(events).toContainEqual({ topic: resourceUserTopic(boss.username), event: RESOURCE_NOTICE, data: { bookingId: b.id, notice: "REQUESTED" } });
    expect(events).toContainEqual({ topic: resourceTopic(A.companyId), event: RESOURCE_CHANGED, data: { resourceIds: String(car.id) } });
    await api.fails(409, "resource.conflict", "POST", "/book", carol, { resourceId: car.id, ...slot(t, 2, "10:00", "11:00"), title: "Also" });
    expect((await api.ok<Booking[]>(200, "GET", "/book/pending", boss)).map((x) => x.id)).toEqual([b.id]);
    expect(await api.ok<Booking[]>(200, "GET", "/book/pending", carol)).toEqual([]);
    await api.fails(403, "resource.not_approver", "PUT", `/book/${b.id}/approve`, alice);
    await api.fails(403, "resource.not_approver", "PUT", `/book/${b.id}/approve`, A.admin);
    let approved!: Booking;
    const decided = await published(async () => {
      approved = await api.ok<Booking>(200, "PUT", `/book/${b.id}/approve`, boss);
    });
    expect(approved.status).toBe("CONFIRMED");
    expect(decided).toContainEqual({ topic: resourceUserTopic(alice.username), event: RESOURCE_NOTICE, data: { bookingId: b.id, notice: "CONFIRMED" } });
    await api.fails(409, "resource.not_pending", "PUT", `/book/${b.id}/approve`, boss);
    await api.fails(409, "resource.not_pending", "PUT", `/book/${b.id}/reject`, boss, { reason: "late" });
    expect(await api.ok<Booking[]>(200, "GET", "/book/pending", boss)).toEqual([]);

    // A new time asks the approver again; a new title does not.
    const retitled = await api.ok<Booking>(200, "PATCH", "/book", alice, { id: b.id, ...slot(t, 2, "09:00", "18:00"), title: "Client visit (2)" });
    expect(retitled.status).toBe("CONFIRMED");
    const moved = await api.ok<Booking>(200, "PATCH", "/book", alice, { id: b.id, ...slot(t, 2, "09:00", "17:00"), title: "Client visit (2)" });
    expect(moved.status).toBe("REQUESTED");
  });

  test("a rejection frees the slot, keeps the reason and removes the calendar event", async () => {
    const b = (await api.book(carol, { resourceId: car.id, ...slot(t, 3, "09:00", "10:00"), title: "Airport" })).bookings[0];
    const [{ n: before }] = await t.db.sql<{ n: number }[]>`select count(*)::int as n from calendar_events e
      join resource_bookings b on b.calendar_event_id = e.id where b.id = ${b.id}`;
    expect(before).toBe(1);
    await api.fails(400, "common.validation", "PUT", `/book/${b.id}/reject`, boss, { reason: 5 });
    const events = await published(async () => {
      const rejected = await api.ok<Booking>(200, "PUT", `/book/${b.id}/reject`, boss, { reason: "The car is needed elsewhere" });
      expect(rejected).toMatchObject({ status: "REJECTED", rejectReason: "The car is needed elsewhere" });
    });
    expect(events).toContainEqual({ topic: resourceUserTopic(carol.username), event: RESOURCE_NOTICE, data: { bookingId: b.id, notice: "REJECTED" } });
    const [{ event }] = await t.db.sql<{ event: number | null }[]>`select calendar_event_id as event from resource_bookings where id = ${b.id}`;
    expect(event).toBeNull();
    await api.fails(409, "resource.booking_closed", "DELETE", `/book/${b.id}`, carol);
    // The slot is free: the approver's own booking needs no approval.
    const own = (await api.book(boss, { resourceId: car.id, ...slot(t, 3, "09:00", "10:00"), title: "Mine" })).bookings[0];
    expect(own.status).toBe("CONFIRMED");
  });

  test("an admin's cancel of another's booking tells the booker", async () => {
    const b = (await api.book(alice, { resourceId: car.id, ...slot(t, 4, "09:00", "10:00") })).bookings[0];
    const events = await published(async () => {
      await api.ok(200, "DELETE", `/book/${b.id}`, A.admin);
    });
    expect(events).toContainEqual({ topic: resourceUserTopic(alice.username), event: RESOURCE_NOTICE, data: { bookingId: b.id, notice: "CANCELLED" } });
    expect((await api.ok<Booking[]>(200, "GET", "/book/pending", boss)).map((x) => x.id)).not.toContain(b.id);
  });
});
