// One item's bar on the gantt: dragged to move it, its edges dragged to change its start or end; with the focus
// on it, ←/→ move it by a day and Shift+←/→ change its end by a day; Enter, Space or a click opens its menu
// (open the item, "depends on…", "comes before…", remove a dependency, clear the dates). The dot at its right end
// (the connector) is dragged onto another bar to make that item follow this one (use-link-drag.ts); the menu's
// "comes before…" is the keyboard's way to the same. The view saves a change when the drag ends, or shortly
// after the last key (GanttView.tsx).
import { type PointerEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Menu, MenuItem, MenuSection, Header, Popover } from "react-aria-components";
import type { TodoItem } from "@shared/todo/items.ts";

export interface Span {
  start: number;
  end: number;
}

export interface BarLink {
  dependencyId: number;
  /** The other item's title. */
  title: string;
  /** The other item comes before this one (a predecessor) or after (a successor). */
  kind: "before" | "after";
}

type Mode = "move" | "start" | "end";
const DRAG_SLOP = 3;

export function GanttBar({ item, span, from, dayWidth, left, color, canEdit, label, hintId, links, linkTarget, onPreview, onCommit, onNudge, onOpen, onDependsOn, onComesBefore, onLinkStart, onRemoveLink, onClear }: {
  item: TodoItem;
  span: Span;
  /** The range's first day. */
  from: number;
  dayWidth: number;
  /** Where day 0 starts (the label column's width). */
  left: number;
  color: string;
  canEdit: boolean;
  label: string;
  hintId: string;
  links: BarLink[];
  /** A dependency line being drawn points at this bar. */
  linkTarget: boolean;
  /** A span shown while dragging (null: the item's own). */
  onPreview(span: Span | null): void;
  onCommit(span: Span): void;
  /** A keyboard step (saved after a pause). */
  onNudge(span: Span): void;
  onOpen(): void;
  onDependsOn(): void;
  onComesBefore(): void;
  /** The connector pressed: a dependency line starts here. */
  onLinkStart(e: PointerEvent<HTMLElement>): void;
  onRemoveLink(dependencyId: number): void;
  onClear(): void;
}) {
  const { t } = useTranslation("todo");
  const bar = useRef<HTMLDivElement>(null);
  const drag = useRef<{ mode: Mode; x0: number; span: Span; moved: boolean; last: Span } | null>(null);
  const [menuOpen, setMenuOpen] = useState(false);

  const x = left + (span.start - from) * dayWidth;
  const width = Math.max(dayWidth, (span.end - span.start + 1) * dayWidth);

  function spanAfter(mode: Mode, s: Span, days: number): Span {
    if (mode === "move") return { start: s.start + days, end: s.end + days };
    if (mode === "start") return { start: Math.min(s.start + days, s.end), end: s.end };
    return { start: s.start, end: Math.max(s.end + days, s.start) };
  }

  return (
    <>
      <div ref={bar} className="tg-bar" role="button" tabIndex={0} aria-haspopup="menu" aria-expanded={menuOpen}
        aria-label={label} aria-describedby={canEdit ? hintId : undefined} data-item-id={item.id}
        data-link-target={linkTarget || undefined}
        style={{ left: x, width, background: color }}
        onPointerDown={(e) => {
          if (e.button !== 0) return;
          const edge = (e.target as HTMLElement).dataset.edge as Mode | undefined;
          drag.current = { mode: canEdit ? edge ?? "move" : "move", x0: e.clientX, span, moved: false, last: span };
          e.currentTarget.setPointerCapture(e.pointerId);
        }}
        onPointerMove={(e) => {
          const d = drag.current;
          if (!d || !canEdit) return;
          if (!d.moved && Math.abs(e.clientX - d.x0) < DRAG_SLOP) return;
          d.moved = true;
          const next = spanAfter(d.mode, d.span, Math.round((e.clientX - d.x0) / dayWidth));
          if (next.start !== d.last.start || next.end !== d.last.end) {
            d.last = next;
            onPreview(next);
          }
        }}
        onPointerUp={() => {
          const d = drag.current;
          drag.current = null;
          if (!d) return;
          if (!d.moved) {
            setMenuOpen(true);
            return;
          }
          onPreview(null);
          if (d.last.start !== d.span.start || d.last.end !== d.span.end) onCommit(d.last);
        }}
        onPointerCancel={() => {
          drag.current = null;
          onPreview(null);
        }}
        onKeyDown={(e) => {
          if (e.key === "Enter" || e.key === " ") {
            e.preventDefault();
            setMenuOpen(true);
            return;
          }
          if (!canEdit || (e.key !== "ArrowLeft" && e.key !== "ArrowRight")) return;
          e.preventDefault();
          const by = e.key === "ArrowLeft" ? -1 : 1;
          onNudge(spanAfter(e.shiftKey ? "end" : "move", span, by));
        }}>
        {canEdit && <span className="tg-edge tg-edge-start" data-edge="start" aria-hidden="true" />}
        <span className="tg-bar-text" aria-hidden="true">{item.title}</span>
        {canEdit && <span className="tg-edge tg-edge-end" data-edge="end" aria-hidden="true" />}
        {canEdit && (
          <span className="tg-connector" aria-hidden="true" title={t("gantt.connector")} onPointerDown={onLinkStart}>
            <span className="tg-connector-dot" />
          </span>
        )}
      </div>
      <Popover triggerRef={bar} isOpen={menuOpen} onOpenChange={setMenuOpen} className="menu-popover" placement="bottom start">
        <Menu className="menu" aria-label={t("gantt.barMenu", { title: item.title })} autoFocus="first"
          onAction={(key) => {
            const k = String(key);
            setMenuOpen(false);
            if (k === "open") onOpen();
            else if (k === "dependsOn") onDependsOn();
            else if (k === "comesBefore") onComesBefore();
            else if (k === "clear") onClear();
            else if (k.startsWith("link:")) onRemoveLink(Number(k.slice(5)));
          }}>
          <MenuSection>
            <MenuItem id="open" className="menu-item">{t("gantt.open")}</MenuItem>
            {canEdit && <MenuItem id="dependsOn" className="menu-item">{t("gantt.dependsOn")}</MenuItem>}
            {canEdit && <MenuItem id="comesBefore" className="menu-item">{t("gantt.comesBefore")}</MenuItem>}
            {canEdit && <MenuItem id="clear" className="menu-item">{t("gantt.clearDates")}</MenuItem>}
          </MenuSection>
          {canEdit && links.length > 0 && (
            <MenuSection>
              <Header className="wk-menu-header">{t("gantt.links")}</Header>
              {links.map((l) => (
                <MenuItem key={l.dependencyId} id={`link:${l.dependencyId}`} className="menu-item"
                  textValue={t(l.kind === "before" ? "gantt.removeBefore" : "gantt.removeAfter", { title: l.title })}>
                  {t(l.kind === "before" ? "gantt.removeBefore" : "gantt.removeAfter", { title: l.title })}
                </MenuItem>
              ))}
            </MenuSection>
          )}
        </Menu>
      </Popover>
    </>
  );
}
