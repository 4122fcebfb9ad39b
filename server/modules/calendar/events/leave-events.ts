// The leave module's seam into the calendar (issue 27). Leave events live in the employee's DEFAULT calendar
// (X-GW-LEAVE:TRUE, so isLeave; the leave state READY / CONFIRMED / DENIED in calendar_events.leave_status),
// written by the leave module in its own transaction through these functions, never by the calendar's own edit
// paths (store.ts requireNotLeave: the app's edit and delete and CalDAV answer leave.not_editable). And the other way: an event created in the calendar's dialog with isLeave true is an application for
// leave: when the leave module registered its applicant, create() hands such a body to it (the leave rules and
// their error codes apply) and answers with the event the application wrote.
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { calendarEvents } from "../../../../db/schema/index.ts";
import { DEFAULT_CALENDAR_COLOR } from "../../../../shared/calendar/constants.ts";
import type { EventCreate } from "../../../../shared/calendar/events.ts";
import type { AppDeps, Caller } from "../../../lib/context.ts";
import * as calendarRepo from "../calendars/repo.ts";
import { newObject, type VeventFields } from "./ical-write.ts";
import { deleteLeaveObject, type EventRow, insertObject, updateLeaveObject } from "./store.ts";

export type LeaveEventFields = Omit<VeventFields, "isLeave" | "organizer" | "attendees" | "alarms">;

async function findLeaveEvent(db: DbOrTx, companyId: number, uid: string): Promise<EventRow | undefined> {
  const [row] = await db.select().from(calendarEvents)
    .where(and(eq(calendarEvents.companyId, companyId), eq(calendarEvents.uid, uid), eq(calendarEvents.isLeave, true))).for("update");
  return row;
}

/**
 * Writes (or rewrites) a user's leave event: `uid` null makes a new one in their DEFAULT calendar. Answers the
 * event's UID and calendar. An event the user deleted from their calendar is written anew.
 */
export async function writeLeaveEvent(
  tx: DbOrTx, deps: AppDeps,
  o: { companyId: number; userId: number; uid: string | null; fields: LeaveEventFields; leaveStatus: string },
): Promise<{ uid: string; calendarId: number; eventId: number }> {
  const now = deps.clock.now();
  const existing = o.uid ? await findLeaveEvent(tx, o.companyId, o.uid) : undefined;
  const fields: VeventFields = { ...o.fields, organizer: null, attendees: [], alarms: [], isLeave: true };
  if (existing) {
    const { row } = await updateLeaveObject(tx, deps, existing, newObject(existing.uid, fields, null, now));
    await tx.update(calendarEvents).set({ leaveStatus: o.leaveStatus }).where(eq(calendarEvents.id, row.id));
    return { uid: row.uid, calendarId: row.calendarId, eventId: row.id };
  }
  const names = await calendarRepo.userNames(tx, o.companyId, [o.userId]);
  const cal = await calendarRepo.ensureDefault(tx, o.companyId, o.userId, names.get(o.userId) || "Calendar", DEFAULT_CALENDAR_COLOR, now);
  const uid = o.uid ?? crypto.randomUUID();
  const { row } = await insertObject(tx, deps, {
    companyId: o.companyId, calendarId: cal.id, ownerUserId: o.userId, text: newObject(uid, fields, null, now), leaveStatus: o.leaveStatus,
  });
  return { uid, calendarId: cal.id, eventId: row.id };
}

/** The leave event's state only (READY / CONFIRMED / DENIED); answers its calendar, null when the event is gone. */
export async function setLeaveStatus(tx: DbOrTx, deps: AppDeps, companyId: number, uid: string, leaveStatus: string): Promise<number | null> {
  const row = await findLeaveEvent(tx, companyId, uid);
  if (!row) return null;
  await tx.update(calendarEvents).set({ leaveStatus, etag: crypto.randomUUID().replaceAll("-", ""), updatedAt: deps.clock.now() })
    .where(eq(calendarEvents.id, row.id));
  await calendarRepo.logChange(tx, companyId, [row.calendarId], row.uid, false, deps.clock.now());
  return row.calendarId;
}

/** The leave event removed; answers its calendar (null when it was gone already). */
export async function removeLeaveEvent(tx: DbOrTx, deps: AppDeps, companyId: number, uid: string): Promise<number | null> {
  const row = await findLeaveEvent(tx, companyId, uid);
  if (!row) return null;
  await deleteLeaveObject(tx, deps, row);
  return row.calendarId;
}

/** Applies for leave from the calendar's event body; answers the id of the event the application wrote. */
export type LeaveApplicant = (caller: Caller, input: EventCreate) => Promise<{ eventId: number }>;

let applicant: LeaveApplicant | null = null;

/** The leave module registers its applicant (once, when its routes are built); answers the unregistration. */
export function registerLeaveApplicant(fn: LeaveApplicant): () => void {
  applicant = fn;
  return () => {
    if (applicant === fn) applicant = null;
  };
}

export const leaveApplicant = (): LeaveApplicant | null => applicant;
