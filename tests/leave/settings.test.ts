// Leave settings: the first-use defaults (policy, 연차 and the starter types, made once even when the first calls
// race), the policy (GET for everyone, PUT for HR), templates CRUD (HR only; ANNUAL fixed; names unique; a type
// in use is kept), HR users and attendance, the module gate, and another company's ids answering 404.
import { beforeAll, describe, expect, it } from "vitest";
import type { HrUser, Policy, Template } from "../../shared/leave/leave.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";
import { leaveCast, seoul, setCompanyFlag } from "./support.ts";

let t: TestApp;
let cast: Awaited<ReturnType<typeof leaveCast>>;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(seoul("2026-03-02"));
  cast = await leaveCast(t, "leave-set");
});

describe("first use", () => {
  it("makes the policy and the types once, even for racing first calls", async () => {
    const { api, A } = cast;
    const lists = await Promise.all([A.employee, A.colleague, A.lead, A.hr, A.head].map((p) => api.templates(p)));
    for (const l of lists) expect(l.map((x) => x.name)).toEqual(["연차", "경조휴가", "병가", "보상휴가"]);
    expect(lists[0][0]).toMatchObject({ type: "ANNUAL", fullDayAllowed: true, halfDayAllowed: true });
    expect(lists[0].slice(1).every((x) => x.type === "CUSTOM")).toBe(true);
    const [n] = await t.db.sql`select count(*)::int as n from leave_templates where company_id = ${A.companyId}`;
    expect(n.n).toBe(4);
    const policy = await api.ok<Policy>(200, "GET", "leaves/policies", A.employee);
    expect(policy).toMatchObject({ subOrgManageable: true, annualLeaveAllocationDate: "HIRE_DATE", carryOverMaxDays: 0 });
  });
});

describe("policy", () => {
  it("HR changes it; others 403 leave.hr_only; bad values 400", async () => {
    const { api, A } = cast;
    const body: Omit<Policy, "basisSince"> = {
      subOrgManageable: false, annualLeaveAllocationDate: "01-01", firstAnnualLeaveRounding: "HALF_UP", firstAnnualLeaveDecimalPlace: 1,
      advanceNextAllocationAllowed: true, underOneYearLeaveAvailableNextYear: true, carryOverMaxDays: 5, promotionEnabled: true,
    };
    await api.fails(403, "leave.hr_only", "PUT", "leaves/policies", A.lead, body);
    await api.fails(400, "common.validation", "PUT", "leaves/policies", A.hr, { ...body, annualLeaveAllocationDate: "13-01" });
    await api.fails(400, "common.validation", "PUT", "leaves/policies", A.hr, { ...body, firstAnnualLeaveDecimalPlace: 3 });
    await api.fails(400, "leave.invalid_days", "PUT", "leaves/policies", A.hr, { ...body, carryOverMaxDays: 0.3 });
    // the basis changed (HIRE_DATE → 01-01): basisSince is today, the accrual applies the new basis from then on
    const today = await api.ok<Policy>(200, "PUT", "leaves/policies", A.hr, body);
    expect(today).toEqual({ ...body, basisSince: today.basisSince });
    expect(today.basisSince).toBe("2026-03-02");
    expect(await api.ok(200, "GET", "leaves/policies", A.employee)).toEqual({ ...body, basisSince: today.basisSince });
    expect(await api.ok(200, "PUT", "leaves/policies", A.admin, { ...body, subOrgManageable: true })).toMatchObject({ subOrgManageable: true });
    // Company B's policy is its own.
    expect(await api.ok<Policy>(200, "GET", "leaves/policies", cast.B.employee)).toMatchObject({ annualLeaveAllocationDate: "HIRE_DATE" });
  });
});

describe("templates", () => {
  it("HR adds, edits and deletes custom types with their rules", async () => {
    const { api, A, B } = cast;
    const made = await api.ok<Template>(201, "POST", "leaves/templates", A.hr, {
      name: "리프레시 휴가", defaultAllocation: 5, defaultValidityPeriod: 180, oneHourAllowed: true, paid: true, adminCancellationOnly: true,
    });
    expect(made).toMatchObject({ type: "CUSTOM", name: "리프레시 휴가", defaultAllocation: 5, oneHourAllowed: true, adminCancellationOnly: true, quarterDayAllowed: false });
    await api.fails(403, "leave.hr_only", "POST", "leaves/templates", A.employee, { name: "몰래" });
    await api.fails(409, "leave.template_name_taken", "POST", "leaves/templates", A.hr, { name: "리프레시 휴가" });
    await api.fails(409, "leave.template_name_taken", "POST", "leaves/templates", A.hr, { name: "연차" });
    await api.fails(400, "common.validation", "POST", "leaves/templates", A.hr, { name: "" });
    await api.fails(400, "leave.invalid_days", "POST", "leaves/templates", A.hr, { name: "이상", defaultAllocation: 0.1 });
    await api.fails(400, "leave.unit_not_allowed", "POST", "leaves/templates", A.hr, { name: "단위 없음", fullDayAllowed: false, halfDayAllowed: false });
    // The same name in another company is fine.
    await api.ok(201, "POST", "leaves/templates", B.hr, { name: "리프레시 휴가" });

    const edited = await api.ok<Template>(200, "PATCH", `leaves/templates/${made.id}`, A.hr, { name: "안식 휴가", weekendIncluded: true });
    expect(edited).toMatchObject({ name: "안식 휴가", weekendIncluded: true, oneHourAllowed: true });
    await api.fails(409, "leave.template_name_taken", "PATCH", `leaves/templates/${made.id}`, A.hr, { name: "병가" });
    await api.fails(409, "leave.annual_template_fixed", "PATCH", `leaves/templates/${made.id}`, A.hr, { type: "ANNUAL" });
    await api.fails(403, "leave.hr_only", "PATCH", `leaves/templates/${made.id}`, A.lead, { name: "x" });
    await api.fails(404, "leave.template_not_found", "PATCH", "leaves/templates/99999999", A.hr, { name: "x" });
    await api.fails(404, "leave.template_not_found", "PATCH", "leaves/templates/abc", A.hr, { name: "x" });
    const bTypes = await api.templates(B.hr);
    await api.fails(404, "leave.template_not_found", "PATCH", `leaves/templates/${bTypes[1].id}`, A.hr, { name: "x" });
    await api.fails(404, "leave.template_not_found", "DELETE", `leaves/templates/${bTypes[1].id}`, A.hr);

    await api.ok(200, "DELETE", `leaves/templates/${made.id}`, A.hr);
    expect((await api.templates(A.employee)).map((x) => x.id)).not.toContain(made.id);
    await api.fails(404, "leave.template_not_found", "DELETE", `leaves/templates/${made.id}`, A.hr);
    // Its name is free again.
    await api.ok(201, "POST", "leaves/templates", A.hr, { name: "안식 휴가" });
  });

  it("ANNUAL keeps its kind and stays; a type in use stays", async () => {
    const { api, A } = cast;
    const annual = await api.annualOf(A.hr);
    await api.fails(409, "leave.annual_template_fixed", "DELETE", `leaves/templates/${annual.id}`, A.hr);
    await api.fails(409, "leave.annual_template_fixed", "PATCH", `leaves/templates/${annual.id}`, A.hr, { type: "CUSTOM" });
    expect(await api.ok<Template>(200, "PATCH", `leaves/templates/${annual.id}`, A.hr, { name: "연차휴가", oneHourAllowed: true }))
      .toMatchObject({ type: "ANNUAL", name: "연차휴가", oneHourAllowed: true });
    const comp = await api.templateNamed(A.hr, "보상휴가");
    await api.grant(A.hr, A.employee.id, comp.id, 2, "2026-03-01", "2026-06-30");
    await api.fails(409, "leave.template_in_use", "DELETE", `leaves/templates/${comp.id}`, A.hr);
    const allocs = await api.ok<unknown[]>(200, "GET", `leaves/templates/${comp.id}/allocations?date=2026-04-01`, A.hr);
    expect(allocs).toHaveLength(1);
    expect(await api.ok<unknown[]>(200, "GET", `leaves/templates/${comp.id}/allocations?date=2026-07-01`, A.hr)).toHaveLength(0);
    await api.fails(403, "leave.hr_only", "GET", `leaves/templates/${comp.id}/allocations`, A.lead);
    await api.fails(403, "leave.hr_only", "GET", `leaves/templates/${comp.id}/usages`, A.employee);
    await api.ok(201, "POST", "leaves/usages", A.employee, { templateId: comp.id, startDate: "2026-03-05", endDate: "2026-03-05", unit: "ONE_HOUR", startTime: "16:00", hours: 2, reason: "야근 보상" });
    const used = await api.ok<{ usedDays: number }[]>(200, "GET", `leaves/templates/${comp.id}/usages?date=2026-03-05`, A.hr);
    expect(used.map((u) => u.usedDays)).toEqual([0.25]);
    await api.fails(404, "leave.template_not_found", "GET", `leaves/templates/${(await api.annualOf(cast.B.hr)).id}/usages`, A.hr);
  });
});

describe("HR users", () => {
  it("lists members with hire dates by organisation; HR edits them; others 403", async () => {
    const { api, A, B } = cast;
    const all = await api.ok<{ content: HrUser[]; totalElements: number }>(200, "GET", "hr/leaves/users?size=100", A.hr);
    expect(all.totalElements).toBe(8);
    const kim = all.content.find((u) => u.id === A.employee.id)!;
    expect(kim).toMatchObject({ accountName: "김사원", hireDate: "2023-01-02", organId: A.organs.dev, organName: "개발팀", isManager: false });
    expect(all.content.find((u) => u.id === A.lead.id)!.isManager).toBe(true);
    const dev = await api.ok<{ content: HrUser[] }>(200, "GET", `hr/leaves/users?organId=${A.organs.dev}`, A.hr);
    expect(dev.content.map((u) => u.accountName).sort()).toEqual(["김사원", "박팀장", "이사원"].sort());
    const hq = await api.ok<{ content: HrUser[]; totalElements: number }>(200, "GET", `hr/leaves/users?organId=${A.organs.hq}&includeChildren=true&size=2&page=2`, A.hr);
    expect(hq.totalElements).toBe(6);
    expect(hq.content).toHaveLength(2);
    await api.fails(404, "common.404", "GET", `hr/leaves/users?organId=${B.organs.dev}`, A.hr);
    await api.fails(403, "leave.hr_only", "GET", "hr/leaves/users", A.lead);

    const patched = await api.ok<HrUser>(200, "PATCH", `hr/leaves/users/${A.colleague.id}`, A.hr, { hireDate: "2024-09-01", jobTitle: "백엔드 개발" });
    expect(patched).toMatchObject({ hireDate: "2024-09-01", jobTitle: "백엔드 개발", leaveDate: null });
    await api.fails(400, "common.validation", "PATCH", `hr/leaves/users/${A.colleague.id}`, A.hr, { leaveDate: "2024-01-01" });
    await api.fails(400, "common.validation", "PATCH", `hr/leaves/users/${A.colleague.id}`, A.hr, { hireDate: "2024-02-30" });
    await api.fails(400, "leave.invalid_days", "PATCH", `hr/leaves/users/${A.colleague.id}`, A.hr, { hireDate: "soon" });
    await api.fails(403, "leave.hr_only", "PATCH", `hr/leaves/users/${A.colleague.id}`, A.colleague, { hireDate: "2020-01-01" });
    await api.fails(404, "leave.user_not_found", "PATCH", `hr/leaves/users/${B.employee.id}`, A.hr, { hireDate: "2020-01-01" });

    expect(await api.ok(200, "PUT", `hr/leaves/users/${A.colleague.id}/attendance`, A.hr, { yearStart: "2025-09-01", rate: 0.7 }))
      .toEqual({ userId: A.colleague.id, yearStart: "2025-09-01", rate: 0.7, fullMonths: null });
    await api.ok(200, "PUT", `hr/leaves/users/${A.colleague.id}/attendance`, A.hr, { yearStart: "2025-09-01", rate: 0.75, fullMonths: 7 });
    expect(await api.ok(200, "PUT", `hr/leaves/users/${A.colleague.id}/attendance`, A.hr, { yearStart: "2025-09-01", rate: 0.9 }))
      .toEqual({ userId: A.colleague.id, yearStart: "2025-09-01", rate: 0.9, fullMonths: 7 });
    const [row] = await t.db.sql`select rate::float as rate, full_months from leave_attendance where user_id = ${A.colleague.id}`;
    expect(row).toEqual({ rate: 0.9, full_months: 7 });
    await api.fails(400, "common.validation", "PUT", `hr/leaves/users/${A.colleague.id}/attendance`, A.hr, { yearStart: "2025-09-01", rate: 0.5, fullMonths: 13 });
    await api.fails(400, "common.validation", "PUT", `hr/leaves/users/${A.colleague.id}/attendance`, A.hr, { yearStart: "2025-09-01", rate: 1.5 });
    await api.fails(404, "leave.user_not_found", "PUT", `hr/leaves/users/${B.employee.id}/attendance`, A.hr, { yearStart: "2025-09-01", rate: 0.5 });
    await api.fails(403, "leave.hr_only", "PUT", `hr/leaves/users/${A.colleague.id}/attendance`, A.lead, { yearStart: "2025-09-01", rate: 0.5 });
  });
});

describe("the module gate", () => {
  it("a company without leave answers 403 leave.disabled", async () => {
    const { api, B } = cast;
    await setCompanyFlag(t, B.admin, "useLeave", false);
    await api.fails(403, "leave.disabled", "GET", "leaves/templates", B.employee);
    await api.fails(403, "leave.disabled", "GET", "hr/leaves/users", B.hr);
    await setCompanyFlag(t, B.admin, "useLeave", true);
    await api.ok(200, "GET", "leaves/templates", B.employee);
  });
});
