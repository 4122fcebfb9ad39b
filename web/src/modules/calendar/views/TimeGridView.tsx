// Day, 4-day and week views: a column per day with the hours, timed events placed by their minutes (overlapping
// ones side by side), an all-day row on top for all-day and multi-day events, and the current time as a line.
// Pointer: drag an event to move it (by half hours and across days), drag its lower edge to resize it, drag
// over empty hours to make a new event there (a click makes a one-hour one). Keyboard, on a focused event:
// Alt + arrow up / down moves it by half an hour, Alt + arrow left / right by a day, Alt + Shift + up / down
// changes its end; Enter opens it. A recurring event asks this / following / all first (actions.ts).
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { EventItem } from "@shared/calendar/events.ts";
import { addDays, dayNum, formatDay, formatTime, hhmm, hourLabel, instantOf, shortTime, ymdOf, zoned } from "../dates.ts";
import { type Column, dayColumns, fitLanes, lanes, type Placed } from "../layout.ts";
import { viewDays } from "../view-range.ts";
import { colorStyle } from "../colors.ts";
import { type MoveTarget, shiftAllDay, useEventActions } from "../actions.ts";
import type { ViewProps } from "./types.ts";
import { leaveLabel, leaveState } from "../leave-status.ts";

const HOUR_H = 48;
const SLOT = 30;
const SLOT_H = (HOUR_H * SLOT) / 60;
const DAY_MS = 86_400_000;
const LANE_H = 22;
const ALLDAY_LANES = 3;

type Drag =
  | { kind: "move" | "resize"; item: EventItem; col: Column; x0: number; y0: number; dDays: number; dMin: number; moved: boolean }
  | { kind: "create"; day: number; from: number; to: number; moved: boolean };

export function TimeGridView({ type, focus, tz, today, lng, items, colors, onOpen, onCreate, onGo }: ViewProps) {
  const { t } = useTranslation("calendar");
  const { first, count } = viewDays(type, focus);
  const days = Array.from({ length: count }, (_, i) => addDays(first, i));
  const a = dayNum(first);
  const b = a + count - 1;
  const scrollRef = useRef<HTMLDivElement>(null);
  const colsRef = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const dragRef = useRef<Drag | null>(null);
  const [now, setNow] = useState(() => zoned(Date.now(), tz));
  const actions = useEventActions();
  const [allDayOpen, setAllDayOpen] = useState(false);

  useEffect(() => {
    const id = setInterval(() => setNow(zoned(Date.now(), tz)), 60_000);
    return () => clearInterval(id);
  }, [tz]);

  // Scrolled, when the view opens, to 8 o'clock or to the first timed event of the days shown if earlier.
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const starts = items.filter((p) => !p.bar && p.startDay >= a && p.startDay <= b).map((p) => p.startMin);
    const target = Math.max(0, Math.min(8 * 60, ...starts) - 30);
    el.scrollTop = (target / 60) * HOUR_H;
  }, [type, first, items.length > 0]);

  const laned = lanes(items.filter((p) => p.bar), a, b);
  const maxLanes = allDayOpen ? Math.max(1, ...laned.map((p) => p.lane + 1)) : ALLDAY_LANES;
  const { shown: bars, hidden } = fitLanes(laned, a, b, maxLanes);
  const laneCount = Math.max(1, Math.min(maxLanes, Math.max(0, ...laned.map((p) => p.lane + 1))));

  // Pointer geometry: which day and minute a point is over.
  function slotAt(x: number, y: number): { day: number; min: number } {
    const r = colsRef.current!.getBoundingClientRect();
    const col = Math.min(count - 1, Math.max(0, Math.floor(((x - r.left) / r.width) * count)));
    const min = Math.min(1440 - SLOT, Math.max(0, Math.floor((y - r.top) / SLOT_H) * SLOT));
    return { day: a + col, min };
  }

  function update(d: Drag | null) {
    dragRef.current = d;
    setDrag(d);
  }

  function startItem(e: React.PointerEvent, col: Column, kind: "move" | "resize") {
    if (e.button !== 0 || !col.item.editable) return;
    e.stopPropagation();
    (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
    update({ kind, item: col.item, col, x0: e.clientX, y0: e.clientY, dDays: 0, dMin: 0, moved: false });
  }

  function startCreate(e: React.PointerEvent) {
    if (e.button !== 0 || (e.target as HTMLElement).closest(".cal-item")) return;
    (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
    const s = slotAt(e.clientX, e.clientY);
    update({ kind: "create", day: s.day, from: s.min, to: s.min + SLOT, moved: false });
  }

  function onMove(e: React.PointerEvent) {
    const d = dragRef.current;
    if (!d) return;
    if (d.kind === "create") {
      const s = slotAt(e.clientX, e.clientY);
      const from = Math.min(d.from, s.min);
      const to = Math.max(d.from + SLOT, s.min + SLOT);
      if (to !== d.to || from !== d.from) update({ ...d, to, moved: true, from: s.min < d.from ? s.min : d.from });
      return;
    }
    const r = colsRef.current!.getBoundingClientRect();
    const dMin = Math.round((e.clientY - d.y0) / SLOT_H) * SLOT;
    const dDays = d.kind === "move" ? Math.round((e.clientX - d.x0) / (r.width / count)) : 0;
    const moved = d.moved || Math.abs(e.clientY - d.y0) > 4 || Math.abs(e.clientX - d.x0) > 4;
    if (dMin !== d.dMin || dDays !== d.dDays || moved !== d.moved) update({ ...d, dMin, dDays, moved });
  }

  async function onUp(e: React.PointerEvent) {
    const d = dragRef.current;
    if (!d) return;
    update(null);
    if (d.kind === "create") {
      const day = ymdOf(d.day);
      onCreate({ kind: "new", day, startMin: d.from, endMin: d.moved ? d.to : Math.min(1440, d.from + 60) });
      return;
    }
    if (!d.moved) {
      onOpen(d.item, (e.target as HTMLElement).closest(".cal-item"));
      return;
    }
    if (d.dMin === 0 && d.dDays === 0) return;
    await actions.move(d.item, timedTarget(d.item, d.kind, d.dDays, d.dMin, tz));
  }

  async function onItemKey(e: React.KeyboardEvent, item: EventItem) {
    if (!e.altKey || !item.editable) return;
    const step: Record<string, [number, number]> = { ArrowUp: [0, -SLOT], ArrowDown: [0, SLOT], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
    const s = step[e.key];
    if (!s) return;
    e.preventDefault();
    e.stopPropagation();
    if (item.isAllDay) {
      if (s[0] === 0) return;
      await actions.move(item, { ...shiftAllDay(item, s[0]), isAllDay: true, timezone: item.timezone ?? tz });
      return;
    }
    const kind = e.shiftKey && s[0] === 0 ? "resize" : "move";
    await actions.move(item, timedTarget(item, kind, s[0], s[1], tz));
  }

  const nowTop = (now.minutes / 60) * HOUR_H;

  return (
    <div className="cal-tg" style={{ "--days": count } as React.CSSProperties}>
      <div className="cal-tg-head">
        <div className="cal-tg-gutter" aria-hidden="true">{zoneLabel(tz, lng)}</div>
        {days.map((day) => (
          <button key={day} type="button" className="cal-tg-dayhead" data-today={day === today || undefined} aria-current={day === today ? "date" : undefined}
            onClick={() => onGo("day", day)} aria-label={formatDay(day, lng, { month: "long", day: "numeric", weekday: "long" })}>
            <span className="cal-tg-wd">{formatDay(day, lng, { weekday: "short" })}</span>
            <span className="cal-tg-dn">{Number(day.slice(8))}</span>
          </button>
        ))}
      </div>
      <div className="cal-tg-allday">
        <div className="cal-tg-gutter cal-tg-allday-label">
          {t("event.allDayShort")}
          {laned.some((p) => p.lane >= ALLDAY_LANES) && (
            <button type="button" className="cal-link-btn" onClick={() => setAllDayOpen(!allDayOpen)} aria-expanded={allDayOpen}>
              {allDayOpen ? t("grid.less") : t("grid.all")}
            </button>
          )}
        </div>
        <div className="cal-tg-allday-lanes" style={{ height: laneCount * LANE_H + 4 + (hidden.size ? LANE_H : 0) }}
          onClick={(e) => {
            if (e.target !== e.currentTarget) return;
            const r = e.currentTarget.getBoundingClientRect();
            const col = Math.floor(((e.clientX - r.left) / r.width) * count);
            onCreate({ kind: "new", day: addDays(first, col), allDay: true });
          }}>
          {bars.map((p) => (
            <button key={p.item.id} type="button" className="cal-item cal-bar" data-event-id={p.item.id}
              data-awaits={p.item.awaitsAction || undefined} data-leave={leaveState(p.item)}
              style={{ ...colorStyle(colors.get(p.item.calendarId)), left: `calc(${((p.from - a) / count) * 100}% + 2px)`, width: `calc(${((p.to - p.from + 1) / count) * 100}% - 4px)`, top: 2 + p.lane * LANE_H }}
              aria-label={itemLabel(p, t, lng)} title={itemLabel(p, t, lng)}
              onClick={(e) => onOpen(p.item, e.currentTarget)} onKeyDown={(e) => void onItemKey(e, p.item)}>
              <span className="cal-item-name">{p.item.name || t("event.noTitle")}</span>
            </button>
          ))}
          {[...hidden].map(([day, n]) => (
            <button key={`more-${day}`} type="button" className="cal-more" style={{ left: `${((day - a) / count) * 100}%`, top: 2 + laneCount * LANE_H }}
              onClick={() => setAllDayOpen(true)}>
              {t("month.more", { count: n })}
            </button>
          ))}
        </div>
      </div>
      {/* An id per view and period: the router restores a scroll position only when coming back to the same
          period, and never carries one view's position into another (its restoration copies them by selector). */}
      <div className="cal-tg-scroll" ref={scrollRef} data-scroll-restoration-id={`cal-tg-${type}-${first}`}>
        <div className="cal-tg-body" style={{ height: 24 * HOUR_H }}>
          <div className="cal-tg-gutter cal-tg-hours" aria-hidden="true">
            {Array.from({ length: 24 }, (_, h) => <div key={h} className="cal-tg-hour" style={{ top: h * HOUR_H }}>{h ? hourLabel(h * 60, lng) : ""}</div>)}
          </div>
          <div className="cal-tg-cols" ref={colsRef} onPointerDown={startCreate} onPointerMove={onMove} onPointerUp={(e) => void onUp(e)}
            onPointerCancel={() => update(null)}>
            {days.map((day) => {
              const dn = dayNum(day);
              const cols = dayColumns(items, dn);
              return (
                <div key={day} className="cal-tg-col" data-today={day === today || undefined} data-day={day}>
                  {cols.map((c) => {
                    const dragging = drag && drag.kind !== "create" && drag.item.id === c.item.id && drag.moved;
                    return (
                      <div key={c.item.id} className="cal-item cal-block" data-dragging={dragging || undefined} data-event-id={c.item.id}
                        data-awaits={c.item.awaitsAction || undefined} data-leave={leaveState(c.item)}
                        style={{ ...colorStyle(colors.get(c.item.calendarId)), top: (c.top / 60) * HOUR_H, height: Math.max(SLOT_H - 2, ((c.bottom - c.top) / 60) * HOUR_H - 2), left: `${(c.col / c.cols) * 100}%`, width: `calc(${100 / c.cols}% - 4px)` }}
                        onPointerDown={(e) => startItem(e, c, "move")} onPointerMove={onMove} onPointerUp={(e) => void onUp(e)}>
                        <button type="button" className="cal-block-btn" aria-label={itemLabel(c, t, lng)}
                          aria-keyshortcuts={c.item.editable ? "Alt+ArrowUp Alt+ArrowDown Alt+ArrowLeft Alt+ArrowRight Alt+Shift+ArrowUp Alt+Shift+ArrowDown" : undefined}
                          onClick={(e) => (e.detail === 0 || !c.item.editable) && onOpen(c.item, e.currentTarget.parentElement)} onKeyDown={(e) => void onItemKey(e, c.item)}>
                          <span className="cal-item-name">{c.item.name || t("event.noTitle")}</span>
                          <span className="cal-item-time">{`${shortTime(c.startMin, lng)} – ${shortTime(c.endMin % 1440, lng)}`}</span>
                        </button>
                        {c.item.editable && (
                          <div className="cal-resize" aria-hidden="true" onPointerDown={(e) => startItem(e, c, "resize")} onPointerMove={onMove}
                            onPointerUp={(e) => void onUp(e)} />
                        )}
                      </div>
                    );
                  })}
                  {drag && drag.kind !== "create" && drag.moved && (
                    <Ghost drag={drag} day={dn} lng={lng} color={colors.get(drag.item.calendarId)} />
                  )}
                  {drag && drag.kind === "create" && drag.day === dn && (
                    <div className="cal-ghost cal-ghost-new" style={{ top: (drag.from / 60) * HOUR_H, height: ((drag.to - drag.from) / 60) * HOUR_H }}>
                      {`${hhmm(drag.from)} – ${hhmm(drag.to)}`}
                    </div>
                  )}
                  {day === today && <div className="cal-now" style={{ top: nowTop }} aria-hidden="true" />}
                </div>
              );
            })}
          </div>
        </div>
      </div>
    </div>
  );
}

function Ghost({ drag, day, lng, color }: { drag: Extract<Drag, { kind: "move" | "resize" }>; day: number; lng: string; color?: string }) {
  const c = drag.col;
  const targetDay = c.startDay + drag.dDays;
  if (targetDay !== day) return null;
  const top = drag.kind === "move" ? c.top + drag.dMin : c.top;
  const bottom = drag.kind === "move" ? c.bottom + drag.dMin : Math.max(c.top + SLOT, c.bottom + drag.dMin);
  return (
    <div className="cal-ghost" style={{ ...colorStyle(color), top: (Math.max(0, top) / 60) * HOUR_H, height: ((Math.min(1440, bottom) - Math.max(0, top)) / 60) * HOUR_H }}>
      {`${shortTime(((top % 1440) + 1440) % 1440, lng)} – ${shortTime(((bottom % 1440) + 1440) % 1440, lng)}`}
    </div>
  );
}

/** The new times of a timed event moved by days and minutes, or resized by minutes. */
function timedTarget(item: EventItem, kind: "move" | "resize", dDays: number, dMin: number, tz: string): MoveTarget {
  const s = Date.parse(item.start);
  const e = Date.parse(item.end);
  const shift = dDays * DAY_MS + dMin * 60_000;
  const start = kind === "move" ? s + shift : s;
  const end = kind === "move" ? e + shift : Math.max(s + SLOT * 60_000, e + dMin * 60_000);
  // A zone with clock changes keeps the wall clock: re-read the moved start in the zone.
  const z = zoned(s, tz);
  const fixedStart = kind === "move" && dDays ? instantOf(addDays(z.ymd, dDays), z.minutes + dMin, tz) : start;
  return { dtStart: new Date(fixedStart).toISOString(), dtEnd: new Date(fixedStart + (end - start)).toISOString(), isAllDay: false, timezone: item.timezone ?? tz };
}

function itemLabel(p: Placed, t: (k: string, o?: Record<string, unknown>) => string, lng: string): string {
  const when = p.item.isAllDay
    ? t("event.allDay")
    : `${formatDay(ymdOf(p.startDay), lng, { month: "short", day: "numeric" })} ${formatTime(p.startMin, lng)} – ${formatTime(p.endMin % 1440, lng)}`;
  return [p.item.name || t("event.noTitle"), when, leaveLabel(p.item, t), p.item.awaitsAction ? t("event.awaits") : ""].filter(Boolean).join(", ");
}

/** "GMT+9" for the gutter. */
function zoneLabel(tz: string, lng: string): string {
  try {
    return new Intl.DateTimeFormat(lng, { timeZone: tz, timeZoneName: "short" }).formatToParts(new Date()).find((p) => p.type === "timeZoneName")?.value ?? "";
  } catch {
    return "";
  }
}
