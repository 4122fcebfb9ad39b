// The scheduled sync of external calendars: every minute, the EXTERNAL calendars checked in their owner's tree
// and not synced for EXTERNAL_SYNC_INTERVAL_MS are synced one after another, each claimed just before
// (FOR UPDATE SKIP LOCKED, so several instances share the work). A connection that failed for a reason
// only its user can fix (INVALID_TOKEN, INVALID_SCOPE, REJECTED, UNKNOWN) waits for a reconnection; one
// that could not reach Google is tried again at the next interval.
import { EXTERNAL_SYNC_INTERVAL_MS } from "../../../../shared/calendar/external.ts";
import type { AppDeps } from "../../../lib/context.ts";
import type { Job } from "../../../jobs/runner.ts";
import { connectionById } from "../../external-services/connections.ts";
import { purgeExpiredAuthorizations } from "../../external-services/flow.ts";
import * as calendarRepo from "../calendars/repo.ts";
import * as repo from "./repo.ts";
import { syncConnection } from "./sync.ts";

const LOCK_MS = 5 * 60_000;
const PER_TICK = 50;

export async function syncDueCalendars(deps: AppDeps, intervalMs = EXTERNAL_SYNC_INTERVAL_MS): Promise<number> {
  let done = 0;
  for (; done < PER_TICK; done++) {
    const now = deps.clock.now();
    const due = await repo.claimDue(deps.db, now, new Date(now.getTime() - intervalMs), new Date(now.getTime() + LOCK_MS));
    if (!due) break;
    const conn = await connectionById(deps.db, due.connectionId);
    const cal = conn && await calendarRepo.findCalendar(deps.db, conn.companyId, due.calendarId);
    if (conn && cal) {
      const failed = await syncConnection(deps, conn, { list: false, calendarIds: [cal.id] });
      // A failed calendar waits for the next interval like a synced one.
      if (failed) await repo.updateSync(deps.db, due.calendarId, { syncedAt: deps.clock.now(), lockedUntil: null });
    }
  }
  return done;
}

/** Also sweeps the OAuth authorisations nobody finished (the calendar is their only user so far). */
export function externalCalendarJob(deps: AppDeps): Job {
  return {
    name: "calendar-external-sync",
    intervalMs: 60_000,
    tick: async () => {
      await purgeExpiredAuthorizations(deps);
      return await syncDueCalendars(deps);
    },
  };
}
