// Drawing a dependency by pointer (issue 30): a bar's connector (the dot at its right end, GanttBar.tsx) is
// pressed and dragged; a line follows the pointer from the connector, the bar under the pointer is marked, and
// letting go on a bar asks for the dependency (this bar's item first, the one dropped on after it: finish-to-
// start). The chart scrolls when the pointer nears its edges, so a bar out of view can be reached. Letting go
// elsewhere, a press without a move, or Escape cancels. Whether the dependency may be is the
// server's to say (GanttView.tsx shows its refusal and draws nothing then).
import { type PointerEvent, useCallback, useEffect, useRef, useState } from "react";
import { edgeScroll } from "../../../ui/work/edge-scroll.ts";

/** The line being drawn, in the chart body's coordinates. */
export interface LinkLine {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

const SLOP = 4;

/** The item id of the bar at a point of the screen, if any. */
function barAt(x: number, y: number): number | null {
  const el = document.elementFromPoint(x, y)?.closest<HTMLElement>(".tg-bar[data-item-id]");
  return el ? Number(el.dataset.itemId) : null;
}

export function useLinkDrag(body: React.RefObject<HTMLElement | null>, scroller: React.RefObject<HTMLElement | null>, onLink: (fromItemId: number, toItemId: number) => void) {
  const [line, setLine] = useState<LinkLine | null>(null);
  const [overId, setOverId] = useState<number | null>(null);
  const onLinkRef = useRef(onLink);
  onLinkRef.current = onLink;
  const cleanup = useRef<(() => void) | null>(null);

  const start = useCallback((e: PointerEvent<HTMLElement>, fromItemId: number) => {
    const box = body.current?.getBoundingClientRect();
    if (e.button !== 0 || !box || cleanup.current) return;
    e.preventDefault();
    e.stopPropagation();
    const dot = e.currentTarget.getBoundingClientRect();
    const x1 = dot.left + dot.width / 2 - box.left;
    const y1 = dot.top + dot.height / 2 - box.top;
    const x0 = e.clientX;
    const y0 = e.clientY;
    let moved = false;
    let last = { x: x0, y: y0 };

    const stop = (toItemId: number | null) => {
      cleanup.current?.();
      if (toItemId !== null) onLinkRef.current(fromItemId, toItemId);
    };
    // The line's end and the bar under the pointer, after a move or after the chart scrolled under a still pointer.
    const aim = () => {
      const now = body.current?.getBoundingClientRect() ?? box;
      setOverId(barAt(last.x, last.y));
      setLine({ x1: x1 + box.left - now.left, y1: y1 + box.top - now.top, x2: last.x - now.left, y2: last.y - now.top });
    };
    const follow = scroller.current ? edgeScroll(scroller.current, { axes: "both", onScroll: () => moved && aim() }) : null;
    const onMove = (ev: globalThis.PointerEvent) => {
      if (!moved && Math.hypot(ev.clientX - x0, ev.clientY - y0) < SLOP) return;
      moved = true;
      last = { x: ev.clientX, y: ev.clientY };
      follow?.pointer(last.x, last.y);
      aim();
    };
    const onUp = (ev: globalThis.PointerEvent) => stop(moved ? barAt(ev.clientX, ev.clientY) : null);
    const onCancel = () => stop(null);
    const onKey = (ev: KeyboardEvent) => {
      if (ev.key !== "Escape") return;
      ev.preventDefault();
      ev.stopPropagation();
      stop(null);
    };
    globalThis.addEventListener("pointermove", onMove);
    globalThis.addEventListener("pointerup", onUp);
    globalThis.addEventListener("pointercancel", onCancel);
    globalThis.addEventListener("keydown", onKey, true);
    cleanup.current = () => {
      cleanup.current = null;
      follow?.stop();
      globalThis.removeEventListener("pointermove", onMove);
      globalThis.removeEventListener("pointerup", onUp);
      globalThis.removeEventListener("pointercancel", onCancel);
      globalThis.removeEventListener("keydown", onKey, true);
      setLine(null);
      setOverId(null);
    };
  }, [body, scroller]);

  useEffect(() => () => cleanup.current?.(), []);
  return { line, overId, start };
}
