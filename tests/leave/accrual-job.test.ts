// The accrual job and POST api/hr/leaves/accrual/run on a real database: companies with members hired on
// different dates, the clock set to fixed Seoul dates, the stored allocations compared with the engine's worked
// examples (tests/leave/accrual-engine.test.ts cites the sources). Idempotent runs, expiry logs, carry-over,
// the fiscal-year basis with its 퇴사 정산, and the HR-only call.
import { beforeAll, describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { grantsDue } from "../../server/modules/leave/accrual/engine.ts";
import { accrualPolicyOf } from "../../server/modules/leave/accrual/policy.ts";
import { nextGrantDays } from "../../server/modules/leave/accrual/next-grant.ts";
import { runAccrualForAll, runCompanyAccrual } from "../../server/modules/leave/accrual/service.ts";
import { ensureLeaveDefaults } from "../../server/modules/leave/settings/defaults.ts";
import { company, type Member, PW } from "../share/share-helpers.ts";
import { ADMIN_PASSWORD, createTestApp, login, type TestApp } from "../support/test-app.ts";
import { setHireDate } from "./support.ts";

const t = await createTestApp();

/** The clock at 00:30 in Seoul on a date (15:30 UTC the day before). */
const at = (date: string) => t.clock.set(new Date(`${date}T00:30:00+09:00`));
/** A fresh token at the clock's time (tokens signed months earlier have expired). */
const tokenOf = async (who: Member, password = PW) => ({ token: (await login(t, who.username, password)).access_token });

async function employ(t: TestApp, companyId: number, who: Member, hireDate: string, leaveDate: string | null = null) {
  await setHireDate(t, companyId, who.id, hireDate);
  if (leaveDate) await t.db.db.execute(sql`update leave_hr_users set leave_date = ${leaveDate} where user_id = ${who.id}`);
}

interface Row {
  id: number;
  key: string;
  source: string;
  status: string;
  validFrom: string;
  validTo: string;
  granted: number;
  carriedOver: number;
  template: string;
}

async function allocationsOf(userId: number): Promise<Row[]> {
  const rows = await t.db.db.execute<Record<string, string>>(sql`
    select a.id, a.accrual_key, a.source, a.status, a.valid_from::text, a.valid_to::text, a.granted, a.carried_over, tp.type
    from leave_allocations a join leave_templates tp on tp.id = a.template_id
    where a.user_id = ${userId} order by a.valid_from, a.accrual_key`);
  return rows.map((r) => ({
    id: Number(r.id), key: r.accrual_key, source: r.source, status: r.status, validFrom: r.valid_from, validTo: r.valid_to,
    granted: Number(r.granted), carriedOver: Number(r.carried_over), template: r.type,
  }));
}

async function logsOf(userId: number, action: string) {
  const rows = await t.db.db.execute<{ ref_id: string; days: string; actor_id: string | null }>(sql`
    select ref_id, days, actor_id from leave_logs where user_id = ${userId} and kind = 'ALLOCATION' and action = ${action} order by ref_id`);
  return rows.map((r) => ({ refId: Number(r.ref_id), days: Number(r.days), actorId: r.actor_id }));
}

/** The rows the engine says are due, as the job stores them. */
async function expected(companyId: number, hireDate: string, leaveDate: string | null, today: string) {
  const policy = accrualPolicyOf(await ensureLeaveDefaults(t.deps.db, companyId));
  return grantsDue({ hireDate, leaveDate }, policy, today).map((g) => ({
    key: g.key, source: g.kind === "SETTLEMENT" ? "SETTLEMENT" : "ACCRUAL", status: "APPROVED", validFrom: g.validFrom, validTo: g.validTo,
    granted: g.days, carriedOver: 0, template: "ANNUAL",
  })).sort((a, b) => a.validFrom.localeCompare(b.validFrom) || a.key.localeCompare(b.key));
}

const strip = (rows: Row[]) => rows.map(({ id: _id, ...r }) => r);
const brief = (rows: Row[]) => rows.filter((r) => !r.key.startsWith("monthly:")).map((r) => `${r.key} ${r.granted}`);

// Company A: the hire-date basis (the default policy).
const A = await company(t, "accrual-a.test");
const veteran = await A.user("veteran");
const mid = await A.user("mid");
const newbie = await A.user("newbie");
const leaver = await A.user("leaver");
const noDate = await A.user("nodate");
await employ(t, A.companyId, veteran, "2019-03-01");
await employ(t, A.companyId, mid, "2024-07-15");
await employ(t, A.companyId, newbie, "2025-11-01");
// 퇴직일 2026-03-02: last working day 2026-03-01, exactly one year (대법원 2021다227100): 11 days only
await employ(t, A.companyId, leaver, "2025-03-02", "2026-03-02");

describe("hire-date basis: a company with members hired on different dates", () => {
  test("the job on 2026-03-02 grants what the worked examples say, as APPROVED ANNUAL allocations", async () => {
    at("2026-03-02");
    await runAccrualForAll(t.deps);

    const v = await allocationsOf(veteran.id);
    expect(strip(v)).toEqual(await expected(A.companyId, "2019-03-01", null, "2026-03-02"));
    // 11 monthly days in the first year, then 15, 15, 16, 16, 17, 17 and 18 on 1 March (7 years)
    expect(v.filter((r) => r.key.startsWith("monthly:"))).toHaveLength(11);
    expect(brief(v)).toEqual([
      "annual:2020-03-01 15", "annual:2021-03-01 15", "annual:2022-03-01 16", "annual:2023-03-01 16",
      "annual:2024-03-01 17", "annual:2025-03-01 17", "annual:2026-03-01 18",
    ]);
    expect(v.at(-1)).toMatchObject({ validFrom: "2026-03-01", validTo: "2027-02-28", source: "ACCRUAL", status: "APPROVED", template: "ANNUAL" });

    const m = await allocationsOf(mid.id);
    expect(strip(m)).toEqual(await expected(A.companyId, "2024-07-15", null, "2026-03-02"));
    expect(m.filter((r) => r.key.startsWith("monthly:")).map((r) => r.validFrom)).toEqual([
      "2024-08-15", "2024-09-15", "2024-10-15", "2024-11-15", "2024-12-15", "2025-01-15",
      "2025-02-15", "2025-03-15", "2025-04-15", "2025-05-15", "2025-06-15",
    ]);
    expect(brief(m)).toEqual(["annual:2025-07-15 15"]);

    const n = await allocationsOf(newbie.id);
    expect(n.map((r) => `${r.key} ${r.granted} ..${r.validTo}`)).toEqual([
      "monthly:2025-12-01 1 ..2026-10-31", "monthly:2026-01-01 1 ..2026-10-31", "monthly:2026-02-01 1 ..2026-10-31", "monthly:2026-03-01 1 ..2026-10-31",
    ]);

    const l = await allocationsOf(leaver.id);
    expect(l).toHaveLength(11);
    expect(l.every((r) => r.key.startsWith("monthly:"))).toBe(true);

    expect(await allocationsOf(noDate.id)).toEqual([]);
    expect(await allocationsOf(A.admin.id)).toEqual([]);

    // each grant logged once, by nobody (the system)
    const granted = await logsOf(veteran.id, "GRANTED");
    expect(granted.map((g) => g.refId)).toEqual(v.map((r) => r.id).sort((a, b) => a - b));
    expect(granted.every((g) => g.actorId === null)).toBe(true);
    expect(granted.find((g) => g.refId === v.at(-1)!.id)!.days).toBe(18);
  });

  test("allocations that ended are logged EXPIRED once, with their unused days", async () => {
    // the leaver's 11 days ended 2026-03-01 (§60(7) 단서), the veteran's 2025 grant on 2026-02-28
    const v = await allocationsOf(veteran.id);
    const ended = v.filter((r) => r.validTo < "2026-03-02").map((r) => r.id).sort((a, b) => a - b);
    expect((await logsOf(veteran.id, "EXPIRED")).map((l) => l.refId)).toEqual(ended);
    expect((await logsOf(leaver.id, "EXPIRED")).map((l) => l.days)).toEqual(Array(11).fill(1));
    expect(await logsOf(mid.id, "EXPIRED")).toHaveLength(11); // the first year's monthly days, ended 2025-07-14
  });

  test("running again adds nothing: no second allocation, no second log", async () => {
    const before = await t.db.db.execute(sql`select count(*)::int as n from leave_allocations where company_id = ${A.companyId}`);
    const logs = await t.db.db.execute(sql`select count(*)::int as n from leave_logs where company_id = ${A.companyId}`);
    expect(await runCompanyAccrual(t.deps, A.companyId)).toEqual({ granted: 0, expired: 0 });
    const r = await t.call("POST", "/api/hr/leaves/accrual/run", await tokenOf(A.admin, ADMIN_PASSWORD));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ granted: 0 });
    await Promise.all([runCompanyAccrual(t.deps, A.companyId), runAccrualForAll(t.deps)]);
    expect(await t.db.db.execute(sql`select count(*)::int as n from leave_allocations where company_id = ${A.companyId}`)).toEqual(before);
    expect(await t.db.db.execute(sql`select count(*)::int as n from leave_logs where company_id = ${A.companyId}`)).toEqual(logs);
  });

  test("the day after: nothing new; on 2026-04-01 HR's call grants the newcomer's fifth month", async () => {
    at("2026-03-03");
    expect((await t.call("POST", "/api/hr/leaves/accrual/run", await tokenOf(A.admin, ADMIN_PASSWORD))).body).toMatchObject({ granted: 0 });
    expect(await allocationsOf(leaver.id)).toHaveLength(11); // left: no 15 days, ever
    at("2026-04-01");
    expect((await t.call("POST", "/api/hr/leaves/accrual/run", await tokenOf(A.admin, ADMIN_PASSWORD))).body).toMatchObject({ granted: 1 });
    expect((await allocationsOf(newbie.id)).at(-1)).toMatchObject({ key: "monthly:2026-04-01", granted: 1 });
  });

  test("advance use: the ledger borrows against the next grant, which arrives less the days borrowed", async () => {
    // hired 2024-07-15: the next grant after 2026-05-04 is the 15 days of 2026-07-15
    expect(await nextGrantDays(t.deps.db, A.companyId, mid.id, "2026-05-04")).toBe(15);
    expect(await nextGrantDays(t.deps.db, A.companyId, noDate.id, "2026-05-04")).toBe(0);
    expect(await nextGrantDays(t.deps.db, A.companyId, leaver.id, "2026-05-04")).toBe(0);
    const annual = (await allocationsOf(mid.id))[0];
    // the ledger's ADVANCE allocation (ledger/advance.ts writes it so) for 2 days from 2026-05-04
    await t.db.db.execute(sql`insert into leave_allocations (company_id, user_id, template_id, status, source, valid_from, valid_to, granted)
      select company_id, user_id, template_id, 'APPROVED', 'ADVANCE', '2026-05-04', '2026-05-05', 2 from leave_allocations where id = ${annual.id}`);
    at("2026-07-15");
    await runCompanyAccrual(t.deps, A.companyId);
    expect((await allocationsOf(mid.id)).find((r) => r.key === "annual:2026-07-15")!.granted).toBe(13);
    expect((await allocationsOf(veteran.id)).find((r) => r.key === "annual:2026-03-01")!.granted).toBe(18); // nobody else's
  });

  test("only HR runs it: a member gets 403 leave.hr_only", async () => {
    const r = await t.call("POST", "/api/hr/leaves/accrual/run", await tokenOf(mid));
    expect(r.status).toBe(403);
    expect(r.body.code).toBe("leave.hr_only");
  });
});

describe("fiscal-year basis", () => {
  // Company B (made here, after company A's runs of the whole job at later dates): 1 January fiscal-year basis,
  // proration rounded DOWN to one place.
  let B: Awaited<ReturnType<typeof company>>, july: Member, gone: Member;
  beforeAll(async () => {
    B = await company(t, "accrual-b.test");
    july = await B.user("july");
    gone = await B.user("gone");
    await employ(t, B.companyId, july, "2025-07-01");
    // a-ha.io 노무사 example: hired 2018-07-01, left 2020-08-01 → 7.5 days settled
    await employ(t, B.companyId, gone, "2018-07-01", "2020-08-01");
    await ensureLeaveDefaults(t.deps.db, B.companyId);
    await t.db.db.execute(sql`update leave_policies set annual_leave_allocation_date = '01-01', first_annual_leave_rounding = 'DOWN',
      first_annual_leave_decimal_place = 1 where company_id = ${B.companyId}`);
  });

  test("hired 2025-07-01: six monthly days and 15 × 184/365 = 7.5 (DOWN) on 2026-01-01", async () => {
    at("2026-01-02");
    const run = await runCompanyAccrual(t.deps, B.companyId);
    const rows = await allocationsOf(july.id);
    expect(strip(rows)).toEqual(await expected(B.companyId, "2025-07-01", null, "2026-01-02"));
    expect(rows.map((r) => `${r.key} ${r.granted}`)).toEqual([
      "monthly:2025-08-01 1", "monthly:2025-09-01 1", "monthly:2025-10-01 1", "monthly:2025-11-01 1", "monthly:2025-12-01 1",
      "monthly:2026-01-01 1", "prorated:2026-01-01 7.5",
    ]);
    expect(rows.at(-1)).toMatchObject({ validTo: "2026-12-31", source: "ACCRUAL" });
    expect(run.granted).toBe(rows.length + (await allocationsOf(gone.id)).length);
  });

  test("퇴사 정산: the member who left gets the hire-date basis' 7.5 more days, source SETTLEMENT", async () => {
    const rows = await allocationsOf(gone.id);
    expect(strip(rows)).toEqual(await expected(B.companyId, "2018-07-01", "2020-08-01", "2026-01-02"));
    expect(brief(rows)).toEqual(["prorated:2019-01-01 7.5", "annual:2020-01-01 15", "settlement:2020-08-01 7.5"]);
    expect(rows.at(-1)).toMatchObject({ source: "SETTLEMENT", validFrom: "2020-07-31", validTo: "2020-07-31" });
    // a settlement is paid out, not left to lapse: no EXPIRED log for it
    expect((await logsOf(gone.id, "EXPIRED")).map((l) => l.refId)).not.toContain(rows.at(-1)!.id);
  });

  test("2027-01-01: 15 days for the first full fiscal year", async () => {
    at("2027-01-01");
    await runAccrualForAll(t.deps);
    expect(brief(await allocationsOf(july.id))).toEqual(["prorated:2026-01-01 7.5", "annual:2027-01-01 15"]);
  });
});


/** An approved usage of `days` drawn from one allocation (the ledger's tables, written directly). */
async function use(allocationId: number, days: number, on: string) {
  const [u] = await t.db.db.execute<{ id: string }>(sql`
    insert into leave_usages (company_id, user_id, template_id, start_at, end_at, unit, used_days, status)
    select company_id, user_id, template_id, ${`${on}T00:00:00+09:00`}::timestamptz, ${`${on}T18:00:00+09:00`}::timestamptz, 'FULL_DAY', ${days}, 'APPROVED'
    from leave_allocations where id = ${allocationId} returning id`);
  await t.db.db.execute(sql`insert into leave_usage_allocations (usage_id, allocation_id, days) values (${u.id}, ${allocationId}, ${days})`);
}

describe("carry-over", () => {
  // Company C (made here, after the runs of the whole job above): unused days carried over, at most 5.
  let C: Awaited<ReturnType<typeof company>>, saver: Member;
  beforeAll(async () => {
    C = await company(t, "accrual-c.test");
    saver = await C.user("saver");
    await employ(t, C.companyId, saver, "2024-03-04");
    await ensureLeaveDefaults(t.deps.db, C.companyId);
    await t.db.db.execute(sql`update leave_policies set carry_over_max_days = 5 where company_id = ${C.companyId}`);
  });

  test("the first year's 11 unused days lapse on 2025-03-03: 5 carry over with the 15 days of 2025-03-04", async () => {
    at("2025-03-05");
    await runCompanyAccrual(t.deps, C.companyId);
    const rows = await allocationsOf(saver.id);
    const carry = rows.find((r) => r.source === "CARRY_OVER")!;
    expect(carry).toMatchObject({ key: "carry:2025-03-04", granted: 0, carriedOver: 5, validFrom: "2025-03-04", validTo: "2026-03-03", status: "APPROVED" });
    expect((await logsOf(saver.id, "CARRIED_OVER")).map((l) => [l.refId, l.days])).toEqual([[carry.id, 5]]);
    expect(brief(rows)).toEqual(["annual:2025-03-04 15", "carry:2025-03-04 0"]);
  });

  test("12 of the 15 days used: 3 carry over on 2026-03-04; the carried-over 5 lapse and do not carry again", async () => {
    const annual = (await allocationsOf(saver.id)).find((r) => r.key === "annual:2025-03-04")!;
    await use(annual.id, 12, "2025-08-04");
    const carried = (await allocationsOf(saver.id)).find((r) => r.key === "carry:2025-03-04")!;
    await use(carried.id, 1, "2025-09-01");
    at("2026-03-04");
    await runCompanyAccrual(t.deps, C.companyId);
    const rows = await allocationsOf(saver.id);
    expect(rows.filter((r) => r.source === "CARRY_OVER").map((r) => `${r.key} ${r.carriedOver} ..${r.validTo}`)).toEqual([
      "carry:2025-03-04 5 ..2026-03-03",
      "carry:2026-03-04 3 ..2027-03-03",
    ]);
    expect(rows.find((r) => r.key === "annual:2026-03-04")!.granted).toBe(15);
    const expired = await logsOf(saver.id, "EXPIRED");
    expect(expired.find((l) => l.refId === annual.id)!.days).toBe(3);
    expect(expired.find((l) => l.refId === carried.id)!.days).toBe(4);
  });
});

describe("a change of basis (engine.ts header): from the day it is made, never back", () => {
  // Company D: the hire-date basis until HR switches to 1 January on 2026-06-16 (PUT policies records basis_since).
  let D: Awaited<ReturnType<typeof company>>, recent: Member, senior: Member, hr: { token: string };
  const sumOf = async (who: Member) => (await allocationsOf(who.id)).reduce((n, r) => n + r.granted, 0);
  const putBasis = async (basis: string) => {
    const policy = (await t.call("GET", "/api/leaves/policies", hr)).body;
    const r = await t.call("PUT", "/api/leaves/policies", { ...hr, json: { ...policy, annualLeaveAllocationDate: basis } });
    expect(r.status).toBe(200);
    return r.body;
  };
  beforeAll(async () => {
    D = await company(t, "accrual-d.test");
    recent = await D.user("recent");
    senior = await D.user("senior");
    await employ(t, D.companyId, recent, "2025-03-02");
    await employ(t, D.companyId, senior, "2019-01-10");
    at("2026-06-15");
    await runCompanyAccrual(t.deps, D.companyId);
  });

  test("switched on 2026-06-16: basis_since is that day, the run grants nothing, balances stay until 2027-01-01", async () => {
    expect(await sumOf(recent)).toBe(11 + 15);
    expect(await sumOf(senior)).toBe(125); // 11 + 15+15+16+16+17+17+18 (2020..2026)
    at("2026-06-16");
    hr = await tokenOf(D.admin, ADMIN_PASSWORD);
    expect(await putBasis("01-01")).toMatchObject({ annualLeaveAllocationDate: "01-01", basisSince: "2026-06-16" });
    // saving the policy again without changing the basis keeps the day
    at("2026-07-01");
    hr = await tokenOf(D.admin, ADMIN_PASSWORD);
    expect(await putBasis("01-01")).toMatchObject({ basisSince: "2026-06-16" });
    // was 15 → 28 and 18 → 35 (the fiscal grants back to the hire date added on top)
    expect((await t.call("POST", "/api/hr/leaves/accrual/run", hr)).body).toEqual({ granted: 0, expired: 0 });
    at("2026-12-31");
    await runCompanyAccrual(t.deps, D.companyId);
    expect(await sumOf(recent)).toBe(26);
    expect(await sumOf(senior)).toBe(125);
  });

  test("2027-01-01: the part of the fiscal year the last anniversary grant does not cover, once", async () => {
    at("2027-01-01");
    await runCompanyAccrual(t.deps, D.companyId);
    await runCompanyAccrual(t.deps, D.companyId);
    // 15 × 305/365 = 12.53 and 18 × 356/365 = 17.56, rounded up to the half day (the default policy's rounding)
    expect(brief(await allocationsOf(recent.id)).slice(-2)).toEqual(["annual:2026-03-02 15", "transition:2027-01-01 13"]);
    expect(brief(await allocationsOf(senior.id)).slice(-2)).toEqual(["annual:2026-01-10 18", "transition:2027-01-01 18"]);
    expect((await allocationsOf(senior.id)).at(-1)).toMatchObject({ validFrom: "2027-01-01", validTo: "2027-12-31", source: "ACCRUAL" });
  });

  test("back to the hire date on 2027-02-01 and to 01-01 again: nothing is granted twice", async () => {
    at("2027-02-01");
    hr = await tokenOf(D.admin, ADMIN_PASSWORD);
    expect(await putBasis("HIRE_DATE")).toMatchObject({ basisSince: "2027-02-01" });
    await runCompanyAccrual(t.deps, D.companyId);
    const [r1, s1] = [await sumOf(recent), await sumOf(senior)];
    // the senior's hire-date year 2027-01-10..2028-01-09 runs 9 days past the fiscal grant (to 2027-12-31):
    // 18 × 9/365 = 0.44 → 0.5 on the switch day
    expect([r1, s1]).toEqual([26 + 13, 125 + 18 + 0.5]);
    // the recent's hire-date year 2027-03-02..2028-03-01: 2028-01-01..03-01 uncovered, 15 × 61/366 = 2.5
    at("2027-03-02");
    await runCompanyAccrual(t.deps, D.companyId);
    expect(brief(await allocationsOf(recent.id)).at(-1)).toBe("transition:2027-03-02 2.5");
    hr = await tokenOf(D.admin, ADMIN_PASSWORD);
    expect(await putBasis("01-01")).toMatchObject({ basisSince: "2027-03-02" });
    await runCompanyAccrual(t.deps, D.companyId);
    expect([await sumOf(recent), await sumOf(senior)]).toEqual([r1 + 2.5, s1]);
    // 2028-01-01: the fiscal year less what the hire-date grants made on the way cover (to 2028-03-01, to 2028-01-09)
    at("2028-01-01");
    await runCompanyAccrual(t.deps, D.companyId);
    expect(brief(await allocationsOf(recent.id)).at(-1)).toBe("transition:2028-01-01 12.5"); // 15 × 305/366
    expect(brief(await allocationsOf(senior.id)).at(-1)).toBe("transition:2028-01-01 18"); // 18 × 357/366 = 17.56
    const keys = (await allocationsOf(recent.id)).map((r) => r.key);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
