// Which filter rows narrow a board's items for the caller (GET board/{id} and GET board/{id}/group/{g}/items,
// shared/todo/boards.ts boardQuery / itemPageQuery): `filters` (a JSON array of FilterRow, a filter being
// edited) when given; else filterId: 0 none, a saved filter of the caller's for this board (404
// todo.filter_not_found otherwise); absent: the caller's default filter of the board, if any.
// cleanFilterRows() is the rule saved filters follow too: rows without a column, a condition or a value are
// dropped (002 §5); a row naming an unknown column or a condition its type lacks is 409 todo.filter_invalid
// with params.index.
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { DbOrTx } from "../../../../db/client.ts";
import { todoFilters } from "../../../../db/schema/todo.ts";
import { type FilterRow, filterRowInput, type HeaderColumn } from "../../../../shared/todo/boards.ts";
import { FILTER_CONDITIONS_BY_TYPE, FILTER_ROWS_MAX } from "../../../../shared/todo/constants.ts";
import { TODO_ERRORS } from "../../../../shared/todo/errors.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { parseWith } from "../../../lib/validate.ts";
import type { BoardRow } from "../access.ts";

export interface ResolvedFilter {
  rows: FilterRow[];
  /** The saved filter applied (filterId's or the default's), null for none or for `filters`. */
  appliedFilterId: number | null;
}

/** Complete rows only; 409 todo.filter_invalid (params.index: the row's index as given) for a row that does
 *  not fit the header. */
export function cleanFilterRows(rows: z.infer<typeof filterRowInput>[], header: HeaderColumn[]): FilterRow[] {
  const out: FilterRow[] = [];
  rows.forEach((row, index) => {
    const values = row.values.filter((v) => v !== "");
    if (row.column === "" || row.condition === "" || values.length === 0) return;
    const col = header.find((c) => c.value === row.column);
    if (!col || !FILTER_CONDITIONS_BY_TYPE[col.type].includes(row.condition)) {
      throw new AppError(409, TODO_ERRORS.filterInvalid, { index });
    }
    out.push({ column: row.column, condition: row.condition, values });
  });
  return out;
}

const filtersParam = z.array(filterRowInput).max(FILTER_ROWS_MAX);

/** Stored rows of a saved filter, read leniently: a row that no longer fits the header (a removed column)
 *  narrows nothing. */
function storedRows(json: unknown, header: HeaderColumn[]): FilterRow[] {
  const parsed = filtersParam.safeParse(typeof json === "string" ? JSON.parse(json) : json);
  if (!parsed.success) return [];
  return parsed.data.filter((r) => {
    const col = header.find((c) => c.value === r.column);
    return col && r.condition !== "" && r.values.length > 0 && FILTER_CONDITIONS_BY_TYPE[col.type].includes(r.condition);
  }) as FilterRow[];
}

export async function resolveFilter(
  db: DbOrTx,
  caller: Caller,
  board: BoardRow,
  header: HeaderColumn[],
  q: { filterId?: number; filters?: string },
): Promise<ResolvedFilter> {
  if (q.filters !== undefined && q.filters.trim() !== "") {
    let json: unknown;
    try {
      json = JSON.parse(q.filters);
    } catch {
      throw new AppError(400, "common.validation", undefined, [{ field: "filters", code: "common.validation", message: "not JSON" }]);
    }
    return { rows: cleanFilterRows(parseWith(filtersParam, json), header), appliedFilterId: null };
  }
  if (q.filterId === 0) return { rows: [], appliedFilterId: null };
  const { companyId, userId } = caller.auth;
  const [row] = await db.select({ id: todoFilters.id, filters: todoFilters.filters }).from(todoFilters).where(and(
    eq(todoFilters.companyId, companyId),
    eq(todoFilters.boardId, board.id),
    eq(todoFilters.userId, userId),
    q.filterId === undefined ? eq(todoFilters.isDefault, true) : eq(todoFilters.id, q.filterId),
  )).orderBy(sql`${todoFilters.id}`).limit(1);
  if (!row) {
    if (q.filterId === undefined) return { rows: [], appliedFilterId: null };
    throw new AppError(404, TODO_ERRORS.filterNotFound);
  }
  return { rows: storedRows(row.filters, header), appliedFilterId: row.id };
}
