// The month grid: weeks of seven days; all-day and multi-day events as bars across the days they cover, timed
// ones as a line with their start time; what does not fit a day gives way to "+N more" (opens that day).
// Clicking a day's empty space starts an all-day event on it. Keyboard: the day numbers are one tab stop;
// arrows move a day or a week (into the next or previous month too), Home / End the week's ends, Enter opens
// the day; events are buttons (Enter opens the summary).
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { addDays, dayNum, formatDay, monthKey, shortTime, type Ymd, ymdOf } from "../dates.ts";
import { fitLanes, lanes, type Laned } from "../layout.ts";
import { viewDays } from "../view-range.ts";
import { colorStyle } from "../colors.ts";
import type { ViewProps } from "./types.ts";
import { leaveLabel, leaveState } from "../leave-status.ts";

const LANE_H = 22;
const HEAD_H = 28;

export function MonthView({ focus, today, lng, items, colors, onOpen, onCreate, onGo }: ViewProps) {
  const { t } = useTranslation("calendar");
  const { first, count } = viewDays("month", focus);
  const weeks = Array.from({ length: count / 7 }, (_, w) => Array.from({ length: 7 }, (_, d) => addDays(first, w * 7 + d)));
  const month = monthKey(focus);
  const gridRef = useRef<HTMLDivElement>(null);
  const [maxLanes, setMaxLanes] = useState(3);
  const [cursor, setCursor] = useState<Ymd>(focus);
  const moved = useRef(false);

  useEffect(() => setCursor((c) => (monthKey(c) === month ? c : focus)), [focus]);

  // As many lanes as a week's height holds.
  useLayoutEffect(() => {
    const el = gridRef.current;
    if (!el) return;
    const measure = () => {
      const week = el.querySelector<HTMLElement>(".cal-week");
      if (week) setMaxLanes(Math.max(1, Math.floor((week.clientHeight - HEAD_H - 2) / LANE_H)));
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [weeks.length]);

  // Keyboard moves keep the focus on the day (after a move into another month too).
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    gridRef.current?.querySelector<HTMLElement>(`[data-day="${cursor}"]`)?.focus();
  }, [cursor, focus]);

  function onKeyDown(e: React.KeyboardEvent, day: Ymd) {
    const delta: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
    let next: Ymd | null = null;
    if (delta[e.key] !== undefined) next = addDays(day, delta[e.key]);
    else if (e.key === "Home") next = addDays(day, -((dayNum(day) + 4) % 7));
    else if (e.key === "End") next = addDays(day, 6 - ((dayNum(day) + 4) % 7));
    if (!next) return;
    e.preventDefault();
    e.stopPropagation();
    moved.current = true;
    setCursor(next);
    if (monthKey(next) !== month) onGo("month", next);
  }

  const weekdayNames = weeks[0].map((d) => formatDay(d, lng, { weekday: "short" }));

  return (
    <div className="cal-month" ref={gridRef}>
      <div className="cal-month-head" aria-hidden="true">
        {weekdayNames.map((n, i) => <div key={i} className="cal-month-wd" data-weekday={i}>{n}</div>)}
      </div>
      <div className="cal-month-body" style={{ gridTemplateRows: `repeat(${weeks.length}, minmax(0, 1fr))` }}>
        {weeks.map((week) => {
          const a = dayNum(week[0]);
          const b = a + 6;
          const laned = lanes(items, a, b);
          const { shown, hidden } = fitLanes(laned, a, b, maxLanes);
          return (
            <div key={week[0]} className="cal-week">
              {week.map((day, i) => {
                const n = laned.filter((p) => p.from <= dayNum(day) && dayNum(day) <= p.to).length;
                return (
                  <div key={day} className="cal-day" data-other={monthKey(day) !== month || undefined} data-today={day === today || undefined}
                    data-weekday={i} onClick={(e) => e.target === e.currentTarget && onCreate({ kind: "new", day, allDay: true })}>
                    <button
                      type="button"
                      className="cal-day-num"
                      data-day={day}
                      tabIndex={day === cursor ? 0 : -1}
                      aria-current={day === today ? "date" : undefined}
                      aria-label={`${formatDay(day, lng, { month: "long", day: "numeric", weekday: "long" })}${n ? `, ${t("month.count", { count: n })}` : ""}`}
                      onClick={() => onGo("day", day)}
                      onKeyDown={(e) => onKeyDown(e, day)}
                      onFocus={() => setCursor(day)}
                    >
                      {Number(day.slice(8))}
                    </button>
                  </div>
                );
              })}
              <div className="cal-week-events">
                {shown.map((p) => <MonthItem key={`${p.item.id}-${p.from}`} p={p} weekStart={a} lng={lng} color={colors.get(p.item.calendarId)} onOpen={onOpen} />)}
                {[...hidden].map(([day, n]) => (
                  <button key={`more-${day}`} type="button" className="cal-more"
                    style={{ left: `${((day - a) / 7) * 100}%`, top: HEAD_H + (maxLanes - 1) * LANE_H }}
                    onClick={() => onGo("day", ymdOf(day))}
                    aria-label={t("month.moreLabel", { count: n, date: formatDay(ymdOf(day), lng, { month: "long", day: "numeric" }) })}>
                    {t("month.more", { count: n })}
                  </button>
                ))}
              </div>
            </div>
          );
        })}
      </div>
    </div>
  );
}

function MonthItem({ p, weekStart, lng, color, onOpen }: { p: Laned; weekStart: number; lng: string; color?: string; onOpen: ViewProps["onOpen"] }) {
  const { t } = useTranslation("calendar");
  const span = p.to - p.from + 1;
  const style = {
    ...colorStyle(color),
    left: `calc(${((p.from - weekStart) / 7) * 100}% + 2px)`,
    width: `calc(${(span / 7) * 100}% - 4px)`,
    top: HEAD_H + p.lane * LANE_H,
  };
  const time = p.item.isAllDay ? "" : shortTime(p.startMin, lng);
  const label = [p.item.name || t("event.noTitle"), p.item.isAllDay ? t("event.allDay") : time, leaveLabel(p.item, t), p.item.awaitsAction ? t("event.awaits") : ""]
    .filter(Boolean).join(", ");
  return (
    <button type="button" className={p.bar ? "cal-item cal-bar" : "cal-item cal-dot"} style={style}
      data-continues-before={p.startDay < p.from || undefined} data-continues-after={p.endDay > p.to || undefined}
      data-awaits={p.item.awaitsAction || undefined} data-leave={leaveState(p.item)} data-event-id={p.item.id} aria-label={label} title={label}
      onClick={(e) => onOpen(p.item, e.currentTarget)}>
      {!p.bar && <span className="cal-dot-mark" aria-hidden="true" />}
      {!p.bar && <span className="cal-item-time">{time}</span>}
      <span className="cal-item-name">{p.item.name || t("event.noTitle")}</span>
    </button>
  );
}
