// The notices of calendar alarms (CalendarAlarms.tsx): each an alert that stays until dismissed, with the
// event's title, start and place (read through GET /api/calendar/view/{id}: realtime payloads carry ids only),
// "Open" (the calendar at the event's day, its popup open: open-request.ts) and "Dismiss". When the user allowed
// browser notifications, each alarm is also shown by the browser (one per alarm across this user's tabs).
import { useQuery } from "@tanstack/react-query";
import { useNavigate, useRouterState } from "@tanstack/react-router";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { EventDetail } from "@shared/calendar/events.ts";
import { Button } from "../../../ui/Button.tsx";
import { viewEvent } from "../api.ts";
import { configQuery, displayZone } from "../queries.ts";
import type { ReceivedAlarm } from "./CalendarAlarms.tsx";
import { requestOpen } from "./open-request.ts";
import { notifyPermission } from "./permission.ts";
import "./alarms.css";

export default function AlarmNotices({ alarms, onDismiss }: { alarms: ReceivedAlarm[]; onDismiss(key: string): void }) {
  const { t } = useTranslation("calendar");
  return (
    <section className="cal-alarms" aria-label={t("alarms.notice.region")}>
      {alarms.map((a) => <AlarmNotice key={a.key} alarm={a} onDismiss={() => onDismiss(a.key)} />)}
    </section>
  );
}

function whenText(a: ReceivedAlarm, lng: string, tz: string, allDay: (date: string) => string): string {
  if (a.allDay) {
    const [y, m, d] = a.start.split("-").map(Number);
    return allDay(new Intl.DateTimeFormat(lng, { dateStyle: "full", timeZone: "UTC" }).format(Date.UTC(y, m - 1, d)));
  }
  return new Intl.DateTimeFormat(lng, { dateStyle: "full", timeStyle: "short", timeZone: tz }).format(new Date(a.start));
}

function AlarmNotice({ alarm, onDismiss }: { alarm: ReceivedAlarm; onDismiss(): void }) {
  const { t, i18n } = useTranslation("calendar");
  const navigate = useNavigate();
  const inCalendar = useRouterState({ select: (s) => s.location.pathname.startsWith("/cal") });
  const tz = displayZone(useQuery(configQuery).data);
  const detail = useQuery({ queryKey: ["calendar", "alarmEvent", alarm.id], queryFn: ({ signal }) => viewEvent(alarm.id, signal), retry: false });
  const title = detail.data?.detail.summary || detail.data?.name || (detail.isError ? t("alarms.notice.unknown") : "…");
  const when = whenText(alarm, i18n.language, tz, (date) => t("alarms.notice.allDay", { date }));
  const location = detail.data?.detail.location ?? "";
  const headingId = `cal-alarm-${alarm.key.replace(/\W/g, "-")}`;

  function open(d: EventDetail) {
    requestOpen(d);
    if (!inCalendar) void navigate({ to: "/cal" });
    onDismiss();
  }

  // The browser's own notification, once the title is known (or known to be missing).
  const settled = detail.isSuccess || detail.isError;
  useEffect(() => {
    if (!settled || alarm.recovered || notifyPermission() !== "granted") return;
    try {
      const n = new Notification(title, { body: [when, location].filter(Boolean).join("\n"), tag: alarm.key });
      n.onclick = () => {
        globalThis.focus();
        if (detail.data) open(detail.data);
        n.close();
      };
    } catch { /* a browser that takes notifications only from a service worker: the notice below is enough */ }
  }, [settled]);

  return (
    <div className="cal-alarm-notice" role="alert" aria-labelledby={headingId}>
      <p className="cal-alarm-kicker">{t("alarms.notice.kicker")}</p>
      <p className="cal-alarm-title" id={headingId}>{title}</p>
      <p className="cal-alarm-when">{when}</p>
      {location && <p className="cal-alarm-where">{t("alarms.notice.where", { location })}</p>}
      <div className="cal-alarm-actions">
        {detail.data && <Button variant="primary" onPress={() => open(detail.data!)}>{t("alarms.notice.open")}</Button>}
        <Button variant="secondary" onPress={onDismiss} aria-label={t("alarms.notice.dismissNamed", { title })}>{t("alarms.notice.dismiss")}</Button>
      </div>
    </div>
  );
}
