// The calendar's toolbar: today, previous and next period, the period's title, the view switcher (links to
// /cal/{type}/{focus}), search and a new event.
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { Button } from "../../ui/Button.tsx";
import { SvgIcon } from "../../ui/icons.tsx";
import { CALENDAR_VIEWS } from "@shared/calendar/constants.ts";
import { dayNum, formatDay, type Ymd } from "./dates.ts";
import { stepFocus, viewDays, type ViewType } from "./view-range.ts";

export const ICONS = {
  prev: "M15 18l-6-6 6-6",
  next: "M9 18l6-6-6-6",
  search: "M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16zM21 21l-4.35-4.35",
  plus: "M12 5v14M5 12h14",
  more: "M12 6h.01M12 12h.01M12 18h.01",
  clock: "M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM12 6v6l4 2",
  pin: "M12 22s7-6.2 7-12a7 7 0 0 0-14 0c0 5.8 7 12 7 12zM12 12a2 2 0 1 0 0-4 2 2 0 0 0 0 4z",
  people: "M17 21v-2a4 4 0 0 0-4-4H5a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM23 21v-2a4 4 0 0 0-3-3.9M16 3.1a4 4 0 0 1 0 7.8",
  repeat: "M17 1l4 4-4 4M3 11V9a4 4 0 0 1 4-4h14M7 23l-4-4 4-4M21 13v2a4 4 0 0 1-4 4H3",
  edit: "M12 20h9M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z",
  trash: "M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6",
  bell: "M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 0 1-3.4 0",
  text: "M4 6h16M4 12h16M4 18h10",
  cal: "M5 4h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zM16 2v4M8 2v4M3 10h18",
} as const;

/** The period's name: "2026년 12월", "2026. 11. 29. – 12. 5.", "2026년 12월 5일 토요일". */
export function periodTitle(type: ViewType, focus: Ymd, lng: string): string {
  if (type === "month") return formatDay(focus, lng, { year: "numeric", month: "long" });
  if (type === "day") return formatDay(focus, lng, { year: "numeric", month: "long", day: "numeric", weekday: "long" });
  const { first, last } = viewDays(type, focus);
  const f = new Intl.DateTimeFormat(lng, { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
  return f.formatRange(new Date(dayNum(first) * 86_400_000), new Date(dayNum(last) * 86_400_000));
}

export function Toolbar({ type, focus, today, lng, onGo, onSearch, onNew }: {
  type: ViewType;
  focus: Ymd;
  today: Ymd;
  lng: string;
  onGo(type: ViewType, focus: Ymd): void;
  onSearch(): void;
  onNew(): void;
}) {
  const { t } = useTranslation("calendar");
  return (
    <div className="cal-toolbar">
      <div className="cal-toolbar-nav">
        <Button variant="secondary" className="cal-today" onPress={() => onGo(type, today)}>{t("toolbar.today")}</Button>
        <Button variant="ghost" className="cal-icon-btn" aria-label={t(`toolbar.prev.${type}`)} onPress={() => onGo(type, stepFocus(type, focus, -1))}>
          <SvgIcon d={ICONS.prev} />
        </Button>
        <Button variant="ghost" className="cal-icon-btn" aria-label={t(`toolbar.next.${type}`)} onPress={() => onGo(type, stepFocus(type, focus, 1))}>
          <SvgIcon d={ICONS.next} />
        </Button>
        <h2 className="cal-title" aria-live="polite">{periodTitle(type, focus, lng)}</h2>
      </div>
      <div className="cal-toolbar-tools">
        <nav className="cal-views" aria-label={t("toolbar.views")}>
          {CALENDAR_VIEWS.map((v) => (
            <Link key={v} to="/cal/$type/$focus" params={{ type: v, focus }} className="cal-view-link" aria-current={v === type ? "page" : undefined}>
              {t(`view.${v}`)}
            </Link>
          ))}
        </nav>
        <Button variant="ghost" className="cal-icon-btn" aria-label={t("search.open")} onPress={onSearch}>
          <SvgIcon d={ICONS.search} />
        </Button>
        <Button className="cal-new cal-wide-only" onPress={onNew}>
          <SvgIcon d={ICONS.plus} size={18} />
          {t("toolbar.newEvent")}
        </Button>
      </div>
    </div>
  );
}
