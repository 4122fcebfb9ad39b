// Keeping an event object's alarm plan (calendar_alarm_plans.next_at) current: on every write of the object
// (events/store.ts calls planAlarms in the writer's transaction) and after each firing (job.ts). A deleted
// object's plan goes with it (foreign key, cascade).
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { calendars } from "../../../../db/schema/index.ts";
import type { CalendarType } from "../../../../shared/calendar/constants.ts";
import { parseObject } from "../events/ical-read.ts";
import * as repo from "./repo.ts";
import { nextAlarmAfter } from "./timing.ts";

/** Calendars whose events never alarm (shared/calendar/alarms.ts). */
export const SILENT_CALENDAR_TYPES: readonly CalendarType[] = ["HOLIDAY", "EXTERNAL"];

export interface PlannedRow {
  id: number;
  companyId: number;
  calendarId: number;
  ical: string;
  lastEnd: Date | null;
}

/**
 * Plans the object's next alarm after a write. The plan starts from now, or, when its earlier plan had
 * already fallen due and the job has not fired it yet, from that moment (an edit a few seconds before the
 * job's tick never swallows an alarm due in between; one already fired is claimed and not fired again).
 */
export async function planAlarms(db: DbOrTx, row: PlannedRow, now: Date): Promise<void> {
  if (!/BEGIN:VALARM/i.test(row.ical)) return await repo.dropPlan(db, row.id);
  const [cal] = await db.select({ type: calendars.type }).from(calendars)
    .where(and(eq(calendars.companyId, row.companyId), eq(calendars.id, row.calendarId)));
  if (!cal || SILENT_CALENDAR_TYPES.includes(cal.type as CalendarType)) return await repo.dropPlan(db, row.id);
  const old = await repo.lockedPlan(db, row.id);
  const due = old?.nextAt && old.nextAt.getTime() <= now.getTime() ? old.nextAt.getTime() - 1 : null;
  let next: number | null = null;
  try {
    next = nextAlarmAfter(parseObject(row.ical), due ?? now.getTime(), row.lastEnd?.getTime() ?? null);
  } catch {
    next = null; // an object that cannot be read has no alarms to fire (the write itself checked what it could)
  }
  await repo.savePlan(db, row.companyId, row.id, next === null ? null : new Date(next), now);
}
