// The list filters of 002 §2 on the documents aliased `d`: the drafting days (draftFromDate..draftToDate,
// inclusive days of the company's time zone, Asia/Seoul), the form, and keywordFlag + keyword (TITLE: the
// two-syllable title search; DOC_NUM: the number contains the keyword; DRAFT_USER_ID / DRAFT_ORGAN_ID: the
// drafter's or drafting department's id). A keyword without a flag searches the title.
import { and, type SQL, sql } from "drizzle-orm";
import type { BoxQuery } from "../../../../shared/approval/documents.ts";
import { AppError } from "../../../lib/errors.ts";
import { escapeLike } from "../../../lib/like.ts";
import { titleCondition } from "./search.ts";

/** The company's time zone (Asia/Seoul: UTC+9 all year, no daylight saving time). */
const ZONE_OFFSET_MS = 9 * 3_600_000;
const DAY_MS = 86_400_000;

function invalid(field: string): AppError {
  return new AppError(400, "common.validation", undefined, [{ field, code: "common.validation", message: "invalid" }]);
}

/** The instant a day (YYYY-MM-DD) of the company's time zone starts; 400 for a day that does not exist. */
export function dayStart(day: string, field: string): Date {
  const [y, m, d] = day.split("-").map(Number);
  const utc = Date.UTC(y, m - 1, d);
  const back = new Date(utc);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d) throw invalid(field);
  return new Date(utc - ZONE_OFFSET_MS);
}

function idOf(keyword: string): number {
  if (!/^\d{1,15}$/.test(keyword)) throw invalid("keyword");
  return Number(keyword);
}

export function filterCondition(q: BoxQuery): SQL | undefined {
  const from = q.draftFromDate ? dayStart(q.draftFromDate, "draftFromDate") : undefined;
  const to = q.draftToDate ? new Date(dayStart(q.draftToDate, "draftToDate").getTime() + DAY_MS) : undefined;
  const keyword = q.keyword ?? "";
  let byKeyword: SQL | undefined;
  if (keyword) {
    switch (q.keywordFlag ?? "TITLE") {
      case "TITLE": byKeyword = titleCondition(keyword); break;
      case "DOC_NUM": byKeyword = sql`d.doc_num ilike ${`%${escapeLike(keyword)}%`}`; break;
      case "DRAFT_USER_ID": byKeyword = sql`d.drafter_id = ${idOf(keyword)}`; break;
      case "DRAFT_ORGAN_ID": byKeyword = sql`d.draft_organ_id = ${idOf(keyword)}`; break;
    }
  }
  return and(
    from ? sql`d.drafted_at >= ${from.toISOString()}::timestamptz` : undefined,
    to ? sql`d.drafted_at < ${to.toISOString()}::timestamptz` : undefined,
    q.formId !== undefined ? sql`d.form_id = ${q.formId}` : undefined,
    byKeyword,
  );
}
