// The §61 사용촉진 job (reports/promotion-job.ts) at fixed clock dates: one mail per round to the employee over
// real SMTP on loopback, in their language, with their unused days and the expiry date, inside the legal windows
// only (§61(1): 6 months before the end within 10 days, by 2 months before; §61(2): the first year's monthly
// leave 3 months / 1 month before, and the leave arising after the first notice 1 month within 5 days / by 10
// days before), exactly once (a second pass, and two at once, send nothing more), none when the policy is off;
// the HR view GET hr/leaves/promotions?year.
import { beforeAll, describe, expect, test } from "vitest";
import type { Promotion, UserLeave } from "../../shared/leave/leave.ts";
import { sendPromotions } from "../../server/modules/leave/reports/promotion-job.ts";
import { ensureLeaveDefaults } from "../../server/modules/leave/settings/defaults.ts";
import { PW } from "../share/share-helpers.ts";
import { createTestApp, login } from "../support/test-app.ts";
import { leaveApi, leaveCast, type LeaveCompany, seoul, setHireDate } from "./support.ts";

const t = await createTestApp();
const api = leaveApi(t);
let A: LeaveCompany, B: LeaveCompany;

const iso = (date: string, time: string) => seoul(date, time).toISOString();
const mailsTo = (username: string) => t.smtp.messages.filter((m) => m.to.includes(username.toLowerCase()));

async function annualOf(co: LeaveCompany) {
  await ensureLeaveDefaults(t.deps.db, co.companyId);
  const [row] = await t.db.sql<{ id: string }[]>`select id from leave_templates where company_id = ${co.companyId} and type = 'ANNUAL'`;
  return Number(row.id);
}

async function allocate(co: LeaveCompany, userId: number, granted: number, validFrom: string, validTo: string) {
  const [row] = await t.db.sql<{ id: string }[]>`
    insert into leave_allocations (company_id, user_id, template_id, status, valid_from, valid_to, granted)
    values (${co.companyId}, ${userId}, ${await annualOf(co)}, 'APPROVED', ${validFrom}, ${validTo}, ${granted}) returning id`;
  return Number(row.id);
}

async function useDays(co: LeaveCompany, userId: number, allocationId: number, date: string, days: number) {
  const [row] = await t.db.sql<{ id: string }[]>`
    insert into leave_usages (company_id, user_id, template_id, start_at, end_at, unit, used_days, status)
    values (${co.companyId}, ${userId}, ${await annualOf(co)}, ${iso(date, "09:00")}, ${iso(date, days >= 1 ? "18:00" : "14:00")},
      ${days >= 1 ? "FULL_DAY" : "HALF_DAY"}, ${days}, 'APPROVED') returning id`;
  await t.db.sql`insert into leave_usage_allocations (usage_id, allocation_id, days) values (${Number(row.id)}, ${allocationId}, ${days})`;
}

/** Runs the job on a Seoul date and time; returns the mails it sent. */
async function runOn(date: string, time = "09:30") {
  t.clock.set(seoul(date, time));
  const before = t.smtp.messages.length;
  const sent = await sendPromotions(t.deps);
  const mails = t.smtp.messages.slice(before);
  expect(mails).toHaveLength(sent);
  return mails;
}

let kimAllocation: number;

beforeAll(async () => {
  t.clock.set(seoul("2026-06-01", "09:00"));
  ({ A, B } = await leaveCast(t, "leave-promo"));
  await ensureLeaveDefaults(t.deps.db, A.companyId);
  await ensureLeaveDefaults(t.deps.db, B.companyId);
  await t.db.sql`update leave_policies set promotion_enabled = true where company_id = ${A.companyId}`;
  // 김사원: 15 days for 2026 (use period 01-01..12-31), 2 days taken in March and a half day planned in August:
  // 12.5 days without dates.
  kimAllocation = await allocate(A, A.employee.id, 15, "2026-01-01", "2026-12-31");
  await useDays(A, A.employee.id, kimAllocation, "2026-03-03", 2);
  await useDays(A, A.employee.id, kimAllocation, "2026-08-03", 0.5);
  // 이사원 used all of hers: nothing to promote.
  const lee = await allocate(A, A.colleague.id, 1, "2026-01-01", "2026-12-31");
  await useDays(A, A.colleague.id, lee, "2026-02-02", 1);
  // 오외주, hired 2026-01-02 (first year ends 2027-01-01), reads English: monthly days of February and March
  // (before the first notice) and of November (after it).
  await setHireDate(t, A.companyId, A.orphan.id, "2026-01-02");
  await t.db.sql`update users set language_type = 'en' where id = ${A.orphan.id}`;
  await allocate(A, A.orphan.id, 1, "2026-02-02", "2027-01-01");
  await allocate(A, A.orphan.id, 1, "2026-03-02", "2027-01-01");
  await allocate(A, A.orphan.id, 1, "2026-11-02", "2027-01-01");
  // Company B: the same 15 days, but its policy leaves promotion off.
  await allocate(B, B.employee.id, 15, "2026-01-01", "2026-12-31");
});

describe("§61(1): annual leave", () => {
  test("nothing before the first window (6 months before the end)", async () => {
    expect(await runOn("2026-06-30", "23:59")).toEqual([]);
  });

  test("the first notice on the window's first day: once, in Korean, with the unused days and the expiry", async () => {
    const mails = await runOn("2026-07-01", "00:30");
    expect(mails.map((m) => m.to)).toEqual([[A.employee.username]]);
    const m = mails[0];
    expect(m.subject).toBe("[연차휴가 사용촉진] 미사용 연차 12.5일의 사용 시기를 정해 주세요");
    expect(m.text).toContain("사용하지 않은 연차휴가가 12.5일 남아 있습니다");
    expect(m.text).toContain("2026-12-31까지");
    expect(m.text).toContain("10일 이내");
    expect(m.text).toContain(`/#/leave/members/${A.employee.id}`);
    // Ticks later that day, and later in the window, send nothing more; nor after it.
    expect(await runOn("2026-07-01", "13:00")).toEqual([]);
    expect(await runOn("2026-07-10", "18:00")).toEqual([]);
    expect(await runOn("2026-07-11")).toEqual([]);
  });

  test("the second notice in the days up to 2 months before the end, once", async () => {
    expect(await runOn("2026-10-21", "23:00")).toEqual([]);
    const mails = await runOn("2026-10-22");
    expect(mails.map((m) => m.to)).toEqual([[A.employee.username]]);
    expect(mails[0].subject).toBe("[연차휴가 사용촉진] 미사용 연차 12.5일의 사용 시기 지정 안내");
    expect(mails[0].text).toContain("회사가 사용 시기를 정하여 통보합니다");
    expect(await runOn("2026-10-31")).toEqual([]);
    expect(await runOn("2026-11-01")).toEqual([]);
    const [{ n }] = await t.db.sql<{ n: string }[]>`select count(*) as n from leave_promotions where allocation_id = ${kimAllocation}`;
    expect(Number(n)).toBe(2);
  });
});

describe("§61(2): the first year's monthly leave", () => {
  test("3 months before the first year ends (10 days), then by 1 month before; the later days 1 month (5 days), by 10 days", async () => {
    expect(await runOn("2026-10-01")).toEqual([]);
    const first = await runOn("2026-10-02");
    expect(first.map((m) => m.to)).toEqual([[A.orphan.username]]);
    // One mail for the two monthly days due together, in English.
    expect(first[0].subject).toBe("[Annual leave reminder] Please schedule your 2 days of unused annual leave");
    expect(first[0].text).toContain("They can be used until 2027-01-01");
    expect(await runOn("2026-10-11")).toEqual([]);
    expect(await runOn("2026-11-21")).toEqual([]);
    const second = await runOn("2026-11-22");
    expect(second.map((m) => m.subject)).toEqual(["[Annual leave reminder] Your 2 days of unused annual leave will be scheduled"]);
    expect(await runOn("2026-12-01")).toEqual([]);
    // November's day arose after the first notice: 12-02..12-06, then 12-18..12-22.
    const late = await runOn("2026-12-02");
    expect(late.map((m) => m.subject)).toEqual(["[Annual leave reminder] Please schedule your 1 day of unused annual leave"]);
    expect(await runOn("2026-12-06")).toEqual([]);
    expect(await runOn("2026-12-17")).toEqual([]);
    expect((await runOn("2026-12-18")).map((m) => m.to)).toEqual([[A.orphan.username]]);
    expect(await runOn("2026-12-22")).toEqual([]);
  });
});

describe("exactly once, and only where enabled", () => {
  test("two passes at once send one notice; the policy switched off sends none", async () => {
    const fresh = await allocate(A, A.hrMember.id, 15, "2026-06-01", "2027-05-31");
    // First window: 2026-12-01..12-10. Two instances tick at the same moment.
    t.clock.set(seoul("2026-12-03", "09:00"));
    const before = t.smtp.messages.length;
    const results = await Promise.all([sendPromotions(t.deps), sendPromotions(t.deps)]);
    expect(results.reduce((a, b) => a + b, 0)).toBe(1);
    expect(t.smtp.messages.slice(before).map((m) => m.to)).toEqual([[A.hrMember.username]]);
    const rows = await t.db.sql<{ round: number }[]>`select round from leave_promotions where allocation_id = ${fresh}`;
    expect(rows.map((r) => r.round)).toEqual([1]);
    // Company B never sent anything, its windows passed all the same.
    expect(mailsTo(B.employee.username)).toEqual([]);
    // Switched off, a due round waits (and goes out if switched on within the window).
    await allocate(A, A.head.id, 15, "2026-06-01", "2027-05-31");
    await t.db.sql`update leave_policies set promotion_enabled = false where company_id = ${A.companyId}`;
    expect(await runOn("2026-12-04")).toEqual([]);
    await t.db.sql`update leave_policies set promotion_enabled = true where company_id = ${A.companyId}`;
    expect((await runOn("2026-12-05")).map((m) => m.to)).toEqual([[A.head.username]]);
    expect(mailsTo(A.colleague.username)).toEqual([]);
  });
});

describe("GET hr/leaves/promotions", () => {
  test("HR sees who was notified when, of which round; the activity log has it; others 403; another company none", async () => {
    t.clock.set(seoul("2026-12-23", "10:00"));
    const hr = { token: (await login(t, A.hr.username, PW)).access_token };
    const list = await api.ok<Promotion[]>(200, "GET", "hr/leaves/promotions?year=2026", hr);
    const kim = list.filter((p) => p.userId === A.employee.id);
    expect(kim.map((p) => [p.round, p.unusedDays, p.allocationId])).toEqual([[2, 12.5, kimAllocation], [1, 12.5, kimAllocation]]);
    expect(kim[1].sentAt).toBe(seoul("2026-07-01", "00:30").getTime());
    expect(kim[1].userName).toBe("김사원");
    // 오외주: 2 + 2 rows for February and March, 1 + 1 for November; 정인사 and 최본부 one each.
    expect(list.filter((p) => p.userId === A.orphan.id)).toHaveLength(6);
    expect(list).toHaveLength(2 + 6 + 1 + 1);
    expect(list.map((p) => p.sentAt)).toEqual([...list.map((p) => p.sentAt)].sort((a, b) => b - a));
    expect(await api.ok<Promotion[]>(200, "GET", "hr/leaves/promotions", hr)).toHaveLength(list.length);
    expect(await api.ok<Promotion[]>(200, "GET", "hr/leaves/promotions?year=2025", hr)).toEqual([]);
    const employee = { token: (await login(t, A.employee.username, PW)).access_token };
    await api.fails(403, "leave.hr_only", "GET", "hr/leaves/promotions?year=2026", employee);
    const lead = { token: (await login(t, A.lead.username, PW)).access_token };
    await api.fails(403, "leave.hr_only", "GET", "hr/leaves/promotions?year=2026", lead);
    const bHr = { token: (await login(t, B.hr.username, PW)).access_token };
    expect(await api.ok<Promotion[]>(200, "GET", "hr/leaves/promotions?year=2026", bHr)).toEqual([]);
    // The employee's activity log shows both notices.
    const mine = await api.ok<UserLeave>(200, "GET", `leaves/users/${A.employee.id}`, employee);
    expect(mine.logs.filter((l) => l.action === "PROMOTION_NOTICE").map((l) => [l.kind, l.refId, l.days])).toEqual([
      ["ALLOCATION", kimAllocation, 12.5], ["ALLOCATION", kimAllocation, 12.5],
    ]);
  });
});
