// GET api/hr/leaves/report: 연차휴가대장 (kind=ledger) and the usage report (kind=usage) as .xlsx for a period and
// organisation, read back with exceljs and with openpyxl (Debian's python3-openpyxl: a reader nobody here wrote)
// — the numbers (granted 15, used 2.5, remaining 12.5, carried over, expired, the month columns) as numbers,
// dates as real dates, the frozen title and header rows, headers in the caller's language, the RFC 5987 file
// name; HR only, another company's organisation 404. Allocations and usages are written as rows here.
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, test } from "vitest";
import { ensureLeaveDefaults } from "../../server/modules/leave/settings/defaults.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";
import { leaveApi, leaveCast, type LeaveCompany, seoul } from "./support.ts";

const t = await createTestApp();
const api = leaveApi(t);
let A: LeaveCompany, B: LeaveCompany;

const iso = (date: string, time: string) => seoul(date, time).toISOString();

async function templateId(t: TestApp, companyId: number, name: string): Promise<number> {
  await ensureLeaveDefaults(t.deps.db, companyId);
  const [row] = await t.db.sql<{ id: string }[]>`select id from leave_templates where company_id = ${companyId} and name = ${name}`;
  return Number(row.id);
}

async function allocate(co: LeaveCompany, userId: number, template: number, granted: number, validFrom: string, validTo: string, carriedOver = 0) {
  const [row] = await t.db.sql<{ id: string }[]>`
    insert into leave_allocations (company_id, user_id, template_id, status, valid_from, valid_to, granted, carried_over)
    values (${co.companyId}, ${userId}, ${template}, 'APPROVED', ${validFrom}, ${validTo}, ${granted}, ${carriedOver}) returning id`;
  return Number(row.id);
}

/** A usage on one day: a full day 09:00-18:00, a half day 09:00-14:00; drawn from the allocation when given. */
async function use(co: LeaveCompany, userId: number, template: number, date: string, days: number, status: string, allocationId: number | null, approverId: number | null = null) {
  const unit = days >= 1 ? "FULL_DAY" : "HALF_DAY";
  const [row] = await t.db.sql<{ id: string }[]>`
    insert into leave_usages (company_id, user_id, template_id, start_at, end_at, unit, used_days, status, supported_by_allocation, approver_id, status_changer_id, created_by)
    values (${co.companyId}, ${userId}, ${template}, ${iso(date, "09:00")}, ${iso(date, days >= 1 ? "18:00" : "14:00")}, ${unit}, ${days}, ${status},
      ${allocationId !== null}, ${approverId}, ${status === "PENDING" ? null : approverId}, ${userId}) returning id`;
  const id = Number(row.id);
  if (allocationId !== null) await t.db.sql`insert into leave_usage_allocations (usage_id, allocation_id, days) values (${id}, ${allocationId}, ${days})`;
  return id;
}

async function download(who: { token: string }, query: string) {
  const res = await t.app.request(`/api/hr/leaves/report?${query}`, { headers: { authorization: `Bearer ${who.token}` } });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

async function sheetOf(bytes: Uint8Array) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes.buffer as ArrayBuffer);
  return wb.worksheets[0];
}

/** The sheet as openpyxl reads it: title, frozen pane, rows (dates in ISO, numbers with their Python type). */
async function openpyxl(bytes: Uint8Array): Promise<{ title: string; freeze: string; rows: string[][]; formats: Record<string, string> }> {
  const file = await Deno.makeTempFile({ suffix: ".xlsx" });
  await Deno.writeFile(file, bytes);
  const script = `
import sys, json, openpyxl, datetime
wb = openpyxl.load_workbook(sys.argv[1])
ws = wb.worksheets[0]
def show(v):
    if v is None: return ""
    if isinstance(v, datetime.datetime): return "date:" + v.isoformat()
    if isinstance(v, bool): return "bool:" + str(v)
    if isinstance(v, (int, float)): return type(v).__name__ + ":" + repr(v)
    return str(v)
rows = [[show(v) for v in row] for row in ws.iter_rows(values_only=True)]
print(json.dumps({"title": ws.title, "freeze": ws.freeze_panes, "rows": rows,
  "formats": {c.coordinate: c.number_format for row in ws.iter_rows(min_row=3, max_row=3) for c in row}}, ensure_ascii=False))
`;
  // Debian's interpreter, which has python3-openpyxl (a pyenv python3 on PATH may not).
  const out = await new Deno.Command("/usr/bin/python3", { args: ["-c", script, file], stdout: "piped", stderr: "piped" }).output();
  await Deno.remove(file);
  expect(new TextDecoder().decode(out.stderr)).toBe("");
  return JSON.parse(new TextDecoder().decode(out.stdout));
}

let annual: number, sick: number;

beforeAll(async () => {
  t.clock.set(seoul("2026-12-15", "10:00"));
  ({ A, B } = await leaveCast(t, "leave-report"));
  annual = await templateId(t, A.companyId, "연차");
  sick = await templateId(t, A.companyId, "병가");
  // 김사원 (개발팀, hired 2023-01-02): 15 days for 2026, 2 days in March and a half day in May; a pending day in
  // December (not used); a day of 병가 (not annual leave).
  const kim = await allocate(A, A.employee.id, annual, 15, "2026-01-01", "2026-12-31");
  await use(A, A.employee.id, annual, "2026-03-03", 2, "APPROVED", kim, A.lead.id);
  await use(A, A.employee.id, annual, "2026-05-04", 0.5, "APPROVED", kim, A.lead.id);
  await use(A, A.employee.id, annual, "2026-12-21", 1, "PENDING", kim, A.lead.id);
  await use(A, A.employee.id, sick, "2026-06-10", 1, "APPROVED", null, A.lead.id);
  // 이사원 (개발팀, hired 2024-09-02): 15 days with 3 carried over, one day in January.
  const lee = await allocate(A, A.colleague.id, annual, 15, "2026-01-01", "2026-12-31", 3);
  await use(A, A.colleague.id, annual, "2026-01-15", 1, "APPROVED", lee, A.lead.id);
  // 정인사 (인사팀, hired 2021-04-01): last year's 15 days valid until 2026-03-31, 5 used in February: 10 expire.
  const jung = await allocate(A, A.hrMember.id, annual, 15, "2025-04-01", "2026-03-31");
  await use(A, A.hrMember.id, annual, "2026-02-02", 5, "APPROVED", jung, A.head.id);
  await allocate(A, A.hrMember.id, annual, 16, "2026-04-01", "2027-03-31");
});

describe("연차휴가대장 (kind=ledger)", () => {
  test("HR downloads the ledger of a year and reads the right numbers back (exceljs)", async () => {
    const r = await download(A.hr, `kind=ledger&from=2026-01-01&to=2026-12-31`);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const cd = r.headers.get("content-disposition")!;
    expect(cd).toContain(`filename*=UTF-8''${encodeURIComponent("연차휴가대장_20260101-20261231.xlsx")}`);
    expect(cd).toMatch(/^attachment; filename="[\x20-\x7e]+"/);
    const ws = await sheetOf(r.bytes);
    expect(ws.name).toBe("연차휴가대장");
    expect(ws.getCell("A1").value).toBe("연차휴가대장 (기간: 2026-01-01 ~ 2026-12-31)");
    expect(ws.views[0]).toMatchObject({ state: "frozen", ySplit: 2 });
    const header = (ws.getRow(2).values as unknown[]).slice(1);
    expect(header.slice(0, 9)).toEqual(["부서", "성명", "입사일", "근속연수", "발생", "이월", "사용", "잔여", "소멸"]);
    expect(header.slice(9)).toEqual(Array.from({ length: 12 }, (_, i) => `2026년 ${i + 1}월`));
    const rows = new Map<string, unknown[]>();
    ws.eachRow((row, n) => {
      if (n > 2) rows.set(String(row.getCell(2).value), (row.values as unknown[]).slice(1));
    });
    const kim = rows.get("김사원")!;
    expect(kim.slice(0, 9)).toEqual(["개발팀", "김사원", new Date("2023-01-02T00:00:00Z"), 3, 15, 0, 2.5, 12.5, 0]);
    expect(kim.slice(9)).toEqual([0, 0, 2, 0, 0.5, 0, 0, 0, 0, 0, 0, 0]);
    expect(rows.get("이사원")!.slice(3, 10)).toEqual([2, 15, 3, 1, 17, 0, 1]);
    // 정인사: this year's 16 days (from April); last year's left 10 unused on 2026-03-31.
    expect(rows.get("정인사")!.slice(0, 9)).toEqual(["인사팀", "정인사", new Date("2021-04-01T00:00:00Z"), 5, 16, 0, 5, 16, 10]);
    expect(rows.get("정인사")![10]).toBe(5);
    // Everyone employed in the period, in the organisation chart's order.
    expect([...rows.keys()].slice(0, 7)).toEqual(["최본부", "정인사", "한인사", "김사원", "박팀장", "이사원", "오외주"]);
    expect(ws.getCell("C3").numFmt).toBe("yyyy-mm-dd");
  });

  test("openpyxl opens it: the same numbers as numbers, real dates, the frozen rows", async () => {
    const r = await download(A.hr, `kind=ledger&from=2026-01-01&to=2026-12-31&organId=${A.organs.dev}`);
    const x = await openpyxl(r.bytes);
    expect(x.title).toBe("연차휴가대장");
    expect(x.freeze).toBe("A3");
    expect(x.rows[0][0]).toBe("연차휴가대장 (기간: 2026-01-01 ~ 2026-12-31)");
    expect(x.rows[1].slice(0, 9)).toEqual(["부서", "성명", "입사일", "근속연수", "발생", "이월", "사용", "잔여", "소멸"]);
    // 개발팀 only (박팀장 manages it and belongs to it), by name.
    expect(x.rows.slice(2).map((r) => r[1])).toEqual(["김사원", "박팀장", "이사원"]);
    expect(x.rows[2].slice(0, 9)).toEqual(["개발팀", "김사원", "date:2023-01-02T00:00:00", "int:3", "int:15", "int:0", "float:2.5", "float:12.5", "int:0"]);
    expect(x.rows[2][11]).toBe("int:2");
    expect(x.rows[2][13]).toBe("float:0.5");
    expect(x.formats.C3).toBe("yyyy-mm-dd");
  });

  test("a shorter period has its months; headers follow the caller's language", async () => {
    await t.db.sql`update users set language_type = 'en' where id = ${A.hr.id}`;
    try {
      const r = await download(A.hr, `kind=ledger&from=2026-02-15&to=2026-05-31&organId=${A.organs.dev}`);
      expect(r.headers.get("content-disposition")).toContain("annual-leave-ledger_20260215-20260531.xlsx");
      const ws = await sheetOf(r.bytes);
      expect(ws.getCell("A1").value).toBe("Annual leave ledger (Period: 2026-02-15 ~ 2026-05-31)");
      expect((ws.getRow(2).values as unknown[]).slice(1)).toEqual([
        "Department", "Name", "Hire date", "Years of service", "Granted", "Carried over", "Used", "Remaining", "Expired",
        "Feb 2026", "Mar 2026", "Apr 2026", "May 2026",
      ]);
      // Granted before the period: not 발생 in it; still what is left at its end.
      expect((ws.getRow(3).values as unknown[]).slice(2)).toEqual(["김사원", new Date("2023-01-02T00:00:00Z"), 3, 0, 0, 2.5, 12.5, 0, 0, 2, 0, 0.5]);
    } finally {
      await t.db.sql`update users set language_type = 'ko' where id = ${A.hr.id}`;
    }
  });

  test("HR only; bad periods; another company's organisation 404; its own members only", async () => {
    for (const who of [A.employee, A.lead, A.head]) {
      await api.fails(403, "leave.hr_only", "GET", "hr/leaves/report?kind=ledger&from=2026-01-01&to=2026-12-31", who);
    }
    expect((await download(A.admin, "kind=ledger&from=2026-01-01&to=2026-12-31")).status).toBe(200);
    await api.fails(400, "common.validation", "GET", "hr/leaves/report?kind=ledger&from=2026-12-31&to=2026-01-01", A.hr);
    await api.fails(400, "common.validation", "GET", "hr/leaves/report?kind=ledger&from=2024-01-01&to=2026-12-31", A.hr);
    await api.fails(400, "common.validation", "GET", "hr/leaves/report?kind=balance&from=2026-01-01&to=2026-12-31", A.hr);
    await api.fails(400, "leave.invalid_days", "GET", "hr/leaves/report?kind=ledger&from=2026-1-1&to=2026-12-31", A.hr);
    await api.fails(404, "common.404", "GET", `hr/leaves/report?kind=ledger&from=2026-01-01&to=2026-12-31&organId=${A.organs.dev}`, B.hr);
    const theirs = await sheetOf((await download(B.hr, "kind=ledger&from=2026-01-01&to=2026-12-31")).bytes);
    const names: string[] = [];
    theirs.eachRow((row, n) => {
      if (n > 2) names.push(String(row.getCell(2).value));
      if (n > 2) expect(row.getCell(5).value).toBe(0);
    });
    expect(names).toHaveLength(8);
  });
});

describe("usage report (kind=usage)", () => {
  test("one row per usage of the period: type, dates, unit, days, state and approver", async () => {
    const r = await download(A.hr, `kind=usage&from=2026-01-01&to=2026-12-31&organId=${A.organs.dev}`);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-disposition")).toContain(`filename*=UTF-8''${encodeURIComponent("휴가사용내역_20260101-20261231.xlsx")}`);
    const ws = await sheetOf(r.bytes);
    expect((ws.getRow(2).values as unknown[]).slice(1)).toEqual(["성명", "부서", "휴가 종류", "시작", "종료", "단위", "일수", "상태", "승인자"]);
    const rows: unknown[][] = [];
    ws.eachRow((row, n) => {
      if (n > 2) rows.push((row.values as unknown[]).slice(1));
    });
    const d = (s: string) => new Date(`${s}Z`);
    expect(rows).toEqual([
      ["이사원", "개발팀", "연차", d("2026-01-15T00:00:00"), d("2026-01-15T00:00:00"), "종일", 1, "승인", "박팀장"],
      ["김사원", "개발팀", "연차", d("2026-03-03T00:00:00"), d("2026-03-03T00:00:00"), "종일", 2, "승인", "박팀장"],
      ["김사원", "개발팀", "연차", d("2026-05-04T09:00:00"), d("2026-05-04T14:00:00"), "반차", 0.5, "승인", "박팀장"],
      ["김사원", "개발팀", "병가", d("2026-06-10T00:00:00"), d("2026-06-10T00:00:00"), "종일", 1, "승인", "박팀장"],
      ["김사원", "개발팀", "연차", d("2026-12-21T00:00:00"), d("2026-12-21T00:00:00"), "종일", 1, "대기", "박팀장"],
    ]);
    expect(ws.getCell("D3").numFmt).toBe("yyyy-mm-dd");
    expect(ws.getCell("D5").numFmt).toBe("yyyy-mm-dd hh:mm");
    const x = await openpyxl(r.bytes);
    expect(x.freeze).toBe("A3");
    expect(x.rows[4]).toEqual(["김사원", "개발팀", "연차", "date:2026-05-04T09:00:00", "date:2026-05-04T14:00:00", "반차", "float:0.5", "승인", "박팀장"]);
  });
});
