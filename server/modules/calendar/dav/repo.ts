// Queries of the calendar's DAV adapter: a collection's objects (a calendar's own, plus, for a DEFAULT
// calendar, the events its owner is an internal attendee of, as the API's month list shows them), objects by
// UID or by the name a client gave them, the change log since a sync sequence, and calendars by the name a
// client made them under. Every query is scoped by company.
import { and, eq, gt, inArray, isNull, lt, ne, or, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { calendarChanges, calendarEventAttendees, calendarEvents, calendars } from "../../../../db/schema/index.ts";
import type { CalendarRow } from "../calendars/repo.ts";
import type { EventRow } from "../events/store.ts";

/** Stored in a calendar's external_id when a client made it with MKCALENDAR under a name of its own. */
export const DAV_CALENDAR_NAME_PREFIX = "dav:";

/** Objects of the collection matching `where` (on calendar_events): its own rows first, then the attended ones. */
async function objectsWhere(db: DbOrTx, cal: CalendarRow, where?: SQL, lock = false): Promise<EventRow[]> {
  const ownQ = db.select().from(calendarEvents)
    .where(and(eq(calendarEvents.companyId, cal.companyId), eq(calendarEvents.calendarId, cal.id), where));
  const own = lock ? await ownQ.for("update") : await ownQ;
  if (cal.type !== "DEFAULT" || cal.ownerUserId === null) return own;
  const attended = await db.select({ event: calendarEvents }).from(calendarEventAttendees)
    .innerJoin(calendarEvents, eq(calendarEvents.id, calendarEventAttendees.eventId))
    .where(and(
      eq(calendarEventAttendees.companyId, cal.companyId), eq(calendarEventAttendees.userId, cal.ownerUserId),
      ne(calendarEvents.calendarId, cal.id), where,
    ));
  const uids = new Set(own.map((r) => r.uid));
  const seen = new Set<number>();
  const out = [...own];
  for (const { event } of attended) {
    if (uids.has(event.uid) || seen.has(event.id)) continue; // the calendar's own object of a UID wins
    seen.add(event.id);
    out.push(event);
  }
  return out;
}

export async function allObjects(db: DbOrTx, cal: CalendarRow): Promise<EventRow[]> {
  return await objectsWhere(db, cal);
}

/** Objects that may have an occurrence in [start, end) (either bound open). */
export async function objectsInRange(db: DbOrTx, cal: CalendarRow, start: Date | null, end: Date | null): Promise<EventRow[]> {
  const conds: SQL[] = [];
  if (end) conds.push(lt(calendarEvents.firstStart, end));
  if (start) conds.push(or(isNull(calendarEvents.lastEnd), gt(calendarEvents.lastEnd, start))!);
  return await objectsWhere(db, cal, conds.length ? and(...conds) : undefined);
}

export async function objectsByUids(db: DbOrTx, cal: CalendarRow, uids: string[], lock = false): Promise<EventRow[]> {
  if (!uids.length) return [];
  return await objectsWhere(db, cal, inArray(calendarEvents.uid, uids), lock);
}

/** Objects whose text holds this marker (the name a client gave them: names.ts); the caller checks exactly. */
export async function objectsHolding(db: DbOrTx, cal: CalendarRow, marker: string, lock = false): Promise<EventRow[]> {
  return await objectsWhere(db, cal, sql`strpos(${calendarEvents.ical}, ${marker}) > 0`, lock);
}

/** The UIDs changed in the calendar after `seq` (each once), and the calendar's current sequence. */
export async function changesSince(db: DbOrTx, companyId: number, calendarId: number, seq: number): Promise<Map<string, string | null>> {
  const rows = await db.select({
    uid: calendarChanges.uid,
    // The name of its latest deletion, when a client had named it (null: "<uid>.ics").
    name: sql<string | null>`(array_agg(${calendarChanges.name} order by ${calendarChanges.seq} desc) filter (where ${calendarChanges.deleted}))[1]`,
  }).from(calendarChanges)
    .where(and(eq(calendarChanges.companyId, companyId), eq(calendarChanges.calendarId, calendarId), gt(calendarChanges.seq, seq)))
    .groupBy(calendarChanges.uid);
  return new Map(rows.map((r) => [r.uid, r.name]));
}

/** The oldest sequence the log still holds for the calendar (0 when it holds every change from the start). */
export async function oldestLoggedSeq(db: DbOrTx, companyId: number, calendarId: number): Promise<number | null> {
  const [row] = await db.select({ min: sql<string | null>`min(${calendarChanges.seq})` }).from(calendarChanges)
    .where(and(eq(calendarChanges.companyId, companyId), eq(calendarChanges.calendarId, calendarId)));
  return row?.min === null || row?.min === undefined ? null : Number(row.min);
}

/** A calendar a client made under `name` (MKCALENDAR), among the user's own. */
export async function calendarByDavName(db: DbOrTx, companyId: number, userId: number, name: string): Promise<CalendarRow | undefined> {
  const [row] = await db.select().from(calendars).where(and(
    eq(calendars.companyId, companyId), eq(calendars.ownerUserId, userId), eq(calendars.externalId, DAV_CALENDAR_NAME_PREFIX + name),
  ));
  return row;
}

export async function setCalendarDavName(db: DbOrTx, companyId: number, calendarId: number, name: string) {
  await db.update(calendars).set({ externalId: DAV_CALENDAR_NAME_PREFIX + name })
    .where(and(eq(calendars.companyId, companyId), eq(calendars.id, calendarId)));
}
