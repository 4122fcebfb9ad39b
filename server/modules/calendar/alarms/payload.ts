// The realtime payload of a fired alarm (shared/calendar/alarms.ts CalendarAlarmData: ids, start, offset).
import type { CalendarAlarmData } from "../../../../shared/calendar/alarms.ts";
import { instanceId } from "../../../../shared/calendar/constants.ts";
import type { DueAlarm } from "./timing.ts";

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

/** "YYYY-MM-DD" of the occurrence's first day as its own wall clock says. */
export function dayOf(due: DueAlarm): string {
  const w = due.occurrence.start.wall;
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

export function alarmData(eventId: number, due: DueAlarm): CalendarAlarmData {
  const o = due.occurrence;
  return {
    id: instanceId(eventId, o.key), eventId, start: o.start.date ? dayOf(due) : new Date(o.startMs).toISOString(),
    allDay: o.start.date ? 1 : 0, minutesBefore: due.minutesBefore, at: due.at,
  };
}
