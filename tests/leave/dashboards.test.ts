// The dashboards of leave (002 §9 "Leave"): GET leaves/users/{id} (one member: HR data, balances at a date,
// the period's allocations and usages, a year of activity, what the caller may do) and GET leaves/list (the
// members dashboard, 1-based pages, organisation filter with includeChildren) with their permission matrix
// (the member, their managers incl. subOrgManageable, HR, a second company 404); HR's pending/count and
// usages/untracked. Allocations and usages are written as rows here (the ledger's calls are tested with it).
import { beforeAll, describe, expect, test } from "vitest";
import type { HrPending, MembersPage, PendingCount, Usage, UserLeave } from "../../shared/leave/leave.ts";
import type { Page } from "../../shared/paging.ts";
import { balanceOf } from "../../server/modules/leave/ledger/balance.ts";
import { ensureLeaveDefaults } from "../../server/modules/leave/settings/defaults.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";
import { leaveApi, leaveCast, type LeaveCompany, seoul } from "./support.ts";

const t = await createTestApp();
const api = leaveApi(t);
let A: LeaveCompany, B: LeaveCompany;
let annualA: number, eventA: number;

async function templateId(t: TestApp, companyId: number, name: string): Promise<number> {
  await ensureLeaveDefaults(t.deps.db, companyId);
  const [row] = await t.db.sql<{ id: string }[]>`select id from leave_templates where company_id = ${companyId} and name = ${name}`;
  return Number(row.id);
}

const iso = (date: string, time: string) => seoul(date, time).toISOString();

async function allocate(t: TestApp, co: LeaveCompany, userId: number, template: number, granted: number, validFrom: string, validTo: string, status = "APPROVED") {
  const [row] = await t.db.sql<{ id: string }[]>`
    insert into leave_allocations (company_id, user_id, template_id, status, valid_from, valid_to, granted)
    values (${co.companyId}, ${userId}, ${template}, ${status}, ${validFrom}, ${validTo}, ${granted}) returning id`;
  return Number(row.id);
}

/** A usage of whole days from `date` (09:00-18:00 Seoul), drawn from the allocation when one is given. */
async function use(t: TestApp, co: LeaveCompany, userId: number, template: number, date: string, days: number, status: string, allocationId: number | null) {
  const unit = days >= 1 ? "FULL_DAY" : days === 0.5 ? "HALF_DAY" : "QUARTER_DAY";
  const [row] = await t.db.sql<{ id: string }[]>`
    insert into leave_usages (company_id, user_id, template_id, start_at, end_at, unit, used_days, status, supported_by_allocation, created_by)
    values (${co.companyId}, ${userId}, ${template}, ${iso(date, "09:00")}, ${iso(date, days >= 1 ? "18:00" : "14:00")}, ${unit},
      ${days}, ${status}, ${allocationId !== null}, ${userId}) returning id`;
  const id = Number(row.id);
  if (allocationId !== null) await t.db.sql`insert into leave_usage_allocations (usage_id, allocation_id, days) values (${id}, ${allocationId}, ${days})`;
  return id;
}

async function log(t: TestApp, co: LeaveCompany, userId: number, refId: number, at: Date, summary: string) {
  await t.db.sql`insert into leave_logs (company_id, user_id, kind, ref_id, action, actor_id, summary, days, at)
    values (${co.companyId}, ${userId}, 'USAGE', ${refId}, 'APPROVED', ${co.lead.id}, ${summary}, 1, ${at.toISOString()})`;
}

beforeAll(async () => {
  t.clock.set(seoul("2026-06-15", "10:00"));
  ({ A, B } = await leaveCast(t, "leave-dash"));
  annualA = await templateId(t, A.companyId, "연차");
  eventA = await templateId(t, A.companyId, "경조휴가");
  // 김사원 (hired 2023-01-02; periods by hire date: 2026-01-02..2027-01-01): 15 days, 2.5 used, 1 pending, one
  // approved day still to come; 경조휴가 5 days valid until 04-09 (1 used, 4 expired) and 3 days valid on.
  const annual = await allocate(t, A, A.employee.id, annualA, 15, "2026-01-02", "2027-01-01");
  await use(t, A, A.employee.id, annualA, "2026-03-03", 2, "APPROVED", annual);
  await use(t, A, A.employee.id, annualA, "2026-05-04", 0.5, "APPROVED", annual);
  await use(t, A, A.employee.id, annualA, "2026-07-01", 1, "APPROVED", annual); // not started on 06-15
  await use(t, A, A.employee.id, annualA, "2026-08-03", 1, "PENDING", annual);
  await use(t, A, A.employee.id, annualA, "2026-02-02", 1, "REJECTED", null);
  const event = await allocate(t, A, A.employee.id, eventA, 5, "2026-01-10", "2026-04-09");
  await use(t, A, A.employee.id, eventA, "2026-02-10", 1, "APPROVED", event);
  await allocate(t, A, A.employee.id, eventA, 3, "2026-05-01", "2026-07-29");
  await allocate(t, A, A.employee.id, annualA, 2, "2026-06-01", "2026-12-31", "PENDING");
  // The previous period's grant (2025-01-02..2026-01-01) is not in this period's numbers.
  await allocate(t, A, A.employee.id, annualA, 15, "2025-01-02", "2026-01-01");
  await log(t, A, A.employee.id, 1, seoul("2026-05-04"), "this year");
  await log(t, A, A.employee.id, 2, seoul("2025-05-01"), "more than a year ago");
});

describe("GET leaves/users/{id}", () => {
  test("the member's balances at the date, the period's rows and a year of activity", async () => {
    const me = await api.ok<UserLeave>(200, "GET", `leaves/users/${A.employee.id}`, A.employee);
    expect(me.user).toMatchObject({ id: A.employee.id, accountName: "김사원", hireDate: "2023-01-02", organId: A.organs.dev, organName: "개발팀", isManager: false });
    // Last year's 15 days ended unused on 2026-01-01, the day before this period: not this period's 소멸 but the
    // previous period's (expiredBefore). Changed deliberately: expired counted them (expired 15) before.
    expect(me.annual).toEqual({
      totalGranted: 15, toBeGranted: 0, granted: 15, used: 2.5, remaining: 12.5, expired: 0, expiredBefore: 15, carriedOver: 0,
      calcStart: "2026-01-02", calcEnd: "2027-01-01",
    });
    const event = me.custom.find((c) => c.template.name === "경조휴가")!;
    expect(event.balance).toEqual({
      totalGranted: 3, toBeGranted: 0, granted: 3, used: 0, remaining: 3, expired: 0, expiredBefore: 4, carriedOver: 0, calcStart: "2026-05-01",
      calcEnd: "2026-07-29",
    });
    expect(me.custom.map((c) => c.template.name)).toEqual(["경조휴가", "병가", "보상휴가"]);
    expect(me.custom.find((c) => c.template.name === "병가")!.balance).toMatchObject({ granted: 0, remaining: 0, calcStart: "2026-06-15" });
    // Allocations granted in the period (any status) and the usages starting in it.
    expect(me.allocations.map((a) => [a.granted, a.status, a.used, a.remaining])).toEqual([
      [15, "APPROVED", 2.5, 12.5], [5, "APPROVED", 1, 4], [3, "APPROVED", 0, 3], [2, "PENDING", 0, 2],
    ]);
    expect(me.usages.map((u) => [u.startDate, u.usedDays, u.status, u.used])).toEqual([
      ["2026-02-02", 1, "REJECTED", false], ["2026-02-10", 1, "APPROVED", true], ["2026-03-03", 2, "APPROVED", true],
      ["2026-05-04", 0.5, "APPROVED", true], ["2026-07-01", 1, "APPROVED", false], ["2026-08-03", 1, "PENDING", false],
    ]);
    const half = me.usages.find((u) => u.usedDays === 0.5)!;
    expect(half).toMatchObject({ unit: "HALF_DAY", startTime: "09:00", endTime: "14:00", templateName: "연차", userName: "김사원" });
    expect(me.logs.map((l) => l.summary)).toEqual(["this year"]);
    expect(me.logs[0].actor).toEqual({ id: A.lead.id, name: "박팀장" });
    expect(me).toMatchObject({ canApply: true, canManage: false });
  });

  test("another date: the allocations valid on it, days used by then, what expired before the period", async () => {
    const before = await api.ok<UserLeave>(200, "GET", `leaves/users/${A.employee.id}?date=2026-03-31`, A.employee);
    expect(before.annual).toMatchObject({ granted: 15, used: 2, remaining: 13, expired: 0, expiredBefore: 15, calcStart: "2026-01-02" });
    expect(before.custom.find((c) => c.template.name === "경조휴가")!.balance).toMatchObject({ granted: 5, used: 1, expired: 0, remaining: 4 });
    const later = await api.ok<UserLeave>(200, "GET", `leaves/users/${A.employee.id}?date=2026-12-01`, A.employee);
    expect(later.annual).toMatchObject({ used: 3.5, remaining: 11.5 });
    const last = await api.ok<UserLeave>(200, "GET", `leaves/users/${A.employee.id}?date=2025-12-31`, A.employee);
    expect(last.annual).toMatchObject({ granted: 15, used: 0, remaining: 15, expired: 0, calcStart: "2025-01-02", calcEnd: "2026-01-01" });
    expect(last.allocations).toHaveLength(1);
    await api.fails(400, "leave.invalid_days", "GET", `leaves/users/${A.employee.id}?date=2026-6-1`, A.employee);
  });

  test("who may read it: the member, their managers, HR; others 403; another company's or a missing member 404", async () => {
    const path = `leaves/users/${A.employee.id}`;
    expect(await api.ok<UserLeave>(200, "GET", path, A.lead)).toMatchObject({ canManage: true, canApply: false });
    // 최본부 manages 경영지원본부's sub-organisations too (policy.subOrgManageable, on by default).
    expect(await api.ok<UserLeave>(200, "GET", path, A.head)).toMatchObject({ canManage: true });
    expect(await api.ok<UserLeave>(200, "GET", path, A.hr)).toMatchObject({ canManage: true, canApply: true });
    expect(await api.ok<UserLeave>(200, "GET", path, A.admin)).toMatchObject({ canManage: true });
    await api.fails(403, "leave.not_allowed", "GET", path, A.colleague);
    await api.fails(403, "leave.not_allowed", "GET", path, A.orphan);
    await api.fails(403, "leave.not_allowed", "GET", `leaves/users/${A.lead.id}`, A.employee);
    // A manager's own dashboard: theirs to read, not theirs to decide.
    expect(await api.ok<UserLeave>(200, "GET", `leaves/users/${A.lead.id}`, A.lead)).toMatchObject({ canManage: false, canApply: true });
    await api.fails(404, "leave.user_not_found", "GET", path, B.hr);
    await api.fails(404, "leave.user_not_found", "GET", path, B.admin);
    await api.fails(404, "leave.user_not_found", "GET", "leaves/users/987654321", A.hr);
    await api.fails(404, "leave.user_not_found", "GET", "leaves/users/me", A.hr);
  });

  test("without subOrgManageable, the head decides only those with no nearer manager", async () => {
    await t.db.sql`update leave_policies set sub_org_manageable = false where company_id = ${A.companyId}`;
    try {
      await api.fails(403, "leave.not_allowed", "GET", `leaves/users/${A.employee.id}`, A.head);
      // 인사팀 has no manager of its own: 최본부 is its members' nearest.
      expect(await api.ok<UserLeave>(200, "GET", `leaves/users/${A.hrMember.id}`, A.head)).toMatchObject({ canManage: true });
      const page = await api.ok<MembersPage>(200, "GET", "leaves/list", A.head);
      expect(page.content.map((r) => r.user.accountName).sort()).toEqual(["박팀장", "정인사", "한인사"].sort());
    } finally {
      await t.db.sql`update leave_policies set sub_org_manageable = true where company_id = ${A.companyId}`;
    }
  });
});

describe("GET leaves/list", () => {
  const names = (p: MembersPage) => p.content.map((r) => r.user.accountName);

  test("HR: every member, by organisation then name, 15 a page by default, pages from 1", async () => {
    const all = await api.ok<MembersPage>(200, "GET", "leaves/list", A.hr);
    expect(all).toMatchObject({ page: 1, pageSize: 15, totalElements: 8, totalPages: 1 });
    // Organisations by their order (created in this order: 경영지원본부, 인사팀, 개발팀, 외주팀), members by name; none last.
    const [admin] = await t.db.sql<{ account_name: string }[]>`select account_name from users where id = ${A.admin.id}`;
    expect(names(all)).toEqual(["최본부", "정인사", "한인사", "김사원", "박팀장", "이사원", "오외주", admin.account_name]);
    const p1 = await api.ok<MembersPage>(200, "GET", "leaves/list?size=3", A.hr);
    const p3 = await api.ok<MembersPage>(200, "GET", "leaves/list?size=3&page=3", A.hr);
    expect([p1.totalPages, p1.page, names(p1)]).toEqual([3, 1, names(all).slice(0, 3)]);
    expect([p3.page, names(p3)]).toEqual([3, names(all).slice(6)]);
    expect((await api.ok<MembersPage>(200, "GET", "leaves/list?size=3&page=4", A.hr)).content).toEqual([]);
    await api.fails(400, "common.validation", "GET", "leaves/list?page=0", A.hr);
  });

  test("rows carry the same numbers as the member's dashboard, custom remaining and pending counts", async () => {
    const page = await api.ok<MembersPage>(200, "GET", `leaves/list?organId=${A.organs.dev}`, A.hr);
    const kim = page.content.find((r) => r.user.id === A.employee.id)!;
    const dashboard = await api.ok<UserLeave>(200, "GET", `leaves/users/${A.employee.id}`, A.hr);
    expect(kim.annual).toEqual(dashboard.annual);
    // The ledger's own rule for one member and type gives the same summaries.
    expect(kim.annual).toEqual(await balanceOf(t.deps.db, A.companyId, A.employee.id, "ANNUAL", "2026-06-15", { now: t.clock.now() }));
    const event = dashboard.custom.find((c) => c.template.name === "경조휴가")!;
    expect(event.balance).toEqual(await balanceOf(t.deps.db, A.companyId, A.employee.id, eventA, "2026-06-15", { now: t.clock.now() }));
    expect(kim.customRemaining).toBe(3);
    expect(kim.pendingCount).toBe(2);
    const lee = page.content.find((r) => r.user.id === A.colleague.id)!;
    // 이사원 (hired 2024-09-02): nothing granted; the summary spans the service year containing the date (it spanned
    // the date alone before: changed deliberately, the period the policy counts in)
    expect(lee).toMatchObject({ customRemaining: 0, pendingCount: 0 });
    expect(lee.annual).toMatchObject({ granted: 0, remaining: 0, calcStart: "2025-09-02", calcEnd: "2026-09-01" });
    const past = await api.ok<MembersPage>(200, "GET", `leaves/list?organId=${A.organs.dev}&date=2026-03-31`, A.hr);
    expect(past.content.find((r) => r.user.id === A.employee.id)!.annual).toMatchObject({ used: 2, remaining: 13 });
  });

  test("organisation filter with and without includeChildren", async () => {
    expect(names(await api.ok<MembersPage>(200, "GET", `leaves/list?organId=${A.organs.hq}`, A.hr))).toEqual(["최본부"]);
    expect(names(await api.ok<MembersPage>(200, "GET", `leaves/list?organId=${A.organs.hq}&includeChildren=true`, A.hr)))
      .toEqual(["최본부", "정인사", "한인사", "김사원", "박팀장", "이사원"]);
    expect(names(await api.ok<MembersPage>(200, "GET", `leaves/list?organId=${A.organs.dev}&includeChildren=false`, A.hr)))
      .toEqual(["김사원", "박팀장", "이사원"]);
    await api.fails(404, "common.404", "GET", `leaves/list?organId=${B.organs.dev}`, A.hr);
    await api.fails(404, "common.404", "GET", "leaves/list?organId=987654321", A.hr);
  });

  test("managers see those they decide; members and another company's HR see nothing of it", async () => {
    expect(names(await api.ok<MembersPage>(200, "GET", "leaves/list", A.lead))).toEqual(["김사원", "이사원"]);
    expect(names(await api.ok<MembersPage>(200, "GET", `leaves/list?organId=${A.organs.hq}&includeChildren=true`, A.lead)))
      .toEqual(["김사원", "이사원"]);
    expect(names(await api.ok<MembersPage>(200, "GET", "leaves/list", A.head))).toEqual(["정인사", "한인사", "김사원", "박팀장", "이사원"]);
    expect(names(await api.ok<MembersPage>(200, "GET", `leaves/list?organId=${A.organs.hr}`, A.head))).toEqual(["정인사", "한인사"]);
    await api.fails(403, "leave.not_allowed", "GET", `leaves/list?organId=${A.organs.outside}`, A.lead);
    await api.fails(403, "leave.not_allowed", "GET", `leaves/list?organId=${A.organs.hr}`, A.lead);
    await api.fails(403, "leave.not_allowed", "GET", "leaves/list", A.employee);
    await api.fails(403, "leave.not_allowed", "GET", "leaves/list", A.orphan);
    await api.fails(404, "common.404", "GET", `leaves/list?organId=${A.organs.dev}`, B.hr);
    const theirs = await api.ok<MembersPage>(200, "GET", "leaves/list", B.hr);
    expect(theirs.totalElements).toBe(8);
    expect(theirs.content.every((r) => r.annual.granted === 0 && r.pendingCount === 0)).toBe(true);
  });
});

describe("HR lists", () => {
  test("pending/count: allocations and usages waiting, company-wide; HR only", async () => {
    expect(await api.ok<PendingCount>(200, "GET", "hr/leaves/pending/count", A.hr)).toEqual({ allocations: 1, usages: 1, total: 2 });
    expect(await api.ok<PendingCount>(200, "GET", "hr/leaves/pending/count", A.admin)).toEqual({ allocations: 1, usages: 1, total: 2 });
    expect(await api.ok<PendingCount>(200, "GET", "hr/leaves/pending/count", B.hr)).toEqual({ allocations: 0, usages: 0, total: 0 });
    await api.fails(403, "leave.hr_only", "GET", "hr/leaves/pending/count", A.lead);
    await api.fails(403, "leave.hr_only", "GET", "hr/leaves/pending/count", A.employee);
  });

  test("pending: the company's pending items themselves, with whose they are (the count's items); HR only", async () => {
    const all = await api.ok<HrPending>(200, "GET", "hr/leaves/pending", A.hr);
    expect(all.usages.map((u) => [u.userId, u.userName, u.startDate, u.status])).toEqual([[A.employee.id, "김사원", "2026-08-03", "PENDING"]]);
    expect(all.allocations.map((a) => [a.userId, a.userName, a.granted, a.status])).toEqual([[A.employee.id, "김사원", 2, "PENDING"]]);
    const count = await api.ok<PendingCount>(200, "GET", "hr/leaves/pending/count", A.hr);
    expect(all.usages.length + all.allocations.length).toBe(count.total);
    expect(await api.ok<HrPending>(200, "GET", "hr/leaves/pending", B.hr)).toEqual({ usages: [], allocations: [] });
    await api.fails(403, "leave.hr_only", "GET", "hr/leaves/pending", A.lead);
    await api.fails(403, "leave.hr_only", "GET", "hr/leaves/pending", A.employee);
  });

  test("usages/untracked: approved usages no allocation supports, newest first, 10 a page from 1", async () => {
    for (let i = 1; i <= 12; i++) await use(t, A, A.colleague.id, annualA, `2026-04-${String(i).padStart(2, "0")}`, 1, "APPROVED", null);
    await use(t, A, A.colleague.id, annualA, "2026-04-20", 1, "PENDING", null);
    const p1 = await api.ok<Page<Usage>>(200, "GET", "hr/leaves/usages/untracked", A.hr);
    expect(p1).toMatchObject({ page: 1, pageSize: 10, totalElements: 12, totalPages: 2 });
    expect(p1.content[0]).toMatchObject({ startDate: "2026-04-12", userName: "이사원", supportedByAllocation: false, status: "APPROVED" });
    const p2 = await api.ok<Page<Usage>>(200, "GET", "hr/leaves/usages/untracked?page=2", A.hr);
    expect(p2.content.map((u) => u.startDate)).toEqual(["2026-04-02", "2026-04-01"]);
    expect((await api.ok<Page<Usage>>(200, "GET", "hr/leaves/usages/untracked", B.hr)).totalElements).toBe(0);
    await api.fails(403, "leave.hr_only", "GET", "hr/leaves/usages/untracked", A.lead);
    await api.fails(400, "common.validation", "GET", "hr/leaves/usages/untracked?page=0", A.hr);
  });
});

describe("cost", () => {
  test("a page of the members dashboard costs the same statements for 15 or 100 of 500 members", async () => {
    // 500 members of 개발팀 (rows written directly: the admin API hashes a password per user), each with a grant
    // and a used day, so every row has numbers to compute.
    await t.db.sql`
      with made as (
        insert into users (company_id, username, account_name, display_name, total_quota, password_hash, organ_id)
        select ${A.companyId}, 'bulk' || n || '@' || ${A.co.domain}, '사원' || lpad(n::text, 3, '0'), '사원' || n, 1073741824, 'x', ${A.organs.dev}
        from generate_series(1, 500) n returning id)
      insert into organization_members (company_id, organ_id, user_id, is_manager) select ${A.companyId}, ${A.organs.dev}, id, false from made`;
    await t.db.sql`
      insert into leave_allocations (company_id, user_id, template_id, status, valid_from, valid_to, granted)
      select ${A.companyId}, id, ${annualA}, 'APPROVED', '2026-01-01', '2026-12-31', 15 from users where username like 'bulk%'`;
    await t.db.sql`
      with u as (
        insert into leave_usages (company_id, user_id, template_id, start_at, end_at, unit, used_days, status)
        select ${A.companyId}, id, ${annualA}, ${iso("2026-02-02", "09:00")}, ${iso("2026-02-02", "18:00")}, 'FULL_DAY', 1, 'APPROVED'
        from users where username like 'bulk%' returning id, user_id)
      insert into leave_usage_allocations (usage_id, allocation_id, days)
      select u.id, a.id, 1 from u join leave_allocations a on a.user_id = u.user_id and a.valid_from = '2026-01-01'`;

    const db = t.deps.db;
    const original = db.execute.bind(db);
    let statements = 0;
    db.execute = ((q: Parameters<typeof db.execute>[0]) => {
      statements++;
      return original(q);
    }) as typeof db.execute;
    const measure = async (path: string) => {
      statements = 0;
      const started = performance.now();
      const page = await api.ok<MembersPage>(200, "GET", path, A.hr);
      return { page, statements, ms: performance.now() - started };
    };
    try {
      await measure("leaves/list"); // warm
      const small = await measure(`leaves/list?organId=${A.organs.dev}`);
      const big = await measure(`leaves/list?organId=${A.organs.dev}&size=100&page=2`);
      console.log(`members dashboard of 503: 15 rows ${small.ms.toFixed(0)} ms, 100 rows ${big.ms.toFixed(0)} ms; ${small.statements} statements`);
      expect(small.page.totalElements).toBe(503);
      expect(big.page.content).toHaveLength(100);
      expect(big.statements).toBe(small.statements);
      expect(small.statements).toBeLessThanOrEqual(4);
      const bulk = big.page.content.find((r) => r.user.accountName.startsWith("사원"))!;
      expect(bulk.annual).toMatchObject({ granted: 15, used: 1, remaining: 14 });
      expect(big.ms).toBeLessThan(2000);
    } finally {
      db.execute = original;
    }
  });
});

describe("the period of a member with nothing granted yet", () => {
  test("hired 2026-06-01, on 2026-06-16: the first service year (11 days to come), or the fiscal year on that basis", async () => {
    await t.db.sql`update leave_hr_users set hire_date = '2026-06-01' where user_id = ${B.orphan.id}`;
    const path = `leaves/users/${B.orphan.id}?date=2026-06-16`;
    const mine = await api.ok<UserLeave>(200, "GET", path, B.hr);
    expect(mine.annual).toMatchObject({ granted: 0, toBeGranted: 11, totalGranted: 11, calcStart: "2026-06-01", calcEnd: "2027-05-31" });
    const row = (await api.ok<MembersPage>(200, "GET", `leaves/list?organId=${B.organs.outside}&date=2026-06-16`, B.hr)).content[0];
    expect(row.annual).toMatchObject({ calcStart: "2026-06-01", calcEnd: "2027-05-31" });
    await t.db.sql`update leave_policies set annual_leave_allocation_date = '01-01' where company_id = ${B.companyId}`;
    try {
      expect((await api.ok<UserLeave>(200, "GET", path, B.hr)).annual).toMatchObject({ calcStart: "2026-01-01", calcEnd: "2026-12-31" });
    } finally {
      await t.db.sql`update leave_policies set annual_leave_allocation_date = 'HIRE_DATE' where company_id = ${B.companyId}`;
    }
  });
});

describe("소멸 (expired) counts what lapses within the period shown", () => {
  test("a carry-over lapsing mid-period is this period's; last period's grant lapsing the day before is expiredBefore", async () => {
    const annualB = await templateId(t, B.companyId, "연차");
    const m = B.employee.id;
    const last = await allocate(t, B, m, annualB, 15, "2025-01-02", "2026-01-01");
    await use(t, B, m, annualB, "2025-06-02", 5, "APPROVED", last);
    await allocate(t, B, m, annualB, 15, "2026-01-02", "2027-01-01");
    const carried = await allocate(t, B, m, annualB, 3, "2026-01-02", "2026-03-31");
    await use(t, B, m, annualB, "2026-02-02", 1, "APPROVED", carried);
    const at = async (date: string) => (await api.ok<UserLeave>(200, "GET", `leaves/users/${m}?date=${date}`, B.hr)).annual;
    // 2026-03-31: the carry-over is still valid; the 10 left of last period lapsed before this one
    expect(await at("2026-03-31")).toMatchObject({ granted: 18, used: 1, expired: 0, expiredBefore: 10, calcStart: "2026-01-02", calcEnd: "2027-01-01" });
    // 2026-06-15: the carry-over's 2 unused lapsed on 2026-03-31, within 2026-01-02..2027-01-01
    expect(await at("2026-06-15")).toMatchObject({ granted: 15, used: 0, expired: 2, expiredBefore: 10, calcStart: "2026-01-02" });
    // 2027-01-02: a date with nothing valid (the service year 2027-01-02..2028-01-01): all of it lapsed before
    expect(await at("2027-01-02")).toMatchObject({ granted: 0, expired: 0, expiredBefore: 17, calcStart: "2027-01-02", calcEnd: "2028-01-01" });
  });
});
