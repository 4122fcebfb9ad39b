// The small month in the side panel: its own previous / next month, a day to jump to (the view keeps its type).
// The days are one tab stop; arrows move a day or a week, Enter goes there.
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../ui/Button.tsx";
import { SvgIcon } from "../../../ui/icons.tsx";
import { addDays, addMonths, firstOfMonth, formatDay, monthKey, startOfWeek, type Ymd } from "../dates.ts";
import { ICONS } from "../Toolbar.tsx";

export function MiniMonth({ focus, today, lng, onPick }: { focus: Ymd; today: Ymd; lng: string; onPick(day: Ymd): void }) {
  const { t } = useTranslation("calendar");
  const [shown, setShown] = useState(firstOfMonth(focus));
  const [cursor, setCursor] = useState(focus);
  const ref = useRef<HTMLDivElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    setShown(firstOfMonth(focus));
    setCursor(focus);
  }, [focus]);
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    ref.current?.querySelector<HTMLElement>(`[data-mini-day="${cursor}"]`)?.focus();
  }, [cursor, shown]);

  const first = startOfWeek(shown);
  const days = Array.from({ length: 42 }, (_, i) => addDays(first, i));
  const month = monthKey(shown);
  const tabDay = monthKey(cursor) === month ? cursor : shown;

  function onKeyDown(e: React.KeyboardEvent, day: Ymd) {
    const delta: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
    if (delta[e.key] === undefined) return;
    e.preventDefault();
    e.stopPropagation();
    const next = addDays(day, delta[e.key]);
    moved.current = true;
    setCursor(next);
    if (monthKey(next) !== month) setShown(firstOfMonth(next));
  }

  return (
    <div className="cal-mini" ref={ref}>
      <div className="cal-mini-head">
        <span className="cal-mini-title" aria-live="polite">{formatDay(shown, lng, { year: "numeric", month: "long" })}</span>
        <Button variant="ghost" className="cal-icon-btn cal-icon-sm" aria-label={t("mini.prev")} onPress={() => setShown(addMonths(shown, -1))}>
          <SvgIcon d={ICONS.prev} size={16} />
        </Button>
        <Button variant="ghost" className="cal-icon-btn cal-icon-sm" aria-label={t("mini.next")} onPress={() => setShown(addMonths(shown, 1))}>
          <SvgIcon d={ICONS.next} size={16} />
        </Button>
      </div>
      <div className="cal-mini-grid">
        {days.slice(0, 7).map((d) => <span key={`h${d}`} className="cal-mini-wd" aria-hidden="true">{formatDay(d, lng, { weekday: "narrow" })}</span>)}
        {days.map((d) => (
          <button key={d} type="button" className="cal-mini-day" data-mini-day={d} data-other={monthKey(d) !== month || undefined}
            data-today={d === today || undefined} data-focus={d === focus || undefined} tabIndex={d === tabDay ? 0 : -1}
            aria-current={d === today ? "date" : undefined} aria-pressed={d === focus}
            aria-label={formatDay(d, lng, { year: "numeric", month: "long", day: "numeric", weekday: "long" })}
            onClick={() => onPick(d)} onKeyDown={(e) => onKeyDown(e, d)}>
            {Number(d.slice(8))}
          </button>
        ))}
      </div>
    </div>
  );
}
