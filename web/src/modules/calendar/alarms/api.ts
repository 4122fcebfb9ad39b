// The alarm settings calls (shared/calendar/alarms.ts).
import type { AlarmSettings } from "@shared/calendar/alarm-settings.ts";
import { api } from "../../../lib/api.ts";

const PATH = "/api/calendar/alarms/settings";

export const alarmSettingsQuery = {
  queryKey: ["calendar", "alarmSettings"] as const,
  queryFn: ({ signal }: { signal?: AbortSignal }) => api<AlarmSettings>(PATH, { signal }),
};

export const saveAlarmSettings = (body: AlarmSettings) => api<AlarmSettings>(PATH, { method: "PUT", json: body });
