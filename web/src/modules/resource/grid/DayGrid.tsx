// The day's time grid (002 §2): one row per resource, the day's 48 half-hours across (scrolled to working hours),
// bookings as blocks (one's own in the accent colour, REQUESTED ones striped as pending). A row of a resource under
// repair or not available, or one the user may not book, is greyed and takes no bookings; slots that have ended
// neither. Booking: drag across free slots of a row (pointer), or focus a slot (arrows move, Home / End to the
// day's ends) and press Enter; a booking's slot opens it instead. ARIA grid with row and column headers.
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { DEFAULT_BOOKING_MINUTES, SLOT_MINUTES } from "@shared/resource/constants.ts";
import type { Booking, ResourceWithBookings } from "@shared/resource/resources.ts";
import { moment, nowMinutes, timeOf, today, type Ymd } from "../dates.ts";
import { useResourceUi } from "../ui-state.ts";
import { ResourceInfo } from "./ResourceInfo.tsx";
import { daySlots, dragRun, SLOTS } from "./slots.ts";

const WORK_START_SLOT = 16; // 08:00
const SLOT_WIDTH = 36;

interface Drag {
  row: number;
  anchor: number;
  current: number;
}

export function DayGrid({ date, resources }: { date: Ymd; resources: ResourceWithBookings[] }) {
  const { t, i18n } = useTranslation("resource");
  const ui = useResourceUi();
  const scroller = useRef<HTMLDivElement>(null);
  const [focus, setFocus] = useState({ row: 0, slot: WORK_START_SLOT });
  const [drag, setDrag] = useState<Drag | null>(null);
  const focusMoved = useRef(false);
  const rows = useMemo(() => resources.map((r) => daySlots(r.bookings, date)), [resources, date]);
  const todayIs = today();
  const closedBefore = date < todayIs ? SLOTS : date > todayIs ? 0 : Math.floor(nowMinutes() / SLOT_MINUTES);
  const free = (row: number, slot: number) =>
    slot >= 0 && slot < SLOTS && slot >= closedBefore && resources[row].bookable && !rows[row].owner[slot];

  useEffect(() => {
    if (scroller.current) scroller.current.scrollLeft = WORK_START_SLOT * SLOT_WIDTH;
  }, [date]);
  useEffect(() => {
    if (!focusMoved.current) return;
    focusMoved.current = false;
    scroller.current?.querySelector<HTMLElement>(`[data-row="${focus.row}"][data-slot="${focus.slot}"]`)?.focus();
  }, [focus]);
  const row = Math.min(focus.row, resources.length - 1);

  const fmtTime = (slot: number) => timeOf(slot * SLOT_MINUTES);
  function book(r: number, from: number, to: number) {
    const start = from * SLOT_MINUTES;
    const endMin = to === from ? start + DEFAULT_BOOKING_MINUTES : (to + 1) * SLOT_MINUTES;
    const end = moment(date, endMin);
    ui.openBooking({ mode: "save", draft: { resourceId: resources[r].id, startDate: date, startTime: timeOf(start), endDate: end.date, endTime: end.time } });
  }
  function open(b: Booking) {
    ui.openBooking({ mode: b.mine ? "update" : "view", booking: b });
  }

  function onKeyDown(e: React.KeyboardEvent, r: number, s: number) {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0], Home: [0, -s], End: [0, SLOTS - 1 - s],
    };
    const m = moves[e.key];
    if (m) {
      e.preventDefault();
      const next = { row: Math.max(0, Math.min(resources.length - 1, r + m[0])), slot: Math.max(0, Math.min(SLOTS - 1, s + m[1])) };
      focusMoved.current = true;
      setFocus(next);
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      const owner = rows[r].owner[s];
      if (owner) open(owner);
      else if (free(r, s)) book(r, s, s);
    }
  }

  function slotAt(x: number, y: number): { row: number; slot: number } | null {
    const el = document.elementFromPoint(x, y)?.closest<HTMLElement>("[data-slot]");
    return el ? { row: Number(el.dataset.row), slot: Number(el.dataset.slot) } : null;
  }
  function onPointerDown(e: React.PointerEvent, r: number, s: number) {
    if (e.button !== 0 || !free(r, s)) return;
    e.preventDefault();
    (e.currentTarget as HTMLElement).releasePointerCapture?.(e.pointerId);
    setFocus({ row: r, slot: s });
    setDrag({ row: r, anchor: s, current: s });
  }
  useEffect(() => {
    if (!drag) return;
    const move = (e: PointerEvent) => {
      const at = slotAt(e.clientX, e.clientY);
      if (at && at.row === drag.row && at.slot !== drag.current) setDrag({ ...drag, current: at.slot });
    };
    const up = () => {
      const run = dragRun(drag.anchor, drag.current, (s) => free(drag.row, s));
      setDrag(null);
      book(drag.row, run.from, run.to);
    };
    const cancel = () => setDrag(null);
    globalThis.addEventListener("pointermove", move);
    globalThis.addEventListener("pointerup", up);
    globalThis.addEventListener("pointercancel", cancel);
    return () => {
      globalThis.removeEventListener("pointermove", move);
      globalThis.removeEventListener("pointerup", up);
      globalThis.removeEventListener("pointercancel", cancel);
    };
  }, [drag]);
  const run = drag ? dragRun(drag.anchor, drag.current, (s) => free(drag.row, s)) : null;

  return (
    <div className="rs-day-scroll" ref={scroller}>
      <div role="grid" className="rs-day" aria-label={t("grid.dayLabel", { date })} aria-rowcount={resources.length + 1} aria-colcount={SLOTS + 1}
        style={{ "--rs-slot": `${SLOT_WIDTH}px`, "--rs-slots": SLOTS } as React.CSSProperties}>
        <div role="row" className="rs-day-head" aria-rowindex={1}>
          <div role="columnheader" className="rs-day-corner" aria-colindex={1}>{t("grid.resource")}</div>
          {Array.from({ length: 24 }, (_, h) => (
            <div role="columnheader" key={h} className="rs-day-hour" aria-colindex={2 + h * 2} aria-colspan={2}>
              {String(h).padStart(2, "0")}
            </div>
          ))}
        </div>
        {resources.map((res, r) => {
          const closed = !res.bookable;
          return (
            <div role="row" key={res.id} className="rs-day-row" aria-rowindex={r + 2} data-closed={closed || undefined}>
              <div role="rowheader" className="rs-day-name" aria-colindex={1}>
                <ResourceInfo resource={res} />
              </div>
              {rows[r].owner.map((owner, s) => {
                const blocks = rows[r].blocks.filter((b) => b.slot === s);
                const picked = run && drag?.row === r && s >= run.from && s <= run.to;
                const past = s < closedBefore;
                const label = owner
                  ? t("grid.slotBooked", { time: fmtTime(s), title: owner.title, name: owner.booker.name, state: t(`status.${owner.status}`) })
                  : t(closed ? "grid.slotClosed" : past ? "grid.slotPast" : "grid.slotFree", { time: fmtTime(s), end: fmtTime(s + 1) });
                return (
                  <div role="gridcell" key={s} className="rs-slot" aria-colindex={s + 2} aria-label={label}
                    data-row={r} data-slot={s} data-hour={s % 2 === 0 || undefined} data-past={past || undefined} data-picked={picked || undefined}
                    aria-selected={picked ? true : undefined}
                    tabIndex={r === row && s === focus.slot ? 0 : -1}
                    onFocus={() => (focus.row !== r || focus.slot !== s) && setFocus({ row: r, slot: s })}
                    onKeyDown={(e) => onKeyDown(e, r, s)} onPointerDown={(e) => onPointerDown(e, r, s)}>
                    {blocks.map((b) => (
                      <BookingBlock key={b.booking.id} booking={b.booking} left={((b.from - s * SLOT_MINUTES) / SLOT_MINUTES) * SLOT_WIDTH}
                        width={((b.to - b.from) / SLOT_MINUTES) * SLOT_WIDTH} onOpen={() => open(b.booking)} lng={i18n.language} />
                    ))}
                  </div>
                );
              })}
            </div>
          );
        })}
      </div>
    </div>
  );
}

function BookingBlock({ booking: b, left, width, onOpen }: { booking: Booking; left: number; width: number; onOpen(): void; lng: string }) {
  const { t } = useTranslation("resource");
  const state = b.status === "REQUESTED" ? t("status.REQUESTED") : "";
  return (
    <div className="rs-block" data-mine={b.mine || undefined} data-pending={b.status === "REQUESTED" || undefined}
      style={{ left, width: Math.max(width - 2, 8) }} title={`${b.startTime}–${b.endTime} ${b.title} · ${b.booker.name}${state ? ` (${state})` : ""}`}
      onPointerDown={(e) => e.stopPropagation()} onClick={onOpen} aria-hidden="true">
      <span className="rs-block-title">{b.title}</span>
      <span className="rs-block-meta">{state ? `${state} · ` : ""}{b.booker.name}</span>
    </div>
  );
}
