// One report sheet as .xlsx with exceljs: a title row (merged over the columns), the header row (bold, frozen
// with the title above it, so both stay in view while scrolling), the rows, column widths and per-column number
// formats. Numbers stay numbers (0.5 is 0.5) and a Date is a real spreadsheet date (its UTC fields are what the
// cell shows: shift it to the zone first). The suite's adapter (server/lib/spreadsheet.ts) writes plain sheets
// without a title or frozen rows, which a ledger needs.
import ExcelJS from "exceljs";

/** A value, or a date with a format of its own (a full day as a date, a part day with its time). */
export type Cell = string | number | Date | null | { date: Date; format: string };

export interface ReportSheet {
  name: string;
  title: string;
  header: string[];
  rows: Cell[][];
  widths: number[];
  /** Number formats per column (undefined: General). */
  formats: (string | undefined)[];
}

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
/** Excel forbids these in sheet names, and more than 31 characters. */
const sheetName = (s: string) => s.replace(/[\\/?*[\]:]/g, " ").slice(0, 31);

export async function writeReport(sheet: ReportSheet): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  wb.creator = "groupware";
  const ws = wb.addWorksheet(sheetName(sheet.name), { views: [{ state: "frozen", xSplit: 0, ySplit: 2 }] });
  const title = ws.addRow([sheet.title]);
  title.font = { bold: true, size: 14 };
  if (sheet.header.length > 1) ws.mergeCells(1, 1, 1, sheet.header.length);
  const header = ws.addRow(sheet.header);
  header.font = { bold: true };
  header.alignment = { vertical: "middle", horizontal: "center", wrapText: true };
  header.eachCell((cell) => {
    cell.fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FFEDEDED" } };
    cell.border = { bottom: { style: "thin" } };
  });
  for (const r of sheet.rows) {
    const row = ws.addRow(r.map((c) => (c !== null && typeof c === "object" && !(c instanceof Date) ? c.date : c)));
    r.forEach((c, i) => {
      if (c !== null && typeof c === "object" && !(c instanceof Date)) row.getCell(i + 1).numFmt = c.format;
    });
  }
  sheet.widths.forEach((w, i) => (ws.getColumn(i + 1).width = w));
  sheet.formats.forEach((f, i) => {
    if (!f) return;
    ws.getColumn(i + 1).eachCell((cell, row) => {
      if (row > 2) cell.numFmt = f;
    });
  });
  if (sheet.rows.length) ws.autoFilter = { from: { row: 2, column: 1 }, to: { row: 2, column: sheet.header.length } };
  return new Uint8Array(await wb.xlsx.writeBuffer());
}
