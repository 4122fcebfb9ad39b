// The "done when" for the reports: everything made through the API (HR grants 15 days, the employee
// applies for two days and a half day, the manager approves), and HR exports the ledger and reads the right
// numbers back (granted 15, used 2.5, remaining 12.5) with exceljs and with openpyxl; the member's dashboard,
// the members list and the ledger's own balanceOf agree. HR then edits the allocation and changes a usage's
// status, and every view follows.
import ExcelJS from "exceljs";
import { beforeAll, expect, test } from "vitest";
import type { Allocation, MembersPage, Usage, UserLeave } from "../../shared/leave/leave.ts";
import { balanceOf } from "../../server/modules/leave/ledger/balance.ts";
import { PW } from "../share/share-helpers.ts";
import { createTestApp, login } from "../support/test-app.ts";
import { leaveApi, leaveCast, type LeaveCompany, seoul } from "./support.ts";

const t = await createTestApp();
const api = leaveApi(t);
let A: LeaveCompany;
let annualId: number;
let allocation: Allocation;
let usages: Usage[];

/** Moves the clock and signs the people in again (access tokens live 15 minutes of the app's clock). */
async function at(date: string, time = "10:00") {
  t.clock.set(seoul(date, time));
  for (const p of [A.hr, A.employee, A.lead]) p.token = (await login(t, p.username, PW)).access_token;
}

async function ledgerRow(who: { token: string }) {
  const res = await t.app.request(`/api/hr/leaves/report?kind=ledger&from=2026-01-01&to=2026-12-31&organId=${A.organs.dev}`, {
    headers: { authorization: `Bearer ${who.token}` },
  });
  expect(res.status).toBe(200);
  const bytes = new Uint8Array(await res.arrayBuffer());
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes.buffer as ArrayBuffer);
  let row: unknown[] = [];
  wb.worksheets[0].eachRow((r) => {
    if (r.getCell(2).value === "김사원") row = (r.values as unknown[]).slice(1, 10);
  });
  return { bytes, row };
}

beforeAll(async () => {
  t.clock.set(seoul("2026-02-10", "10:00"));
  ({ A } = await leaveCast(t, "leave-done"));
  annualId = (await api.annualOf(A.hr)).id;
  allocation = await api.grant(A.hr, A.employee.id, annualId, 15, "2026-01-01", "2026-12-31");
  const apply = (body: Record<string, unknown>) => api.ok<Usage>(201, "POST", "leaves/usages", A.employee, { templateId: annualId, ...body });
  usages = [
    await apply({ startDate: "2026-03-04", endDate: "2026-03-05", unit: "FULL_DAY" }),
    await apply({ startDate: "2026-05-06", endDate: "2026-05-06", unit: "HALF_DAY", startTime: "09:00" }),
    await apply({ startDate: "2026-11-04", endDate: "2026-11-04", unit: "FULL_DAY" }), // still to come on 06-15
  ];
  for (const u of usages) await api.ok(200, "PATCH", `leaves/usages/${u.id}/decision`, A.lead, { status: "APPROVED" });
  await at("2026-06-15");
});

test("HR exports the ledger and reads the right numbers back; the dashboards and balanceOf agree", async () => {
  const { bytes, row } = await ledgerRow(A.hr);
  // 사용: the approved usages of the year (the November day is approved and in the period); 잔여 at the year's end.
  expect(row).toEqual(["개발팀", "김사원", new Date("2023-01-02T00:00:00Z"), 3, 15, 0, 3.5, 11.5, 0]);

  const file = await Deno.makeTempFile({ suffix: ".xlsx" });
  await Deno.writeFile(file, bytes);
  const script = `
import sys, openpyxl
ws = openpyxl.load_workbook(sys.argv[1]).worksheets[0]
for row in ws.iter_rows(min_row=3, values_only=True):
    if row[1] == "김사원": print(repr(row[4]), repr(row[6]), repr(row[7]), repr(row[11]), repr(row[13]), repr(row[19]), row[2].date().isoformat())
`;
  const out = await new Deno.Command("/usr/bin/python3", { args: ["-c", script, file], stdout: "piped", stderr: "piped" }).output();
  await Deno.remove(file);
  expect(new TextDecoder().decode(out.stderr)).toBe("");
  // 발생 15, 사용 3.5, 잔여 11.5; March 2, May 0.5, November 1.
  expect(new TextDecoder().decode(out.stdout).trim()).toBe("15 3.5 11.5 2 0.5 1 2023-01-02");

  // On 06-15 the November day has not started: used 2.5, remaining 12.5 — everywhere alike.
  const mine = await api.ok<UserLeave>(200, "GET", `leaves/users/${A.employee.id}`, A.employee);
  expect(mine.annual).toMatchObject({ granted: 15, used: 2.5, remaining: 12.5, calcStart: "2026-01-01", calcEnd: "2026-12-31" });
  const ledger = await balanceOf(t.deps.db, A.companyId, A.employee.id, "ANNUAL", "2026-06-15", { now: t.clock.now() });
  expect(mine.annual).toEqual(ledger);
  const list = await api.ok<MembersPage>(200, "GET", `leaves/list?organId=${A.organs.dev}`, A.lead);
  expect(list.content.find((r) => r.user.id === A.employee.id)!.annual).toEqual(ledger);
  expect(mine.allocations.map((a) => [a.id, a.used, a.remaining])).toEqual([[allocation.id, 2.5, 12.5]]);
  expect(mine.usages.map((u) => [u.startDate, u.endDate, u.usedDays, u.used])).toEqual([
    ["2026-03-04", "2026-03-05", 2, true], ["2026-05-06", "2026-05-06", 0.5, true], ["2026-11-04", "2026-11-04", 1, false],
  ]);
  // The ledger's log of the grant and the decisions is the member's activity.
  expect(mine.logs.length).toBeGreaterThanOrEqual(4);
});

test("HR edits the allocation and changes a usage's status: the ledger, dashboards and balances follow", async () => {
  await api.ok(200, "PATCH", `hr/leaves/allocations/${allocation.id}`, A.hr, { granted: 16 });
  await api.ok(200, "PATCH", `hr/leaves/usages/${usages[1].id}/status`, A.hr, { status: "REJECTED", comment: "출근함" });
  const { row } = await ledgerRow(A.hr);
  expect(row.slice(4, 9)).toEqual([16, 0, 3, 13, 0]);
  const mine = await api.ok<UserLeave>(200, "GET", `leaves/users/${A.employee.id}`, A.employee);
  expect(mine.annual).toMatchObject({ granted: 16, used: 2, remaining: 14 });
  expect(mine.annual).toEqual(await balanceOf(t.deps.db, A.companyId, A.employee.id, "ANNUAL", "2026-06-15", { now: t.clock.now() }));
  expect(mine.logs.some((l) => l.refId === usages[1].id && l.action === "REJECTED")).toBe(true);
});
