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

/** What the month list reads of an event row (service.ts list; cache.ts, present.ts itemOfRow / itemOf). */
export type ListRow = Pick<EventRow,
  | "id" | "calendarId" | "uid" | "ical" | "summary" | "location" | "isAllDay" | "tzid" | "firstStart" | "lastEnd"
  | "isRecurring" | "ownerUserId" | "organizerUserId" | "organizerEmail" | "isLeave" | "leaveStatus" | "etag">;

/**
 * The month list's columns, read without the ORM's row mapping: a month grid over 30 calendars reads about
 * 1,500 rows, and mapping all 23 columns of each took 14 ms of a query PostgreSQL ran in 2.4 ms
 * (tests/bench/calendar-month.ts). The iCalendar text only where the list reads it (series, and objects with
 * overrides: cache.ts isSingle); times as epoch milliseconds; no description, lexemes or bookkeeping.
 */
const LIST_COLUMNS = sql.raw(`e.id::float8 as id, e.calendar_id::float8 as calendar_id, e.uid,
  case when e.is_recurring or strpos(e.ical, 'RECURRENCE-ID') > 0 then e.ical else '' end as ical,
  e.summary, e.location, e.is_all_day, e.tzid,
  (extract(epoch from e.first_start) * 1000)::float8 as first_ms, (extract(epoch from e.last_end) * 1000)::float8 as last_ms,
  e.is_recurring, e.owner_user_id::float8 as owner_user_id, e.organizer_user_id::float8 as organizer_user_id,
  e.organizer_email, e.is_leave, e.leave_status, e.etag`);

type RawListRow = {
  id: number;
  calendar_id: number;
  uid: string;
  ical: string;
  summary: string;
  location: string;
  is_all_day: boolean;
  tzid: string | null;
  first_ms: number;
  last_ms: number | null;
  is_recurring: boolean;
  owner_user_id: number | null;
  organizer_user_id: number | null;
  organizer_email: string | null;
  is_leave: boolean;
  leave_status: string | null;
  etag: string;
};

function listRowOf(r: RawListRow): ListRow {
  return {
    id: r.id, calendarId: r.calendar_id, uid: r.uid, ical: r.ical, summary: r.summary, location: r.location,
    isAllDay: r.is_all_day, tzid: r.tzid, firstStart: new Date(r.first_ms), lastEnd: r.last_ms === null ? null : new Date(r.last_ms),
    isRecurring: r.is_recurring, ownerUserId: r.owner_user_id, organizerUserId: r.organizer_user_id,
    organizerEmail: r.organizer_email, isLeave: r.is_leave, leaveStatus: r.leave_status, etag: r.etag,
  };
}

/** inRange for the raw list queries (alias e). */
function inRangeRaw(start: Date, end: Date): SQL {
  const from = new Date(start.getTime() - LONG_SPAN_DAYS * 86_400_000);
  return sql`e.first_start < ${end.toISOString()}::timestamptz
    and (e.last_end is null or e.last_end > ${start.toISOString()}::timestamptz)
    and (e.first_start >= ${from.toISOString()}::timestamptz or e.long_span)`;
}

/** Events stored in these calendars that may overlap the range (whole rows: free/busy, edits). */
export async function eventsInCalendars(db: DbOrTx, companyId: number, calendarIds: number[], start: Date, end: Date): Promise<EventRow[]> {
  if (!calendarIds.length) return [];
  return await db.select().from(calendarEvents).where(and(
    eq(calendarEvents.companyId, companyId), sql`${calendarEvents.calendarId} = any(${bigintArray(calendarIds)})`, inRange(start, end),
  ));
}

/** Events these users are internal attendees of that may overlap the range, with the attendee's user id. */
export async function attendedEvents(db: DbOrTx, companyId: number, userIds: number[], start: Date, end: Date) {
  if (!userIds.length) return [];
  return await db.select({ event: getTableColumns(calendarEvents), userId: calendarEventAttendees.userId, partStat: calendarEventAttendees.partStat })
    .from(calendarEventAttendees)
    .innerJoin(calendarEvents, eq(calendarEvents.id, calendarEventAttendees.eventId))
    .where(and(eq(calendarEventAttendees.companyId, companyId), inArray(calendarEventAttendees.userId, userIds), inRange(start, end)));
}

/** eventsInCalendars for the month list: ListRow only. */
export async function listRowsInCalendars(db: DbOrTx, companyId: number, calendarIds: number[], start: Date, end: Date): Promise<ListRow[]> {
  if (!calendarIds.length) return [];
  const rows = await db.execute<RawListRow>(sql`select ${LIST_COLUMNS} from calendar_events e
    where e.company_id = ${companyId} and e.calendar_id = any(${bigintArray(calendarIds)}) and ${inRangeRaw(start, end)}`);
  return rows.map(listRowOf);
}

/** attendedEvents for the month list: ListRow and the attendee's user id. */
export async function listRowsAttended(db: DbOrTx, companyId: number, userIds: number[], start: Date, end: Date) {
  if (!userIds.length) return [];
  const rows = await db.execute<RawListRow & { attendee_user_id: number }>(sql`select ${LIST_COLUMNS},
      a.user_id::float8 as attendee_user_id
    from calendar_event_attendees a join calendar_events e on e.id = a.event_id
    where a.company_id = ${companyId} and a.user_id = any(${bigintArray(userIds)}) and ${inRangeRaw(start, end)}`);
  return rows.map((r) => ({ event: listRowOf(r), userId: r.attendee_user_id }));
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
