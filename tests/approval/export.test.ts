// GET /api/approval/dashboard/export/download/excel?box=…: the box's documents as .xlsx with the column titles
// in the user's language, one row per document (every page, with the box's filters), dates as real spreadsheet
// dates in Seoul time; read back with exceljs and opened by openpyxl (Debian's python3-openpyxl).
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../support/test-app.ts";
import { kst, seedDocument, seedScenario } from "./seed-documents.ts";
import { approvalCast } from "./support.ts";

const t = await createTestApp();
const { api, A, B } = await approvalCast(t, "export");
const { forms } = await seedScenario(t, A, B);

async function download(who: { token: string }, query: string) {
  const res = await t.app.request(`/api/approval/dashboard/export/download/excel?${query}`, { headers: { authorization: `Bearer ${who.token}` } });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

async function sheetOf(bytes: Uint8Array) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes.buffer as ArrayBuffer);
  return wb.worksheets[0];
}

async function setLanguage(who: { token: string; id: number }, language: string) {
  await t.db.sql`update users set language_type = ${language} where id = ${who.id}`;
}

beforeAll(async () => {
  // 25 more submitted drafts of kim: the export holds every page.
  for (let i = 0; i < 25; i++) {
    await seedDocument(t, A.co.companyId, {
      drafterId: A.drafter.id, organId: A.organs.plan, formId: forms.expense.id, title: `추가 문서 ${i + 1}`, status: "IN_PROGRESS",
      draftedAt: kst(`2025-01-${String(i + 1).padStart(2, "0")} 08:00`),
    });
  }
});

describe("the Excel export", () => {
  it("a box in Korean: headers, every row, real dates in Seoul time, the file's name", async () => {
    const r = await download(A.drafter, "box=dd");
    // The day in Seoul (UTC+9) when the file was made.
    const day = new Date(t.clock.now().getTime() + 9 * 3_600_000).toISOString().slice(0, 10).replaceAll("-", "");
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(r.headers.get("content-disposition")).toBe(`attachment; filename="approval-dd-${day}.xlsx"; filename*=UTF-8''approval-dd-${day}.xlsx`);
    const ws = await sheetOf(r.bytes);
    expect(ws.name).toBe("상신한 문서");
    expect(ws.getRow(1).values).toEqual([undefined, "문서번호", "제목", "양식", "기안자", "기안부서", "기안일", "완료일", "상태"]);
    expect(ws.rowCount).toBe(1 + 28);
    const first = ws.getRow(2);
    expect(first.getCell(2).value).toBe("협조 요청 품의");
    expect(first.getCell(3).value).toBe("품의서");
    expect(first.getCell(4).value).toBe("김기안");
    expect(first.getCell(5).value).toBe("기획팀");
    // 2025-03-12 10:00 Seoul time, as a date the spreadsheet shows as such.
    expect(first.getCell(6).value).toEqual(new Date("2025-03-12T10:00:00Z"));
    expect(first.getCell(6).numFmt).toBe("yyyy-mm-dd hh:mm");
    expect(first.getCell(7).value).toBeNull();
    expect(first.getCell(8).value).toBe("진행");
    expect(ws.getRow(29).getCell(2).value).toBe("추가 문서 1");
  });

  it("the filters of the box and its order; completed documents with their numbers; English and Indonesian", async () => {
    await setLanguage(A.drafter, "en");
    const ws = await sheetOf((await download(A.drafter, "box=dd&keywordFlag=TITLE&keyword=추가&sort=draftedAt&dir=asc&draftToDate=2025-01-03")).bytes);
    expect(ws.getRow(1).values).toEqual([undefined, "Document no.", "Title", "Form", "Drafter", "Drafting department", "Drafted", "Completed", "Status"]);
    expect([2, 3, 4].map((n) => ws.getRow(n).getCell(2).value)).toEqual(["추가 문서 1", "추가 문서 2", "추가 문서 3"]);
    expect(ws.rowCount).toBe(4);
    const done = await sheetOf((await download(A.drafter, "box=dc")).bytes);
    expect(done.getRow(2).values).toEqual([
      undefined, "기획팀-2025-0001", "2월 품의서", "품의서", "김기안", "기획팀", new Date("2025-02-03T09:00:00Z"), new Date("2025-02-05T18:30:00Z"), "Completed",
    ]);
    await setLanguage(A.drafter, "id");
    expect((await sheetOf((await download(A.drafter, "box=dc")).bytes)).getRow(1).getCell(1).value).toBe("No. dokumen");
    await setLanguage(A.drafter, "ko");
  });

  it("opens in openpyxl (a spreadsheet reader nobody here wrote)", async () => {
    const r = await download(A.drafter, "box=dc");
    const file = await Deno.makeTempFile({ suffix: ".xlsx" });
    await Deno.writeFile(file, r.bytes);
    const script = `
import sys, openpyxl
wb = openpyxl.load_workbook(sys.argv[1])
ws = wb.worksheets[0]
print(ws.title)
for row in ws.iter_rows(values_only=True):
    print("|".join("" if v is None else (v.isoformat() if hasattr(v, "isoformat") else str(v)) for v in row))
print(ws["F2"].is_date, ws["F2"].number_format)
`;
    const out = await new Deno.Command("/usr/bin/python3", { args: ["-c", script, file], stdout: "piped", stderr: "piped" }).output();
    await Deno.remove(file);
    expect(new TextDecoder().decode(out.stderr)).toBe("");
    expect(new TextDecoder().decode(out.stdout).trim().split("\n")).toEqual([
      "완료된 문서",
      "문서번호|제목|양식|기안자|기안부서|기안일|완료일|상태",
      "기획팀-2025-0001|2월 품의서|품의서|김기안|기획팀|2025-02-03T09:00:00|2025-02-05T18:30:00|완료",
      "True yyyy-mm-dd hh:mm",
    ]);
  });

  it("department boxes need a kept department; bad input; another company's documents never", async () => {
    expect((await download(A.financeLead, `box=oh&organId=${A.organs.finance}`)).status).toBe(200);
    await api.fails(403, "approval.not_manager", "GET", `dashboard/export/download/excel?box=oh&organId=${A.organs.general}`, A.financeLead);
    await api.fails(400, "common.validation", "GET", "dashboard/export/download/excel?box=zz", A.drafter);
    await api.fails(400, "common.validation", "GET", "dashboard/export/download/excel", A.drafter);
    await api.fails(400, "common.validation", "GET", "dashboard/export/download/excel?box=dd&draftFromDate=2025-13-01", A.drafter);
    const b = await sheetOf((await download(B.drafter, "box=dc")).bytes);
    expect(b.rowCount).toBe(2);
    expect(b.getRow(2).getCell(2).value).toBe("3월 지출결의서");
  });
});
