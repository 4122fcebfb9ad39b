// Each person's saved filters of a board (shared/todo/boards.ts SavedFilter; 002 §3 "Saved filter", §5):
// save (rows without a column, a condition and a value dropped; a row that does not fit the header 409
// todo.filter_invalid: items/filters.ts cleanFilterRows, the rule the pages apply too), edit, make or unmake
// the default (one a board and person), delete. Filters are the caller's own: another person's filter answers
// 404 todo.filter_not_found like a missing one, and nothing is announced (nobody else shows them).
import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import type { DbOrTx } from "../../../../db/client.ts";
import { todoFilters } from "../../../../db/schema/todo.ts";
import type { FilterRow, filterBody, SavedFilter } from "../../../../shared/todo/boards.ts";
import { FILTERS_MAX } from "../../../../shared/todo/constants.ts";
import { TODO_ERRORS } from "../../../../shared/todo/errors.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { requireBoard } from "../access.ts";
import { cleanFilterRows } from "../items/filters.ts";
import { headerOf } from "../items/present.ts";

type FilterInput = z.infer<typeof filterBody>;
type FilterRowDb = typeof todoFilters.$inferSelect;

export const filterNotFound = () => new AppError(404, TODO_ERRORS.filterNotFound);

export function presentFilter(r: FilterRowDb): SavedFilter {
  const rows = typeof r.filters === "string" ? JSON.parse(r.filters) : r.filters;
  return { id: r.id, filterName: r.name, isDefault: r.isDefault, filters: Array.isArray(rows) ? rows as FilterRow[] : [] };
}

/** The caller's saved filters of a board, oldest first. */
export async function callerFilters(db: DbOrTx, caller: Caller, boardId: number): Promise<SavedFilter[]> {
  const rows = await db.select().from(todoFilters)
    .where(and(eq(todoFilters.companyId, caller.auth.companyId), eq(todoFilters.boardId, boardId), eq(todoFilters.userId, caller.auth.userId)))
    .orderBy(asc(todoFilters.id));
  return rows.map(presentFilter);
}

async function ownFilter(db: DbOrTx, caller: Caller, boardId: number, filterId: number): Promise<FilterRowDb> {
  const [r] = await db.select().from(todoFilters).where(and(
    eq(todoFilters.id, filterId), eq(todoFilters.companyId, caller.auth.companyId), eq(todoFilters.boardId, boardId),
    eq(todoFilters.userId, caller.auth.userId),
  )).for("update");
  if (!r) throw filterNotFound();
  return r;
}

/** Unmakes the caller's other default of the board (before one is made). */
async function clearDefault(db: DbOrTx, caller: Caller, boardId: number, except: number): Promise<void> {
  await db.update(todoFilters).set({ isDefault: false }).where(and(
    eq(todoFilters.boardId, boardId), eq(todoFilters.userId, caller.auth.userId), eq(todoFilters.isDefault, true), ne(todoFilters.id, except),
  ));
}

/** POST board/{id}/filter (id absent) and PUT board/{id}/filter (id given): 201 SavedFilter. */
export async function saveFilter(caller: Caller, boardId: number, input: FilterInput): Promise<SavedFilter> {
  const { deps, auth } = caller;
  return await deps.db.transaction(async (tx) => {
    const { board } = await requireBoard(tx, caller, boardId);
    // One writer per person and board: the count and the single default hold until commit.
    await tx.execute(sql`select id from users where id = ${auth.userId} for no key update`);
    const rows = cleanFilterRows(input.filters, headerOf(board.header));
    if (input.id === undefined) {
      const [{ n }] = await tx.execute<{ n: string }>(sql`
        select count(*) as n from todo_filters where board_id = ${boardId} and user_id = ${auth.userId}`);
      if (Number(n) >= FILTERS_MAX) throw new AppError(409, TODO_ERRORS.filtersMax);
      if (input.isDefault) await clearDefault(tx, caller, boardId, 0);
      const [r] = await tx.insert(todoFilters).values({
        companyId: auth.companyId, boardId, userId: auth.userId, name: input.filterName, isDefault: input.isDefault, filters: rows,
        createdAt: deps.clock.now(),
      }).returning();
      return presentFilter(r);
    }
    await ownFilter(tx, caller, boardId, input.id);
    if (input.isDefault) await clearDefault(tx, caller, boardId, input.id);
    const [r] = await tx.update(todoFilters).set({ name: input.filterName, isDefault: input.isDefault, filters: rows })
      .where(eq(todoFilters.id, input.id)).returning();
    return presentFilter(r);
  });
}

/** PUT board/{id}/filter/{filterId}/default/{flag}: 201 SavedFilter. */
export async function setDefaultFilter(caller: Caller, boardId: number, filterId: number, flag: boolean): Promise<SavedFilter> {
  return await caller.deps.db.transaction(async (tx) => {
    await requireBoard(tx, caller, boardId);
    await ownFilter(tx, caller, boardId, filterId);
    if (flag) await clearDefault(tx, caller, boardId, filterId);
    const [r] = await tx.update(todoFilters).set({ isDefault: flag }).where(eq(todoFilters.id, filterId)).returning();
    return presentFilter(r);
  });
}

/** DELETE board/{id}/filter/{filterId}: 204. */
export async function deleteFilter(caller: Caller, boardId: number, filterId: number): Promise<void> {
  await caller.deps.db.transaction(async (tx) => {
    await requireBoard(tx, caller, boardId);
    await ownFilter(tx, caller, boardId, filterId);
    await tx.delete(todoFilters).where(eq(todoFilters.id, filterId));
  });
}
