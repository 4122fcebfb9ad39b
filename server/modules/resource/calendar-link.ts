// Bookings in the booker's calendar: each held booking has an event in the booker's DEFAULT calendar (title,
// the resource's name as location, the note as description, in the company's zone), written in the
// booking's own transaction through the calendar's event store, so the web calendar and CalDAV show it; a
// change of the booking rewrites it, a cancel or rejection deletes it. When the booker deleted the event in
// their calendar, the booking stays (calendar_event_id is then null) and is not put back there.
import { eq } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import { resourceBookings } from "../../../db/schema/index.ts";
import { DEFAULT_CALENDAR_COLOR } from "../../../shared/calendar/constants.ts";
import type { AppDeps } from "../../lib/context.ts";
import * as calendarRepo from "../calendar/calendars/repo.ts";
import { newObject, type VeventFields } from "../calendar/events/ical-write.ts";
import { findEvent } from "../calendar/events/repo.ts";
import { deleteObject, insertObject, updateObject } from "../calendar/events/store.ts";
import { audienceOf, publishToUsers } from "../calendar/realtime.ts";
import type { BookingRow } from "./booking-repo.ts";
import { wallAt, ZONE } from "./time.ts";

function fieldsOf(b: Pick<BookingRow, "title" | "note" | "startAt" | "endAt">, resourceName: string): VeventFields {
  return {
    summary: b.title, location: resourceName, description: b.note, isAllDay: false, tzid: ZONE,
    start: wallAt(b.startAt.getTime()), end: wallAt(b.endAt.getTime()), organizer: null, attendees: [], alarms: [], isLeave: false,
  };
}

/** Events for new bookings of one booker; answers the calendar written to. */
export async function addEvents(tx: Tx, deps: AppDeps, companyId: number, bookerId: number, rows: BookingRow[], resourceName: string): Promise<number> {
  const names = await calendarRepo.userNames(tx, companyId, [bookerId]);
  const cal = await calendarRepo.ensureDefault(tx, companyId, bookerId, names.get(bookerId) || "Calendar", DEFAULT_CALENDAR_COLOR, deps.clock.now());
  for (const b of rows) {
    const text = newObject(crypto.randomUUID(), fieldsOf(b, resourceName), null, deps.clock.now());
    const { row } = await insertObject(tx, deps, { companyId, calendarId: cal.id, ownerUserId: bookerId, text });
    await tx.update(resourceBookings).set({ calendarEventId: row.id }).where(eq(resourceBookings.id, b.id));
  }
  return cal.id;
}

/** The booking's event rewritten after a change; answers its calendar (null when the event is gone). */
export async function moveEvent(tx: Tx, deps: AppDeps, b: BookingRow, resourceName: string): Promise<number | null> {
  if (b.calendarEventId === null) return null;
  const row = await findEvent(tx, b.companyId, b.calendarEventId, true);
  if (!row) return null;
  await updateObject(tx, deps, row, newObject(row.uid, fieldsOf(b, resourceName), null, deps.clock.now()));
  return row.calendarId;
}

/** The events of bookings that no longer hold their slot, deleted; answers their calendars. */
export async function removeEvents(tx: Tx, deps: AppDeps, rows: BookingRow[]): Promise<number[]> {
  const calendars: number[] = [];
  for (const b of rows) {
    if (b.calendarEventId === null) continue;
    const row = await findEvent(tx, b.companyId, b.calendarEventId, true);
    if (!row) continue;
    await deleteObject(tx, deps, row);
    calendars.push(row.calendarId);
  }
  return calendars;
}

/** CALENDAR_CHANGED to those who see these calendars (after the commit). */
export async function announceCalendars(deps: AppDeps, companyId: number, calendarIds: (number | null)[]): Promise<void> {
  const ids = [...new Set(calendarIds.filter((id): id is number => id !== null))];
  if (!ids.length) return;
  try {
    for (const id of ids) await publishToUsers(deps, companyId, await audienceOf(deps.db, companyId, [id]), { calendarId: id });
  } catch (e) {
    deps.log.error("resource: announcing calendar changes failed", e);
  }
}
