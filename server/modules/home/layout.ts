// Layout rules of the home grid (shared/home/widgets.ts): a layout holds unique ids and no two widgets on the
// same cell (400 common.validation, errors[].field "widgets"); a widget shows only when the account uses its
// module, and the stored widgets of unused modules are kept when the user saves the rest.
import type { ModuleType } from "../../../shared/users.ts";
import { type Widget, WIDGETS, WIDGETS_MAX } from "../../../shared/home/widgets.ts";
import { AppError } from "../../lib/errors.ts";

const overlap = (a: Widget, b: Widget) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

function invalid(message: string): AppError {
  return new AppError(400, "common.validation", undefined, [{ field: "widgets", code: "common.validation", message }]);
}

/** 400 when two widgets share an id or a cell. */
export function checkLayout(widgets: Widget[]): void {
  const ids = new Set<string>();
  for (const [n, w] of widgets.entries()) {
    if (ids.has(w.i)) throw invalid(`the id "${w.i}" is used twice`);
    ids.add(w.i);
    const other = widgets.slice(0, n).find((o) => overlap(o, w));
    if (other) throw invalid(`"${w.i}" overlaps "${other.i}"`);
  }
}

export const shows = (w: Widget, used: ReadonlySet<ModuleType>) => {
  const m = WIDGETS[w.component]?.module;
  return m === undefined ? false : m === null || used.has(m);
};

/**
 * What a user's save stores: the widgets sent (those of modules the account does not use left out: the screen
 * never showed them) and the stored widgets of unused modules, kept for when the module comes back. A kept
 * widget whose id the new layout took gets a fresh one; one on a cell the new layout took moves below it; past
 * WIDGETS_MAX the kept ones are dropped.
 */
export function mergeHidden(sent: Widget[], stored: Widget[], used: ReadonlySet<ModuleType>): Widget[] {
  const out = sent.filter((w) => shows(w, used));
  const ids = new Set(out.map((w) => w.i));
  for (const kept of stored.filter((w) => WIDGETS[w.component] && !shows(w, used))) {
    if (out.length >= WIDGETS_MAX) break;
    let i = kept.i;
    for (let n = 2; ids.has(i); n++) i = `${kept.i.slice(0, 36)}-${n}`;
    let w = { ...kept, i };
    if (out.some((o) => overlap(o, w))) w = { ...w, y: Math.max(0, ...out.map((o) => o.y + o.h)) };
    ids.add(i);
    out.push(w);
  }
  return out;
}
