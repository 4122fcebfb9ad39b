// The caller's alarm settings (shared/calendar/alarms.ts): whether alarms also come by mail.
import type { AlarmSettings } from "../../../../shared/calendar/alarm-settings.ts";
import type { Caller } from "../../../lib/context.ts";
import * as repo from "./repo.ts";

export async function settings(caller: Caller): Promise<AlarmSettings> {
  return await repo.settingsOf(caller.deps.db, caller.auth.companyId, caller.auth.userId);
}

export async function saveSettings(caller: Caller, input: AlarmSettings): Promise<AlarmSettings> {
  await repo.saveSettings(caller.deps.db, caller.auth.companyId, caller.auth.userId, input.byMail, caller.deps.clock.now());
  return await settings(caller);
}
