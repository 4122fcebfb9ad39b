// The table as one list of rows, for the virtualised body (issue 30: 5,000 items stay fast): each group's
// header, its items with their expanded sub-items (and a row to add a sub-item), the "add item" row and the
// "load more" row, a gap between groups. Pure: tests/web/todo-table-rows.test.ts.
import type { TodoGroup } from "@shared/todo/boards.ts";
import type { TodoItem } from "@shared/todo/items.ts";

export type TableRow =
  | { kind: "group"; key: string; group: TodoGroup; count: number; collapsed: boolean }
  | { kind: "item"; key: string; group: TodoGroup; item: TodoItem; expanded: boolean; siblings: readonly TodoItem[]; index: number }
  | { kind: "subLoading"; key: string; group: TodoGroup; parent: TodoItem }
  | { kind: "addSub"; key: string; group: TodoGroup; parent: TodoItem }
  | { kind: "add"; key: string; group: TodoGroup }
  | { kind: "more"; key: string; group: TodoGroup }
  | { kind: "gap"; key: string };

export const ROW_HEIGHT: Record<TableRow["kind"], number> = { group: 44, item: 38, subLoading: 38, addSub: 38, add: 38, more: 38, gap: 20 };

export interface RowsInput {
  groups: readonly TodoGroup[];
  itemsByGroup: ReadonlyMap<number, readonly TodoItem[]>;
  more: Readonly<Record<number, boolean>>;
  collapsed: ReadonlySet<number>;
  expanded: ReadonlySet<number>;
  /** Loaded sub-items by parent id (undefined: on its way). */
  subs: ReadonlyMap<number, readonly TodoItem[] | undefined>;
  canEdit: boolean;
}

export function buildRows({ groups, itemsByGroup, more, collapsed, expanded, subs, canEdit }: RowsInput): TableRow[] {
  const rows: TableRow[] = [];
  groups.forEach((group, gi) => {
    const items = itemsByGroup.get(group.id) ?? [];
    const isCollapsed = collapsed.has(group.id);
    if (gi > 0) rows.push({ kind: "gap", key: `gap${group.id}` });
    rows.push({ kind: "group", key: `g${group.id}`, group, count: items.length, collapsed: isCollapsed });
    if (isCollapsed) return;
    items.forEach((item, index) => {
      const open = expanded.has(item.id) && item.id > 0;
      rows.push({ kind: "item", key: `i${item.id}`, group, item, expanded: open, siblings: items, index });
      if (!open) return;
      const list = subs.get(item.id);
      if (!list) rows.push({ kind: "subLoading", key: `sl${item.id}`, group, parent: item });
      else list.forEach((sub, si) => rows.push({ kind: "item", key: `i${sub.id}`, group, item: sub, expanded: false, siblings: list, index: si }));
      if (canEdit) rows.push({ kind: "addSub", key: `as${item.id}`, group, parent: item });
    });
    if (more[group.id]) rows.push({ kind: "more", key: `m${group.id}`, group });
    if (canEdit) rows.push({ kind: "add", key: `a${group.id}`, group });
  });
  return rows;
}

/** The rows an item may move to by keyboard: before the previous sibling, after the next (none at the ends). */
export function neighbours(row: Extract<TableRow, { kind: "item" }>): { prev?: TodoItem; next?: TodoItem } {
  return { prev: row.siblings[row.index - 1], next: row.siblings[row.index + 1] };
}
