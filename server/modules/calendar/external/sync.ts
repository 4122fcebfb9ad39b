// Keeping a connection's Google calendars in the calendar's tables:
// - the calendar list: each Google calendar is an EXTERNAL calendar of the user (title and colour from
//   Google, checked in the tree as Google has it selected when first seen); calendars gone from the list go,
//   with their events;
// - a calendar's events: incrementally with Google's sync token, or in full over the window of
//   EXTERNAL_SYNC_PAST_DAYS..EXTERNAL_SYNC_FUTURE_DAYS around today when there is none or Google answers 410
//   (then local events Google no longer lists go). Cancelled events are deleted. The network calls are made
//   before the one transaction that writes what they brought.
// A failure is written on the connection as its reason (001 §8) and answered, never thrown; a success clears it.
import { DEFAULT_CALENDAR_COLOR } from "../../../../shared/calendar/constants.ts";
import { EXTERNAL_SYNC_FUTURE_DAYS, EXTERNAL_SYNC_PAST_DAYS } from "../../../../shared/calendar/external.ts";
import type { ExternalErrorReason } from "../../../../shared/external-services.ts";
import type { AppDeps } from "../../../lib/context.ts";
import { type ConnectionRow, lockConnection, setConnectionError } from "../../external-services/connections.ts";
import { ExternalServiceError, reasonOf } from "../../external-services/http.ts";
import * as calendarRepo from "../calendars/repo.ts";
import { publishToUsers } from "../realtime.ts";
import { deleteObject, insertObject, updateObject } from "../events/store.ts";
import { objectOf } from "./event-object.ts";
import { calendarList, FullSyncRequired, type GoogleEvent, listEvents } from "./google-client.ts";
import * as repo from "./repo.ts";

const DAY_MS = 86_400_000;
const TITLE_MAX = 80;

const colorOf = (c: string | undefined) => (c && /^#[0-9a-f]{6}$/i.test(c) ? c.toLowerCase() : DEFAULT_CALENDAR_COLOR);

/** The object text without the stamps every write renews: equal texts need no write. */
const essence = (text: string) => text.split(/\r?\n/).filter((l) => !/^(DTSTAMP|LAST-MODIFIED|CREATED)[:;]/.test(l)).join("\n");

/** Fetches the calendar list and brings the connection's EXTERNAL calendars in line with it. */
export async function syncCalendarList(deps: AppDeps, conn: ConnectionRow): Promise<void> {
  const items = (await calendarList(deps, conn)).filter((c) => !c.deleted);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    if (!await lockConnection(tx, conn.id)) return; // disconnected meanwhile
    const existing = new Map((await repo.calendarsOfConnection(tx, conn.companyId, conn.id)).map((r) => [r.cal.externalId, r]));
    for (const item of items) {
      const title = (item.summaryOverride || item.summary || item.id).slice(0, TITLE_MAX);
      const found = existing.get(item.id);
      existing.delete(item.id);
      if (found) {
        if (found.cal.title !== title || found.cal.color !== colorOf(item.backgroundColor)) {
          await calendarRepo.updateCalendar(tx, conn.companyId, found.cal.id, { title, color: colorOf(item.backgroundColor), updatedAt: now });
        }
        if (found.sync.isPrimary !== !!item.primary) await repo.updateSync(tx, found.cal.id, { isPrimary: !!item.primary });
        continue;
      }
      const cal = await calendarRepo.insertCalendar(tx, {
        companyId: conn.companyId, ownerUserId: conn.userId, type: "EXTERNAL", title, color: colorOf(item.backgroundColor),
        connectionId: conn.id, externalId: item.id, createdAt: now, updatedAt: now,
      });
      await repo.insertSync(tx, { calendarId: cal.id, companyId: conn.companyId, connectionId: conn.id, isPrimary: !!item.primary });
      await calendarRepo.upsertState(tx, conn.companyId, conn.userId, cal.id, { selected: item.selected ?? !!item.primary }, now);
    }
    await repo.deleteCalendars(tx, conn.companyId, [...existing.values()].map((r) => r.cal.id));
  });
}

/** Fetches one calendar's changes (or all of it) and writes them; answers how many events changed. */
export async function syncCalendarEvents(deps: AppDeps, conn: ConnectionRow, row: repo.ExternalRow): Promise<number> {
  const now = deps.clock.now();
  let full = !row.sync.syncToken;
  let page;
  if (!full) {
    try {
      page = await listEvents(deps, conn, row.cal.externalId!, { syncToken: row.sync.syncToken! });
    } catch (e) {
      if (!(e instanceof FullSyncRequired)) throw e;
      full = true;
    }
  }
  if (full) {
    const window = { timeMin: new Date(now.getTime() - EXTERNAL_SYNC_PAST_DAYS * DAY_MS), timeMax: new Date(now.getTime() + EXTERNAL_SYNC_FUTURE_DAYS * DAY_MS) };
    try {
      page = await listEvents(deps, conn, row.cal.externalId!, window);
    } catch (e) {
      if (e instanceof FullSyncRequired) throw new ExternalServiceError("UNKNOWN", "410 on a full sync");
      throw e;
    }
  }
  const { items, nextSyncToken } = page!;
  return await deps.db.transaction(async (tx) => {
    // The calendar may have gone meanwhile (a calendar list sync, a disconnection): nothing to write then. Two
    // syncs of one calendar at once (the user's and the job's) write one after the other; the second finds the
    // first's events and writes only what differs.
    if (!await repo.lockSync(tx, row.cal.id)) return 0;
    const latest = new Map<string, GoogleEvent>();
    for (const ev of items) latest.set(ev.id, ev);
    const stored = await repo.eventsByUid(tx, conn.companyId, row.cal.id, full ? undefined : [...latest.keys()]);
    let changed = 0;
    for (const [uid, ev] of latest) {
      const text = ev.status === "cancelled" ? null : objectOf(ev, undefined, now);
      const have = stored.get(uid);
      stored.delete(uid);
      if (text === null) {
        if (have) {
          await deleteObject(tx, deps, have);
          changed++;
        }
      } else if (!have) {
        await insertObject(tx, deps, { companyId: conn.companyId, calendarId: row.cal.id, ownerUserId: null, text });
        changed++;
      } else if (essence(have.ical) !== essence(text)) {
        await updateObject(tx, deps, have, text);
        changed++;
      }
    }
    if (full) {
      for (const gone of stored.values()) {
        await deleteObject(tx, deps, gone);
        changed++;
      }
    }
    await repo.updateSync(tx, row.cal.id, { syncToken: nextSyncToken, syncedAt: now, lockedUntil: null });
    return changed;
  });
}

/**
 * Syncs a connection: its calendar list when asked, then the events of the given calendars (default: the ones
 * checked in the owner's tree). Records the outcome on the connection; answers the reason of a failure.
 */
export async function syncConnection(
  deps: AppDeps, conn: ConnectionRow, opts: { list: boolean; calendarIds?: number[] },
): Promise<ExternalErrorReason | null> {
  let changed = 0;
  let reason: ExternalErrorReason | null = null;
  try {
    if (opts.list) await syncCalendarList(deps, conn);
    const rows = await repo.calendarsOfConnection(deps.db, conn.companyId, conn.id);
    const states = await calendarRepo.statesOf(deps.db, conn.userId);
    const chosen = rows.filter((r) => opts.calendarIds ? opts.calendarIds.includes(r.cal.id) : states.get(r.cal.id)?.selected ?? true);
    for (const r of chosen) changed += await syncCalendarEvents(deps, conn, r);
  } catch (e) {
    reason = reasonOf(e);
    if (e instanceof ExternalServiceError) deps.log.info(`external calendar: connection ${conn.id}: ${e.message}`);
    else deps.log.error(`external calendar: connection ${conn.id} failed`, e);
  }
  if (reason !== conn.errorReason) await setConnectionError(deps.db, conn.id, reason);
  if (changed || opts.list || reason !== conn.errorReason) {
    await publishToUsers(deps, conn.companyId, [conn.userId], {}).catch(() => {});
  }
  return reason;
}
