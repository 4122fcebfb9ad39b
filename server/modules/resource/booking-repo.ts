// Queries of bookings. A held booking is REQUESTED or CONFIRMED (HOLDING_STATUSES); the database's exclusion
// constraint resource_bookings_no_overlap keeps held bookings of one resource apart.
import { and, asc, count, desc, eq, gt, gte, inArray, lt, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { organizations, resourceBookings, resourceBookingSeries, resources, users } from "../../../db/schema/index.ts";
import { HOLDING_STATUSES } from "../../../shared/resource/constants.ts";

export type BookingRow = typeof resourceBookings.$inferSelect;

/** A booking with what its answer shows: the resource's name, the booker, the resource's approver. */
export interface BookingView {
  b: BookingRow;
  resourceName: string;
  approverUserId: number | null;
  booker: { id: number; name: string; email: string; organName: string | null };
}

const held = inArray(resourceBookings.status, [...HOLDING_STATUSES]);

function viewQuery(db: DbOrTx) {
  return db.select({
    b: resourceBookings, resourceName: resources.name, approverUserId: resources.approverUserId,
    booker: { id: users.id, name: users.accountName, email: users.username, organName: organizations.name },
  }).from(resourceBookings)
    .innerJoin(resources, eq(resources.id, resourceBookings.resourceId))
    .innerJoin(users, eq(users.id, resourceBookings.bookerUserId))
    .leftJoin(organizations, eq(organizations.id, users.organId));
}

export async function findBooking(db: DbOrTx, companyId: number, id: number): Promise<BookingView | undefined> {
  const [row] = await viewQuery(db).where(and(eq(resourceBookings.companyId, companyId), eq(resourceBookings.id, id)));
  return row;
}

export async function viewsByIds(db: DbOrTx, companyId: number, ids: number[]): Promise<BookingView[]> {
  if (!ids.length) return [];
  return await viewQuery(db).where(and(eq(resourceBookings.companyId, companyId), inArray(resourceBookings.id, ids)))
    .orderBy(asc(resourceBookings.startAt), asc(resourceBookings.id));
}

/** Held bookings of these resources overlapping [start, end). */
export async function heldIn(db: DbOrTx, companyId: number, resourceIds: number[], start: number, end: number): Promise<BookingView[]> {
  if (!resourceIds.length) return [];
  return await viewQuery(db).where(and(
    eq(resourceBookings.companyId, companyId), inArray(resourceBookings.resourceId, resourceIds), held,
    lt(resourceBookings.startAt, new Date(end)), gt(resourceBookings.endAt, new Date(start)),
  )).orderBy(asc(resourceBookings.startAt), asc(resourceBookings.id));
}

/** The user's bookings (not cancelled) ending after `from`, soonest first, one page. */
export async function bookingsOf(db: DbOrTx, companyId: number, userId: number, from: number, page: number, pageSize: number) {
  const where = and(
    eq(resourceBookings.companyId, companyId), eq(resourceBookings.bookerUserId, userId),
    ne(resourceBookings.status, "CANCELLED"), gt(resourceBookings.endAt, new Date(from)),
  );
  const rows = await viewQuery(db).where(where).orderBy(asc(resourceBookings.startAt), asc(resourceBookings.id))
    .limit(pageSize).offset(page * pageSize);
  const [{ n }] = await db.select({ n: count() }).from(resourceBookings).where(where);
  return { rows, total: n };
}

/** REQUESTED bookings, not yet over, of the resources this user approves. */
export async function pendingFor(db: DbOrTx, companyId: number, approverId: number, now: Date): Promise<BookingView[]> {
  return await viewQuery(db).where(and(
    eq(resourceBookings.companyId, companyId), eq(resources.approverUserId, approverId),
    eq(resourceBookings.status, "REQUESTED"), gt(resourceBookings.endAt, now),
  )).orderBy(asc(resourceBookings.startAt), asc(resourceBookings.id));
}

/**
 * For each asked occurrence (index in the lists), the first held booking of the resource it overlaps (other
 * than `exceptId`): one query for every occurrence of a repeat.
 */
export async function overlaps(
  db: DbOrTx, resourceId: number, starts: number[], ends: number[], exceptId = 0,
): Promise<Map<number, number>> {
  // Each list as ONE bound array literal (ISO instants hold no commas or quotes).
  const s = `{${starts.map((ms) => new Date(ms).toISOString()).join(",")}}`;
  const e = `{${ends.map((ms) => new Date(ms).toISOString()).join(",")}}`;
  const rows = await db.execute<{ idx: string; id: string }>(sql`
    select distinct on (o.idx) o.idx, b.id
      from unnest(${s}::timestamptz[], ${e}::timestamptz[]) with ordinality as o(s, e, idx)
      join ${resourceBookings} b on b.resource_id = ${resourceId} and b.status in ('REQUESTED', 'CONFIRMED') and b.id <> ${exceptId}
       and b.period && tstzrange(o.s, o.e, '[)')
     order by o.idx, b.start_at`);
  return new Map(rows.map((r) => [Number(r.idx) - 1, Number(r.id)]));
}

export async function insertBookings(db: DbOrTx, values: (typeof resourceBookings.$inferInsert)[]): Promise<BookingRow[]> {
  return await db.insert(resourceBookings).values(values).returning();
}

export async function insertSeries(db: DbOrTx, values: typeof resourceBookingSeries.$inferInsert) {
  const [row] = await db.insert(resourceBookingSeries).values(values).returning();
  return row;
}

export async function updateBooking(db: DbOrTx, companyId: number, id: number, values: Partial<typeof resourceBookings.$inferInsert>) {
  const [row] = await db.update(resourceBookings).set(values)
    .where(and(eq(resourceBookings.companyId, companyId), eq(resourceBookings.id, id))).returning();
  return row;
}

/** A state change that happens only from the state expected (concurrent decisions: one wins). */
export async function changeStatus(
  db: DbOrTx, companyId: number, ids: number[], from: readonly string[], values: Partial<typeof resourceBookings.$inferInsert>,
): Promise<BookingRow[]> {
  if (!ids.length) return [];
  return await db.update(resourceBookings).set(values).where(and(
    eq(resourceBookings.companyId, companyId), inArray(resourceBookings.id, ids), inArray(resourceBookings.status, [...from]),
  )).returning();
}

/** The held occurrences of a series from `start` on. */
export async function heldInSeriesFrom(db: DbOrTx, companyId: number, seriesId: number, start: Date): Promise<BookingRow[]> {
  return await db.select().from(resourceBookings).where(and(
    eq(resourceBookings.companyId, companyId), eq(resourceBookings.seriesId, seriesId), held, gte(resourceBookings.startAt, start),
  )).orderBy(asc(resourceBookings.startAt));
}

/** Held bookings of a resource not yet over (a resource being deleted). */
export async function heldFutureOf(db: DbOrTx, companyId: number, resourceId: number, now: Date): Promise<BookingRow[]> {
  return await db.select().from(resourceBookings).where(and(
    eq(resourceBookings.companyId, companyId), eq(resourceBookings.resourceId, resourceId), held, gt(resourceBookings.endAt, now),
  )).orderBy(desc(resourceBookings.startAt));
}
