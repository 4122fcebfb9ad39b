// Free/busy of the invited colleagues (POST freeBusy) on the event's first day: a row per person with their
// busy times over the day's hours, the event's own time marked across all rows; a list of the busy times for
// screen readers. Only colleagues (internal users) are looked up (001 §5).
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import * as calApi from "../api.ts";
import { addDays, dayNum, formatTime, isoWithOffset, shortTime, type Ymd, zoned } from "../dates.ts";
import { calendarErrorText } from "../actions.ts";

const FROM = 7 * 60;
const TO = 22 * 60;

export function FreeBusyGrid({ userIds, names, day, startMin, endMin, allDay, tz }: {
  userIds: number[];
  names: Map<number, string>;
  day: Ymd;
  startMin: number;
  endMin: number;
  allDay: boolean;
  tz: string;
}) {
  const { t, i18n } = useTranslation("calendar");
  const lng = i18n.language;
  const q = useQuery({
    queryKey: ["calendar", "freeBusy", userIds.join(","), day, tz],
    queryFn: ({ signal }) => calApi.freeBusy(userIds, isoWithOffset(day, 0, tz), isoWithOffset(addDays(day, 1), 0, tz), tz, signal),
    enabled: userIds.length > 0,
    staleTime: 30_000,
  });
  if (!userIds.length) return null;
  const span = TO - FROM;
  const pct = (m: number) => `${((Math.min(TO, Math.max(FROM, m)) - FROM) / span) * 100}%`;
  const hours = Array.from({ length: (TO - FROM) / 60 + 1 }, (_, i) => FROM + i * 60);
  const d0 = dayNum(day);
  const minutesOf = (iso: string, isAllDay: boolean, end: boolean) => {
    if (isAllDay) {
      const n = dayNum(iso.slice(0, 10));
      return end ? (n >= d0 ? 1440 : 0) : n <= d0 ? 0 : 1440;
    }
    const z = zoned(Date.parse(iso), tz);
    const n = dayNum(z.ymd);
    return n < d0 ? 0 : n > d0 ? 1440 : z.minutes;
  };
  return (
    <section className="cal-fb" aria-labelledby="cal-fb-title">
      <h3 id="cal-fb-title" className="field-label">{t("freeBusy.title")}</h3>
      {q.error && <p className="field-error" role="alert">{calendarErrorText(q.error)}</p>}
      {q.isPending && <p className="cal-muted">{t("freeBusy.loading")}</p>}
      {q.data && (
        <div className="cal-fb-grid">
          <div className="cal-fb-row cal-fb-hours" aria-hidden="true">
            <span className="cal-fb-name" />
            <div className="cal-fb-track">
              {hours.filter((h) => (h - FROM) % 180 === 0 && h < TO).map((h) => <span key={h} className="cal-fb-hour" style={{ left: pct(h) }}>{shortTime(h, lng)}</span>)}
            </div>
          </div>
          {q.data.map((p) => {
            const slots = p.busy.map((b) => ({ s: minutesOf(b.start, b.isAllDay, false), e: minutesOf(b.end, b.isAllDay, true) })).filter((b) => b.e > b.s);
            const name = p.name || names.get(p.userId) || p.email;
            return (
              <div key={p.userId} className="cal-fb-row">
                <span className="cal-fb-name" title={name}>{name}</span>
                <div className="cal-fb-track" aria-hidden="true">
                  {slots.map((b, i) => <span key={i} className="cal-fb-busy" style={{ left: pct(b.s), width: `calc(${pct(b.e)} - ${pct(b.s)})` }} />)}
                  {!allDay && <span className="cal-fb-event" style={{ left: pct(startMin), width: `calc(${pct(endMin)} - ${pct(startMin)})` }} />}
                </div>
                <span className="visually-hidden">
                  {slots.length
                    ? t("freeBusy.busyAt", { name, times: slots.map((b) => `${formatTime(b.s, lng)}–${formatTime(b.e % 1440, lng)}`).join(", ") })
                    : t("freeBusy.free", { name })}
                </span>
              </div>
            );
          })}
        </div>
      )}
    </section>
  );
}
