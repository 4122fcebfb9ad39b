// Balance checks are atomic (the user's leave_hr_users row lock): ten applications racing for the last day,
// each for another date, and exactly one passes; the others answer leave.exceeds_balance and nothing of them
// is left behind (no usage, no draw, no calendar event).
import { beforeAll, describe, expect, it } from "vitest";
import type { Allocation, Usage } from "../../shared/leave/leave.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";
import { leaveCast, seoul } from "./support.ts";

let t: TestApp;
let cast: Awaited<ReturnType<typeof leaveCast>>;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(seoul("2026-03-02"));
  cast = await leaveCast(t, "leave-race");
});

describe("two applications for the last day", () => {
  it("ten at once for one remaining day: exactly one passes", async () => {
    const { api, A } = cast;
    const annual = await api.annualOf(A.hr);
    const alloc = await api.grant(A.hr, A.hrMember.id, annual.id, 1, "2026-01-01", "2026-12-31") as Allocation;
    // Ten working days of April 2026 (Mon-Fri, no holidays in 04-06..04-17).
    const dates = ["06", "07", "08", "09", "10", "13", "14", "15", "16", "17"].map((d) => `2026-04-${d}`);
    const answers = await Promise.all(dates.map((d) =>
      api.raw("POST", "leaves/usages", A.hrMember, { templateId: annual.id, startDate: d, endDate: d, unit: "FULL_DAY" })
    ));
    const passed = answers.filter((r) => r.status === 201);
    expect(passed).toHaveLength(1);
    for (const r of answers.filter((r) => r.status !== 201)) expect([r.status, r.body.code]).toEqual([400, "leave.exceeds_balance"]);
    const usages = await api.ok<Usage[]>(200, "GET", "leaves/usages", A.hrMember);
    expect(usages).toHaveLength(1);
    expect(usages[0].id).toBe(passed[0].body.id);
    const [draws] = await t.db.sql`select count(*)::int as n, sum(days)::float as days from leave_usage_allocations where allocation_id = ${alloc.id}`;
    expect(draws).toEqual({ n: 1, days: 1 });
    const [events] = await t.db.sql`select count(*)::int as n from calendar_events where owner_user_id = ${A.hrMember.id} and is_leave`;
    expect(events.n).toBe(1);
  });

  it("half days racing for one remaining day: two pass", async () => {
    const { api, A } = cast;
    const sick = await api.templateNamed(A.hr, "병가");
    await api.grant(A.hr, A.colleague.id, sick.id, 1, "2026-01-01", "2026-12-31");
    const dates = ["06", "07", "08", "09", "10", "13"].map((d) => `2026-04-${d}`);
    const answers = await Promise.all(dates.map((d) =>
      api.raw("POST", "leaves/usages", A.colleague, { templateId: sick.id, startDate: d, endDate: d, unit: "HALF_DAY", reason: "감기" })
    ));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(2);
    expect(answers.filter((r) => r.status === 400).map((r) => r.body.code)).toEqual(Array(4).fill("leave.exceeds_balance"));
  });
});
