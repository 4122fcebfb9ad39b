// A board's header columns (shared/todo/boards.ts HeaderColumn; 002 §3 "Header column"): the header a new
// board gets, the rules every header written keeps, and PUT board/{id}/header.
//
// Rules (409 todo.header_invalid, "wrong column info", 002 §8): exactly one TITLE, first, keyed "title";
// exactly one ADDITIONAL, last; each width between its type's minimum and HEADER_WIDTH_MAX (none given: the
// type's default); keys unique; a kept key keeps its type; a TIMELINE's connectedColumn names a STATUS column
// of the header (other types have none); STATUS labels unique (other types have none). A new column without a
// key gets a fresh one from its type ("status", then "status_2", ...); a new STATUS column without labels gets
// DEFAULT_STATUS_OPTIONS. A removed column's values leave every item of the board in the same transaction, and
// the kanban lanes are cleared when their STATUS column went.
import { type HeaderColumn, type headerColumnInput, type KanbanColumns } from "../../../../shared/todo/boards.ts";
import { CREATE_HEADER_TYPES, DEFAULT_STATUS_OPTIONS, HEADER_WIDTH_MAX, HEADER_WIDTHS } from "../../../../shared/todo/constants.ts";
import { TODO_ERRORS } from "../../../../shared/todo/errors.ts";
import type { z } from "zod";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { requireBoard } from "../access.ts";
import { headerOf } from "../items/present.ts";
import { publishTodoChanged } from "../realtime.ts";
import * as repo from "./repo.ts";

type ColumnInput = z.infer<typeof headerColumnInput>;

export const headerInvalid = (reason: string) => new AppError(409, TODO_ERRORS.headerInvalid, { reason });
export const TITLE_KEY = "title";

/** The header of a new board when the client sends none: CREATE_HEADER_TYPES with empty names. */
export function defaultHeader(): HeaderColumn[] {
  return normalizeHeader(CREATE_HEADER_TYPES.map((type) => ({ type, name: "", connectedColumn: null, options: [] })), []).header;
}

function freshKey(type: string, taken: Set<string>): string {
  const base = type.toLowerCase();
  if (!taken.has(base)) return base;
  for (let n = 2;; n++) if (!taken.has(`${base}_${n}`)) return `${base}_${n}`;
}

/**
 * `input` checked against the rules above, with keys for new columns; `old` is the header it replaces ([] for
 * a new board). removedKeys: the old keys the new header lacks.
 */
export function normalizeHeader(input: ColumnInput[], old: HeaderColumn[]): { header: HeaderColumn[]; removedKeys: string[] } {
  if (input.length < 2) throw headerInvalid("too_few");
  if (input[0].type !== "TITLE" || input.filter((c) => c.type === "TITLE").length !== 1) throw headerInvalid("title");
  if (input[input.length - 1].type !== "ADDITIONAL" || input.filter((c) => c.type === "ADDITIONAL").length !== 1) throw headerInvalid("additional");
  const oldByKey = new Map(old.map((c) => [c.value, c]));
  const given = new Set<string>();
  for (const c of input) {
    if (c.type === "TITLE") {
      if (c.value !== undefined && c.value !== TITLE_KEY) throw headerInvalid("title");
      continue;
    }
    if (c.value === undefined) continue;
    if (c.value === TITLE_KEY || given.has(c.value)) throw headerInvalid("duplicate_key");
    given.add(c.value);
    const was = oldByKey.get(c.value);
    if (was && was.type !== c.type) throw headerInvalid("type_changed");
  }
  // Keys of removed columns may be given again only with their type (checked above); fresh keys avoid every
  // key given or kept.
  const taken = new Set<string>([TITLE_KEY, ...given]);
  const header: HeaderColumn[] = input.map((c) => {
    const { min, width } = HEADER_WIDTHS[c.type];
    const w = c.width ?? width;
    if (w < min || w > HEADER_WIDTH_MAX) throw headerInvalid("width");
    let value: string;
    if (c.type === "TITLE") value = TITLE_KEY;
    else if (c.value !== undefined) value = c.value;
    else {
      value = freshKey(c.type, taken);
      taken.add(value);
    }
    let options = c.type === "STATUS" ? c.options.map((o) => ({ label: o.label, color: o.color.toLowerCase() })) : [];
    if (c.type === "STATUS" && options.length === 0 && !oldByKey.has(value)) options = DEFAULT_STATUS_OPTIONS.map((o) => ({ ...o }));
    if (new Set(options.map((o) => o.label)).size !== options.length) throw headerInvalid("duplicate_label");
    return { value, type: c.type, name: c.name, width: w, connectedColumn: c.type === "TIMELINE" ? c.connectedColumn : null, options };
  });
  const statusKeys = new Set(header.filter((c) => c.type === "STATUS").map((c) => c.value));
  for (const c of header) {
    if (c.connectedColumn !== null && !statusKeys.has(c.connectedColumn)) throw headerInvalid("connected_column");
  }
  const kept = new Set(header.map((c) => c.value));
  return { header, removedKeys: old.map((c) => c.value).filter((k) => !kept.has(k)) };
}

/** PUT board/{id}/header: the whole header as saved (201). */
export async function putHeader(caller: Caller, boardId: number, input: ColumnInput[]): Promise<HeaderColumn[]> {
  const { deps } = caller;
  const { header, workspaceId } = await deps.db.transaction(async (tx) => {
    const { board } = await requireBoard(tx, caller, boardId, { lock: true });
    if (board.boardType !== "BOARD") throw headerInvalid("folder");
    const { header, removedKeys } = normalizeHeader(input, headerOf(board.header));
    const kanban = board.kanban as KanbanColumns | null;
    const keepKanban = !kanban || !kanban.statusColumn || header.some((c) => c.type === "STATUS" && c.value === kanban.statusColumn);
    await repo.writeHeader(tx, board, header, removedKeys, keepKanban ? undefined : null, deps.clock.now());
    return { header, workspaceId: board.workspaceId };
  });
  await publishTodoChanged(caller, { workspaceId, boardId, kind: "header" });
  return header;
}
