// The alarm tables (db/schema/calendar-alarms.ts): plans, the once-only claims of fired alarms, settings.
import { and, desc, eq, gt, gte, inArray, isNotNull, lt, lte } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import {
  calendarAlarmDeliveries, calendarAlarmPlans, calendarAlarmSettings, calendarEvents,
} from "../../../../db/schema/index.ts";

export async function lockedPlan(db: DbOrTx, eventId: number): Promise<{ nextAt: Date | null } | undefined> {
  const [row] = await db.select({ nextAt: calendarAlarmPlans.nextAt }).from(calendarAlarmPlans)
    .where(eq(calendarAlarmPlans.eventId, eventId)).for("update");
  return row;
}

export async function savePlan(db: DbOrTx, companyId: number, eventId: number, nextAt: Date | null, now: Date) {
  await db.insert(calendarAlarmPlans).values({ eventId, companyId, nextAt, updatedAt: now })
    .onConflictDoUpdate({ target: calendarAlarmPlans.eventId, set: { nextAt, updatedAt: now } });
}

/** A plan whose handling failed: looked at again at `at`. */
export async function postponePlan(db: DbOrTx, eventId: number, at: Date) {
  await db.update(calendarAlarmPlans).set({ nextAt: at }).where(eq(calendarAlarmPlans.eventId, eventId));
}

export async function dropPlan(db: DbOrTx, eventId: number) {
  await db.delete(calendarAlarmPlans).where(eq(calendarAlarmPlans.eventId, eventId));
}

/**
 * The plan that fell due first, locked for this transaction; plans another instance is working on are
 * skipped (FOR UPDATE SKIP LOCKED), so instances running the job at once share the work.
 */
export async function takeDuePlan(db: DbOrTx, now: Date) {
  const [row] = await db.select().from(calendarAlarmPlans)
    .where(and(isNotNull(calendarAlarmPlans.nextAt), lte(calendarAlarmPlans.nextAt, now)))
    .orderBy(calendarAlarmPlans.nextAt).limit(1).for("update", { skipLocked: true });
  return row;
}

export async function eventOf(db: DbOrTx, companyId: number, eventId: number) {
  const [row] = await db.select().from(calendarEvents)
    .where(and(eq(calendarEvents.companyId, companyId), eq(calendarEvents.id, eventId)));
  return row;
}

/**
 * Claims one alarm (event, occurrence start, offset): true for the one transaction whose insert went in.
 * A second instance firing the same alarm at the same moment waits on the unique key until the first commits,
 * then inserts nothing; an alarm fired before (an earlier tick, before an edit re-planned it) is not again.
 */
export async function claim(
  db: DbOrTx, a: { companyId: number; eventId: number; occurrenceStart: Date; minutesBefore: number; firedAt: Date },
): Promise<number | null> {
  const rows = await db.insert(calendarAlarmDeliveries).values(a).onConflictDoNothing().returning({ id: calendarAlarmDeliveries.id });
  return rows[0]?.id ?? null;
}

export async function setRecipients(db: DbOrTx, id: number, recipients: number) {
  await db.update(calendarAlarmDeliveries).set({ recipients }).where(eq(calendarAlarmDeliveries.id, id));
}

/** The alarms of a company fired since `since` that reached someone, newest first. */
export async function recentDeliveries(db: DbOrTx, companyId: number, since: Date, limit: number) {
  return await db.select({
    eventId: calendarAlarmDeliveries.eventId, occurrenceStart: calendarAlarmDeliveries.occurrenceStart,
    minutesBefore: calendarAlarmDeliveries.minutesBefore,
  }).from(calendarAlarmDeliveries).where(and(
    eq(calendarAlarmDeliveries.companyId, companyId), gte(calendarAlarmDeliveries.firedAt, since), gt(calendarAlarmDeliveries.recipients, 0),
  )).orderBy(desc(calendarAlarmDeliveries.firedAt)).limit(limit);
}

/** Claims older than `before` (their alarms are past any grace window) are forgotten. */
export async function purgeDeliveries(db: DbOrTx, before: Date) {
  await db.delete(calendarAlarmDeliveries).where(lt(calendarAlarmDeliveries.firedAt, before));
}

/** Users of these ids who chose alarms by mail. */
export async function mailChoosers(db: DbOrTx, companyId: number, userIds: number[]): Promise<Set<number>> {
  if (!userIds.length) return new Set();
  const rows = await db.select({ userId: calendarAlarmSettings.userId }).from(calendarAlarmSettings).where(and(
    eq(calendarAlarmSettings.companyId, companyId), inArray(calendarAlarmSettings.userId, userIds), eq(calendarAlarmSettings.byMail, true),
  ));
  return new Set(rows.map((r) => r.userId));
}

export async function settingsOf(db: DbOrTx, companyId: number, userId: number) {
  const [row] = await db.select({ byMail: calendarAlarmSettings.byMail }).from(calendarAlarmSettings)
    .where(and(eq(calendarAlarmSettings.companyId, companyId), eq(calendarAlarmSettings.userId, userId)));
  return { byMail: row?.byMail ?? false };
}

export async function saveSettings(db: DbOrTx, companyId: number, userId: number, byMail: boolean, now: Date) {
  await db.insert(calendarAlarmSettings).values({ userId, companyId, byMail, updatedAt: now })
    .onConflictDoUpdate({ target: calendarAlarmSettings.userId, set: { byMail, updatedAt: now } });
}
