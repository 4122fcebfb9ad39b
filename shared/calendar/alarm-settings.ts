// The alarm settings call's body and answer (shared/calendar/alarms.ts "Calls"): alarms also by mail or not.
import { z } from "zod";

export const alarmSettingsBody = z.object({ byMail: z.boolean({ message: "common.validation" }) }).strict();
export type AlarmSettings = z.infer<typeof alarmSettingsBody>;
