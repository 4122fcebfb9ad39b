// Moving an item by keyboard (issue 30): with the focus anywhere in an item's row, Alt+↑ / Alt+↓ move it before
// the sibling above or after the one below (within its group, or its parent for a sub-item), through the same
// move as a drag (useMoveItem: shown at once, put back when the server refuses). The focus stays on the same
// cell of the moved row (its row is drawn again at its new place, scrolled into view if it left it), and the
// live region says where it went, or that it is already first or last. Keys in a text field are left to it.
import { type KeyboardEvent, useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Virtualizer } from "@tanstack/react-virtual";
import type { TodoItem } from "@shared/todo/items.ts";
import type { MoveTarget } from "../board-data/index.ts";
import { neighbours, type TableRow } from "./rows.ts";

const focusable = (cell: Element | null): HTMLElement | null =>
  (cell?.querySelector("[data-cell-focus]") ?? cell?.querySelector("button, a[href], input")) as HTMLElement | null;

export function useKeyboardMove({ body, rows, canEdit, move, virtualizer }: {
  body: React.RefObject<HTMLElement | null>;
  rows: readonly TableRow[];
  canEdit: boolean;
  move(item: TodoItem, target: MoveTarget): Promise<boolean>;
  virtualizer: Virtualizer<HTMLDivElement, Element>;
}) {
  const { t } = useTranslation("todo");
  const [announce, setAnnounce] = useState("");
  const rowsRef = useRef(rows);
  rowsRef.current = rows;

  /** Puts the focus back on the item's row, in the column it was in (the row may have been drawn anew). */
  const refocus = useCallback((itemId: number, col: string, retry = true) => {
    const row = body.current?.querySelector(`[data-item="${itemId}"]`);
    if (row) {
      if (row.contains(document.activeElement)) return;
      (focusable(row.querySelector(`[data-col="${col}"]`)) ?? focusable(row.querySelector(`[data-col="0"]`)))?.focus();
      return;
    }
    const index = rowsRef.current.findIndex((r) => r.kind === "item" && r.item.id === itemId);
    if (index < 0 || !retry) return;
    virtualizer.scrollToIndex(index, { align: "auto" });
    requestAnimationFrame(() => requestAnimationFrame(() => refocus(itemId, col, false)));
  }, [body, virtualizer]);

  const onKeyDown = useCallback((e: KeyboardEvent<HTMLElement>): boolean => {
    if (!canEdit || !e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || (e.key !== "ArrowUp" && e.key !== "ArrowDown")) return false;
    const target = e.target as HTMLElement;
    if (!e.currentTarget.contains(target) || target.matches("input:not([type=checkbox]), textarea, [contenteditable=true]")) return false;
    const id = Number(target.closest<HTMLElement>("[data-item]")?.dataset.item);
    const row = rowsRef.current.find((r): r is Extract<TableRow, { kind: "item" }> => r.kind === "item" && r.item.id === id);
    if (!row || row.item.id < 0) return false;
    e.preventDefault();
    const { item, siblings, index, group } = row;
    const { prev, next } = neighbours(row);
    const up = e.key === "ArrowUp";
    const other = up ? prev : next;
    if (!other) {
      setAnnounce(t(up ? "table.item.atTop" : "table.item.atBottom", { item: item.title }));
      return true;
    }
    const col = target.closest<HTMLElement>("[data-col]")?.dataset.col ?? "0";
    const list = item.parentId ? siblings.length : siblings.filter((s) => s.id > 0).length;
    const where = item.parentId ? rowsRef.current.find((r) => r.kind === "item" && r.item.id === item.parentId) : null;
    const listName = where?.kind === "item" ? where.item.title : group.title;
    const done = move(item, { position: up ? "BEFORE" : "AFTER", targetItem: other });
    requestAnimationFrame(() => refocus(item.id, col));
    void done.then((ok) => {
      requestAnimationFrame(() => refocus(item.id, col));
      if (ok) setAnnounce(t("table.item.movedTo", { item: item.title, position: index + (up ? 0 : 2), count: list, list: listName }));
    });
    return true;
  }, [canEdit, move, refocus, t]);

  return { onKeyDown, announce };
}
