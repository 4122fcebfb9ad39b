// The order of a board's groups and items as the views show it (002 §3: everything sorts by its fractional
// sortOrder as text, C collation), and the keys an optimistic move or create writes before the server answers
// with its own. Pure: tests/web/todo-order.test.ts.
import { generateKeyBetween } from "fractional-indexing";
import type { TodoGroup } from "@shared/todo/boards.ts";
import type { TodoItem } from "@shared/todo/items.ts";

/** C collation: code-unit order (the keys are ASCII). */
export const bySortOrder = <T extends { sortOrder: string; id: number }>(a: T, b: T) =>
  a.sortOrder < b.sortOrder ? -1 : a.sortOrder > b.sortOrder ? 1 : a.id - b.id;

/** A key between two neighbours (null: the end); one past the other when the keys are not the library's. */
export function keyBetween(before: string | null, after: string | null): string {
  try {
    return generateKeyBetween(before, after);
  } catch {
    if (before !== null) return `${before}V`;
    if (after !== null) return after.length > 1 ? after.slice(0, -1) : "0";
    return "a0";
  }
}

/** Top-level items grouped by group id, each list in order; items of no listed group are left out. Items named
 *  twice (the entry and a later page) count once, the first one given wins. */
export function groupItems(groups: readonly TodoGroup[], lists: readonly (readonly TodoItem[])[]): Map<number, TodoItem[]> {
  const out = new Map<number, TodoItem[]>(groups.map((g) => [g.id, []]));
  const seen = new Set<number>();
  for (const list of lists) {
    for (const it of list) {
      if (seen.has(it.id) || it.parentId !== 0) continue;
      seen.add(it.id);
      out.get(it.groupId)?.push(it);
    }
  }
  for (const list of out.values()) list.sort(bySortOrder);
  return out;
}

/** The sortOrder a thing moved BEFORE or AFTER `target` among `siblings` (in order, the moved one may be among
 *  them) gets. */
export function keyNextTo<T extends { id: number; sortOrder: string }>(siblings: readonly T[], movedId: number, targetId: number, position: "BEFORE" | "AFTER"): string {
  const rest = siblings.filter((s) => s.id !== movedId);
  const i = rest.findIndex((s) => s.id === targetId);
  if (i < 0) return keyBetween(rest.at(-1)?.sortOrder ?? null, null);
  return position === "BEFORE"
    ? keyBetween(rest[i - 1]?.sortOrder ?? null, rest[i].sortOrder)
    : keyBetween(rest[i].sortOrder, rest[i + 1]?.sortOrder ?? null);
}

/** The last key of a list, for "INSIDE: last of it". */
export const keyAfterLast = (siblings: readonly { sortOrder: string }[]) => keyBetween(siblings.at(-1)?.sortOrder ?? null, null);
/** The first key of a list, for a group created first or an item added on top. */
export const keyBeforeFirst = (siblings: readonly { sortOrder: string }[]) => keyBetween(null, siblings[0]?.sortOrder ?? null);

/** Where an item is: its group, its parent (0: top level) and its key. */
export interface ItemPlace {
  groupId: number;
  parentId: number;
  sortOrder: string;
}
export const placeOf = (it: TodoItem): ItemPlace => ({ groupId: it.groupId, parentId: it.parentId, sortOrder: it.sortOrder });
