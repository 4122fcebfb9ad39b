// Calendar alarms wherever the user is in the app (mounted by the shell for users with the calendar): the
// CALENDAR_ALARM events of their calendar topic (shared/calendar/alarms.ts), and at start the alarms of the last
// minutes that fired while this browser was not listening (GET /api/calendar/alarms/recent). Their notices
// (AlarmNotices.tsx, loaded with the calendar's texts on the first alarm only) stay until dismissed; dismissed
// ones are remembered in this browser, so a reload does not bring them back.
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState } from "react";
import { CALENDAR_ALARM_EVENT, type CalendarAlarmData } from "@shared/calendar/alarms.ts";
import { calendarTopic } from "@shared/calendar/constants.ts";
import { useUserTopic } from "../../../app/use-user-topic.ts";
import { api } from "../../../lib/api.ts";

const AlarmNotices = lazy(() => import("./AlarmNotices.tsx"));

export type ReceivedAlarm = CalendarAlarmData & {
  key: string;
  /** Fetched after the fact (not live): shown in the app only, not again by the browser. */
  recovered?: boolean;
};

const MAX_SHOWN = 5;
const DISMISSED_KEY = "gw.calendar.alarmsDismissed";
const DAY = 86_400_000;

function dismissedKeys(): Record<string, number> {
  try {
    return JSON.parse(localStorage.getItem(DISMISSED_KEY) ?? "{}") ?? {};
  } catch {
    return {};
  }
}

function rememberDismissed(key: string) {
  const now = Date.now();
  const kept = Object.fromEntries(Object.entries(dismissedKeys()).filter(([, at]) => now - at < DAY));
  localStorage.setItem(DISMISSED_KEY, JSON.stringify({ ...kept, [key]: now }));
}

const keyOf = (a: CalendarAlarmData) => `${a.id}:${a.minutesBefore}:${a.at}`;

export function CalendarAlarms() {
  const [alarms, setAlarms] = useState<ReceivedAlarm[]>([]);
  const add = (list: CalendarAlarmData[], recovered: boolean) => {
    const dismissed = dismissedKeys();
    setAlarms((shown) => {
      const fresh = list.map((a) => ({ ...a, key: keyOf(a), ...(recovered ? { recovered } : {}) }))
        .filter((a) => !dismissed[a.key] && !shown.some((x) => x.key === a.key));
      return fresh.length ? [...shown, ...fresh].slice(-MAX_SHOWN) : shown;
    });
  };
  const recent = useQuery({
    queryKey: ["calendar", "alarms", "recent"],
    queryFn: ({ signal }) => api<CalendarAlarmData[]>("/api/calendar/alarms/recent", { signal }),
    staleTime: Infinity, retry: false, refetchOnWindowFocus: false,
  });
  useEffect(() => {
    if (recent.data?.length) add([...recent.data].reverse(), true);
  }, [recent.data]);
  useUserTopic(calendarTopic, (event, data) => {
    if (event === CALENDAR_ALARM_EVENT && data && typeof data.id === "string") add([data as CalendarAlarmData], false);
  });
  if (!alarms.length) return null;
  return (
    <Suspense fallback={null}>
      <AlarmNotices alarms={alarms} onDismiss={(key) => {
        rememberDismissed(key);
        setAlarms((list) => list.filter((a) => a.key !== key));
      }} />
    </Suspense>
  );
}
