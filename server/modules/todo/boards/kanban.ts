// A board's kanban lanes (shared/todo/boards.ts KanbanColumns; 002 §3 "Kanban column: chosen header values
// stored as a comma-separated string"): the labels of one STATUS column in the chosen order. Nothing chosen
// yet, or the chosen column gone: the first STATUS column with all its labels ("" when the board has none).
// Labels no longer of the column are left out when read.
import type { HeaderColumn, KanbanColumns } from "../../../../shared/todo/boards.ts";
import type { Caller } from "../../../lib/context.ts";
import { type BoardRow, requireBoard } from "../access.ts";
import { headerOf } from "../items/present.ts";
import { publishTodoChanged } from "../realtime.ts";
import { headerInvalid } from "./header.ts";
import * as repo from "./repo.ts";

const labelsOf = (col: HeaderColumn) => col.options.map((o) => o.label);

/** The lanes as they apply to the board's header now. */
export function effectiveKanban(board: BoardRow, header: HeaderColumn[] = headerOf(board.header)): KanbanColumns {
  const stored = board.kanban as Partial<KanbanColumns> | null;
  const col = header.find((c) => c.type === "STATUS" && c.value === stored?.statusColumn);
  if (col && typeof stored?.columns === "string") {
    const known = new Set(labelsOf(col));
    const columns = stored.columns.split(",").filter((l) => known.has(l));
    return { boardId: board.id, statusColumn: col.value, columns: columns.join(",") };
  }
  const first = header.find((c) => c.type === "STATUS");
  return { boardId: board.id, statusColumn: first?.value ?? "", columns: first ? labelsOf(first).join(",") : "" };
}

/** GET kanban/columns/{boardId}. */
export async function kanbanColumns(caller: Caller, boardId: number): Promise<KanbanColumns> {
  const { board } = await requireBoard(caller.deps.db, caller, boardId);
  return effectiveKanban(board);
}

/** PUT kanban/columns (201): statusColumn must be a STATUS column (none given: the first); labels not of it are
 *  dropped, each kept once. */
export async function putKanbanColumns(caller: Caller, input: { boardId: number; statusColumn?: string; columns: string }): Promise<KanbanColumns> {
  const { kanban, workspaceId } = await caller.deps.db.transaction(async (tx) => {
    const { board } = await requireBoard(tx, caller, input.boardId, { lock: true });
    const header = headerOf(board.header);
    const col = input.statusColumn === undefined
      ? header.find((c) => c.type === "STATUS")
      : header.find((c) => c.value === input.statusColumn);
    if (!col || col.type !== "STATUS") throw headerInvalid("status_column");
    const known = new Set(labelsOf(col));
    const columns = [...new Set(input.columns.split(",").map((l) => l.trim()).filter((l) => known.has(l)))].join(",");
    const kanban: KanbanColumns = { boardId: board.id, statusColumn: col.value, columns };
    await repo.writeKanban(tx, board, kanban, caller.deps.clock.now());
    return { kanban, workspaceId: board.workspaceId };
  });
  await publishTodoChanged(caller, { workspaceId, boardId: input.boardId, kind: "kanban" });
  return kanban;
}
