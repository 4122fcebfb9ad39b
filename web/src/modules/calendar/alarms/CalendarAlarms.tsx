// Calendar alarms wherever the user is in the app (mounted by the shell for users with the calendar): the
// CALENDAR_ALARM events of their calendar topic (shared/calendar/alarms.ts) are kept here, and their notices
// (AlarmNotices.tsx, loaded with the calendar's texts on the first alarm only) stay until dismissed.
import { lazy, Suspense, useState } from "react";
import { CALENDAR_ALARM_EVENT, type CalendarAlarmData } from "@shared/calendar/alarms.ts";
import { calendarTopic } from "@shared/calendar/constants.ts";
import { useUserTopic } from "../../../app/use-user-topic.ts";

const AlarmNotices = lazy(() => import("./AlarmNotices.tsx"));

export interface ReceivedAlarm extends CalendarAlarmData {
  key: string;
}

const MAX_SHOWN = 5;

export function CalendarAlarms() {
  const [alarms, setAlarms] = useState<ReceivedAlarm[]>([]);
  useUserTopic(calendarTopic, (event, data) => {
    if (event !== CALENDAR_ALARM_EVENT || !data || typeof data.id !== "string") return;
    const a = data as CalendarAlarmData;
    const key = `${a.id}:${a.minutesBefore}:${a.at}`;
    setAlarms((list) => list.some((x) => x.key === key) ? list : [...list, { ...a, key }].slice(-MAX_SHOWN));
  });
  if (!alarms.length) return null;
  return (
    <Suspense fallback={null}>
      <AlarmNotices alarms={alarms} onDismiss={(key) => setAlarms((list) => list.filter((a) => a.key !== key))} />
    </Suspense>
  );
}
