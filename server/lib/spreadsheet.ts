// The suite's small spreadsheet adapter (ARCHITECTURE "Spreadsheets"): write .xlsx with exceljs; read the
// first sheet of a workbook as rows of text: .xlsx and the legacy binary .xls (BIFF5/8, which exceljs cannot
// read) with SheetJS (@e965/xlsx: SheetJS's maintained 0.20 line republished on npm; the npm "xlsx" stops at
// 0.18.5 with published advisories). SheetJS's code pages (cpexcel) are loaded so BIFF5 files written by
// Korean Excel (CP949 text) read right.
import ExcelJS from "exceljs";
import * as XLSX from "@e965/xlsx";
import * as cptable from "@e965/xlsx/dist/cpexcel.full.mjs";

XLSX.set_cptable(cptable);

export interface SheetData {
  name: string;
  header: string[];
  /** A Date is written as a real spreadsheet date (its UTC fields: shift it to the zone it is shown in). */
  rows: (string | number | Date | null)[][];
  /** Column widths in characters. */
  widths?: number[];
  /** Number formats per column ("yyyy-mm-dd hh:mm" for dates); undefined leaves a column as it is. */
  formats?: (string | undefined)[];
}

export async function writeXlsx(sheets: SheetData[]): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  for (const s of sheets) {
    const ws = wb.addWorksheet(s.name);
    ws.addRow(s.header).font = { bold: true };
    for (const r of s.rows) ws.addRow(r);
    s.widths?.forEach((w, i) => (ws.getColumn(i + 1).width = w));
    s.formats?.forEach((f, i) => {
      if (!f) return;
      ws.getColumn(i + 1).eachCell((cell, row) => {
        if (row > 1) cell.numFmt = f;
      });
    });
  }
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

/** Whether the bytes are an OLE2 compound file (legacy .xls) or a zip (.xlsx). */
export function spreadsheetKind(bytes: Uint8Array): "XLS" | "XLSX" | null {
  if (bytes.length >= 8 && bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0) return "XLS";
  if (bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) return "XLSX";
  return null;
}

/** The first sheet's rows as text (dates as YYYY-MM-DD); throws when the bytes are no workbook. */
export function readFirstSheet(bytes: Uint8Array): string[][] {
  const wb = XLSX.read(bytes, { type: "array", cellDates: true, dense: true });
  const first = wb.SheetNames[0];
  if (!first) return [];
  const rows = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[first], { header: 1, raw: true, defval: "", blankrows: false });
  return rows.map((r) => r.map((v) => v instanceof Date ? v.toISOString().slice(0, 10) : v === null || v === undefined ? "" : String(v)));
}
