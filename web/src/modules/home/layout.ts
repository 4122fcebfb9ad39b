// The grid's arithmetic (shared/home/widgets.ts: GRID_COLUMNS columns, widths WIDGET_WIDTHS, heights
// WIDGET_MIN_H..WIDGET_MAX_H rows). A layout never overlaps (the server refuses one that does) and is compacted
// upwards: every change places the moved widget where asked, pushes what it lands on down (or into the place the
// widget left, when that is free), lets the others rise into the gaps, and compacts the whole.
import { GRID_COLUMNS, WIDGET_MAX_H, WIDGET_MIN_H, WIDGETS, type Widget, type WidgetId, type WidgetWidth } from "@shared/home/widgets.ts";

type Box = Pick<Widget, "x" | "y" | "w" | "h">;

export const overlaps = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

const byPosition = (a: Widget, b: Widget) => a.y - b.y || a.x - b.x;

/** Every widget as high as it can go without overlapping those above it; `fixed` stays where it is. */
export function compact(widgets: Widget[], fixed?: string): Widget[] {
  const placed: Widget[] = widgets.filter((w) => w.i === fixed);
  for (const w of [...widgets].filter((w) => w.i !== fixed).sort(byPosition)) {
    const c = { ...w };
    while (c.y > 0 && !placed.some((p) => overlaps({ ...c, y: c.y - 1 }, p))) c.y--;
    while (placed.some((p) => overlaps(c, p))) c.y++;
    placed.push(c);
  }
  return widgets.map((w) => placed.find((p) => p.i === w.i)!);
}

/** `i` placed at `to` (clamped to the grid); what it lands on moves aside; then the whole is compacted. */
export function place(widgets: Widget[], i: string, to: Partial<Box>): Widget[] {
  const old = widgets.find((w) => w.i === i);
  if (!old) return widgets;
  const w = to.w ?? old.w;
  const moved: Widget = {
    ...old,
    w: w as WidgetWidth,
    h: clamp(to.h ?? old.h, WIDGET_MIN_H, WIDGET_MAX_H),
    x: clamp(to.x ?? old.x, 0, GRID_COLUMNS - w),
    y: Math.max(0, to.y ?? old.y),
  };
  const placed: Widget[] = [moved];
  for (const o of widgets.filter((o) => o.i !== i).sort(byPosition)) {
    let c = { ...o };
    if (overlaps(c, moved)) {
      // Into the place the moved widget left, when that is free (a swap); else below.
      const swap = { ...c, x: clamp(old.x, 0, GRID_COLUMNS - c.w), y: old.y };
      if (!placed.some((p) => overlaps(swap, p))) c = swap;
    }
    while (placed.some((p) => overlaps(c, p))) c.y++;
    placed.push(c);
  }
  const arranged = widgets.map((o) => placed.find((p) => p.i === o.i)!);
  return compact(compact(arranged, i));
}

export type Direction = "left" | "right" | "up" | "down";

/** The keyboard's move: a step of the narrowest width sideways; up or down past the neighbour in that direction. */
export function moveBy(widgets: Widget[], i: string, dir: Direction): Widget[] {
  const w = widgets.find((o) => o.i === i);
  if (!w) return widgets;
  if (dir === "left" || dir === "right") return place(widgets, i, { x: w.x + (dir === "left" ? -3 : 3) });
  const sameColumns = widgets.filter((o) => o.i !== i && o.x < w.x + w.w && w.x < o.x + o.w);
  if (dir === "up") {
    const above = sameColumns.filter((o) => o.y < w.y).sort((a, b) => b.y - a.y)[0];
    return above ? place(widgets, i, { y: above.y }) : widgets;
  }
  const below = sameColumns.filter((o) => o.y > w.y).sort((a, b) => a.y - b.y)[0];
  return below ? place(widgets, i, { y: below.y + below.h - w.h > w.y ? below.y + below.h - w.h : below.y }) : widgets;
}

export function resize(widgets: Widget[], i: string, size: { w?: WidgetWidth; h?: number }): Widget[] {
  return place(widgets, i, size);
}

/** A new widget of the catalogue at the bottom, with a fresh id. */
export function addWidget(widgets: Widget[], component: WidgetId): Widget[] {
  const def = WIDGETS[component];
  const taken = new Set(widgets.map((w) => w.i));
  let i: string = component;
  for (let n = 2; taken.has(i); n++) i = `${component}-${n}`;
  const bottom = widgets.reduce((m, w) => Math.max(m, w.y + w.h), 0);
  const added: Widget = { i, x: 0, y: bottom, w: def.w, h: def.h, category: def.category, component, title: null, options: {} };
  return compact([...widgets, added]);
}

export const removeWidget = (widgets: Widget[], i: string) => compact(widgets.filter((w) => w.i !== i));

/** Reading order (rows, then columns): the phone's one column and the keyboard's tab order. */
export const inReadingOrder = (widgets: Widget[]) => [...widgets].sort(byPosition);

function clamp(n: number, min: number, max: number) {
  return Math.min(max, Math.max(min, n));
}
