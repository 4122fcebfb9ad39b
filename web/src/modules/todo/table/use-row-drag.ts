// Dragging an item by its handle (a small pointer implementation; the row menu is the keyboard's way): the
// row under the pointer says where it lands — before or after an item (by the pointer's half of it), or last
// of a group (its header, its "add item" or "load more" row). The scroll area follows the pointer near its
// edges; Escape or a drop on the item itself cancels.
import { type PointerEvent, useCallback, useEffect, useRef, useState } from "react";
import type { TodoItem } from "@shared/todo/items.ts";
import type { MoveTarget } from "../board-data/index.ts";
import { edgeScroll } from "../../../ui/work/edge-scroll.ts";
import type { TableRow } from "./rows.ts";

export interface DropHint {
  rowKey: string;
  position: "BEFORE" | "AFTER" | "INSIDE";
}

/** The table's sticky header row above the rows: the top edge is below it. */
const HEADER_HEIGHT = 40;

export function useRowDrag(scroller: React.RefObject<HTMLElement | null>, rows: readonly TableRow[], move: (item: TodoItem, target: MoveTarget) => unknown) {
  const [dragging, setDragging] = useState<TodoItem | null>(null);
  const [hint, setHint] = useState<DropHint | null>(null);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const state = useRef<{ item: TodoItem; target: MoveTarget | null; hint: DropHint | null; cleanup(): void } | null>(null);

  const targetAt = useCallback((x: number, y: number, item: TodoItem): { target: MoveTarget; hint: DropHint } | null => {
    const el = document.elementFromPoint(x, y)?.closest<HTMLElement>("[data-drop-row]");
    if (!el) return null;
    const row = rowsRef.current[Number(el.dataset.dropRow)];
    if (!row) return null;
    if (row.kind === "item") {
      if (row.item.id === item.id || row.item.id < 0 || row.item.parentId === item.id) return null;
      const box = el.getBoundingClientRect();
      const position = y < box.top + box.height / 2 ? "BEFORE" : "AFTER";
      return { target: { position, targetItem: row.item }, hint: { rowKey: row.key, position } };
    }
    if (row.kind === "group" || row.kind === "add" || row.kind === "more") {
      return { target: { position: "INSIDE", targetGroupId: row.group.id }, hint: { rowKey: `g${row.group.id}`, position: "INSIDE" } };
    }
    return null;
  }, []);

  const end = useCallback((drop: boolean) => {
    const s = state.current;
    if (!s) return;
    state.current = null;
    s.cleanup();
    setDragging(null);
    setHint(null);
    if (drop && s.target) void move(s.item, s.target);
  }, [move]);

  const startDrag = useCallback((e: PointerEvent<HTMLElement>, item: TodoItem) => {
    if (e.button !== 0 || state.current) return;
    e.preventDefault();
    let last = { x: e.clientX, y: e.clientY };
    // The row under the pointer, after a move or after the table scrolled under a still pointer.
    const aim = () => {
      const found = targetAt(last.x, last.y, item);
      if (state.current) {
        state.current.target = found?.target ?? null;
        state.current.hint = found?.hint ?? null;
      }
      setHint(found?.hint ?? null);
    };
    const follow = scroller.current ? edgeScroll(scroller.current, { axes: "y", top: HEADER_HEIGHT, onScroll: aim }) : null;
    follow?.pointer(last.x, last.y);
    const onMove = (ev: globalThis.PointerEvent) => {
      last = { x: ev.clientX, y: ev.clientY };
      follow?.pointer(last.x, last.y);
      aim();
    };
    const onUp = () => end(true);
    const onKey = (ev: KeyboardEvent) => ev.key === "Escape" && end(false);
    globalThis.addEventListener("pointermove", onMove);
    globalThis.addEventListener("pointerup", onUp);
    globalThis.addEventListener("pointercancel", onUp);
    globalThis.addEventListener("keydown", onKey);
    state.current = {
      item, target: null, hint: null,
      cleanup: () => {
        follow?.stop();
        globalThis.removeEventListener("pointermove", onMove);
        globalThis.removeEventListener("pointerup", onUp);
        globalThis.removeEventListener("pointercancel", onUp);
        globalThis.removeEventListener("keydown", onKey);
      },
    };
    setDragging(item);
  }, [targetAt, end, scroller]);

  useEffect(() => () => state.current?.cleanup(), []);
  return { dragging, hint, startDrag };
}
