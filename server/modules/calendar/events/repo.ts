// Event queries. Every query is scoped by company.
import { and, desc, eq, getTableColumns, gt, gte, inArray, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { calendarEventAttendees, calendarEvents, calendars, users } from "../../../../db/schema/index.ts";
import type { EventRow } from "./store.ts";
import { bigintArray } from "../../../lib/sql-array.ts";

export async function findEvent(db: DbOrTx, companyId: number, id: number, lock = false): Promise<EventRow | undefined> {
  const q = db.select().from(calendarEvents).where(and(eq(calendarEvents.companyId, companyId), eq(calendarEvents.id, id)));
  const [row] = lock ? await q.for("update") : await q;
  return row;
}

/** Events longer than this, and series, are long_span: found through their own index (schema calendar.ts). */
export const LONG_SPAN_DAYS = 14;

/**
 * Rows that may have an occurrence in [start, end): their first start before the end, last end after the
 * start; and either started at most LONG_SPAN_DAYS before the range (index on calendar and start) or are
 * long_span (their partial index): no scan of a calendar's whole past.
 */
function inRange(start: Date, end: Date): SQL {
  const from = new Date(start.getTime() - LONG_SPAN_DAYS * 86_400_000);
  return and(
    lt(calendarEvents.firstStart, end),
    or(isNull(calendarEvents.lastEnd), gt(calendarEvents.lastEnd, start)),
    or(gte(calendarEvents.firstStart, from), sql`${calendarEvents.longSpan}`),
  )!;
}

/**
 * The columns of a row for the month list ("slim"): no search lexemes, and the iCalendar text only where the
 * list reads it (series, and objects with overrides: cache.ts isSingle); a single event's item is made from its
 * columns. A month grid over many calendars reads thousands of rows, and the lexemes and texts were most of
 * the bytes the database sent (tests/bench/calendar-month.ts).
 */
const slimColumns = {
  ...getTableColumns(calendarEvents),
  ical: sql<string>`case when ${calendarEvents.isRecurring} or strpos(${calendarEvents.ical}, 'RECURRENCE-ID') > 0
    then ${calendarEvents.ical} else '' end`,
  description: sql<string>`''`,
  searchVector: sql<string | null>`null`,
};

/** Events stored in these calendars that may overlap the range; `slim`: slimColumns (the month list only). */
export async function eventsInCalendars(
  db: DbOrTx, companyId: number, calendarIds: number[], start: Date, end: Date, slim = false,
): Promise<EventRow[]> {
  if (!calendarIds.length) return [];
  return await db.select(slim ? slimColumns : getTableColumns(calendarEvents)).from(calendarEvents).where(and(
    eq(calendarEvents.companyId, companyId), sql`${calendarEvents.calendarId} = any(${bigintArray(calendarIds)})`, inRange(start, end),
  ));
}

/** Events these users are internal attendees of that may overlap the range, with the attendee's user id. */
export async function attendedEvents(db: DbOrTx, companyId: number, userIds: number[], start: Date, end: Date, slim = false) {
  if (!userIds.length) return [];
  return await db.select({ event: slim ? slimColumns : getTableColumns(calendarEvents), userId: calendarEventAttendees.userId, partStat: calendarEventAttendees.partStat })
    .from(calendarEventAttendees)
    .innerJoin(calendarEvents, eq(calendarEvents.id, calendarEventAttendees.eventId))
    .where(and(eq(calendarEventAttendees.companyId, companyId), inArray(calendarEventAttendees.userId, userIds), inRange(start, end)));
}

/** The attendee rows of one user on these events. */
export async function attendance(db: DbOrTx, companyId: number, userId: number, eventIds: number[]): Promise<Map<number, string>> {
  if (!eventIds.length) return new Map();
  const rows = await db.select({ eventId: calendarEventAttendees.eventId, partStat: calendarEventAttendees.partStat })
    .from(calendarEventAttendees).where(and(
      eq(calendarEventAttendees.companyId, companyId), eq(calendarEventAttendees.userId, userId), sql`${calendarEventAttendees.eventId} = any(${bigintArray(eventIds)})`,
    ));
  return new Map(rows.map((r) => [r.eventId, r.partStat]));
}

export async function attendeeUsers(db: DbOrTx, companyId: number, eventId: number): Promise<number[]> {
  const rows = await db.select({ userId: calendarEventAttendees.userId }).from(calendarEventAttendees)
    .where(and(eq(calendarEventAttendees.companyId, companyId), eq(calendarEventAttendees.eventId, eventId)));
  return rows.map((r) => r.userId).filter((id): id is number => id !== null);
}

/** Internal attendees of an event: address → user id. */
export async function attendeeEmailUsers(db: DbOrTx, companyId: number, eventId: number): Promise<Map<string, number>> {
  const rows = await db.select({ email: calendarEventAttendees.email, userId: calendarEventAttendees.userId }).from(calendarEventAttendees)
    .where(and(eq(calendarEventAttendees.companyId, companyId), eq(calendarEventAttendees.eventId, eventId)));
  return new Map(rows.filter((r) => r.userId !== null).map((r) => [r.email, r.userId!]));
}

/**
 * Search: events in the given calendars or attended by the user whose lexemes match (`match`, already
 * holding the index condition and the checks), newest first, paged, with a total.
 */
export async function searchEvents(
  db: DbOrTx, companyId: number, calendarIds: number[], userId: number, match: SQL, limit: number, offset: number,
) {
  const where = and(
    eq(calendarEvents.companyId, companyId),
    or(
      calendarIds.length ? inArray(calendarEvents.calendarId, calendarIds) : sql`false`,
      sql`exists (select 1 from ${calendarEventAttendees} a where a.event_id = ${calendarEvents.id} and a.user_id = ${userId})`,
    ),
    match,
  );
  const [rows, [{ n }]] = await Promise.all([
    db.select().from(calendarEvents).where(where).orderBy(desc(calendarEvents.firstStart), desc(calendarEvents.id)).limit(limit).offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(calendarEvents).where(where),
  ]);
  return { rows, total: n };
}

/** Active users of the company named by id or address (free/busy). */
export async function activeUsers(db: DbOrTx, companyId: number, ids: number[], emails: string[]) {
  if (!ids.length && !emails.length) return [];
  return await db.select({ id: users.id, username: users.username, name: users.accountName }).from(users).where(and(
    eq(users.companyId, companyId), eq(users.status, "ACTIVE"),
    or(ids.length ? inArray(users.id, ids) : sql`false`, emails.length ? inArray(users.username, emails) : sql`false`),
  ));
}

/** The calendars users own (their DEFAULT, PRIVATE and PUBLIC ones), for free/busy. */
export async function ownedCalendarIds(db: DbOrTx, companyId: number, userId: number): Promise<number[]> {
  const rows = await db.select({ id: calendars.id }).from(calendars).where(and(
    eq(calendars.companyId, companyId), eq(calendars.ownerUserId, userId), inArray(calendars.type, ["DEFAULT", "PRIVATE", "PUBLIC"]),
  ));
  return rows.map((r) => r.id);
}
