// The usage report (GET hr/leaves/report?kind=usage&from&to): one row per usage of any leave type and status
// starting in the period, of the members of the organisation filter, by start then name (the ledger's Usage):
//   성명, 부서, 휴가 종류, 시작, 종료 (spreadsheet dates in the company's zone: a full day as its dates, a part
//   day with its times), 단위, 일수 (a number), 상태, 승인자 (who decided it, else the approver it waits for).
import { inArray, sql } from "drizzle-orm";
import { leaveUsages } from "../../../../db/schema/index.ts";
import type { Caller } from "../../../lib/context.ts";
import { endOfDay, startOfDay } from "../dashboards/period.ts";
import { presentUsages } from "../ledger/present.ts";
import { excelDate, type ReportFile, reportFileName, type ReportQuery, reportScope } from "./report-scope.ts";
import { type Cell, writeReport } from "./workbook.ts";

const ZONE_OFFSET_MS = 9 * 3_600_000;
const DATE = "yyyy-mm-dd";
const DATE_TIME = "yyyy-mm-dd hh:mm";

export async function usageReport(caller: Caller, q: ReportQuery): Promise<ReportFile> {
  const s = await reportScope(caller, q);
  const now = caller.deps.clock.now();
  const db = caller.deps.db;
  const found = await db.execute<{ id: string; organ_name: string | null }>(sql`
    select us.id, o.name as organ_name
    from leave_usages us join users u on u.id = us.user_id
      left join organizations o on o.id = u.organ_id and o.company_id = u.company_id
    where us.company_id = ${s.companyId} and ${s.members}
      and us.start_at >= ${new Date(startOfDay(s.from)).toISOString()}::timestamptz
      and us.start_at <= ${new Date(endOfDay(s.to)).toISOString()}::timestamptz
    order by us.start_at, u.account_name, us.id`);
  const ids = found.map((f) => Number(f.id));
  const rows = ids.length ? await db.select().from(leaveUsages).where(inArray(leaveUsages.id, ids)) : [];
  const byId = new Map((await presentUsages(db, s.companyId, rows, now)).map((u) => [u.id, u]));
  const t = s.texts;
  const cells: Cell[][] = found.map((r) => {
    const u = byId.get(Number(r.id))!;
    const full = u.unit === "FULL_DAY";
    const at = (millis: number, date: string): Cell =>
      full ? { date: excelDate(date)!, format: DATE } : { date: new Date(millis + ZONE_OFFSET_MS), format: DATE_TIME };
    const decider = u.statusChanger ?? u.approver;
    return [
      u.userName,
      r.organ_name === null ? "" : String(r.organ_name),
      u.templateName,
      at(u.start, u.startDate),
      at(u.end, u.endDate),
      t.unit[u.unit],
      u.usedDays,
      t.status[u.status],
      decider?.name ?? "",
    ];
  });
  const bytes = await writeReport({
    name: t.usageSheet,
    title: `${t.usageTitle} (${t.period}: ${s.from} ~ ${s.to})`,
    header: [...t.usageHeader],
    rows: cells,
    widths: [12, 16, 14, 17, 17, 12, 8, 10, 12],
    formats: [],
  });
  return { bytes, fileName: reportFileName(t.usageFile, s) };
}
