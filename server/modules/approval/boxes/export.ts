// GET dashboard/export/download/excel?box=<key>&…filters: the box's documents (every page, newest first in the
// box's order, at most EXPORT_ROWS_MAX) as an .xlsx built in memory (bounded by the row cap) through the
// suite's spreadsheet adapter: the column titles and states in the caller's language, dates as real
// spreadsheet dates shown in the company's time zone (Asia/Seoul).
import { sql } from "drizzle-orm";
import { type BoxKey, EXPORT_ROWS_MAX } from "../../../../shared/approval/constants.ts";
import type { BoxQuery } from "../../../../shared/approval/documents.ts";
import type { Caller } from "../../../lib/context.ts";
import { writeXlsx } from "../../../lib/spreadsheet.ts";
import { exportTexts } from "./export-texts.ts";
import { boxDocuments, callerScope } from "./service.ts";

const ZONE_OFFSET_MS = 9 * 3_600_000;
const DATE_FORMAT = "yyyy-mm-dd hh:mm";
export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The instant as the company's wall-clock time (a spreadsheet date has no zone). */
const local = (millis: number | null) => (millis === null ? null : new Date(millis + ZONE_OFFSET_MS));

export interface ExportFile {
  bytes: Uint8Array;
  fileName: string;
}

export async function exportBox(caller: Caller, box: BoxKey, q: BoxQuery): Promise<ExportFile> {
  const db = caller.deps.db;
  const [scope, [user]] = await Promise.all([
    callerScope(caller),
    db.execute<{ language_type: string }>(sql`select language_type from users where id = ${caller.auth.userId}`),
  ]);
  const texts = exportTexts(user?.language_type ?? "ko");
  const { content } = await boxDocuments(caller, scope, box, q, EXPORT_ROWS_MAX, 0, false);
  const rows = content.map((d) => [
    d.docNum, d.title, d.formName, d.drafter.name, d.draftOrgan.name, local(d.draftedAt), local(d.completedAt), texts.status[d.status],
  ]);
  const bytes = await writeXlsx([{
    name: texts.box[box],
    header: [...texts.header],
    rows,
    widths: [20, 48, 18, 12, 16, 17, 17, 12],
    formats: [undefined, undefined, undefined, undefined, undefined, DATE_FORMAT, DATE_FORMAT, undefined],
  }]);
  const day = local(caller.deps.clock.now().getTime())!.toISOString().slice(0, 10).replaceAll("-", "");
  return { bytes, fileName: `approval-${box}-${day}.xlsx` };
}
