// cal-2 This week: the week's events (Monday to Sunday) under their days, in the caller's time zone.
import { useTranslation } from "react-i18next";
import type { CalendarWidgetData } from "@shared/home/widgets.ts";
import { Empty, type WidgetProps, useWidgetData, WidgetState } from "./common.tsx";
import { dayOf, EventList } from "./events.tsx";

export default function Cal2({ widget }: WidgetProps) {
  const { t, i18n } = useTranslation("home");
  return (
    <WidgetState query={useWidgetData("cal-2", widget)}>
      {(data) => {
        if (data.events.length === 0) return <Empty text={t("widget.cal-2.empty")} />;
        const days = new Map<string, CalendarWidgetData["events"]>();
        for (const e of data.events) {
          const d = e.allDay ? e.start.slice(0, 10) : dayOf(e.start, data.timeZone);
          days.set(d, [...(days.get(d) ?? []), e]);
        }
        const dayName = new Intl.DateTimeFormat(i18n.language, { weekday: "short", month: "short", day: "numeric", timeZone: "UTC" });
        return (
          <div className="hm-days">
            {[...days].sort(([a], [b]) => a.localeCompare(b)).map(([d, events]) => {
              const label = dayName.format(new Date(`${d}T00:00:00Z`));
              return (
                <section key={d} className="hm-day" aria-label={label}>
                  <h3 className="hm-day-name">{label}</h3>
                  <EventList events={events} timeZone={data.timeZone} label={label} />
                </section>
              );
            })}
          </div>
        );
      }}
    </WidgetState>
  );
}
