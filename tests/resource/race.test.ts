// No double booking, enforced by the database: 50 concurrent requests for the same slot give exactly one
// booking (201) and 49 clean 409 resource.conflict answers, and the database holds one booking.
import { describe, expect, test } from "vitest";
import { createTestApp } from "../support/test-app.ts";
import { company, resourceApi, slot } from "./helpers.ts";

const t = await createTestApp();
const api = resourceApi(t);
const A = await company(t, "res-race.test");
const members = await Promise.all(Array.from({ length: 5 }, (_, i) => A.user(`racer${i}`)));
const room = await api.resource(A.admin, { name: "Contested room" });

describe("racing bookings", () => {
  test("50 concurrent bookings of one slot: one 201, 49 × 409 resource.conflict, one row", async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) =>
      api.call("POST", "/book", members[i % members.length], { resourceId: room.id, ...slot(t, 1, "10:00", "11:00"), title: `Try ${i}` })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201).length).toBe(1);
    expect(statuses.filter((s) => s === 409).length).toBe(49);
    for (const a of answers.filter((x) => x.status === 409)) {
      expect(a.body.code).toBe("resource.conflict");
      expect(a.body.message).toBe("The time overlaps another reservation.");
    }
    const winner = answers.find((a) => a.status === 201)!.body.bookings[0];
    const [{ n }] = await t.db.sql<{ n: number }[]>`select count(*)::int as n from resource_bookings where resource_id = ${room.id}`;
    expect(n).toBe(1);
    const [{ events }] = await t.db.sql<{ events: number }[]>`select count(*)::int as events from calendar_events where location = 'Contested room'`;
    expect(events).toBe(1);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.params.conflicts[0].conflictingBookingId === winner.id)).toBe(true);
  });

  test("overlapping (not equal) concurrent slots: the bookings made never overlap", async () => {
    const starts = ["09:00", "09:30", "10:00", "10:30", "09:45", "10:15", "09:15", "10:45"];
    const answers = await Promise.all(starts.map((s, i) => {
      const [h, m] = s.split(":").map(Number);
      const end = `${String(h + 1).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
      return api.call("POST", "/book", members[i % members.length], { resourceId: room.id, ...slot(t, 2, s, end), title: s });
    }));
    const ok = answers.filter((a) => a.status === 201);
    expect(answers.every((a) => a.status === 201 || (a.status === 409 && a.body.code === "resource.conflict"))).toBe(true);
    const rows = await t.db.sql<{ s: number; e: number }[]>`select extract(epoch from start_at)::float8 as s, extract(epoch from end_at)::float8 as e from resource_bookings
      where resource_id = ${room.id} and title like '%:%' order by start_at`;
    expect(rows.length).toBe(ok.length);
    expect(ok.length).toBeGreaterThanOrEqual(2); // 09:00-10:00 and 10:00-11:00 cannot both lose
    for (let i = 1; i < rows.length; i++) expect(rows[i].s).toBeGreaterThanOrEqual(rows[i - 1].e);
  });
});
