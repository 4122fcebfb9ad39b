// The calendar widgets' event rows: the time (or "all day") in the caller's zone, the title, the place.
import { useTranslation } from "react-i18next";
import type { CalendarWidgetData } from "@shared/home/widgets.ts";
import { hrefOf } from "./common.tsx";

export const dayOf = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(iso));

export function EventList({ events, timeZone, label }: { events: CalendarWidgetData["events"]; timeZone: string; label: string }) {
  const { t, i18n } = useTranslation("home");
  const time = new Intl.DateTimeFormat(i18n.language, { hour: "numeric", minute: "2-digit", timeZone });
  return (
    <ul className="hm-rows" aria-label={label}>
      {events.map((e) => (
        <li key={`${e.id}-${e.start}`} className="hm-row hm-event">
          <span className="hm-event-color" style={{ background: e.color ?? "var(--accent, #3b6fd8)" }} aria-hidden="true" />
          <a href={hrefOf(e.link)} className="hm-row-link">
            <span className="hm-row-title">{e.title}</span>
            <span className="hm-row-meta">
              <span>{e.allDay ? t("widget.cal.allDay") : `${time.format(new Date(e.start))} – ${time.format(new Date(e.end))}`}</span>
              {e.location && <span className="hm-row-sub">{e.location}</span>}
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
