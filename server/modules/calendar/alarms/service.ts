// The caller's alarm settings (shared/calendar/alarms.ts): whether alarms also come by mail; and the alarms that
// reached the caller in the last ALARM_GRACE_MINUTES, for a browser that was not listening when they fired.
import { ALARM_GRACE_MINUTES, type CalendarAlarmData } from "../../../../shared/calendar/alarms.ts";
import type { AlarmSettings } from "../../../../shared/calendar/alarm-settings.ts";
import type { Caller } from "../../../lib/context.ts";
import { parseObject } from "../events/ical-read.ts";
import { alarmData } from "./payload.ts";
import { recipientsOf } from "./recipients.ts";
import * as repo from "./repo.ts";
import { alarmsBetween } from "./timing.ts";

const RECENT_MAX = 20;

export async function settings(caller: Caller): Promise<AlarmSettings> {
  return await repo.settingsOf(caller.deps.db, caller.auth.companyId, caller.auth.userId);
}

export async function saveSettings(caller: Caller, input: AlarmSettings): Promise<AlarmSettings> {
  await repo.saveSettings(caller.deps.db, caller.auth.companyId, caller.auth.userId, input.byMail, caller.deps.clock.now());
  return await settings(caller);
}

/**
 * The alarms fired in the grace window that are the caller's (the rules of the moment: an occurrence since
 * declined or deleted is left out), newest first.
 */
export async function recent(caller: Caller): Promise<CalendarAlarmData[]> {
  const { db, clock } = caller.deps;
  const { companyId, userId } = caller.auth;
  const since = new Date(clock.now().getTime() - ALARM_GRACE_MINUTES * 60_000);
  const out: CalendarAlarmData[] = [];
  for (const d of await repo.recentDeliveries(db, companyId, since, RECENT_MAX)) {
    const row = await repo.eventOf(db, companyId, d.eventId);
    if (!row) continue;
    let obj;
    try {
      obj = parseObject(row.ical);
    } catch {
      continue;
    }
    const at = d.occurrenceStart.getTime() - d.minutesBefore * 60_000;
    const due = alarmsBetween(obj, at, at)
      .find((a) => a.occurrence.startMs === d.occurrenceStart.getTime() && a.minutesBefore === d.minutesBefore);
    if (!due) continue;
    if (!(await recipientsOf(db, row, due.occurrence.vevent)).some((r) => r.userId === userId)) continue;
    out.push(alarmData(row.id, due));
  }
  return out;
}
