// Moving between the table's cells with the arrow keys (issue 30: arrow keys move the focus, Enter edits,
// Escape cancels): ↑/↓ go to the same column of the row above or below (scrolling a row not drawn yet into
// view first), ←/→ to the cell beside. A cell's control is its [data-cell-focus] element, else its first
// button, link or input. Keys inside a field or an open popover are left to them.
import { type KeyboardEvent, useCallback } from "react";
import type { Virtualizer } from "@tanstack/react-virtual";

const focusable = (cell: Element | null): HTMLElement | null =>
  (cell?.querySelector("[data-cell-focus]") ?? cell?.querySelector("button, a[href], input")) as HTMLElement | null;

export function useGridKeys(body: React.RefObject<HTMLElement | null>, rowCount: number, virtualizer: Virtualizer<HTMLDivElement, Element>) {
  return useCallback((e: KeyboardEvent<HTMLElement>) => {
    if (!["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"].includes(e.key) || e.altKey || e.ctrlKey || e.metaKey) return;
    const target = e.target as HTMLElement;
    if (!e.currentTarget.contains(target)) return; // a popover's keys (portalled, but bubbling through React)
    if (target.matches("input:not([type=checkbox]), textarea, [role=separator]") && (e.key === "ArrowLeft" || e.key === "ArrowRight")) return;
    const cell = target.closest<HTMLElement>("[data-col]");
    const row = target.closest<HTMLElement>("[data-row]");
    const inHead = !!target.closest(".tt-head");
    if (!cell) return;
    const col = Number(cell.dataset.col);
    if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
      const dir = e.key === "ArrowLeft" ? -1 : 1;
      const parent = cell.parentElement!;
      for (let c = col + dir; ; c += dir) {
        const next = parent.querySelector(`[data-col="${c}"]`);
        if (!next) return;
        const f = focusable(next);
        if (f) {
          e.preventDefault();
          f.focus();
          return;
        }
      }
    }
    const dir = e.key === "ArrowUp" ? -1 : 1;
    let r = inHead ? -1 : Number(row?.dataset.row ?? -1);
    e.preventDefault();
    const tryFocus = (index: number): boolean => {
      const el = index < 0 ? body.current?.parentElement?.querySelector(".tt-head") : body.current?.querySelector(`[data-row="${index}"]`);
      if (!el) return false;
      const exact = el.querySelector(`[data-col="${col}"]`);
      const f = focusable(exact) ?? focusable(el.querySelector(`[data-col="0"]`)) ?? focusable(el);
      if (f) f.focus();
      return !!f;
    };
    for (r += dir; r >= -1 && r < rowCount; r += dir) {
      if (r >= 0 && !body.current?.querySelector(`[data-row="${r}"]`)) {
        virtualizer.scrollToIndex(r, { align: "auto" });
        const at = r;
        requestAnimationFrame(() => requestAnimationFrame(() => tryFocus(at)));
        return;
      }
      if (tryFocus(r)) return;
    }
  }, [body, rowCount, virtualizer]);
}
