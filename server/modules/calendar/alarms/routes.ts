// The alarm settings calls and the recent alarms (shared/calendar/alarms.ts), mounted in server/app.ts beside the calendar's other
// routes, with their rules: a signed-in user of a company with the calendar on (403 calendar.disabled).
import { Hono } from "hono";
import { alarmSettingsBody } from "../../../../shared/calendar/alarm-settings.ts";
import { requireAuth } from "../../../lib/auth.ts";
import { type AppEnv, callerOf } from "../../../lib/context.ts";
import { moduleGate } from "../../../lib/module-gate.ts";
import { body } from "../../../lib/validate.ts";
import * as service from "./service.ts";

export const ALARM_SETTINGS_PATH = "/api/calendar/alarms/settings";
export const RECENT_ALARMS_PATH = "/api/calendar/alarms/recent";

export function calendarAlarmRoutes() {
  const r = new Hono<AppEnv>();
  for (const p of [ALARM_SETTINGS_PATH, RECENT_ALARMS_PATH]) r.use(p, requireAuth, moduleGate("useCalendar", "calendar.disabled"));
  r.get(ALARM_SETTINGS_PATH, async (c) => c.json(await service.settings(callerOf(c))));
  r.put(ALARM_SETTINGS_PATH, async (c) => c.json(await service.saveSettings(callerOf(c), await body(c, alarmSettingsBody))));
  r.get(RECENT_ALARMS_PATH, async (c) => c.json(await service.recent(callerOf(c))));
  return r;
}
