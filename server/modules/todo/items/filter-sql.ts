// Filter rows (shared/todo/boards.ts FilterRow, already validated against the header: filters.ts) as one SQL
// condition over an item row: title for TITLE, created_by for CREATED_LOG, the cells JSONB for the rest; "me"
// among PERSON or CREATED_LOG values stands for the caller. Rows combine with AND; within a row a positive
// condition (IS, CONTAINS, GREATER, ...) holds when any value matches, a negative one (IS_NOT, NOT_CONTAINS)
// when none does. Text comparisons ignore case; days (YYYY-MM-DD) compare as text in the C collation.
//
// topLevelMatch() is what the pages use: a top-level item is listed when it matches or when one of its
// sub-items does (the matching sub-item brings its parent along).
import { type SQL, sql } from "drizzle-orm";
import type { FilterRow, HeaderColumn } from "../../../../shared/todo/boards.ts";

const or = (parts: SQL[]): SQL => parts.length === 1 ? parts[0] : sql`(${sql.join(parts, sql` or `)})`;
const and = (parts: SQL[]): SQL => parts.length === 1 ? parts[0] : sql`(${sql.join(parts, sql` and `)})`;
const not = (s: SQL): SQL => sql`not coalesce(${s}, false)`;

function userIds(values: string[], callerId: number): number[] {
  return values.map((v) => v === "me" ? callerId : /^\d{1,15}$/.test(v) ? Number(v) : NaN).filter((n) => Number.isFinite(n));
}

/** One row's condition for the item alias `a` (null: the row has no value it can use, so it narrows nothing). */
function rowSql(a: SQL, row: FilterRow, col: HeaderColumn, callerId: number): SQL | null {
  const cell = sql`${a}.cells -> ${col.value}::text`;
  const cellText = sql`(${a}.cells ->> ${col.value}::text)`;
  const values = row.values;
  const negative = row.condition === "IS_NOT" || row.condition === "NOT_CONTAINS";
  const anyOf = (make: (v: string) => SQL | null): SQL | null => {
    const parts = values.map(make).filter((p): p is SQL => p !== null);
    if (parts.length === 0) return null;
    return negative ? not(or(parts)) : or(parts);
  };
  const contains = (text: SQL) => (v: string) => sql`strpos(lower(${text}), lower(${v}::text)) > 0`;
  const emptyText = sql`coalesce(${cellText}, '') = ''`;

  switch (col.type) {
    case "TITLE": {
      const title = sql`${a}.title`;
      if (row.condition === "CONTAINS" || row.condition === "NOT_CONTAINS") return anyOf(contains(title));
      if (row.condition === "IS" || row.condition === "IS_NOT") return anyOf((v) => sql`lower(${title}) = lower(${v}::text)`);
      return null;
    }
    case "TEXT":
    case "STATUS": {
      if (row.condition === "EMPTY") return emptyText;
      if (row.condition === "NOT_EMPTY") return not(emptyText);
      if (row.condition === "CONTAINS" || row.condition === "NOT_CONTAINS") return anyOf(contains(sql`coalesce(${cellText}, '')`));
      if (row.condition === "IS" || row.condition === "IS_NOT") {
        return anyOf((v) => col.type === "STATUS" ? sql`${cellText} = ${v}::text` : sql`lower(${cellText}) = lower(${v}::text)`);
      }
      return null;
    }
    case "LINK": {
      const linkText = sql`coalesce(${cell} ->> 'url', '') || ' ' || coalesce(${cell} ->> 'text', '')`;
      if (row.condition === "EMPTY") return sql`coalesce(${cell} ->> 'url', '') = ''`;
      if (row.condition === "NOT_EMPTY") return sql`coalesce(${cell} ->> 'url', '') <> ''`;
      if (row.condition === "CONTAINS" || row.condition === "NOT_CONTAINS") return anyOf(contains(linkText));
      return null;
    }
    case "PERSON": {
      const people = sql`(case when jsonb_typeof(${cell}) = 'array' then ${cell} else '[]'::jsonb end)`;
      if (row.condition === "EMPTY") return sql`jsonb_array_length(${people}) = 0`;
      if (row.condition === "NOT_EMPTY") return sql`jsonb_array_length(${people}) > 0`;
      if (row.condition === "IS" || row.condition === "IS_NOT") {
        const ids = userIds(values, callerId);
        if (ids.length === 0) return null;
        const parts = ids.map((id) => sql`${people} @> ${JSON.stringify([id])}::jsonb`);
        return negative ? not(or(parts)) : or(parts);
      }
      return null;
    }
    case "TIMELINE": {
      const start = sql`(${cell} ->> 'start') collate "C"`;
      const end = sql`(${cell} ->> 'end') collate "C"`;
      if (row.condition === "EMPTY") return sql`${cell} ->> 'start' is null`;
      if (row.condition === "NOT_EMPTY") return sql`${cell} ->> 'start' is not null`;
      const days = values.filter((v) => /^\d{4}-\d{2}-\d{2}$/.test(v));
      if (days.length === 0) return null;
      const make = (d: string) => {
        if (row.condition === "IS") return sql`(${start} <= ${d}::text collate "C" and ${end} >= ${d}::text collate "C")`;
        if (row.condition === "BEFORE") return sql`${end} < ${d}::text collate "C"`;
        if (row.condition === "AFTER") return sql`${start} > ${d}::text collate "C"`;
        return null;
      };
      return anyOf(make);
    }
    case "NUMBER": {
      const num = sql`(case when jsonb_typeof(${cell}) = 'number' then (${cellText})::numeric end)`;
      if (row.condition === "EMPTY") return sql`${num} is null`;
      if (row.condition === "NOT_EMPTY") return sql`${num} is not null`;
      const nums = values.map((v) => v.trim()).filter((v) => v !== "" && Number.isFinite(Number(v)));
      if (nums.length === 0) return null;
      const make = (v: string) => {
        if (row.condition === "IS" || row.condition === "IS_NOT") return sql`${num} = ${v}::numeric`;
        if (row.condition === "GREATER") return sql`${num} > ${v}::numeric`;
        if (row.condition === "LESS") return sql`${num} < ${v}::numeric`;
        return null;
      };
      const parts = nums.map(make).filter((p): p is SQL => p !== null);
      if (parts.length === 0) return null;
      return negative ? not(or(parts)) : or(parts);
    }
    case "CREATED_LOG": {
      const ids = userIds(values, callerId);
      if (ids.length === 0) return null;
      const parts = ids.map((id) => sql`${a}.created_by = ${id}`);
      return negative ? not(or(parts)) : or(parts);
    }
    case "CHECK": {
      if (row.condition !== "IS") return null;
      const on = values.includes("1");
      const off = values.includes("0");
      if (on && off) return null;
      if (on) return sql`${cell} = 'true'::jsonb`;
      if (off) return sql`coalesce(${cell}, 'false'::jsonb) <> 'true'::jsonb`;
      return null;
    }
    default:
      return null;
  }
}

/** The rows' condition on the item alias `alias` ("i", "s"); null when nothing narrows. */
export function itemMatch(alias: string, filters: FilterRow[], header: HeaderColumn[], callerId: number): SQL | null {
  const a = sql.raw(alias);
  const parts: SQL[] = [];
  for (const row of filters) {
    const col = header.find((c) => c.value === row.column);
    if (!col) continue;
    const s = rowSql(a, row, col, callerId);
    if (s) parts.push(s);
  }
  return parts.length === 0 ? null : and(parts);
}

/** For a top-level item `i`: it matches, or one of its sub-items does. null when nothing narrows. */
export function topLevelMatch(filters: FilterRow[], header: HeaderColumn[], callerId: number): SQL | null {
  const self = itemMatch("i", filters, header, callerId);
  if (!self) return null;
  const sub = itemMatch("s", filters, header, callerId)!;
  return sql`(${self} or (i.sub_cnt > 0 and exists (select 1 from todo_items s where s.parent_id = i.id and ${sub})))`;
}
