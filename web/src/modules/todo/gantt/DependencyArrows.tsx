// The gantt's dependency arrows (finish-to-start): from the end of the predecessor's bar to the start of its
// successor's, an elbow that goes round when the successor starts before the predecessor ends. One SVG over the
// rows (every arrow of the loaded items, whichever rows are drawn).
import type { Dependency } from "@shared/todo/boards.ts";
import type { Span } from "./GanttBar.tsx";

export function DependencyArrows({ dependencies, rowOf, rowHeight, height, width, x, spanOf }: {
  dependencies: readonly Dependency[];
  rowOf: ReadonlyMap<number, number>;
  rowHeight: number;
  height: number;
  width: number;
  /** The left edge of a day. */
  x(day: number): number;
  spanOf(itemId: number): Span | null;
}) {
  const paths: { id: number; d: string }[] = [];
  for (const dep of dependencies) {
    const a = rowOf.get(dep.fromItemId);
    const b = rowOf.get(dep.toItemId);
    const from = spanOf(dep.fromItemId);
    const to = spanOf(dep.toItemId);
    if (a === undefined || b === undefined || !from || !to) continue;
    const x1 = x(from.end + 1);
    const y1 = a * rowHeight + rowHeight / 2;
    const x2 = x(to.start);
    const y2 = b * rowHeight + rowHeight / 2;
    const d = x2 >= x1 + 8
      ? `M${x1} ${y1} H${Math.min(x1 + 6, (x1 + x2) / 2)} V${y2} H${x2 - 2}`
      : `M${x1} ${y1} H${x1 + 6} V${y1 + (y2 > y1 ? 1 : -1) * rowHeight / 2} H${x2 - 10} V${y2} H${x2 - 2}`;
    paths.push({ id: dep.id, d });
  }
  return (
    <svg className="tg-arrows" width={width} height={height} aria-hidden="true">
      <defs>
        <marker id="tg-arrow-head" viewBox="0 0 8 8" refX="6" refY="4" markerWidth="8" markerHeight="8" orient="auto">
          <path d="M0 0 L8 4 L0 8 z" fill="currentColor" />
        </marker>
      </defs>
      {paths.map((p) => <path key={p.id} d={p.d} className="tg-arrow" data-dependency-id={p.id} markerEnd="url(#tg-arrow-head)" />)}
    </svg>
  );
}
