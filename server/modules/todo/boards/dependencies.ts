// Gantt dependencies of a board (shared/todo/boards.ts Dependency; ours: finish-to-start, toItemId starts
// after fromItemId ends). Only on the ADVANCED plan (and CUSTOM), where the gantt is (002 §6): 403
// todo.plan_required otherwise. Both items of the board, never itself, never twice, never closing a cycle (the
// reachability is asked of PostgreSQL with a recursive walk over the board's dependencies): 409
// todo.dependency_invalid. At most DEPENDENCIES_MAX a board. Pushing successors when a TIMELINE moves is the
// cell write's (items/).
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { todoDependencies } from "../../../../db/schema/todo.ts";
import type { Dependency } from "../../../../shared/todo/boards.ts";
import { DEPENDENCIES_MAX, GANTT_PLAN } from "../../../../shared/todo/constants.ts";
import { TODO_ERRORS } from "../../../../shared/todo/errors.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { companyInfo } from "../../company/service.ts";
import { requireBoard } from "../access.ts";
import { publishTodoChanged } from "../realtime.ts";

const invalid = (reason: string) => new AppError(409, TODO_ERRORS.dependencyInvalid, { reason });

/** The plans with the gantt. */
const GANTT_PLANS = new Set<string>([GANTT_PLAN, "CUSTOM"]);

async function requireGanttPlan(caller: Caller): Promise<void> {
  const info = await companyInfo(caller.deps, caller.auth.companyId);
  if (!GANTT_PLANS.has(info.planType)) throw new AppError(403, TODO_ERRORS.planRequired);
}

/** The board's dependencies, oldest first. */
export async function boardDependencyList(db: DbOrTx, companyId: number, boardId: number): Promise<Dependency[]> {
  return await db.select({ id: todoDependencies.id, fromItemId: todoDependencies.fromItemId, toItemId: todoDependencies.toItemId })
    .from(todoDependencies).where(and(eq(todoDependencies.boardId, boardId), eq(todoDependencies.companyId, companyId)))
    .orderBy(todoDependencies.id);
}

/** POST board/{id}/dependency (201). */
export async function addDependency(caller: Caller, boardId: number, input: { fromItemId: number; toItemId: number }): Promise<Dependency> {
  await requireGanttPlan(caller);
  const { dep, workspaceId } = await caller.deps.db.transaction(async (tx) => {
    const { board } = await requireBoard(tx, caller, boardId, { lock: true });
    const { fromItemId, toItemId } = input;
    if (fromItemId === toItemId) throw invalid("self");
    const [{ n }] = await tx.execute<{ n: string }>(sql`
      select count(*) as n from todo_items where id in (${fromItemId}, ${toItemId}) and board_id = ${board.id} and company_id = ${board.companyId}`);
    if (Number(n) !== 2) throw invalid("board");
    const [{ total, twice, cycle }] = await tx.execute<{ total: string; twice: boolean; cycle: boolean }>(sql`
      with recursive after_to(id) as (
        select ${toItemId}::bigint
        union
        select d.to_item_id from todo_dependencies d join after_to a on d.from_item_id = a.id where d.board_id = ${board.id}
      )
      select (select count(*) from todo_dependencies where board_id = ${board.id}) as total,
             exists (select 1 from todo_dependencies where from_item_id = ${fromItemId} and to_item_id = ${toItemId}) as twice,
             exists (select 1 from after_to where id = ${fromItemId}) as cycle`);
    if (twice) throw invalid("twice");
    if (cycle) throw invalid("cycle");
    if (Number(total) >= DEPENDENCIES_MAX) throw new AppError(409, TODO_ERRORS.dependenciesMax);
    const [dep] = await tx.insert(todoDependencies).values({ companyId: board.companyId, boardId: board.id, fromItemId, toItemId })
      .returning({ id: todoDependencies.id, fromItemId: todoDependencies.fromItemId, toItemId: todoDependencies.toItemId });
    return { dep, workspaceId: board.workspaceId };
  });
  await publishTodoChanged(caller, { workspaceId, boardId, kind: "dependency", itemIds: [dep.fromItemId, dep.toItemId] });
  return dep;
}

/** DELETE board/{id}/dependency/{dependencyId} (204). */
export async function deleteDependency(caller: Caller, boardId: number, dependencyId: number): Promise<void> {
  await requireGanttPlan(caller);
  const { dep, workspaceId } = await caller.deps.db.transaction(async (tx) => {
    const { board } = await requireBoard(tx, caller, boardId);
    const [dep] = await tx.delete(todoDependencies)
      .where(and(eq(todoDependencies.id, dependencyId), eq(todoDependencies.boardId, board.id), eq(todoDependencies.companyId, board.companyId)))
      .returning({ fromItemId: todoDependencies.fromItemId, toItemId: todoDependencies.toItemId });
    if (!dep) throw new AppError(404, TODO_ERRORS.dependencyNotFound);
    return { dep, workspaceId: board.workspaceId };
  });
  await publishTodoChanged(caller, { workspaceId, boardId, kind: "dependency", itemIds: [dep.fromItemId, dep.toItemId] });
}
