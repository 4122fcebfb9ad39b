// The widget grid (shared/home/widgets.ts: GRID_COLUMNS columns, ROW_HEIGHT_PX rows), a CSS grid of our own
// rather than react-grid-layout (2.x is maintained and accepts React 19, but moves and resizes by mouse and touch
// only, with no keyboard way, and brings react-draggable and react-resizable along): locked, it only
// shows; unlocked, each widget has a handle to drag it (pointer events) or move it with the arrow keys (Shift +
// arrows resize), and buttons for every change (move, width 3↔6, taller, shorter, rename, remove), so a keyboard or
// a screen reader does all a mouse does. On phones (≤600 px) the widgets stack in one column and do not move.
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "react-aria-components";
import { GRID_COLUMNS, ROW_HEIGHT_PX, WIDGET_MAX_H, WIDGET_MIN_H, type Widget } from "@shared/home/widgets.ts";
import { type Direction, inReadingOrder, moveBy, place, removeWidget, resize } from "./layout.ts";
import { ArrowIcon, GripIcon } from "./icons.tsx";

export const GAP_PX = 12;

export interface GridProps {
  widgets: Widget[];
  editing: boolean;
  /** One column, nothing moves (phones). */
  stacked: boolean;
  onChange(next: Widget[]): void;
  onRename(widget: Widget): void;
  titleOf(widget: Widget): string;
  body(widget: Widget): ReactNode;
  /** The region's name (the dashboard, the company default). */
  label: string;
}

interface Drag {
  i: string;
  kind: "move" | "resize";
  start: Widget[];
  /** The pointer's offset from the widget's top left corner, in pixels. */
  dx: number;
  dy: number;
}

export function Grid({ widgets, editing, stacked, onChange, onRename, titleOf, body, label }: GridProps) {
  const { t } = useTranslation("home");
  const ref = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const [preview, setPreview] = useState<Widget[] | null>(null);
  const [said, setSaid] = useState("");
  const shown = preview ?? widgets;
  const movable = editing && !stacked;
  // The widgets are in reading order in the page, so a move may reorder them: the handle or button used keeps
  // the focus.
  const refocus = useRef<{ i: string; selector: string } | null>(null);
  useEffect(() => {
    const r = refocus.current;
    if (!r || !ref.current) return;
    refocus.current = null;
    const el = ref.current.querySelector<HTMLElement>(`article[data-widget="${CSS.escape(r.i)}"] ${r.selector}`);
    if (el && document.activeElement !== el) el.focus();
  });

  const say = (next: Widget[], i: string) => {
    const w = next.find((o) => o.i === i);
    if (w) setSaid(t("grid.position", { title: titleOf(w), column: w.x + 1, row: w.y + 1, width: w.w, height: w.h }));
  };
  const change = (next: Widget[], i: string) => {
    const active = document.activeElement as HTMLElement | null;
    const tool = active?.dataset.tool;
    if (tool && active.closest("article")?.getAttribute("data-widget") === i) refocus.current = { i, selector: `[data-tool="${tool}"]` };
    say(next, i);
    onChange(next);
  };

  const cell = () => {
    const rect = ref.current!.getBoundingClientRect();
    return { rect, col: (rect.width + GAP_PX) / GRID_COLUMNS, row: ROW_HEIGHT_PX + GAP_PX };
  };
  const startDrag = (e: React.PointerEvent, w: Widget, kind: Drag["kind"]) => {
    if (!movable || e.button !== 0) return;
    e.preventDefault();
    (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
    const { rect, col, row } = cell();
    setDrag({ i: w.i, kind, start: widgets, dx: e.clientX - rect.left - w.x * col, dy: e.clientY - rect.top - w.y * row });
  };
  const moveDrag = (e: React.PointerEvent) => {
    if (!drag) return;
    const { rect, col, row } = cell();
    const w = drag.start.find((o) => o.i === drag.i)!;
    if (drag.kind === "move") {
      const x = Math.round((e.clientX - rect.left - drag.dx) / col);
      const y = Math.round((e.clientY - rect.top - drag.dy) / row);
      setPreview(place(drag.start, drag.i, { x, y }));
    } else {
      const width = e.clientX - rect.left - w.x * col;
      const height = e.clientY - rect.top - w.y * row;
      setPreview(resize(drag.start, drag.i, { w: width > 4.5 * col ? 6 : 3, h: Math.round((height + GAP_PX) / row) }));
    }
  };
  const endDrag = () => {
    if (!drag) return;
    if (preview && JSON.stringify(preview) !== JSON.stringify(drag.start)) change(preview, drag.i);
    setDrag(null);
    setPreview(null);
  };

  const onHandleKey = (e: React.KeyboardEvent, w: Widget) => {
    const dir = ({ ArrowLeft: "left", ArrowRight: "right", ArrowUp: "up", ArrowDown: "down" } as Record<string, Direction>)[e.key];
    if (!dir || !movable) return;
    e.preventDefault();
    if (!e.shiftKey) return change(moveBy(widgets, w.i, dir), w.i);
    if (dir === "left" || dir === "right") return change(resize(widgets, w.i, { w: dir === "right" ? 6 : 3 }), w.i);
    change(resize(widgets, w.i, { h: w.h + (dir === "down" ? 1 : -1) }), w.i);
  };

  const rows = shown.reduce((m, w) => Math.max(m, w.y + w.h), 0);
  return (
    <section className={`hm-grid${movable ? " hm-grid-editing" : ""}${stacked ? " hm-grid-stacked" : ""}`} aria-label={label}>
      <div
        ref={ref}
        className="hm-grid-cells"
        style={stacked ? undefined : { gridTemplateRows: `repeat(${Math.max(rows, 1)}, ${ROW_HEIGHT_PX}px)` }}
        onPointerMove={moveDrag}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
      >
        {inReadingOrder(shown).map((w) => {
          const title = titleOf(w);
          return (
            <article
              key={w.i}
              className={`hm-widget${drag?.i === w.i ? " hm-widget-dragged" : ""}`}
              data-widget={w.i}
              aria-labelledby={`hm-title-${w.i}`}
              style={stacked
                ? { maxHeight: `${w.h * ROW_HEIGHT_PX}px` }
                : { gridColumn: `${w.x + 1} / span ${w.w}`, gridRow: `${w.y + 1} / span ${w.h}` }}
            >
              <header className="hm-widget-head">
                {movable && (
                  <button
                    type="button"
                    className="hm-handle"
                    data-tool="handle"
                    aria-label={t("grid.handle", { title })}
                    aria-describedby="hm-handle-help"
                    onPointerDown={(e) => startDrag(e, w, "move")}
                    onKeyDown={(e) => onHandleKey(e, w)}
                  >
                    <GripIcon />
                  </button>
                )}
                <h2 className="hm-widget-title" id={`hm-title-${w.i}`} title={title}>{title}</h2>
              </header>
              {editing && (
                <div className="hm-widget-tools" role="group" aria-label={t("grid.tools", { title })}>
                  {movable && (["left", "up", "down", "right"] as const).map((dir) => (
                    <Button key={dir} className="hm-tool" data-tool={dir} aria-label={t(`grid.move.${dir}`, { title })} onPress={() => change(moveBy(widgets, w.i, dir), w.i)}>
                      <ArrowIcon dir={dir} />
                    </Button>
                  ))}
                  {movable && (
                    <Button className="hm-tool hm-tool-text" data-tool="width" aria-label={t(w.w === 3 ? "grid.wider" : "grid.narrower", { title })} onPress={() => change(resize(widgets, w.i, { w: w.w === 3 ? 6 : 3 }), w.i)}>
                      {w.w === 3 ? "↔" : "→←"}
                    </Button>
                  )}
                  <Button className="hm-tool hm-tool-text" data-tool="taller" aria-label={t("grid.taller", { title })} isDisabled={w.h >= WIDGET_MAX_H} onPress={() => change(resize(widgets, w.i, { h: w.h + 1 }), w.i)}>+</Button>
                  <Button className="hm-tool hm-tool-text" data-tool="shorter" aria-label={t("grid.shorter", { title })} isDisabled={w.h <= WIDGET_MIN_H} onPress={() => change(resize(widgets, w.i, { h: w.h - 1 }), w.i)}>−</Button>
                  <Button className="hm-tool hm-tool-text" onPress={() => onRename(w)} aria-label={t("grid.rename", { title })}>{t("grid.renameShort")}</Button>
                  <Button className="hm-tool hm-tool-text hm-tool-danger" onPress={() => change(removeWidget(widgets, w.i), w.i)} aria-label={t("grid.remove", { title })}>✕</Button>
                </div>
              )}
              <WidgetBody labelledBy={`hm-title-${w.i}`}>{body(w)}</WidgetBody>
              {movable && (
                <span className="hm-resize" aria-hidden="true" onPointerDown={(e) => startDrag(e, w, "resize")} />
              )}
            </article>
          );
        })}
      </div>
      {movable && <p id="hm-handle-help" className="visually-hidden">{t("grid.handleHelp")}</p>}
      <div className="visually-hidden" role="status" aria-live="polite">{said}</div>
    </section>
  );
}

/** A widget's content; focusable only while it overflows, so a keyboard can scroll it (and nothing else stops the tab key). */
function WidgetBody({ children, labelledBy }: { children: ReactNode; labelledBy: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const el = ref.current!;
    const check = () => setOverflows(el.scrollHeight > el.clientHeight + 1);
    const ro = new ResizeObserver(check);
    ro.observe(el);
    const mo = new MutationObserver(check);
    mo.observe(el, { childList: true, subtree: true, characterData: true });
    check();
    return () => {
      ro.disconnect();
      mo.disconnect();
    };
  }, []);
  return (
    <div ref={ref} className="hm-widget-body" {...(overflows ? { tabIndex: 0, role: "group", "aria-labelledby": labelledBy } : {})}>
      {children}
    </div>
  );
}
