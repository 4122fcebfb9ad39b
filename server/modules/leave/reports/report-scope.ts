// What both reports share: HR only (403 leave.hr_only), the period checked (from <= to, at most
// REPORT_MONTHS_MAX months: the ledger has a column per month), the members of the organisation filter (an
// organisation of another company, or none, 404), the caller's language and the file name.
import { type SQL, sql } from "drizzle-orm";
import type { reportQuery } from "../../../../shared/leave/leave.ts";
import type { z } from "zod";
import type { Caller } from "../../../lib/context.ts";
import { AppError, notFound } from "../../../lib/errors.ts";
import { bigintArray } from "../../../lib/sql-array.ts";
import { organTree, requireHr } from "../dashboards/access.ts";
import { addMonths } from "../dashboards/period.ts";
import { reportTexts, type ReportTexts } from "./report-texts.ts";

export type ReportQuery = z.infer<typeof reportQuery>;

/** The ledger's month columns stay readable: two years at most. */
export const REPORT_MONTHS_MAX = 24;

export interface ReportScope {
  companyId: number;
  from: string;
  to: string;
  /** A filter over users u: the members of the organisation (and its sub-organisations), else everyone. */
  members: SQL;
  texts: ReportTexts;
}

export interface ReportFile {
  bytes: Uint8Array;
  fileName: string;
}

/** The months (year, month) the period touches. */
export function monthsOf(from: string, to: string): { year: number; month: number }[] {
  const out: { year: number; month: number }[] = [];
  for (let d = `${from.slice(0, 7)}-01`; d <= to; d = addMonths(d, 1)) out.push({ year: Number(d.slice(0, 4)), month: Number(d.slice(5, 7)) });
  return out;
}

const invalidPeriod = (message: string) =>
  new AppError(400, "common.validation", undefined, [{ field: "to", code: "common.validation", message }]);

export async function reportScope(caller: Caller, q: ReportQuery): Promise<ReportScope> {
  requireHr(caller);
  if (q.from > q.to) throw invalidPeriod("the period ends before it starts");
  if (monthsOf(q.from, q.to).length > REPORT_MONTHS_MAX) throw invalidPeriod(`the period spans more than ${REPORT_MONTHS_MAX} months`);
  const { db } = caller.deps;
  const { companyId, userId } = caller.auth;
  let members = sql`true`;
  if (q.organId !== undefined) {
    const tree = await organTree(db, companyId, q.organId, q.includeChildren);
    if (!tree.length) throw notFound();
    members = sql`u.id in (select m.user_id from organization_members m
      where m.company_id = ${companyId} and m.organ_id = any(${bigintArray(tree)}))`;
  }
  const [me] = await db.execute<{ language_type: string }>(sql`select language_type from users where id = ${userId}`);
  return { companyId, from: q.from, to: q.to, members, texts: reportTexts(me?.language_type ?? "ko") };
}

/** "연차휴가대장_20260101-20261231.xlsx". */
export const reportFileName = (base: string, s: ReportScope) =>
  `${base}_${s.from.replaceAll("-", "")}-${s.to.replaceAll("-", "")}.xlsx`;

/** A local date as a spreadsheet date (midnight UTC: the cell shows that day). */
export const excelDate = (date: string | null) => (date === null ? null : new Date(`${date}T00:00:00Z`));

