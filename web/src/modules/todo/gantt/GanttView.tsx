// The board as a gantt (002 §2: ADVANCED plan only, the frame guards the route): the first TIMELINE column's
// days as bars, item by item under their groups, on a time axis zoomed by week or by month. A bar moves and
// resizes by drag or keyboard (GanttBar.tsx) and is saved as the item's TIMELINE cell (useCellMutation, put back
// when refused); the server then pushes the item's successors and the board is fetched again, so they move too.
// Dependencies (finish-to-start, entry.dependencies) are drawn as arrows, added by dragging a bar's connector
// onto another bar (use-link-drag.ts) or from a bar's "depends on…" and "comes before…" menu, and removed from
// it; one the server refuses (itself, twice, a cycle) shows its message and draws nothing. Items without days
// have a button that gives them some. Rows are virtualised, so a board of a few hundred items scrolls smoothly.
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useQueryClient } from "@tanstack/react-query";
import { useVirtualizer } from "@tanstack/react-virtual";
import { ToggleButton, ToggleButtonGroup, Button as AriaButton } from "react-aria-components";
import { HEADER_WIDTHS } from "@shared/todo/constants.ts";
import type { HeaderColumn, TodoGroup } from "@shared/todo/boards.ts";
import type { TodoItem } from "@shared/todo/items.ts";
import { Button } from "../../../ui/Button.tsx";
import { useNarrowScreen } from "../../../ui/narrow.ts";
import { newColumnKey, refused, useBoardItems, useCellMutation, useHeaderMutation } from "../board-data/index.ts";
import { findItem, updateEntries } from "../board-data/cache.ts";
import type { BoardViewProps } from "../board/view-props.ts";
import * as todoApi from "../api.ts";
import { todoKeys } from "../queries.ts";
import { asText, asTimeline } from "../cells/cell-value.ts";
import { DependencyArrows } from "./DependencyArrows.tsx";
import { DependencyDialog } from "./DependencyDialog.tsx";
import { type BarLink, GanttBar, type Span } from "./GanttBar.tsx";
import { useLinkDrag } from "./use-link-drag.ts";
import { DAY_WIDTH, dayNumber, dayText, rangeOf, ticksOf, todayNumber, type Zoom } from "./time-axis.ts";
import "./gantt.css";

const ROW_HEIGHT = 36;
/** A keyboard step is saved this long after the last one. */
const NUDGE_SAVE_MS = 600;

type Row = { kind: "group"; group: TodoGroup } | { kind: "item"; item: TodoItem; span: Span | null };

const spanOf = (item: TodoItem, col: HeaderColumn): Span | null => {
  const v = asTimeline(item.itemRow.items[col.value]);
  const start = v && dayNumber(v.start);
  const end = v && dayNumber(v.end);
  return start != null && end != null ? { start, end: Math.max(start, end) } : null;
};

export function GanttView({ boardId, entry, params, canEdit, openItem }: BoardViewProps) {
  const { t, i18n } = useTranslation("todo");
  const qc = useQueryClient();
  const narrow = useNarrowScreen();
  const [zoom, setZoom] = useState<Zoom>("week");
  const { groups, itemsByGroup, more, loadingMore, loadMore } = useBoardItems({ boardId, entry, params });
  const setCell = useCellMutation(boardId);
  const saveHeader = useHeaderMutation(boardId);
  const [preview, setPreview] = useState<{ id: number; span: Span } | null>(null);
  const [pending, setPending] = useState<ReadonlyMap<number, Span>>(new Map());
  const [choosing, setChoosing] = useState<{ item: TodoItem; direction: "before" | "after" } | null>(null);
  const [announce, setAnnounce] = useState("");
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const scroller = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const hintId = useId();

  const col = entry.header.find((c) => c.type === "TIMELINE") ?? null;
  const statusCol = col?.connectedColumn ? entry.header.find((c) => c.type === "STATUS" && c.value === col.connectedColumn) ?? null : null;
  const dayWidth = DAY_WIDTH[zoom];
  const labelWidth = narrow ? 132 : 240;
  const today = useMemo(() => todayNumber(new Date()), []);

  const rows: Row[] = useMemo(() => {
    if (!col) return [];
    const out: Row[] = [];
    for (const g of groups) {
      out.push({ kind: "group", group: g });
      for (const item of itemsByGroup.get(g.id) ?? []) if (item.id > 0) out.push({ kind: "item", item, span: spanOf(item, col) });
    }
    return out;
  }, [col, groups, itemsByGroup]);
  const items = useMemo(() => rows.flatMap((r) => (r.kind === "item" ? [r.item] : [])), [rows]);
  const rowOf = useMemo(() => new Map(rows.flatMap((r, i) => (r.kind === "item" ? [[r.item.id, i] as const] : []))), [rows]);
  const range = useMemo(() => rangeOf(rows.flatMap((r) => (r.kind === "item" && r.span ? [r.span] : [])), today), [rows, today]);
  const ticks = useMemo(() => ticksOf(range, zoom, i18n.language), [range, zoom, i18n.language]);

  /** The span shown: a drag's preview, a keyboard step not yet saved, else the item's own. */
  const shownSpan = useCallback((r: { item: TodoItem; span: Span | null }) =>
    preview?.id === r.item.id ? preview.span : pending.get(r.item.id) ?? r.span, [preview, pending]);

  const virtual = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 12 });

  // When the gantt opens or the zoom changes: today in view when bars are around it, else the first bar.
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const spans = rows.flatMap((r) => (r.kind === "item" && r.span ? [r.span] : []));
    const first = Math.min(...spans.map((x) => x.start));
    const last = Math.max(...spans.map((x) => x.end));
    const at = spans.length === 0 || (today >= first - 7 && today <= last + 7) ? today : first;
    el.scrollLeft = Math.max(0, (at - range.from) * dayWidth - 3 * dayWidth);
  }, [zoom, rows.length > 0]);
  useEffect(() => () => timers.current.forEach((x) => clearTimeout(x)), []);

  const fmt = useMemo(() => new Intl.DateTimeFormat(i18n.language, { month: "short", day: "numeric", timeZone: "UTC" }), [i18n.language]);
  const spanText = (s: Span) => `${fmt.format(s.start * 86_400_000)} – ${fmt.format(s.end * 86_400_000)}`;

  async function save(item: TodoItem, span: Span) {
    if (!col) return;
    const now = findItem(qc, boardId, item.id) ?? item;
    setAnnounce(t("gantt.moved", { title: item.title, dates: spanText(span) }));
    await setCell(now, col.value, { start: dayText(span.start), end: dayText(span.end) });
  }

  function nudge(item: TodoItem, span: Span) {
    setPending((m) => new Map(m).set(item.id, span));
    setAnnounce(t("gantt.moved", { title: item.title, dates: spanText(span) }));
    clearTimeout(timers.current.get(item.id));
    timers.current.set(item.id, setTimeout(() => {
      timers.current.delete(item.id);
      void save(item, span).finally(() => setPending((m) => {
        if (m.get(item.id) !== span) return m;
        const n = new Map(m);
        n.delete(item.id);
        return n;
      }));
    }, NUDGE_SAVE_MS));
  }

  async function addDependency(from: TodoItem, to: TodoItem) {
    setChoosing(null);
    try {
      const dep = await todoApi.addDependency(boardId, from.id, to.id);
      updateEntries(qc, boardId, (e) => ({ ...e, dependencies: [...e.dependencies.filter((d) => d.id !== dep.id), dep] }));
      setAnnounce(t("gantt.linked", { from: from.title, to: to.title }));
    } catch (e) {
      refused(e);
    }
    // The successor may have been pushed after its new predecessor.
    void qc.invalidateQueries({ queryKey: todoKeys.board(boardId) });
  }

  const itemsRef = useRef(items);
  itemsRef.current = items;
  const link = useLinkDrag(body, scroller, (fromId, toId) => {
    const from = itemsRef.current.find((it) => it.id === fromId);
    const to = itemsRef.current.find((it) => it.id === toId);
    if (from && to) void addDependency(from, to);
  });

  async function removeDependency(id: number) {
    const before = entry.dependencies;
    updateEntries(qc, boardId, (e) => ({ ...e, dependencies: e.dependencies.filter((d) => d.id !== id) }));
    try {
      await todoApi.deleteDependency(boardId, id);
    } catch (e) {
      updateEntries(qc, boardId, (x) => ({ ...x, dependencies: before }));
      refused(e);
    }
  }

  async function addTimelineColumn() {
    const at = entry.header.findIndex((c) => c.type === "ADDITIONAL");
    const next = [...entry.header];
    next.splice(at < 0 ? next.length : at, 0, {
      value: newColumnKey(), type: "TIMELINE", name: "", width: HEADER_WIDTHS.TIMELINE.width, connectedColumn: null, options: [],
    });
    await saveHeader(next);
  }

  if (!col) {
    return (
      <div className="tk-empty tg-empty" role="status">
        <h2 className="tk-empty-title">{t("gantt.noTimeline.title")}</h2>
        <p>{t("gantt.noTimeline.how")}</p>
        {canEdit && <Button onPress={() => void addTimelineColumn()}>{t("gantt.noTimeline.add")}</Button>}
      </div>
    );
  }

  const titleOf = new Map(items.map((it) => [it.id, it.title]));
  const linksOf = (id: number): BarLink[] =>
    entry.dependencies.flatMap((d): BarLink[] =>
      d.toItemId === id ? [{ dependencyId: d.id, title: titleOf.get(d.fromItemId) ?? "?", kind: "before" }]
      : d.fromItemId === id ? [{ dependencyId: d.id, title: titleOf.get(d.toItemId) ?? "?", kind: "after" }]
      : []);
  const colorOf = (item: TodoItem, group: TodoGroup | undefined) => {
    const label = statusCol ? asText(item.itemRow.items[statusCol.value]) : "";
    return statusCol?.options.find((o) => o.label === label)?.color ?? group?.color ?? "#579bfc";
  };
  const groupById = new Map(groups.map((g) => [g.id, g]));
  const undated = rows.filter((r) => r.kind === "item" && !r.span).length;
  const moreGroups = groups.filter((g) => more[g.id]);
  const width = labelWidth + range.days * dayWidth;
  const bodyHeight = virtual.getTotalSize();

  return (
    <div className="tg-view">
      <div className="tg-toolbar">
        <ToggleButtonGroup className="tg-zoom" aria-label={t("gantt.zoom")} selectionMode="single" disallowEmptySelection
          selectedKeys={[zoom]} onSelectionChange={(keys) => {
            const k = [...keys][0];
            if (k === "week" || k === "month") setZoom(k);
          }}>
          <ToggleButton id="week" className="tg-zoom-btn">{t("gantt.week")}</ToggleButton>
          <ToggleButton id="month" className="tg-zoom-btn">{t("gantt.month")}</ToggleButton>
        </ToggleButtonGroup>
        <span className="wk-muted">{undated > 0 ? t("gantt.undated", { count: undated }) : ""}</span>
        <span className="wk-spacer" />
        {moreGroups.length > 0 && (
          <Button variant="secondary" className="wk-small" isDisabled={loadingMore.size > 0}
            onPress={() => void Promise.all(moreGroups.map((g) => loadMore(g.id)))}>
            {t("gantt.loadMore")}
          </Button>
        )}
      </div>
      <p id={hintId} className="visually-hidden">{t("gantt.keyboardHint")}</p>
      <div ref={scroller} className="tg-scroller" role="region" aria-label={t("gantt.label")} tabIndex={-1}>
        <div className="tg-canvas" style={{ width }}>
          <div className="tg-axis" style={{ width }}>
            <div className="tg-corner" style={{ width: labelWidth }}>{t("gantt.items")}</div>
            <div className="tg-axis-rows" aria-hidden="true">
              <div className="tg-axis-top">
                {ticks.top.map((x, i) => (
                  <span key={x.at} className="tg-tick tg-tick-top"
                    style={{ left: labelWidth + x.at * dayWidth, width: ((ticks.top[i + 1]?.at ?? range.days) - x.at) * dayWidth }}>
                    <span className="tg-tick-sticky" style={{ left: labelWidth }}>{x.label}</span>
                  </span>
                ))}
              </div>
              <div className="tg-axis-bottom">
                {ticks.bottom.map((x) => (
                  <span key={x.at} className="tg-tick" data-major={x.major || undefined}
                    style={{ left: labelWidth + x.at * dayWidth, width: zoom === "week" ? dayWidth : undefined }}>{x.label}</span>
                ))}
              </div>
            </div>
          </div>
          <div ref={body} className="tg-body" style={{
            height: bodyHeight,
            backgroundImage: `linear-gradient(to right, transparent ${5 * dayWidth}px, var(--tg-weekend) ${5 * dayWidth}px)`,
            backgroundSize: `${7 * dayWidth}px 100%`,
            backgroundPosition: `${labelWidth}px 0`,
          }}>
            {today >= range.from && today < range.from + range.days && (
              <div className="tg-today" style={{ left: labelWidth + (today - range.from) * dayWidth + dayWidth / 2 }} aria-hidden="true" />
            )}
            <DependencyArrows dependencies={entry.dependencies} rowOf={rowOf} rowHeight={ROW_HEIGHT} height={bodyHeight} width={width}
              x={(day) => labelWidth + (day - range.from) * dayWidth}
              spanOf={(id) => {
                const r = rows[rowOf.get(id) ?? -1];
                return r?.kind === "item" ? shownSpan(r) : null;
              }} />
            {link.line && (
              <svg className="tg-link-drag" width={width} height={bodyHeight} aria-hidden="true">
                <line x1={link.line.x1} y1={link.line.y1} x2={link.line.x2} y2={link.line.y2} className="tg-link-line" />
                <circle cx={link.line.x2} cy={link.line.y2} r={4} className="tg-link-end" />
              </svg>
            )}
            {virtual.getVirtualItems().map((v) => {
              const r = rows[v.index];
              if (r.kind === "group") {
                return (
                  <div key={`g${r.group.id}`} className="tg-row tg-group-row" style={{ top: v.start, height: ROW_HEIGHT }}>
                    <div className="tg-label tg-group-label" style={{ width: labelWidth, borderLeftColor: r.group.color }}>
                      <span className="tk-ellipsis">{r.group.title}</span>
                    </div>
                  </div>
                );
              }
              const span = shownSpan(r);
              return (
                <div key={r.item.id} className="tg-row" style={{ top: v.start, height: ROW_HEIGHT }}>
                  <div className="tg-label" style={{ width: labelWidth }}>
                    <AriaButton className="tg-title" onPress={() => openItem({ groupId: r.item.groupId, itemId: r.item.id })}>{r.item.title}</AriaButton>
                  </div>
                  {span
                    ? (
                      <GanttBar item={r.item} span={span} from={range.from} dayWidth={dayWidth} left={labelWidth}
                        color={colorOf(r.item, groupById.get(r.item.groupId))} canEdit={canEdit} hintId={hintId}
                        label={t("gantt.bar", { title: r.item.title, dates: spanText(span) })}
                        links={linksOf(r.item.id)} linkTarget={link.overId === r.item.id}
                        onPreview={(s) => setPreview(s ? { id: r.item.id, span: s } : null)}
                        onCommit={(s) => {
                          setPending((m) => new Map(m).set(r.item.id, s));
                          void save(r.item, s).finally(() => setPending((m) => {
                            const n = new Map(m);
                            n.delete(r.item.id);
                            return n;
                          }));
                        }}
                        onNudge={(s) => nudge(r.item, s)}
                        onOpen={() => openItem({ groupId: r.item.groupId, itemId: r.item.id })}
                        onDependsOn={() => setChoosing({ item: r.item, direction: "before" })}
                        onComesBefore={() => setChoosing({ item: r.item, direction: "after" })}
                        onLinkStart={(e) => link.start(e, r.item.id)}
                        onRemoveLink={(id) => void removeDependency(id)}
                        onClear={() => void setCell(findItem(qc, boardId, r.item.id) ?? r.item, col.value, null)} />
                    )
                    : canEdit && (
                      <Button variant="ghost" className="tg-set-dates" style={{ left: labelWidth + (today - range.from) * dayWidth }}
                        aria-label={t("gantt.setDatesOf", { title: r.item.title })}
                        onPress={() => void save(r.item, { start: today, end: today + 2 })}>
                        {t("gantt.setDates")}
                      </Button>
                    )}
                </div>
              );
            })}
          </div>
        </div>
      </div>
      <div className="visually-hidden" aria-live="polite">{announce}</div>
      {choosing && (
        <DependencyDialog item={choosing.item} direction={choosing.direction} onClose={() => setChoosing(null)}
          candidates={items.filter((it) => it.id !== choosing.item.id && !entry.dependencies.some((d) =>
            choosing.direction === "before" ? d.toItemId === choosing.item.id && d.fromItemId === it.id : d.fromItemId === choosing.item.id && d.toItemId === it.id))}
          onChoose={(other) => void (choosing.direction === "before" ? addDependency(other, choosing.item) : addDependency(choosing.item, other))} />
      )}
    </div>
  );
}
