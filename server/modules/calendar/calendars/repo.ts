// Calendar queries: calendars, the per-user states, organisation calendars, the change log's sequence.
// Every query is scoped by company.
import { and, asc, count, eq, ilike, inArray, isNotNull, ne, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { calendarChanges, calendars, calendarUserStates, organizationMembers, users } from "../../../../db/schema/index.ts";
import { containsPattern } from "../../../lib/like.ts";

export type CalendarRow = typeof calendars.$inferSelect;
export type StateRow = typeof calendarUserStates.$inferSelect;

export async function findCalendar(db: DbOrTx, companyId: number, id: number): Promise<CalendarRow | undefined> {
  const [row] = await db.select().from(calendars).where(and(eq(calendars.companyId, companyId), eq(calendars.id, id)));
  return row;
}

export async function calendarsByIds(db: DbOrTx, companyId: number, ids: number[]): Promise<CalendarRow[]> {
  if (!ids.length) return [];
  return await db.select().from(calendars).where(and(eq(calendars.companyId, companyId), inArray(calendars.id, ids)));
}

export async function ownCalendars(db: DbOrTx, companyId: number, userId: number): Promise<CalendarRow[]> {
  return await db.select().from(calendars)
    .where(and(eq(calendars.companyId, companyId), eq(calendars.ownerUserId, userId)))
    .orderBy(asc(calendars.id));
}

/** The user's DEFAULT calendar, made on first use; concurrent first uses make one (unique index). */
export async function ensureDefault(db: DbOrTx, companyId: number, userId: number, title: string, color: string, now: Date): Promise<CalendarRow> {
  const where = and(eq(calendars.companyId, companyId), eq(calendars.ownerUserId, userId), eq(calendars.type, "DEFAULT"));
  const [found] = await db.select().from(calendars).where(where);
  if (found) return found;
  await db.insert(calendars)
    .values({ companyId, ownerUserId: userId, type: "DEFAULT", title, color, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: [calendars.companyId, calendars.ownerUserId], where: sql`type = 'DEFAULT'` });
  const [row] = await db.select().from(calendars).where(where);
  return row;
}

/** The DEFAULT calendars of users (those made so far), by user id. */
export async function defaultCalendarsOf(db: DbOrTx, companyId: number, userIds: number[]): Promise<Map<number, CalendarRow>> {
  if (!userIds.length) return new Map();
  const rows = await db.select().from(calendars).where(and(
    eq(calendars.companyId, companyId), eq(calendars.type, "DEFAULT"), inArray(calendars.ownerUserId, userIds),
  ));
  return new Map(rows.map((r) => [r.ownerUserId!, r]));
}

/** The ORGANIZATION calendars of these organisations, made when missing (named after the organisation). */
export async function ensureOrganizationCalendars(
  db: DbOrTx, companyId: number, organs: { id: number; name: string }[], color: string, now: Date,
): Promise<CalendarRow[]> {
  if (!organs.length) return [];
  const ids = organs.map((o) => o.id);
  const where = and(eq(calendars.companyId, companyId), eq(calendars.type, "ORGANIZATION"), inArray(calendars.organId, ids));
  const found = await db.select().from(calendars).where(where);
  if (found.length === new Set(ids).size) return found;
  const have = new Set(found.map((c) => c.organId));
  await db.insert(calendars).values(organs.filter((o) => !have.has(o.id)).map((o) => ({
    companyId, type: "ORGANIZATION", organId: o.id, title: o.name.slice(0, 80), color, createdAt: now, updatedAt: now,
  }))).onConflictDoNothing({ target: [calendars.companyId, calendars.organId], where: sql`type = 'ORGANIZATION'` });
  return await db.select().from(calendars).where(where);
}

export async function holidayCalendar(db: DbOrTx, companyId: number): Promise<CalendarRow | undefined> {
  const [row] = await db.select().from(calendars).where(and(eq(calendars.companyId, companyId), eq(calendars.type, "HOLIDAY")));
  return row;
}

export async function insertCalendar(db: DbOrTx, values: typeof calendars.$inferInsert): Promise<CalendarRow> {
  const [row] = await db.insert(calendars).values(values).returning();
  return row;
}

export async function updateCalendar(db: DbOrTx, companyId: number, id: number, values: Partial<typeof calendars.$inferInsert>) {
  await db.update(calendars).set(values).where(and(eq(calendars.companyId, companyId), eq(calendars.id, id)));
}

export async function deleteCalendar(db: DbOrTx, companyId: number, id: number) {
  await db.delete(calendars).where(and(eq(calendars.companyId, companyId), eq(calendars.id, id)));
}

/** The user's organisations: memberships and the representative one. */
export async function organIdsOf(db: DbOrTx, companyId: number, userId: number): Promise<{ organIds: number[]; representative: number | null; restricted: boolean; name: string; username: string }> {
  const [u] = await db.select({ organId: users.organId, restricted: users.isOrgChartRestricted, name: users.accountName, username: users.username })
    .from(users).where(and(eq(users.companyId, companyId), eq(users.id, userId)));
  const rows = await db.select({ organId: organizationMembers.organId }).from(organizationMembers)
    .where(and(eq(organizationMembers.companyId, companyId), eq(organizationMembers.userId, userId)));
  const ids = new Set(rows.map((r) => r.organId));
  if (u?.organId) ids.add(u.organId);
  return { organIds: [...ids], representative: u?.organId ?? null, restricted: u?.restricted ?? false, name: u?.name ?? "", username: u?.username ?? "" };
}

export async function statesOf(db: DbOrTx, userId: number): Promise<Map<number, StateRow>> {
  const rows = await db.select().from(calendarUserStates).where(eq(calendarUserStates.userId, userId));
  return new Map(rows.map((r) => [r.calendarId, r]));
}

export async function upsertState(
  db: DbOrTx, companyId: number, userId: number, calendarId: number,
  patch: Partial<Pick<StateRow, "selected" | "color" | "subscription" | "hidden">>, now: Date,
) {
  await db.insert(calendarUserStates).values({ companyId, userId, calendarId, ...patch, updatedAt: now })
    .onConflictDoUpdate({ target: [calendarUserStates.userId, calendarUserStates.calendarId], set: { ...patch, updatedAt: now } });
}

/** Clears the ORGANIZATION subscriptions of calendars not in `keep`. */
export async function clearOrganizationSubscriptions(db: DbOrTx, userId: number, keep: number[], now: Date) {
  await db.update(calendarUserStates).set({ subscription: null, updatedAt: now }).where(and(
    eq(calendarUserStates.userId, userId), eq(calendarUserStates.subscription, "ORGANIZATION"),
    keep.length ? sql`${calendarUserStates.calendarId} not in (${sql.join(keep.map((k) => sql`${k}`), sql`, `)})` : undefined,
  ));
}

/** Users' names by id (owners of shared and public calendars). */
export async function userNames(db: DbOrTx, companyId: number, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: users.id, name: users.accountName }).from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.id, ids)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Colleagues' PUBLIC calendars, by title, paged. */
export async function publicCalendars(db: DbOrTx, companyId: number, userId: number, keyword: string | undefined, limit: number, offset: number) {
  const where = and(
    eq(calendars.companyId, companyId), eq(calendars.isPublic, true), isNotNull(calendars.ownerUserId),
    ne(calendars.ownerUserId, userId),
    keyword ? or(ilike(calendars.title, containsPattern(keyword)), ilike(users.accountName, containsPattern(keyword))) : undefined,
  );
  const [rows, [{ n }]] = await Promise.all([
    db.select({ cal: calendars, ownerName: users.accountName }).from(calendars)
      .innerJoin(users, eq(users.id, calendars.ownerUserId)).where(where)
      .orderBy(asc(calendars.title), asc(calendars.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(calendars).innerJoin(users, eq(users.id, calendars.ownerUserId)).where(where),
  ]);
  return { rows, total: n };
}

/**
 * Takes the next change sequence of each calendar (locking its row until the transaction ends, in id order
 * so concurrent writers never wait on each other in a circle) and logs the object's change there.
 */
/** Several objects written in one calendar: its sequence moves once by their number, each gets its own step. */
export async function logChanges(db: DbOrTx, companyId: number, calendarId: number, uids: string[], now: Date) {
  if (!uids.length) return;
  const [row] = await db.update(calendars).set({ syncSeq: sql`${calendars.syncSeq} + ${uids.length}` })
    .where(and(eq(calendars.companyId, companyId), eq(calendars.id, calendarId))).returning({ seq: calendars.syncSeq });
  if (!row) return;
  const first = row.seq - uids.length + 1;
  await db.insert(calendarChanges).values(uids.map((uid, i) => ({ companyId, calendarId, seq: first + i, uid, deleted: false, changedAt: now })));
}

/**
 * One change of the object `uid` in each of the calendars. `name`: a deleted object's DAV name when a client
 * chose it (dav/names.ts clientNameOf), so sync reports it gone under the name the client knows.
 */
export async function logChange(
  db: DbOrTx, companyId: number, calendarIds: number[], uid: string, deleted: boolean, now: Date, name: string | null = null,
) {
  for (const calendarId of [...new Set(calendarIds)].sort((a, b) => a - b)) {
    const [row] = await db.update(calendars).set({ syncSeq: sql`${calendars.syncSeq} + 1` })
      .where(and(eq(calendars.companyId, companyId), eq(calendars.id, calendarId))).returning({ seq: calendars.syncSeq });
    if (!row) continue;
    await db.insert(calendarChanges).values({ companyId, calendarId, seq: row.seq, uid, deleted, name: deleted ? name : null, changedAt: now });
  }
}
