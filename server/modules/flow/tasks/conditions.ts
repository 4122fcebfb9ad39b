// The filters of the task lists as SQL over flow_tasks t (002 §7 "filters as query"; shared/flow/tasks.ts
// taskQuery and TaskFilterRow): statuses, priorities, assignees, assigned to me, requested by me, the search
// word in the title (server/lib/search-words.ts: two-syllable Korean grams from the GIN index, confirmed against
// the title), and a day range: a task touches [from, to] when its [start, due] overlaps it (a task with one of
// the two days spans that day alone); tasks without either day are kept when includeNoDate. A saved filter's
// rows (IS, IS_NOT, CONTAINS) add their conditions to the query's.
import { and, not, or, type SQL, sql } from "drizzle-orm";
import { RANGE_TYPES, type RangeType } from "../../../../shared/flow/constants.ts";
import type { TaskFilterRow, TaskQuery } from "../../../../shared/flow/tasks.ts";
import { bigintArray } from "../../../lib/sql-array.ts";
import { inColumns, tsqueryAll, wordsOf } from "../../../lib/search-words.ts";
import { type DayRange, isDay, rangeOf } from "./days.ts";

const textArray = (values: readonly string[]) => sql`${JSON.stringify(values)}::jsonb`;
const inTexts = (column: SQL, values: readonly string[]) =>
  sql`${column} in (select jsonb_array_elements_text(${textArray(values)}))`;

/** The search word in the title; false when the word holds nothing to search for. */
export function titleMatch(word: string): SQL | null {
  if (!word.trim()) return null;
  const words = wordsOf(word);
  if (!words.length) return sql`false`;
  return sql`(t.search_vector @@ ${tsqueryAll(words, "")}::tsquery and ${inColumns([sql`t.title`], words)})`;
}

const assignedAny = (userIds: number[]) =>
  sql`exists (select 1 from flow_task_assignees a where a.task_id = t.id and a.user_id = any(${bigintArray(userIds)}))`;

/** The day range condition (see the header). */
export function rangeMatch(range: DayRange, includeNoDate: boolean): SQL {
  const halves: SQL[] = [];
  if (range.to) halves.push(sql`coalesce(t.start_date, t.due_date) <= ${range.to}::date`);
  if (range.from) halves.push(sql`coalesce(t.due_date, t.start_date) >= ${range.from}::date`);
  const touch = sql`(coalesce(t.start_date, t.due_date) is not null and ${and(...halves) ?? sql`true`})`;
  return includeNoDate ? sql`(${touch} or (t.start_date is null and t.due_date is null))` : touch;
}

/** The range a query asks for: its rangeType (around today), else its startDate/endDate, else none. */
export function queryRange(q: Pick<TaskQuery, "rangeType" | "startDate" | "endDate">, today: string): DayRange | null {
  if (q.rangeType) return rangeOf(q.rangeType, today);
  if (q.startDate || q.endDate) return { from: q.startDate ?? null, to: q.endDate ?? null };
  return null;
}

/** The conditions of the query's own filters (not the lane, not the project). */
export function queryConditions(q: TaskQuery, callerId: number, today: string): SQL[] {
  const parts: SQL[] = [];
  if (q.statuses.length) parts.push(inTexts(sql`t.status`, q.statuses));
  if (q.priorities.length) parts.push(inTexts(sql`t.priority`, q.priorities));
  if (q.assignees.length) parts.push(assignedAny(q.assignees));
  if (q.assignedToMe) parts.push(assignedAny([callerId]));
  if (q.requestedByMe) parts.push(sql`t.requester_id = ${callerId}`);
  const title = titleMatch(q.title);
  if (title) parts.push(title);
  const range = queryRange(q, today);
  if (range) parts.push(rangeMatch(range, q.includeNoDate));
  return parts;
}

const userIdsOf = (values: string[], callerId: number) =>
  values.map((v) => (v === "me" ? callerId : /^\d{1,15}$/.test(v) ? Number(v) : 0)).filter((n) => n > 0);

/** One saved filter row as a condition (null: nothing usable in it). */
function rowCondition(row: TaskFilterRow, callerId: number, today: string, includeNoDate: boolean): SQL | null {
  let c: SQL | null = null;
  switch (row.column) {
    case "status":
      c = inTexts(sql`t.status`, row.values);
      break;
    case "priority":
      c = inTexts(sql`t.priority`, row.values);
      break;
    case "assignee": {
      const ids = userIdsOf(row.values, callerId);
      c = ids.length ? assignedAny(ids) : null;
      break;
    }
    case "requester": {
      const ids = userIdsOf(row.values, callerId);
      c = ids.length ? sql`t.requester_id = any(${bigintArray(ids)})` : null;
      break;
    }
    case "range": {
      const [a, b] = row.values;
      const range = (RANGE_TYPES as readonly string[]).includes(a)
        ? rangeOf(a as RangeType, today)
        : { from: a && isDay(a) ? a : null, to: b && isDay(b) ? b : null };
      c = range.from || range.to ? rangeMatch(range, includeNoDate) : null;
      break;
    }
    case "title": {
      const each = row.values.map(titleMatch).filter((s): s is SQL => !!s);
      c = each.length ? or(...each)! : null;
      break;
    }
  }
  if (!c) return null;
  return row.condition === "IS_NOT" ? sql`coalesce(${not(c)}, true)` : c;
}

/** The conditions of a saved filter's rows. */
export function savedConditions(rows: TaskFilterRow[], callerId: number, today: string, includeNoDate: boolean): SQL[] {
  return rows.map((r) => rowCondition(r, callerId, today, includeNoDate)).filter((s): s is SQL => !!s);
}
