// The kanban's lanes from a board (002 §3 "Kanban column"): the chosen labels of its STATUS column in the chosen
// order (KanbanColumns.columns, comma-separated), each with the top-level items carrying that label, then a last
// lane for items without a label. Items carrying a label not chosen are not shown. Cards keep the board's order:
// by group, then by sortOrder within it. Pure.
import type { HeaderColumn, KanbanColumns, StatusOption } from "@shared/todo/boards.ts";
import type { TodoItem } from "@shared/todo/items.ts";

/** The id of the lane of items without a label. */
export const NO_LABEL_LANE = "none";
export const laneIdOf = (label: string) => `label:${label}`;
export const labelOfLane = (laneId: string): string | null => (laneId.startsWith("label:") ? laneId.slice("label:".length) : null);

export interface Lane {
  id: string;
  /** null: the items without a label. */
  label: string | null;
  color: string | null;
  items: TodoItem[];
}

/** The STATUS column the lanes come from: the chosen one, else the board's first; null when it has none. */
export function statusColumnOf(header: readonly HeaderColumn[], kanban: KanbanColumns): HeaderColumn | null {
  return header.find((c) => c.type === "STATUS" && c.value === kanban.statusColumn) ?? header.find((c) => c.type === "STATUS") ?? null;
}

/** The chosen labels in order, known to the column (none chosen: all of them). */
export function chosenLabels(column: HeaderColumn, kanban: KanbanColumns): StatusOption[] {
  const byLabel = new Map(column.options.map((o) => [o.label, o]));
  if (kanban.statusColumn !== column.value) return column.options;
  const out: StatusOption[] = [];
  for (const l of kanban.columns.split(",")) {
    const o = byLabel.get(l);
    if (o && !out.includes(o)) out.push(o);
  }
  return out;
}

/** The lanes, with the items of the groups in the order given. */
export function buildLanes(column: HeaderColumn, labels: readonly StatusOption[], itemsInOrder: readonly TodoItem[]): Lane[] {
  const lanes: Lane[] = labels.map((o) => ({ id: laneIdOf(o.label), label: o.label, color: o.color, items: [] }));
  const none: Lane = { id: NO_LABEL_LANE, label: null, color: null, items: [] };
  const byLabel = new Map(lanes.map((l) => [l.label, l]));
  const known = new Set(column.options.map((o) => o.label));
  for (const it of itemsInOrder) {
    const v = it.itemRow.items[column.value];
    const label = typeof v === "string" && known.has(v) ? v : null;
    if (label === null) none.items.push(it);
    else byLabel.get(label)?.items.push(it);
  }
  return [...lanes, none];
}

/** What a card dropped into `lane` before `beforeId` (null: last) asks of the board: the STATUS value to write
 *  (undefined: unchanged) and where to move the item (null: nowhere). A move to the end of another lane only
 *  changes the label (the card takes its place by its group and order). */
export function planMove(lanes: readonly Lane[], itemId: number, toLaneId: string, beforeId: number | null):
  { status?: string | null; move: { position: "BEFORE" | "AFTER"; targetId: number } | null } | null {
  const from = lanes.find((l) => l.items.some((it) => it.id === itemId));
  const to = lanes.find((l) => l.id === toLaneId);
  if (!from || !to) return null;
  const status = from.id === to.id ? undefined : to.label;
  if (beforeId !== null && beforeId !== itemId) return { status, move: { position: "BEFORE", targetId: beforeId } };
  if (from.id === to.id) {
    const rest = to.items.filter((it) => it.id !== itemId);
    const last = rest.at(-1);
    if (!last || to.items.at(-1)?.id === itemId) return null;
    return { move: { position: "AFTER", targetId: last.id } };
  }
  return { status, move: null };
}
