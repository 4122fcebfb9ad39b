// The ledger: day counting (weekends, 설날 and 추석 over a range, half/quarter/hour units), balances (only
// approved allocations count; remaining = granted - used + carriedOver; used once started and approved),
// allocations (an employee's request, its edit and withdrawal, the decision; HR's grants and edits), approvers
// up the organisation tree, managers' scope with subOrgManageable on and off, HR's status changes and another
// company's ids answering 404.
import { beforeAll, describe, expect, it } from "vitest";
import type { Allocation, Approver, Usage } from "../../shared/leave/leave.ts";
import { balanceOf } from "../../server/modules/leave/ledger/balance.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";
import { leaveCast, seoul } from "./support.ts";

let t: TestApp;
let cast: Awaited<ReturnType<typeof leaveCast>>;
let annualId: number;
let compId: number;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(seoul("2026-01-05"));
  cast = await leaveCast(t, "leave-ledger");
  const { api, A } = cast;
  annualId = (await api.annualOf(A.hr)).id;
  compId = (await api.templateNamed(A.hr, "보상휴가")).id;
  for (const p of [A.employee, A.colleague, A.hrMember, A.lead]) await api.grant(A.hr, p.id, annualId, 20, "2026-01-01", "2026-12-31");
});

const apply = (who: { token: string }, body: Record<string, unknown>) =>
  cast.api.raw("POST", "leaves/usages", who, { templateId: annualId, ...body });

describe("counting days", () => {
  it("full days skip weekends and public holidays (설날, 추석)", async () => {
    const { A } = cast;
    const cases: [string, string, number][] = [
      ["2026-01-05", "2026-01-09", 5], // Mon-Fri
      ["2026-01-16", "2026-01-19", 2], // Fri-Mon over a weekend
      ["2026-02-16", "2026-02-20", 2], // 설날 16-18
      ["2026-09-21", "2026-10-02", 8], // 추석 24-25 (26 a Saturday)
    ];
    for (const [startDate, endDate, days] of cases) {
      const r = await apply(A.employee, { startDate, endDate, unit: "FULL_DAY" });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect(r.body.usedDays, `${startDate}..${endDate}`).toBe(days);
    }
    for (const [startDate, endDate] of [["2026-01-17", "2026-01-18"], ["2026-02-17", "2026-02-18"], ["2026-02-17", "2026-02-17"]]) {
      const r = await apply(A.employee, { startDate, endDate, unit: "FULL_DAY" });
      expect([r.status, r.body.code], `${startDate}..${endDate}`).toEqual([400, "leave.invalid_days"]);
    }
    const half = await apply(A.employee, { startDate: "2026-02-17", endDate: "2026-02-17", unit: "HALF_DAY" });
    expect([half.status, half.body.code]).toEqual([400, "leave.invalid_days"]);
  });

  it("a type with weekends counts them, never holidays", async () => {
    const { api, A } = cast;
    const t2 = await api.ok(201, "POST", "leaves/templates", A.hr, { name: "장기 휴가", weekendIncluded: true });
    await api.grant(A.hr, A.colleague.id, t2.id, 30, "2026-01-01", "2026-12-31");
    const r = await apply(A.colleague, { templateId: t2.id, startDate: "2026-09-21", endDate: "2026-10-02", unit: "FULL_DAY", reason: "안식" });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.usedDays).toBe(9);
  });

  it("half, quarter and hour units", async () => {
    const { api, A } = cast;
    const am = await apply(A.colleague, { startDate: "2026-01-07", endDate: "2026-01-07", unit: "HALF_DAY", startTime: "09:00" });
    expect(am.body).toMatchObject({ usedDays: 0.5, startTime: "09:00", endTime: "13:00" });
    const pm = await apply(A.colleague, { startDate: "2026-01-07", endDate: "2026-01-07", unit: "HALF_DAY", startTime: "14:00" });
    expect(pm.body).toMatchObject({ usedDays: 0.5, startTime: "14:00", endTime: "18:00" });
    const q = await apply(A.colleague, { startDate: "2026-01-08", endDate: "2026-01-08", unit: "QUARTER_DAY", startTime: "10:30" });
    expect(q.body).toMatchObject({ usedDays: 0.25, startTime: "10:30", endTime: "12:30" });
    await api.grant(A.hr, A.colleague.id, compId, 2, "2026-01-01", "2026-06-30");
    const h = await apply(A.colleague, { templateId: compId, startDate: "2026-01-09", endDate: "2026-01-09", unit: "ONE_HOUR", startTime: "15:00", hours: 3, reason: "야근" });
    expect(h.body).toMatchObject({ usedDays: 0.375, unit: "ONE_HOUR", endTime: "18:00" });
    const bad: [Record<string, unknown>, string][] = [
      [{ startDate: "2026-01-12", endDate: "2026-01-12", unit: "HALF_DAY", startTime: "11:00" }, "leave.invalid_days"],
      [{ startDate: "2026-01-12", endDate: "2026-01-13", unit: "HALF_DAY" }, "leave.invalid_days"],
      [{ startDate: "2026-01-12", endDate: "2026-01-12", unit: "QUARTER_DAY", startTime: "17:00" }, "leave.invalid_days"],
      [{ startDate: "2026-01-12", endDate: "2026-01-12", unit: "ONE_HOUR", hours: 1 }, "leave.unit_not_allowed"],
      [{ startDate: "2026-01-13", endDate: "2026-01-12", unit: "FULL_DAY" }, "leave.invalid_days"],
      [{ startDate: "2026-02-30", endDate: "2026-02-30", unit: "FULL_DAY" }, "leave.invalid_days"],
      [{ startDate: "2026-1-12", endDate: "2026-01-12", unit: "FULL_DAY" }, "leave.invalid_days"],
      [{ startDate: "2026-01-12", endDate: "2026-01-12", unit: "WEEK" }, "common.validation"],
      [{ startDate: "2026-01-07", endDate: "2026-01-07", unit: "QUARTER_DAY", startTime: "12:00" }, "leave.overlaps"],
    ];
    for (const [body, code] of bad) {
      const r = await apply(A.colleague, body);
      expect([r.status, r.body.code], JSON.stringify(body)).toEqual([400, code]);
    }
  });
});

describe("balances", () => {
  it("only approved allocations count; used once started and approved; remaining = granted - used + carriedOver", async () => {
    const { api, A } = cast;
    const hm = A.hrMember;
    // A pending request does not count.
    await api.fails(400, "leave.expired", "POST", "leaves/usages", hm, { templateId: compId, startDate: "2026-01-20", endDate: "2026-01-20", unit: "FULL_DAY", reason: "x" });
    const req = await api.ok<Allocation>(201, "POST", "leaves/allocations", hm, { templateId: compId, reason: "주말 근무", validFrom: "2026-01-01", validTo: "2026-03-31", granted: 1 });
    expect(req).toMatchObject({ status: "PENDING", source: "REQUEST", approverId: A.head.id });
    await api.fails(400, "leave.expired", "POST", "leaves/usages", hm, { templateId: compId, startDate: "2026-01-20", endDate: "2026-01-20", unit: "FULL_DAY", reason: "x" });
    await api.ok(200, "PATCH", `leaves/allocations/${req.id}/decision`, A.head, { status: "APPROVED" });
    const u = await api.ok<Usage>(201, "POST", "leaves/usages", hm, { templateId: compId, startDate: "2026-01-20", endDate: "2026-01-20", unit: "FULL_DAY", reason: "x" });
    await api.fails(400, "leave.exceeds_balance", "POST", "leaves/usages", hm, { templateId: compId, startDate: "2026-01-21", endDate: "2026-01-21", unit: "HALF_DAY", reason: "x" });

    const carried = await api.ok<Allocation>(201, "POST", "hr/leaves/allocations", A.hr, { userId: hm.id, templateId: annualId, granted: 0, carriedOver: 2.5, validFrom: "2026-01-01", validTo: "2026-06-30" });
    expect(carried.remaining).toBe(2.5);
    let b = await balanceOf(t.db.db, A.companyId, hm.id, "ANNUAL", "2026-01-15", { now: t.clock.now() });
    expect(b).toMatchObject({ granted: 20, carriedOver: 2.5, used: 0, remaining: 22.5, calcStart: "2026-01-01", calcEnd: "2026-12-31" });
    // A usage approved but not started is not yet used; started, it is.
    const a = await api.ok<Usage>(201, "POST", "leaves/usages", hm, { templateId: annualId, startDate: "2026-01-12", endDate: "2026-01-13", unit: "FULL_DAY" });
    await api.ok(200, "PATCH", `leaves/usages/${a.id}/decision`, A.head, { status: "APPROVED" });
    b = await balanceOf(t.db.db, A.companyId, hm.id, "ANNUAL", "2026-01-15", { now: t.clock.now() });
    expect(b.used).toBe(0);
    b = await balanceOf(t.db.db, A.companyId, hm.id, "ANNUAL", "2026-01-15", { now: seoul("2026-01-14"), toBeGranted: 3 });
    expect(b).toMatchObject({ used: 2, remaining: 20.5, toBeGranted: 3, totalGranted: 23 });
    // The carried-over days (expiring first) were drawn first.
    const drawn = await api.ok<Allocation>(200, "GET", `leaves/allocations/${carried.id}`, hm);
    expect(drawn.status).toBe("APPROVED");
    const [d] = await t.db.sql`select days::float as days from leave_usage_allocations where usage_id = ${a.id} and allocation_id = ${carried.id}`;
    expect(d.days).toBe(2);
    expect(u.status).toBe("PENDING");
  });
});

describe("allocations", () => {
  it("an employee's request: edit and withdraw while pending; decided by the approver only", async () => {
    const { api, A, B } = cast;
    const body = { templateId: compId, reason: "휴일 근무", validFrom: "2026-01-10", validTo: "2026-04-30", granted: 1.5 };
    const r = await api.ok<Allocation>(201, "POST", "leaves/allocations", A.employee, body);
    await api.fails(403, "leave.application_not_allowed", "POST", "leaves/allocations", A.employee, { ...body, templateId: annualId });
    await api.fails(400, "common.validation", "POST", "leaves/allocations", A.employee, { ...body, reason: "" });
    await api.fails(400, "leave.invalid_days", "POST", "leaves/allocations", A.employee, { ...body, validTo: "2026-01-01" });
    await api.fails(400, "leave.no_approver", "POST", "leaves/allocations", A.orphan, body);
    const edited = await api.ok<Allocation>(200, "PATCH", `leaves/allocations/${r.id}`, A.employee, { ...body, granted: 2 });
    expect(edited.granted).toBe(2);
    await api.fails(403, "leave.not_allowed", "PATCH", `leaves/allocations/${r.id}`, A.lead, body);
    // The approver sees who asks, not only the type's name.
    const waiting = (await api.ok<Allocation[]>(200, "GET", "leaves/allocations/pending", A.lead)).find((x) => x.id === r.id);
    expect(waiting && { userName: waiting.userName, name: waiting.name }).toEqual({ userName: A.employee.name, name: "보상휴가" });
    expect(await api.ok<Allocation[]>(200, "GET", "leaves/allocations/pending", A.employee)).toEqual([]);
    await api.fails(403, "leave.not_approver", "PATCH", `leaves/allocations/${r.id}/decision`, A.employee, { status: "APPROVED" });
    await api.fails(404, "leave.not_found", "PATCH", `leaves/allocations/${r.id}/decision`, A.colleague, { status: "APPROVED" });
    await api.fails(404, "leave.not_found", "PATCH", `leaves/allocations/${r.id}/decision`, B.lead, { status: "APPROVED" });
    await api.fails(400, "common.validation", "PATCH", `leaves/allocations/${r.id}/decision`, A.lead, { status: "PENDING" });
    const ok = await api.ok<Allocation>(200, "PATCH", `leaves/allocations/${r.id}/decision`, A.lead, { status: "APPROVED" });
    expect(ok).toMatchObject({ status: "APPROVED", statusChangerId: A.lead.id, remaining: 2 });
    await api.fails(409, "leave.not_pending", "PATCH", `leaves/allocations/${r.id}/decision`, A.lead, { status: "REJECTED" });
    await api.fails(409, "leave.not_editable", "PATCH", `leaves/allocations/${r.id}`, A.employee, body);
    await api.fails(409, "leave.not_editable", "DELETE", `leaves/allocations/${r.id}`, A.employee);

    const w = await api.ok<Allocation>(201, "POST", "leaves/allocations", A.employee, body);
    await api.ok(200, "DELETE", `leaves/allocations/${w.id}`, A.employee);
    await api.fails(404, "leave.not_found", "GET", `leaves/allocations/${w.id}`, A.employee);
  });

  it("HR grants and edits; reads are the member's, HR's and the approver's", async () => {
    const { api, A, B } = cast;
    const g = await api.ok<Allocation>(201, "POST", "hr/leaves/allocations", A.hr, { userId: A.employee.id, templateId: compId, granted: 3, validFrom: "2026-02-01", validTo: "2026-02-28" });
    expect(g).toMatchObject({ status: "APPROVED", source: "MANUAL", name: "보상휴가" });
    await api.fails(403, "leave.hr_only", "POST", "hr/leaves/allocations", A.lead, { userId: A.employee.id, templateId: compId, granted: 3, validFrom: "2026-02-01", validTo: "2026-02-28" });
    await api.fails(404, "leave.user_not_found", "POST", "hr/leaves/allocations", A.hr, { userId: B.employee.id, templateId: compId, granted: 3, validFrom: "2026-02-01", validTo: "2026-02-28" });
    await api.fails(404, "leave.template_not_found", "POST", "hr/leaves/allocations", A.hr, { userId: A.employee.id, templateId: (await api.annualOf(B.hr)).id, granted: 3, validFrom: "2026-02-01", validTo: "2026-02-28" });
    await api.fails(400, "leave.invalid_days", "POST", "hr/leaves/allocations", A.hr, { userId: A.employee.id, templateId: compId, granted: 0.2, validFrom: "2026-02-01", validTo: "2026-02-28" });
    const e = await api.ok<Allocation>(200, "PATCH", `hr/leaves/allocations/${g.id}`, A.hr, { granted: 4, validTo: "2026-03-31" });
    expect(e).toMatchObject({ granted: 4, validTo: "2026-03-31", statusChangerId: A.hr.id });
    await api.fails(404, "leave.not_found", "PATCH", `hr/leaves/allocations/${g.id}`, B.hr, { granted: 1 });
    await api.fails(403, "leave.hr_only", "PATCH", `hr/leaves/allocations/${g.id}`, A.employee, { granted: 9 });

    expect((await api.ok<Allocation[]>(200, "GET", "leaves/allocations?date=2026-02-15", A.employee)).map((x) => x.id)).toContain(g.id);
    expect((await api.ok<Allocation[]>(200, "GET", `leaves/allocations?userId=${A.employee.id}`, A.lead)).map((x) => x.id)).toContain(g.id);
    expect((await api.ok<Allocation[]>(200, "GET", `leaves/allocations?userId=${A.employee.id}`, A.head)).length).toBeGreaterThan(0);
    await api.fails(403, "leave.not_allowed", "GET", `leaves/allocations?userId=${A.employee.id}`, A.colleague);
    await api.fails(404, "leave.user_not_found", "GET", `leaves/allocations?userId=${B.employee.id}`, A.hr);
    await api.fails(404, "leave.not_found", "GET", `leaves/allocations/${g.id}`, A.colleague);
    await api.fails(404, "leave.not_found", "GET", `leaves/allocations/${g.id}`, B.hr);
  });
});

describe("approvers and managers", () => {
  it("the organisation's manager, else up the tree; none → leave.no_approver", async () => {
    const { api, A } = cast;
    expect((await api.ok<Approver[]>(200, "GET", "leaves/approvers", A.employee)).map((a) => [a.id, a.organName])).toEqual([[A.lead.id, "개발팀"]]);
    expect((await api.ok<Approver[]>(200, "GET", "leaves/approvers", A.hrMember)).map((a) => [a.id, a.organName])).toEqual([[A.head.id, "경영지원본부"]]);
    expect((await api.ok<Approver[]>(200, "GET", "leaves/approvers", A.lead)).map((a) => a.id)).toEqual([A.head.id]);
    const none = await api.fails(400, "leave.no_approver", "GET", "leaves/approvers", A.orphan);
    expect(none.message).toBe("There is no organisation head to approve your leave.");
    await api.fails(400, "leave.no_approver", "GET", "leaves/approvers", A.head);
    const r = await apply(A.orphan, { startDate: "2026-01-14", endDate: "2026-01-14", unit: "FULL_DAY" });
    expect([r.status, r.body.code]).toEqual([400, "leave.no_approver"]);
  });

  it("with subOrgManageable an upper manager decides too; without it, only the nearest", async () => {
    const { api, A } = cast;
    const policy = await api.ok(200, "GET", "leaves/policies", A.hr);
    const u1 = await api.ok<Usage>(201, "POST", "leaves/usages", A.employee, { templateId: annualId, startDate: "2026-03-03", endDate: "2026-03-03", unit: "FULL_DAY" });
    expect((await api.ok<Usage[]>(200, "GET", "leaves/usages/pending", A.head)).map((x) => x.id)).toContain(u1.id);
    await api.ok(200, "PUT", "leaves/policies", A.hr, { ...policy, subOrgManageable: false });
    expect((await api.ok<Usage[]>(200, "GET", "leaves/usages/pending", A.head)).map((x) => x.id)).not.toContain(u1.id);
    await api.fails(404, "leave.not_found", "PATCH", `leaves/usages/${u1.id}/decision`, A.head, { status: "APPROVED" });
    await api.fails(403, "leave.not_allowed", "GET", `leaves/usages?userId=${A.employee.id}`, A.head);
    // 인사팀 has no manager: its members stay 최본부's either way.
    expect((await api.ok<Usage[]>(200, "GET", `leaves/usages?userId=${A.hrMember.id}`, A.head)).length).toBeGreaterThan(0);
    await api.ok(200, "PUT", "leaves/policies", A.hr, { ...policy, subOrgManageable: true });
    await api.ok(200, "PATCH", `leaves/usages/${u1.id}/decision`, A.head, { status: "APPROVED" });
    await api.fails(403, "leave.not_approver", "PATCH", `leaves/usages/${u1.id}/decision`, A.employee, { status: "APPROVED" });
  });
});

describe("HR's status changes", () => {
  it("any change, logged; a rejected usage gives its days back, approving it again draws them", async () => {
    const { api, A, B } = cast;
    const u = await api.ok<Usage>(201, "POST", "leaves/usages", A.lead, { templateId: annualId, startDate: "2026-03-04", endDate: "2026-03-06", unit: "FULL_DAY" });
    await api.fails(403, "leave.hr_only", "PATCH", `hr/leaves/usages/${u.id}/status`, A.head, { status: "APPROVED" });
    await api.fails(404, "leave.not_found", "PATCH", `hr/leaves/usages/${u.id}/status`, B.hr, { status: "APPROVED" });
    expect((await api.ok<Usage>(200, "PATCH", `hr/leaves/usages/${u.id}/status`, A.hr, { status: "REJECTED", comment: "확인 필요" })).status).toBe("REJECTED");
    let [n] = await t.db.sql`select count(*)::int as n from leave_usage_allocations where usage_id = ${u.id}`;
    expect(n.n).toBe(0);
    expect((await api.ok<Usage>(200, "PATCH", `hr/leaves/usages/${u.id}/status`, A.hr, { status: "APPROVED" })).status).toBe("APPROVED");
    [n] = await t.db.sql`select count(*)::int as n from leave_usage_allocations where usage_id = ${u.id}`;
    expect(n.n).toBe(1);
    const logs = await t.db.sql`select action from leave_logs where kind = 'USAGE' and ref_id = ${u.id} order by id`;
    expect(logs.map((l) => l.action)).toEqual(["CREATED", "REJECTED", "APPROVED"]);
  });

  it("HR enters leave for a member: approved at once, beyond the balance when need be", async () => {
    const { api, A } = cast;
    const sick = await api.templateNamed(A.hr, "병가");
    const u = await api.ok<Usage>(201, "POST", "leaves/usages", A.hr, { templateId: sick.id, userId: A.colleague.id, startDate: "2026-03-09", endDate: "2026-03-10", unit: "FULL_DAY", reason: "입원" });
    expect(u).toMatchObject({ status: "APPROVED", supportedByAllocation: false, userId: A.colleague.id, createdBy: { id: A.hr.id } });
    await api.fails(403, "leave.not_allowed", "POST", "leaves/usages", A.lead, { templateId: annualId, userId: A.employee.id, startDate: "2026-03-11", endDate: "2026-03-11", unit: "FULL_DAY" });
  });
});
