// A usage's event in the employee's DEFAULT calendar (001 §4: isLeave, READY / CONFIRMED / DENIED as
// CALENDAR_LEAVE_STATUS maps the usage's status), written in the usage's transaction through the calendar's
// leave seam (calendar/events/leave-events.ts). A full-day usage is an all-day event over its dates; a part-day
// one a timed event. A rejected usage stays in the calendar as DENIED (how the calendar shows a refused
// application); a cancelled (deleted) one is removed. CALENDAR_CHANGED goes out after the commit.
import type { DbOrTx } from "../../../../db/client.ts";
import { CALENDAR_LEAVE_STATUS, LEAVE_TIME_ZONE, type LeaveStatus } from "../../../../shared/leave/constants.ts";
import type { AppDeps } from "../../../lib/context.ts";
import { removeLeaveEvent, setLeaveStatus, writeLeaveEvent } from "../../calendar/events/leave-events.ts";
import { addDays, parseDate, wallOf } from "../../calendar/events/zone.ts";
import { audienceOf, publishToUsers } from "../../calendar/realtime.ts";
import { localDate } from "./dates.ts";
import type { UsageRow } from "./repo.ts";

/** The event's title: the type, and the summary when there is one ("연차 · 가족 여행"). */
export const eventTitle = (templateName: string, summary: string) => (summary ? `${templateName} · ${summary}` : templateName);

/** Writes the usage's event (new or rewritten) with its state; stores its UID on the row. Answers its calendar. */
export async function writeUsageEvent(tx: DbOrTx, deps: AppDeps, u: UsageRow, templateName: string): Promise<{ calendarId: number; eventId: number; uid: string }> {
  const allDay = u.unit === "FULL_DAY";
  const start = allDay ? parseDate(localDate(u.startAt.getTime()))! : wallOf(u.startAt.getTime(), LEAVE_TIME_ZONE);
  const end = allDay ? addDays(parseDate(localDate(u.endAt.getTime()))!, 1) : wallOf(u.endAt.getTime(), LEAVE_TIME_ZONE);
  return await writeLeaveEvent(tx, deps, {
    companyId: u.companyId, userId: u.userId, uid: u.calendarUid,
    fields: { summary: eventTitle(templateName, u.summary), location: "", description: u.reason, isAllDay: allDay, tzid: LEAVE_TIME_ZONE, start, end },
    leaveStatus: CALENDAR_LEAVE_STATUS[u.status as LeaveStatus],
  });
}

/** The usage's event shows its new state. Answers its calendar (null when the user deleted the event). */
export async function markUsageEvent(tx: DbOrTx, deps: AppDeps, u: UsageRow, status: LeaveStatus): Promise<number | null> {
  if (!u.calendarUid) return null;
  return await setLeaveStatus(tx, deps, u.companyId, u.calendarUid, CALENDAR_LEAVE_STATUS[status]);
}

export async function removeUsageEvent(tx: DbOrTx, deps: AppDeps, u: UsageRow): Promise<number | null> {
  if (!u.calendarUid) return null;
  return await removeLeaveEvent(tx, deps, u.companyId, u.calendarUid);
}

/** CALENDAR_CHANGED to those who see these calendars (after the commit; never throws). */
export async function announceCalendars(deps: AppDeps, companyId: number, calendarIds: (number | null)[]) {
  const ids = [...new Set(calendarIds.filter((id): id is number => id !== null))];
  try {
    for (const id of ids) await publishToUsers(deps, companyId, await audienceOf(deps.db, companyId, [id]), { calendarId: id });
  } catch (e) {
    deps.log.error("leave: announcing calendar changes failed", e);
  }
}
