// Each person's saved task filters (shared/flow/tasks.ts TaskFilter; 002 §5 "Only filters with column,
// condition and at least one value are saved"): saved under a project the caller has joined or under all
// (project_id null), at most FILTERS_MAX a person (409 flow.filters_max); deleted only by their owner (anyone
// else's, or a missing one: 404 flow.filter_not_found). The lists use them as filterId (lists.ts); the project
// tree lists them (projects/). Small enough to keep its SQL here.
import { and, count, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { DbOrTx } from "../../../../db/client.ts";
import { flowFilters } from "../../../../db/schema/flow.ts";
import { FILTERS_MAX } from "../../../../shared/flow/constants.ts";
import { FLOW_ERRORS } from "../../../../shared/flow/errors.ts";
import type { TaskFilter, taskFilterBody, TaskFilterRow } from "../../../../shared/flow/tasks.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { requireJoined } from "../access.ts";
import { publishFlowFolders } from "../realtime.ts";

export const filterNotFound = () => new AppError(404, FLOW_ERRORS.filterNotFound);

type FilterRow = typeof flowFilters.$inferSelect;

const filterOf = (r: FilterRow): TaskFilter => ({
  id: r.id,
  projectId: r.projectId,
  name: r.name,
  filters: r.filters as TaskFilterRow[],
  createdTime: r.createdAt.getTime(),
});

/** The rows worth keeping: a column, a condition and at least one non-blank value. */
export function keptRows(rows: z.infer<typeof taskFilterBody>["filters"]): TaskFilterRow[] {
  const out: TaskFilterRow[] = [];
  for (const r of rows) {
    const values = r.values.map((v) => v.trim()).filter(Boolean);
    if (r.column && r.condition && values.length) out.push({ column: r.column, condition: r.condition, values });
  }
  return out;
}

/** The caller's saved filter, or null. */
export async function savedFilter(db: DbOrTx, caller: Caller, filterId: number): Promise<TaskFilter | null> {
  const [r] = await db.select().from(flowFilters).where(and(
    eq(flowFilters.id, filterId),
    eq(flowFilters.companyId, caller.auth.companyId),
    eq(flowFilters.userId, caller.auth.userId),
  ));
  return r ? filterOf(r) : null;
}

/** POST projects/{p}/tasks/filters ({p} a project id or null for all). */
export async function createFilter(caller: Caller, projectId: number | null, body: z.infer<typeof taskFilterBody>): Promise<TaskFilter> {
  const { deps, auth } = caller;
  const row = await deps.db.transaction(async (tx) => {
    if (projectId !== null) await requireJoined(tx, caller, projectId);
    // The person's row keeps two saves from both passing the count.
    await tx.execute(sql`select 1 from users where id = ${auth.userId} for no key update`);
    const [{ n }] = await tx.select({ n: count() }).from(flowFilters).where(eq(flowFilters.userId, auth.userId));
    if (n >= FILTERS_MAX) throw new AppError(409, FLOW_ERRORS.filtersMax);
    const [r] = await tx.insert(flowFilters).values({
      companyId: auth.companyId,
      userId: auth.userId,
      projectId,
      name: body.name,
      filters: keptRows(body.filters),
      createdAt: deps.clock.now(),
    }).returning();
    return r;
  });
  await publishFlowFolders(caller);
  return filterOf(row);
}

/** DELETE projects/{p}/tasks/filters/{filterId}: the caller's own (saved under that project or all). */
export async function deleteFilter(caller: Caller, projectId: number | null, filterId: number): Promise<void> {
  const { deps, auth } = caller;
  const rows = await deps.db.delete(flowFilters).where(and(
    eq(flowFilters.id, filterId),
    eq(flowFilters.companyId, auth.companyId),
    eq(flowFilters.userId, auth.userId),
    projectId === null ? sql`true` : eq(flowFilters.projectId, projectId),
  )).returning({ id: flowFilters.id });
  if (!rows.length) throw filterNotFound();
  await publishFlowFolders(caller);
}
