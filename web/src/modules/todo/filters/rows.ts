// Filter rows (002 §3 "Saved filter: column, condition, values"; §5 "Only filter rows having a column, a condition
// and at least one value are saved"): which columns filter, which conditions a column's type takes, and the
// complete rows of an edited list (EMPTY and NOT_EMPTY carry the value "1").
import type { FilterRow, HeaderColumn } from "@shared/todo/boards.ts";
import { type FilterCondition, FILTER_CONDITIONS_BY_TYPE } from "@shared/todo/constants.ts";

/** A row being edited: any part may be missing. */
export interface DraftRow {
  column: string;
  condition: FilterCondition | "";
  values: string[];
}

export const NO_VALUE: readonly FilterCondition[] = ["EMPTY", "NOT_EMPTY"];

/** The header columns a filter may name (every one but ADDITIONAL). */
export const filterColumns = (header: HeaderColumn[]) => header.filter((c) => FILTER_CONDITIONS_BY_TYPE[c.type].length > 0);

export const conditionsOf = (column: HeaderColumn | undefined): readonly FilterCondition[] =>
  column ? FILTER_CONDITIONS_BY_TYPE[column.type] : [];

/** The rows complete enough to apply or save. */
export function completeRows(rows: DraftRow[], header: HeaderColumn[]): FilterRow[] {
  const byKey = new Map(header.map((c) => [c.value, c]));
  return rows.flatMap((r) => {
    const col = byKey.get(r.column);
    if (!col || !r.condition || !conditionsOf(col).includes(r.condition)) return [];
    const values = NO_VALUE.includes(r.condition) ? ["1"] : r.values.map((v) => v.trim()).filter(Boolean);
    return values.length > 0 ? [{ column: r.column, condition: r.condition, values }] : [];
  });
}

export const emptyRow = (): DraftRow => ({ column: "", condition: "", values: [] });
