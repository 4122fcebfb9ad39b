// PUT item/{id}: one cell of an item (shared/todo/items.ts itemValueBody). headerValue names a column of the
// board's header ("title": the title); CREATED_LOG and ADDITIONAL keep no values (409 todo.header_invalid).
// itemValue is the JSON text of the column type's value (cellValueSchemas; "" or "null" clears): one that does
// not fit, a STATUS label the column lacks or a PERSON who does not follow the workspace is 400
// todo.value_invalid (params.headerValue). A TIMELINE on the gantt's column (the header's first TIMELINE)
// pushes the item's successors (dependency-push.ts) in the same transaction.
import type { HeaderColumn } from "../../../../shared/todo/boards.ts";
import { type CellValue, cellValueSchemas, type TodoItem } from "../../../../shared/todo/items.ts";
import { TODO_ERRORS } from "../../../../shared/todo/errors.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { requireBoard } from "../access.ts";
import { publishTodoChanged } from "../realtime.ts";
import { noticeAssigned } from "../notices.ts";
import { itemNotFound } from "./create-delete.ts";
import { pushSuccessors } from "./dependency-push.ts";
import { headerOf, presentItem } from "./present.ts";
import { followersAmong, itemRef, itemRows, writeCell, writeTitle } from "./repo.ts";

type WritableType = keyof typeof cellValueSchemas;

function parseValue(col: HeaderColumn, headerValue: string, itemValue: string): CellValue {
  const invalid = () => new AppError(400, TODO_ERRORS.valueInvalid, { headerValue });
  let json: unknown;
  const text = itemValue.trim();
  if (text === "" || text === "null") json = null;
  else {
    try {
      json = JSON.parse(text);
    } catch {
      throw invalid();
    }
  }
  const parsed = cellValueSchemas[col.type as WritableType].safeParse(json);
  if (!parsed.success) throw invalid();
  let v = parsed.data as CellValue;
  if (col.type === "TEXT" && v === "") v = null;
  if (col.type === "STATUS" && v !== null) {
    if (v === "") v = null;
    else if (!col.options.some((o) => o.label === v)) throw invalid();
  }
  if (col.type === "PERSON" && Array.isArray(v)) {
    v = [...new Set(v as number[])];
    if (v.length === 0) v = null;
  }
  return v;
}

export async function setCell(caller: Caller, itemId: number, b: { boardId: number; headerValue: string; itemValue: string }): Promise<TodoItem> {
  const { deps, auth } = caller;
  const now = deps.clock.now();
  const { item, board, pushed, persons } = await deps.db.transaction(async (tx) => {
    const { board } = await requireBoard(tx, caller, b.boardId, { lock: true });
    const header = headerOf(board.header);
    const me = await itemRef(tx, auth.companyId, board.id, itemId);
    if (!me) throw itemNotFound();
    const col = b.headerValue === "title" ? header.find((c) => c.type === "TITLE") ?? { type: "TITLE" } as HeaderColumn
      : header.find((c) => c.value === b.headerValue);
    if (!col || col.type === "CREATED_LOG" || col.type === "ADDITIONAL") throw new AppError(409, TODO_ERRORS.headerInvalid);
    const value = parseValue(col, b.headerValue, b.itemValue);
    let pushed: number[] = [];
    let persons: { before: unknown; after: unknown } | null = null;
    if (col.type === "TITLE") {
      await writeTitle(tx, me.id, value as string, now);
    } else {
      if (col.type === "PERSON" && Array.isArray(value)) {
        const following = await followersAmong(tx, board.workspaceId, value as number[]);
        if ((value as number[]).some((id) => !following.has(id))) throw new AppError(400, TODO_ERRORS.valueInvalid, { headerValue: b.headerValue });
      }
      if (col.type === "PERSON") persons = { before: me.cells[col.value], after: value };
      await writeCell(tx, me.id, col.value, value, now);
      const gantt = header.find((c) => c.type === "TIMELINE");
      if (col.type === "TIMELINE" && value !== null && gantt?.value === col.value) {
        pushed = await pushSuccessors(tx, board.id, col.value, me.id, now);
      }
    }
    const [row] = await itemRows(tx, auth.companyId, [me.id]);
    return { item: presentItem(row, header), board, pushed, persons };
  });
  await publishTodoChanged(caller, { workspaceId: board.workspaceId, boardId: board.id, kind: "item", itemIds: [item.id, ...pushed] });
  if (persons) await noticeAssigned(caller, item.id, persons.before, persons.after);
  return item;
}
