// 연차휴가대장 (the annual leave ledger, GET hr/leaves/report?kind=ledger&from&to): one row per member employed
// in the period (hired by its end, not left before its start), in the organisation chart's order:
//   부서, 성명, 입사일 (a date), 근속연수 (whole years at the period's end),
//   발생  days of APPROVED annual allocations granted in the period (valid_from within it),
//   이월  the days carried into those allocations,
//   사용  days of APPROVED annual usages starting in the period (and one column per month of the period),
//   잔여  what is left at the period's end of the annual allocations valid on its last day (their days less the
//         approved usages drawn from them that started by then),
//   소멸  what was left unused of annual allocations whose validity ended within the period (valid_to before
//         its last day).
// Three statements for any number of members.
import { sql } from "drizzle-orm";
import type { Caller } from "../../../lib/context.ts";
import { organOrderCte } from "../dashboards/organ-order.ts";
import { endOfDay, startOfDay, wholeYears } from "../dashboards/period.ts";
import { days } from "../dashboards/present.ts";
import { excelDate, monthsOf, type ReportFile, reportFileName, type ReportQuery, reportScope } from "./report-scope.ts";
import { type Cell, writeReport } from "./workbook.ts";

export async function ledgerReport(caller: Caller, q: ReportQuery): Promise<ReportFile> {
  const s = await reportScope(caller, q);
  const db = caller.deps.db;
  const fromAt = new Date(startOfDay(s.from)).toISOString(), toAt = new Date(endOfDay(s.to)).toISOString();
  const members = await db.execute<Record<string, unknown>>(sql`
    ${organOrderCte(s.companyId)}
    select u.id, u.account_name, o.name as organ_name, h.hire_date::text as hire_date
    from users u left join leave_hr_users h on h.user_id = u.id
      left join organizations o on o.id = u.organ_id and o.company_id = u.company_id
      left join organ_order on organ_order.id = u.organ_id
    where u.company_id = ${s.companyId} and u.status <> 'DELETED' and ${s.members}
      and (h.hire_date is null or h.hire_date <= ${s.to}::date) and (h.leave_date is null or h.leave_date >= ${s.from}::date)
    order by organ_order.key nulls last, u.account_name, u.id`);
  const ids = `{${members.map((m) => Number(m.id)).join(",")}}`;
  const [allocations, usages] = await Promise.all([
    db.execute<Record<string, unknown>>(sql`
      with a as (
        select a.* from leave_allocations a join leave_templates t on t.id = a.template_id and t.type = 'ANNUAL'
        where a.company_id = ${s.companyId} and a.user_id = any(${ids}::bigint[]) and a.status = 'APPROVED'
          and a.valid_from <= ${s.to}::date and a.valid_to >= ${s.from}::date),
      d as (
        select ua.allocation_id, sum(ua.days) as drawn,
          sum(ua.days) filter (where us.start_at <= ${toAt}::timestamptz) as drawn_by_end
        from leave_usage_allocations ua join leave_usages us on us.id = ua.usage_id
        where ua.allocation_id in (select id from a) and us.status = 'APPROVED' group by ua.allocation_id)
      select a.user_id,
        coalesce(sum(a.granted) filter (where a.valid_from >= ${s.from}::date), 0) as granted,
        coalesce(sum(a.carried_over) filter (where a.valid_from >= ${s.from}::date), 0) as carried_over,
        coalesce(sum(a.granted + a.carried_over - coalesce(d.drawn_by_end, 0)) filter (where a.valid_to >= ${s.to}::date), 0) as remaining,
        coalesce(sum(greatest(0, a.granted + a.carried_over - coalesce(d.drawn, 0))) filter (where a.valid_to < ${s.to}::date), 0) as expired
      from a left join d on d.allocation_id = a.id group by a.user_id`),
    db.execute<Record<string, unknown>>(sql`
      select us.user_id, to_char(us.start_at at time zone 'Asia/Seoul', 'YYYY-MM') as month, sum(us.used_days) as used
      from leave_usages us join leave_templates t on t.id = us.template_id and t.type = 'ANNUAL'
      where us.company_id = ${s.companyId} and us.user_id = any(${ids}::bigint[]) and us.status = 'APPROVED'
        and us.start_at >= ${fromAt}::timestamptz and us.start_at <= ${toAt}::timestamptz
      group by us.user_id, month`),
  ]);
  const byUser = new Map(allocations.map((a) => [Number(a.user_id), a]));
  const usedBy = new Map<string, number>();
  for (const u of usages) usedBy.set(`${u.user_id}:${u.month}`, days(u.used));
  const months = monthsOf(s.from, s.to);
  const monthKey = (m: { year: number; month: number }) => `${m.year}-${String(m.month).padStart(2, "0")}`;

  const rows: Cell[][] = members.map((m) => {
    const id = Number(m.id);
    const a = byUser.get(id);
    const perMonth = months.map((mo) => usedBy.get(`${id}:${monthKey(mo)}`) ?? 0);
    const hire = m.hire_date === null ? null : String(m.hire_date);
    return [
      m.organ_name === null ? "" : String(m.organ_name),
      String(m.account_name),
      excelDate(hire),
      hire === null ? null : wholeYears(hire, s.to),
      days(a?.granted),
      days(a?.carried_over),
      days(perMonth.reduce((x, y) => x + y, 0)),
      days(a?.remaining),
      days(a?.expired),
      ...perMonth,
    ];
  });
  const t = s.texts;
  const bytes = await writeReport({
    name: t.ledgerSheet,
    title: `${t.ledgerTitle} (${t.period}: ${s.from} ~ ${s.to})`,
    header: [...t.ledgerHeader, ...months.map((mo) => t.month(mo.year, mo.month))],
    rows,
    widths: [16, 12, 12, 10, 8, 8, 8, 8, 8, ...months.map(() => 10)],
    // Days in General: 15 shows as 15 and 0.5 as 0.5 (a fixed format would pad or cut them).
    formats: [undefined, undefined, "yyyy-mm-dd", "0"],
  });
  return { bytes, fileName: reportFileName(t.ledgerFile, s) };
}
