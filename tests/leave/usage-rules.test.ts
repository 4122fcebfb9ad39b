// The rules of 002 §4/§5 on usages with their codes: employee application allowed per type, a reason for
// special leave, expired special leave, editing only one's own PENDING usage (used → leave.already_used,
// approved → leave.not_editable), cancelling (own; approved and not started unless the type is cancelled by HR
// only; used never), decisions only once, reads of others' leave and another company's ids answering 404.
import { beforeAll, describe, expect, it } from "vitest";
import type { Template, Usage } from "../../shared/leave/leave.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";
import { leaveCast, seoul } from "./support.ts";

let t: TestApp;
let cast: Awaited<ReturnType<typeof leaveCast>>;
let annualId: number;
let family: Template;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(seoul("2026-04-01"));
  cast = await leaveCast(t, "leave-rules");
  const { api, A } = cast;
  annualId = (await api.annualOf(A.hr)).id;
  family = await api.templateNamed(A.hr, "경조휴가");
  for (const p of [A.employee, A.colleague]) await api.grant(A.hr, p.id, annualId, 15, "2026-01-01", "2026-12-31");
});

const day = (date: string, extra: Record<string, unknown> = {}) => ({ templateId: annualId, startDate: date, endDate: date, unit: "FULL_DAY", ...extra });

describe("applying", () => {
  it("a type that employees may not apply for; special leave needs a reason and a valid allocation", async () => {
    const { api, A } = cast;
    const hrOnly = await api.ok<Template>(201, "POST", "leaves/templates", A.hr, { name: "공가", employeeApplicationAllowed: false });
    await api.grant(A.hr, A.employee.id, hrOnly.id, 3, "2026-01-01", "2026-12-31");
    await api.fails(403, "leave.application_not_allowed", "POST", "leaves/usages", A.employee, day("2026-04-06", { templateId: hrOnly.id, reason: "예비군" }));
    // HR enters it for the member.
    await api.ok(201, "POST", "leaves/usages", A.hr, day("2026-04-06", { templateId: hrOnly.id, reason: "예비군", userId: A.employee.id }));

    await api.grant(A.hr, A.employee.id, family.id, 5, "2026-03-01", "2026-04-10");
    await api.fails(400, "leave.reason_required", "POST", "leaves/usages", A.employee, day("2026-04-07", { templateId: family.id }));
    await api.ok(201, "POST", "leaves/usages", A.employee, day("2026-04-07", { templateId: family.id, reason: "결혼" }));
    // After the allocation's validTo: expired.
    await api.fails(400, "leave.expired", "POST", "leaves/usages", A.employee, day("2026-04-13", { templateId: family.id, reason: "결혼" }));
    // A range running past it is not covered either.
    await api.fails(400, "leave.expired", "POST", "leaves/usages", A.employee, { templateId: family.id, startDate: "2026-04-09", endDate: "2026-04-13", unit: "FULL_DAY", reason: "결혼" });
    // Another company's type: 404.
    await api.fails(404, "leave.template_not_found", "POST", "leaves/usages", A.employee, day("2026-04-08", { templateId: (await api.annualOf(cast.B.hr)).id }));
    await api.fails(400, "common.validation", "POST", "leaves/usages", A.employee, { templateId: annualId });
  });

  it("over the balance: leave.exceeds_balance", async () => {
    const { api, A } = cast;
    await api.fails(400, "leave.exceeds_balance", "POST", "leaves/usages", A.colleague, { templateId: annualId, startDate: "2026-05-04", endDate: "2026-05-29", unit: "FULL_DAY" });
    const r = await api.ok<Usage>(201, "POST", "leaves/usages", A.colleague, { templateId: annualId, startDate: "2026-06-08", endDate: "2026-06-26", unit: "FULL_DAY" });
    expect(r.usedDays).toBe(15);
    await api.fails(400, "leave.exceeds_balance", "POST", "leaves/usages", A.colleague, day("2026-06-01", { unit: "HALF_DAY" }));
    await api.fails(400, "leave.overlaps", "POST", "leaves/usages", A.colleague, { templateId: annualId, startDate: "2026-06-26", endDate: "2026-06-26", unit: "FULL_DAY" });
    await api.ok(200, "DELETE", `leaves/usages/${r.id}`, A.colleague);
  });
});

describe("the days an application takes, before applying", () => {
  it("POST usages/preview counts as applying does: weekends and 추석 left out; a range of holidays only is invalid; nothing written", async () => {
    const { api, A } = cast;
    const before = await api.ok<Usage[]>(200, "GET", "leaves/usages", A.colleague);
    // 2026-09-23 (Wed) .. 09-29 (Tue): 추석 연휴 24-26, the weekend 26-27: the 23rd, 28th and 29th.
    const preview = await api.ok(200, "POST", "leaves/usages/preview", A.colleague, { templateId: annualId, startDate: "2026-09-23", endDate: "2026-09-29", unit: "FULL_DAY" });
    expect(preview).toEqual({ usedDays: 3, startDate: "2026-09-23", endDate: "2026-09-29", startTime: null, endTime: null });
    expect((await api.ok(200, "POST", "leaves/usages/preview", A.colleague, day("2026-09-30", { unit: "HALF_DAY", startTime: "14:00" }))).usedDays).toBe(0.5);
    await api.fails(400, "leave.invalid_days", "POST", "leaves/usages/preview", A.colleague, { templateId: annualId, startDate: "2026-09-24", endDate: "2026-09-27", unit: "FULL_DAY" });
    await api.fails(400, "leave.invalid_days", "POST", "leaves/usages/preview", A.colleague, day("2026-02-30"));
    await api.fails(400, "leave.invalid_days", "POST", "leaves/usages/preview", A.colleague, { templateId: annualId, startDate: "2026-09-29", endDate: "2026-09-23", unit: "FULL_DAY" });
    await api.fails(404, "leave.template_not_found", "POST", "leaves/usages/preview", A.colleague, day("2026-09-23", { templateId: (await api.annualOf(cast.B.hr)).id }));
    expect(await api.ok<Usage[]>(200, "GET", "leaves/usages", A.colleague)).toEqual(before);
  });
});

describe("advance use", () => {
  it("with advanceNextAllocationAllowed the shortfall is borrowed from the next grant (an ADVANCE allocation), up to it", async () => {
    const { api, A } = cast;
    const policy = await api.ok(200, "GET", "leaves/policies", A.hr);
    await api.ok(200, "PUT", "leaves/policies", A.hr, { ...policy, advanceNextAllocationAllowed: true });
    const big = await api.ok<Usage>(201, "POST", "leaves/usages", A.colleague, { templateId: annualId, startDate: "2026-07-01", endDate: "2026-07-23", unit: "FULL_DAY" });
    expect(big.usedDays).toBe(16); // 23 weekdays less 제헌절 (07-17)
    const [adv] = await t.db.sql`select granted::float as granted, source, status from leave_allocations where user_id = ${A.colleague.id} and source = 'ADVANCE'`;
    expect(adv).toEqual({ granted: 1, source: "ADVANCE", status: "APPROVED" });
    // Not beyond the next grant (15 days at the second anniversary).
    await api.fails(400, "leave.exceeds_balance", "POST", "leaves/usages", A.colleague, { templateId: annualId, startDate: "2026-08-03", endDate: "2026-08-31", unit: "FULL_DAY" });
    // Cancelled, the borrowed days go back.
    await api.ok(200, "DELETE", `leaves/usages/${big.id}`, A.colleague);
    const left = await t.db.sql`select 1 from leave_allocations where user_id = ${A.colleague.id} and source = 'ADVANCE'`;
    expect(left).toHaveLength(0);
    await api.ok(200, "PUT", "leaves/policies", A.hr, policy);
  });
});

describe("editing and cancelling", () => {
  it("own PENDING usages can be edited; approved → not_editable; used → already_used", async () => {
    const { api, A, B } = cast;
    const u = await api.ok<Usage>(201, "POST", "leaves/usages", A.employee, day("2026-04-20"));
    const e = await api.ok<Usage>(200, "PATCH", `leaves/usages/${u.id}`, A.employee, { templateId: annualId, startDate: "2026-04-21", endDate: "2026-04-22", unit: "FULL_DAY", summary: "이사" });
    expect(e).toMatchObject({ startDate: "2026-04-21", endDate: "2026-04-22", usedDays: 2, summary: "이사", status: "PENDING" });
    await api.fails(403, "leave.not_allowed", "PATCH", `leaves/usages/${u.id}`, A.lead, day("2026-04-23"));
    await api.fails(404, "leave.not_found", "PATCH", `leaves/usages/${u.id}`, A.colleague, day("2026-04-23"));
    await api.fails(404, "leave.not_found", "PATCH", `leaves/usages/${u.id}`, B.hr, day("2026-04-23"));
    await api.ok(200, "PATCH", `leaves/usages/${u.id}/decision`, A.lead, { status: "APPROVED" });
    await api.fails(409, "leave.not_pending", "PATCH", `leaves/usages/${u.id}/decision`, A.lead, { status: "REJECTED" });
    await api.fails(409, "leave.not_editable", "PATCH", `leaves/usages/${u.id}`, A.employee, day("2026-04-23"));
    expect((await api.ok<Usage>(200, "GET", `leaves/usages/${u.id}`, A.employee)).used).toBe(false);
    // Leave that started (yesterday's, approved) is used.
    const past = await api.ok<Usage>(201, "POST", "leaves/usages", A.employee, day("2026-03-31"));
    await api.ok(200, "PATCH", `leaves/usages/${past.id}/decision`, A.lead, { status: "APPROVED" });
    expect((await api.ok<Usage>(200, "GET", `leaves/usages/${past.id}`, A.employee)).used).toBe(true);
    await api.fails(409, "leave.already_used", "PATCH", `leaves/usages/${past.id}`, A.employee, day("2026-04-23"));
    await api.fails(409, "leave.already_used", "DELETE", `leaves/usages/${past.id}`, A.employee);
    await api.fails(409, "leave.already_used", "DELETE", `leaves/usages/${past.id}`, A.hr);
  });

  it("approved leave not yet started is cancelled by its owner unless the type is cancelled by HR only", async () => {
    const { api, A } = cast;
    const strict = await api.ok<Template>(201, "POST", "leaves/templates", A.hr, { name: "포상 휴가", adminCancellationOnly: true });
    await api.grant(A.hr, A.colleague.id, strict.id, 2, "2026-01-01", "2026-12-31");
    const s = await api.ok<Usage>(201, "POST", "leaves/usages", A.colleague, day("2026-06-08", { templateId: strict.id, reason: "포상" }));
    // Pending: the owner may withdraw it; approved: HR only.
    await api.ok(200, "PATCH", `leaves/usages/${s.id}/decision`, A.lead, { status: "APPROVED" });
    await api.fails(403, "leave.admin_cancellation_only", "DELETE", `leaves/usages/${s.id}`, A.colleague);
    await api.fails(403, "leave.not_allowed", "DELETE", `leaves/usages/${s.id}`, A.lead);
    const gone = await api.ok<Usage>(200, "DELETE", `leaves/usages/${s.id}`, A.hr);
    expect(gone.id).toBe(s.id);
    await api.fails(404, "leave.not_found", "GET", `leaves/usages/${s.id}`, A.colleague);

    const a = await api.ok<Usage>(201, "POST", "leaves/usages", A.colleague, day("2026-06-09"));
    await api.ok(200, "PATCH", `leaves/usages/${a.id}/decision`, A.lead, { status: "APPROVED" });
    await api.ok(200, "DELETE", `leaves/usages/${a.id}`, A.colleague);
    const logs = await t.db.sql`select action from leave_logs where kind = 'USAGE' and ref_id = ${a.id} order by id`;
    expect(logs.map((l) => l.action)).toEqual(["CREATED", "APPROVED", "CANCELLED"]);
  });
});

describe("reads", () => {
  it("own, HR's and the approver's; others 403/404; another company 404", async () => {
    const { api, A, B } = cast;
    const u = await api.ok<Usage>(201, "POST", "leaves/usages", A.employee, day("2026-06-15"));
    expect((await api.ok<Usage[]>(200, "GET", "leaves/usages?from=2026-06-01&to=2026-06-30", A.employee)).map((x) => x.id)).toContain(u.id);
    expect((await api.ok<Usage[]>(200, "GET", "leaves/usages?from=2026-07-01&to=2026-07-31", A.employee))).toEqual([]);
    await api.fails(400, "leave.invalid_days", "GET", "leaves/usages?from=2026-07-01&to=2026-06-01", A.employee);
    expect((await api.ok<Usage>(200, "GET", `leaves/usages/${u.id}`, A.lead)).userName).toBe("김사원");
    await api.ok(200, "GET", `leaves/usages/${u.id}`, A.hr);
    await api.fails(404, "leave.not_found", "GET", `leaves/usages/${u.id}`, A.colleague);
    await api.fails(404, "leave.not_found", "GET", `leaves/usages/${u.id}`, B.hr);
    await api.fails(404, "leave.not_found", "GET", "leaves/usages/abc", A.employee);
    await api.fails(403, "leave.not_allowed", "GET", `leaves/usages?userId=${A.employee.id}`, A.colleague);
    await api.fails(404, "leave.user_not_found", "GET", `leaves/usages?userId=${B.employee.id}`, A.hr);
    await api.fails(404, "leave.not_found", "PATCH", `leaves/usages/${u.id}/decision`, B.lead, { status: "APPROVED" });
    await api.fails(404, "leave.not_found", "DELETE", `leaves/usages/${u.id}`, B.hr);
  });
});
