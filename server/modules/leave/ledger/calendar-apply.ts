// Applying for leave from the calendar's event dialog: an event created with isLeave true is handed here
// (calendar/events/leave-events.ts registerLeaveApplicant) and becomes an application of the caller (the type
// leaveTemplateId, else annual leave). An all-day event is FULL_DAY over its dates; a timed one on one day is
// HALF_DAY when it is a morning (09:00-13:00) or afternoon (14:00-18:00) half, QUARTER_DAY for two hours,
// ONE_HOUR per whole hour otherwise, FULL_DAY when it spans the working day. The leave rules and their codes
// apply as for POST usages; the answer is the event the application wrote into the DEFAULT calendar.
import { DEFAULT_TIMEZONE } from "../../../../shared/calendar/constants.ts";
import type { EventCreate } from "../../../../shared/calendar/events.ts";
import { LEAVE_ERRORS } from "../../../../shared/leave/errors.ts";
import type { LeaveUnit } from "../../../../shared/leave/constants.ts";
import type { UsageInput } from "../../../../shared/leave/leave.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { companyInfo } from "../../company/service.ts";
import { registerLeaveApplicant } from "../../calendar/events/leave-events.ts";
import { apiTimeToInstant } from "../../calendar/events/zone.ts";
import { annualTemplate } from "../settings/defaults.ts";
import { localDate, localTime, minutesOf } from "./dates.ts";
import { applyUsage } from "./usages.ts";

const invalid = () => new AppError(400, LEAVE_ERRORS.invalidDays);

/** The usage an event body asks for. */
export async function usageOfEvent(caller: Caller, e: EventCreate): Promise<UsageInput> {
  const templateId = e.leaveTemplateId ?? (await annualTemplate(caller.deps.db, caller.auth.companyId)).id;
  const base = { templateId, summary: e.summary.slice(0, 100), reason: e.description.trim().slice(0, 500), viaApproval: false };
  if (e.isAllDay) {
    const startDate = e.dtStart.slice(0, 10);
    const endDate = e.dtEnd.slice(0, 10);
    return { ...base, unit: "FULL_DAY", startDate, endDate };
  }
  const zone = e.timezone ?? DEFAULT_TIMEZONE;
  const start = apiTimeToInstant(e.dtStart, zone);
  const end = apiTimeToInstant(e.dtEnd, zone);
  if (start === null || end === null || end <= start) throw invalid();
  const startDate = localDate(start);
  const endDate = localDate(end - 1);
  const startTime = localTime(start);
  const minutes = Math.round((end - start) / 60_000);
  if (startDate !== endDate || minutes >= 8 * 60) return { ...base, unit: "FULL_DAY", startDate, endDate };
  let unit: LeaveUnit;
  let hours: number | undefined;
  if (minutes === 240 && (startTime === "09:00" || startTime === "14:00")) unit = "HALF_DAY";
  else if (minutes === 120) unit = "QUARTER_DAY";
  else if (minutes % 60 === 0 && minutesOf(startTime) % 30 === 0) {
    unit = "ONE_HOUR";
    hours = minutes / 60;
  } else throw invalid();
  return { ...base, unit, startDate, endDate, startTime, hours };
}

async function applyFromCalendar(caller: Caller, e: EventCreate): Promise<{ eventId: number }> {
  const info = await companyInfo(caller.deps, caller.auth.companyId);
  if (!info.useLeave) throw new AppError(403, LEAVE_ERRORS.disabled);
  const applied = await applyUsage(caller, await usageOfEvent(caller, e));
  return { eventId: applied.eventId };
}

export function listenToCalendar() {
  registerLeaveApplicant(applyFromCalendar);
}
