// The alarm job (every ALARM_TICK_MS; server/jobs/index.ts): fires the alarms that fell due.
//
// Finding them is one index range: calendar_alarm_plans.next_at <= now (plan.ts keeps next_at current on every
// write; here it moves on after each firing), so no series is expanded unless one of its alarms is due.
//
// Once only, with any number of instances running the job at the same moment, in two layers:
// 1. each due plan is taken with FOR UPDATE SKIP LOCKED, one plan per short transaction, so instances share
//    the due plans instead of queueing on the same one;
// 2. each alarm is claimed by inserting its key (event, occurrence start, minutes before) into
//    calendar_alarm_deliveries ... ON CONFLICT DO NOTHING, in the same transaction as the plan's move and the
//    alarm mails. Only the transaction whose insert went in delivers; this also holds when a write re-plans an
//    object between two ticks (plan.ts may plan again from an earlier moment), so the plan rows need not be
//    exact for an alarm to fire once.
// Realtime notices (and the mails' NEW_MAIL) go out after the commit: a crash between the commit and them loses
// that browser notice (at most once), never sends it twice; a mail, being committed with the claim, is there.
//
// The window: the alarms from the plan's next_at to now, but none older than ALARM_GRACE_MINUTES (a server
// that was down does not flood anyone with stale alarms; they are skipped, and the plan moves past them).
import { ALARM_GRACE_MINUTES, ALARM_TICK_MS, CALENDAR_ALARM_EVENT, type CalendarAlarmData } from "../../../../shared/calendar/alarms.ts";
import { calendarTopic } from "../../../../shared/calendar/constants.ts";
import type { AppDeps } from "../../../lib/context.ts";
import { transactionWithRetry } from "../../../lib/transaction.ts";
import type { Job } from "../../../jobs/runner.ts";
import { parseObject, textOf } from "../events/ical-read.ts";
import { fileAlarmMails } from "./mail.ts";
import { alarmData, dayOf } from "./payload.ts";
import { recipientsOf } from "./recipients.ts";
import * as repo from "./repo.ts";
import { alarmsBetween, alarmZoneOf, nextAlarmAfter } from "./timing.ts";

const GRACE_MS = ALARM_GRACE_MINUTES * 60_000;
/** Plans handled in one tick at most (the next tick goes on). */
const PLANS_PER_TICK = 500;
/** A plan whose handling failed is looked at again this much later (it never blocks the others). */
const RETRY_MS = 5 * 60_000;
/** Claims are kept this long: longer than any alarm can still fire after its instant. */
const CLAIMS_KEPT_MS = 24 * 60 * 60_000;

export interface TickResult {
  /** Alarms claimed and delivered by this tick. */
  fired: number;
  /** Users reached (one alarm reaching three people counts three). */
  notices: number;
  /** Alarms found more than the grace window late and skipped. */
  skipped: number;
}

interface Fired {
  usernames: string[];
  data: CalendarAlarmData;
}

/** One pass of the job: every due plan (up to PLANS_PER_TICK), each in its own transaction. */
export async function runAlarmTick(deps: AppDeps): Promise<TickResult> {
  const now = deps.clock.now();
  const total: TickResult = { fired: 0, notices: 0, skipped: 0 };
  for (let i = 0; i < PLANS_PER_TICK; i++) {
    let eventId = null as number | null;
    try {
      const done = await transactionWithRetry(deps.db, async (tx) => {
        const plan = await repo.takeDuePlan(tx, now);
        if (!plan) return null;
        eventId = plan.eventId;
        const fired: Fired[] = [];
        const after: (() => void)[] = [];
        let skipped = 0;
        const row = await repo.eventOf(tx, plan.companyId, plan.eventId);
        let obj;
        try {
          obj = row ? parseObject(row.ical) : null;
        } catch {
          obj = null;
        }
        if (!row || !obj) {
          await repo.savePlan(tx, plan.companyId, plan.eventId, null, now);
          return { fired, after, skipped };
        }
        const from = plan.nextAt!.getTime();
        for (const due of alarmsBetween(obj, from, now.getTime())) {
          if (due.at < now.getTime() - GRACE_MS) {
            skipped++;
            continue;
          }
          const o = due.occurrence;
          const claimed = await repo.claim(tx, {
            companyId: row.companyId, eventId: row.id, occurrenceStart: new Date(o.startMs), minutesBefore: due.minutesBefore, firedAt: now,
          });
          if (claimed === null) continue;
          const to = await recipientsOf(tx, row, o.vevent);
          await repo.setRecipients(tx, claimed, to.length);
          if (!to.length) continue;
          const zone = alarmZoneOf(obj);
          const day = dayOf(due);
          const mailTo = await repo.mailChoosers(tx, row.companyId, to.map((r) => r.userId));
          const localDay = o.start.date ? day : new Intl.DateTimeFormat("en-CA", { timeZone: obj.zone }).format(o.startMs);
          after.push(...await fileAlarmMails(deps, tx, row.companyId, to.filter((r) => mailTo.has(r.userId)), {
            summary: textOf(o.vevent, "summary") || row.summary, location: textOf(o.vevent, "location"),
            start: o.start.date ? day : new Date(o.startMs), zone: o.start.date ? zone : obj.zone, day: localDay,
          }));
          fired.push({
            usernames: to.map((r) => r.username),
            data: alarmData(row.id, due),
          });
        }
        const next = nextAlarmAfter(obj, now.getTime(), row.lastEnd?.getTime() ?? null);
        await repo.savePlan(tx, row.companyId, row.id, next === null ? null : new Date(next), now);
        return { fired, after, skipped };
      });
      if (!done) break;
      total.skipped += done.skipped;
      for (const f of done.fired) {
        total.fired++;
        total.notices += f.usernames.length;
        await Promise.all(f.usernames.map((u) => deps.realtime.publish(calendarTopic(u), CALENDAR_ALARM_EVENT, f.data)));
      }
      for (const announce of done.after) announce();
    } catch (e) {
      deps.log.error(`calendar alarms: event ${eventId ?? "?"} failed`, e);
      if (eventId === null) break;
      await repo.postponePlan(deps.db, eventId, new Date(now.getTime() + RETRY_MS)).catch(() => {});
    }
  }
  await repo.purgeDeliveries(deps.db, new Date(now.getTime() - CLAIMS_KEPT_MS));
  return total;
}

export function alarmJob(deps: AppDeps): Job {
  return { name: "calendar-alarms", intervalMs: ALARM_TICK_MS, tick: () => runAlarmTick(deps) };
}
