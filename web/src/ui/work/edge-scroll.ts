// A scroll box following a pointer drag near its edges (a to-do row dragged to a place out of view, a gantt
// dependency line drawn to a bar out of view): every frame while the pointer is within EDGE px of an edge, or past
// it, the box scrolls that way, faster the nearer the pointer is to the edge, and `onScroll` runs so the drag can
// follow (the row under the pointer, the line's end). `top` keeps a sticky header's height out of the box.
const EDGE = 40;
const MAX_STEP = 16;

export interface EdgeScroll {
  /** The pointer's latest position on the screen (clientX/clientY). */
  pointer(x: number, y: number): void;
  stop(): void;
}

export function edgeScroll(box: HTMLElement, opts: { axes: "y" | "both"; top?: number; onScroll?: () => void }): EdgeScroll {
  let x = NaN;
  let y = NaN;
  const step = (distance: number) => Math.ceil(MAX_STEP * Math.min(1, (EDGE - distance) / EDGE));
  const frame = () => {
    if (Number.isFinite(y)) {
      const r = box.getBoundingClientRect();
      const top = r.top + (opts.top ?? 0);
      const [left0, top0] = [box.scrollLeft, box.scrollTop];
      if (y < top + EDGE) box.scrollTop -= step(y - top);
      else if (y > r.bottom - EDGE) box.scrollTop += step(r.bottom - y);
      if (opts.axes === "both") {
        if (x < r.left + EDGE) box.scrollLeft -= step(x - r.left);
        else if (x > r.right - EDGE) box.scrollLeft += step(r.right - x);
      }
      if (box.scrollLeft !== left0 || box.scrollTop !== top0) opts.onScroll?.();
    }
    raf = requestAnimationFrame(frame);
  };
  let raf = requestAnimationFrame(frame);
  return {
    pointer(px, py) {
      x = px;
      y = py;
    },
    stop: () => cancelAnimationFrame(raf),
  };
}
