// The ISO week (Monday..Sunday) of the type's resources: one row per resource, a column per day; each cell lists
// the day's bookings (time and title; one's own in the accent colour, pending ones marked) and offers "book" for
// that day (09:00, or the next slot today). A table: every booking and every "book" is its own button.
import { useTranslation } from "react-i18next";
import { DEFAULT_BOOKING_MINUTES, SLOT_MINUTES } from "@shared/resource/constants.ts";
import type { Booking, ResourceWithBookings } from "@shared/resource/resources.ts";
import { Button } from "react-aria-components";
import { SvgIcon } from "../../../ui/icons.tsx";
import { formatDay, moment, nowMinutes, timeOf, today, weekDays, type Ymd } from "../dates.ts";
import { ICONS } from "../icons.ts";
import { useResourceUi } from "../ui-state.ts";
import { ResourceInfo } from "./ResourceInfo.tsx";
import { spanOn } from "./slots.ts";

const DAY_START = 9 * 60;

export function WeekGrid({ from, resources }: { from: Ymd; resources: ResourceWithBookings[] }) {
  const { t, i18n } = useTranslation("resource");
  const ui = useResourceUi();
  const days = weekDays(from);
  const todayIs = today();
  function book(r: ResourceWithBookings, day: Ymd) {
    const start = day === todayIs ? Math.max(DAY_START, Math.ceil(nowMinutes() / SLOT_MINUTES) * SLOT_MINUTES) : DAY_START;
    const s = moment(day, start);
    const e = moment(day, start + DEFAULT_BOOKING_MINUTES);
    ui.openBooking({ mode: "save", draft: { resourceId: r.id, startDate: s.date, startTime: s.time, endDate: e.date, endTime: e.time } });
  }
  const open = (b: Booking) => ui.openBooking({ mode: b.mine ? "update" : "view", booking: b });
  return (
    <div className="rs-week-scroll">
      <table className="rs-week">
        <caption className="visually-hidden">{t("grid.weekLabel", { from: days[0], to: days[6] })}</caption>
        <thead>
          <tr>
            <th scope="col" className="rs-week-corner">{t("grid.resource")}</th>
            {days.map((d) => (
              <th scope="col" key={d} data-today={d === todayIs || undefined}>{formatDay(d, i18n.language, { month: "numeric", day: "numeric", weekday: "short" })}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {resources.map((r) => (
            <tr key={r.id} data-closed={!r.bookable || undefined}>
              <th scope="row" className="rs-week-name"><ResourceInfo resource={r} /></th>
              {days.map((d) => {
                const list = r.bookings.map((b) => ({ b, span: spanOn(b, d) })).filter((x) => x.span)
                  .sort((a, b) => a.span!.from - b.span!.from);
                const canBook = r.bookable && d >= todayIs && !(d === todayIs && nowMinutes() >= 1440 - SLOT_MINUTES);
                return (
                  <td key={d} className="rs-week-cell" data-today={d === todayIs || undefined}>
                    <ul className="rs-week-list">
                      {list.map(({ b, span }) => (
                        <li key={b.id}>
                          <Button className="rs-chip" data-mine={b.mine || undefined} data-pending={b.status === "REQUESTED" || undefined} onPress={() => open(b)}
                            aria-label={t("grid.chip", { from: timeOf(span!.from), to: timeOf(span!.to), title: b.title, name: b.booker.name, state: t(`status.${b.status}`) })}>
                            <span className="rs-chip-time">{timeOf(span!.from)}–{timeOf(span!.to)}</span>
                            <span className="rs-chip-title">{b.title}</span>
                          </Button>
                        </li>
                      ))}
                    </ul>
                    {canBook && (
                      <Button className="rs-week-add" aria-label={t("grid.bookDay", { name: r.name, date: formatDay(d, i18n.language) })} onPress={() => book(r, d)}>
                        <SvgIcon d={ICONS.plus} size={14} />
                      </Button>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
