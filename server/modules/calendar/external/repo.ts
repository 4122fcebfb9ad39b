// Queries of the EXTERNAL calendars: a connection's calendars with their sync state, their events by Google
// id, and the job's claim. Every query is scoped by company, except the job's claim (all companies' due work).
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { calendarEvents, calendars, externalCalendarSyncs } from "../../../../db/schema/index.ts";
import type { CalendarRow } from "../calendars/repo.ts";
import type { EventRow } from "../events/store.ts";

export type SyncRow = typeof externalCalendarSyncs.$inferSelect;
export interface ExternalRow {
  cal: CalendarRow;
  sync: SyncRow;
}

export async function calendarsOfConnection(db: DbOrTx, companyId: number, connectionId: number): Promise<ExternalRow[]> {
  const rows = await db.select({ cal: calendars, sync: externalCalendarSyncs }).from(calendars)
    .innerJoin(externalCalendarSyncs, eq(externalCalendarSyncs.calendarId, calendars.id))
    .where(and(eq(calendars.companyId, companyId), eq(calendars.type, "EXTERNAL"), eq(calendars.connectionId, connectionId)))
    .orderBy(asc(calendars.id));
  return rows;
}

/** An EXTERNAL calendar of the user; undefined for anyone else's or another kind. */
export async function ownExternalCalendar(db: DbOrTx, companyId: number, userId: number, id: number): Promise<ExternalRow | undefined> {
  const [row] = await db.select({ cal: calendars, sync: externalCalendarSyncs }).from(calendars)
    .innerJoin(externalCalendarSyncs, eq(externalCalendarSyncs.calendarId, calendars.id))
    .where(and(eq(calendars.companyId, companyId), eq(calendars.ownerUserId, userId), eq(calendars.type, "EXTERNAL"), eq(calendars.id, id)));
  return row;
}

export async function insertSync(db: DbOrTx, values: typeof externalCalendarSyncs.$inferInsert) {
  await db.insert(externalCalendarSyncs).values(values);
}

/** Locks the calendar's sync row for the writing transaction (a user's sync and the job's wait for each other). */
export async function lockSync(db: DbOrTx, calendarId: number): Promise<SyncRow | undefined> {
  const [row] = await db.select().from(externalCalendarSyncs).where(eq(externalCalendarSyncs.calendarId, calendarId)).for("update");
  return row;
}

export async function updateSync(db: DbOrTx, calendarId: number, values: Partial<typeof externalCalendarSyncs.$inferInsert>) {
  await db.update(externalCalendarSyncs).set(values).where(eq(externalCalendarSyncs.calendarId, calendarId));
}

export async function deleteCalendars(db: DbOrTx, companyId: number, ids: number[]) {
  if (!ids.length) return;
  await db.delete(calendars).where(and(eq(calendars.companyId, companyId), eq(calendars.type, "EXTERNAL"), inArray(calendars.id, ids)));
}

export async function deleteCalendarsOfConnection(db: DbOrTx, companyId: number, connectionId: number) {
  await db.delete(calendars).where(and(eq(calendars.companyId, companyId), eq(calendars.type, "EXTERNAL"), eq(calendars.connectionId, connectionId)));
}

/** The calendar's events by UID (Google's event id). */
export async function eventsByUid(db: DbOrTx, companyId: number, calendarId: number, uids?: string[]): Promise<Map<string, EventRow>> {
  if (uids && !uids.length) return new Map();
  const rows = await db.select().from(calendarEvents).where(and(
    eq(calendarEvents.companyId, companyId), eq(calendarEvents.calendarId, calendarId),
    uids ? inArray(calendarEvents.uid, uids) : undefined,
  ));
  return new Map(rows.map((r) => [r.uid, r]));
}

/**
 * The job's next calendar: checked in its owner's tree, its connection working (or last unreachable), not
 * synced since `dueBefore`, not claimed; claimed until `until` (FOR UPDATE SKIP LOCKED: instances share the work).
 */
export async function claimDue(db: DbOrTx, now: Date, dueBefore: Date, until: Date): Promise<SyncRow | undefined> {
  const rows = await db.execute<{ calendar_id: string }>(sql`
    update external_calendar_syncs set locked_until = ${until.toISOString()}::timestamptz
    where calendar_id = (
      select s.calendar_id from external_calendar_syncs s
      join calendars c on c.id = s.calendar_id
      join external_connections x on x.id = s.connection_id
      left join calendar_user_states st on st.calendar_id = s.calendar_id and st.user_id = c.owner_user_id
      where (x.error_reason is null or x.error_reason = 'NETWORK_ERROR') and coalesce(st.selected, true)
        and (s.synced_at is null or s.synced_at < ${dueBefore.toISOString()}::timestamptz)
        and (s.locked_until is null or s.locked_until < ${now.toISOString()}::timestamptz)
      order by s.synced_at asc nulls first
      limit 1
      for update of s skip locked)
    returning calendar_id`);
  const id = rows[0]?.calendar_id;
  if (id === undefined) return undefined;
  const [row] = await db.select().from(externalCalendarSyncs).where(eq(externalCalendarSyncs.calendarId, Number(id)));
  return row;
}
