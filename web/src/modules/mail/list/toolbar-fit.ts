// Keeps the list toolbar (ListToolbar.tsx) on one row in every language: when its buttons with their labels do
// not fit the width, buttons show their icon only, one at a time from the end — first the folder actions after
// the spacer (empty, read all, refresh), then the selection's actions from the last (tags, spam, …) — until the
// row fits; the first actions keep their words longest. An icon-only button keeps its name (aria-label) and
// shows it as a tooltip (list.css). Measured rather than tied to a screen width, because the labels' length
// depends on the language: Korean fits at 1280 px where English and Indonesian do not.
// The buttons that drop their label carry data-icon-only; the row carries data-fit="compact" while any does.
// Re-measured when the toolbar's width or its texts and buttons change (language, selection, folder).
import { type RefObject, useLayoutEffect } from "react";

const ICON_ONLY = "data-icon-only";

/** The toolbar's buttons that should drop their label for the row to fit, measured with every label shown. */
export function labelsToDrop(bar: HTMLElement): HTMLElement[] {
  const style = getComputedStyle(bar);
  const available = bar.clientWidth - (parseFloat(style.paddingLeft) || 0) - (parseFloat(style.paddingRight) || 0);
  const items = [...bar.children] as HTMLElement[];
  let need = (parseFloat(style.columnGap) || 0) * Math.max(0, items.length - 1);
  const before: { item: HTMLElement; saves: number }[] = [];
  const after: { item: HTMLElement; saves: number }[] = [];
  let afterSpacer = false;
  for (const item of items) {
    if (item.classList.contains("mail-toolbar-gap")) {
      afterSpacer = true;
      continue;
    }
    const s = getComputedStyle(item);
    need += item.getBoundingClientRect().width + (parseFloat(s.marginLeft) || 0) + (parseFloat(s.marginRight) || 0);
    const label = item.querySelector<HTMLElement>(".mail-tool-label");
    if (!label || getComputedStyle(label).display === "none") continue;
    // Without its label a button also loses the gap between icon and label.
    (afterSpacer ? after : before).push({ item, saves: label.getBoundingClientRect().width + (parseFloat(s.columnGap) || 0) });
  }
  const drop: HTMLElement[] = [];
  // Half a pixel of slack for sub-pixel text widths.
  for (const { item, saves } of [...after.reverse(), ...before.reverse()]) {
    if (need <= available + 0.5) break;
    drop.push(item);
    need -= saves;
  }
  return drop;
}

/** Fits the toolbar row found inside `scope` (the list section) and keeps it fitted. */
export function useToolbarFit(scope: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const row = scope.current?.querySelector<HTMLElement>(".mail-toolbar-row");
    const bar = row?.querySelector<HTMLElement>(".mail-toolbar");
    if (!row || !bar) return;
    const fit = () => {
      // Measure with every label shown (a synchronous layout: nothing is painted in between), then settle.
      for (const b of bar.querySelectorAll(`[${ICON_ONLY}]`)) b.removeAttribute(ICON_ONLY);
      const drop = labelsToDrop(bar);
      for (const b of drop) b.setAttribute(ICON_ONLY, "");
      if (drop.length) row.setAttribute("data-fit", "compact");
      else row.removeAttribute("data-fit");
    };
    fit();
    const resize = new ResizeObserver(fit);
    resize.observe(bar);
    // Texts and buttons change with the language, the selection (star / unstar) and the folder (empty trash);
    // our own data-icon-only marks are attributes, which this observer does not watch.
    const mutations = new MutationObserver(fit);
    mutations.observe(bar, { childList: true, subtree: true, characterData: true });
    let live = true;
    void document.fonts?.ready.then(() => live && fit());
    return () => {
      live = false;
      resize.disconnect();
      mutations.disconnect();
    };
  }, [scope]);
}
