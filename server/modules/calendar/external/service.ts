// The external calendar calls (001 §7 "External calendars"; shapes in shared/calendar/external.ts). A
// connection or calendar of someone else answers 404 as a missing one does.
import type { ExternalCalendar, ExternalCalendarConnection } from "../../../../shared/calendar/external.ts";
import type { EventItem } from "../../../../shared/calendar/events.ts";
import type { ExternalErrorReason } from "../../../../shared/external-services.ts";
import type { Caller } from "../../../lib/context.ts";
import { notFound } from "../../../lib/errors.ts";
import { type ConnectionRow, onConnectionRemoved, requireOwnConnection } from "../../external-services/connections.ts";
import * as calendarRepo from "../calendars/repo.ts";
import * as events from "../events/service.ts";
import * as repo from "./repo.ts";
import { syncConnection } from "./sync.ts";

export const SERVICE_TYPE = "GOOGLE_CALENDAR";

// A removed connection takes its calendars and their events along (in the removal's transaction).
onConnectionRemoved(SERVICE_TYPE, async (tx, _deps, conn) => {
  await repo.deleteCalendarsOfConnection(tx, conn.companyId, conn.id);
});

function calendarOf(r: repo.ExternalRow, state: calendarRepo.StateRow | undefined): ExternalCalendar {
  return {
    id: r.cal.id, connectionId: r.sync.connectionId, externalId: r.cal.externalId ?? "", title: r.cal.title,
    color: state?.color ?? r.cal.color, selected: state?.selected ?? true, primary: r.sync.isPrimary,
    syncedAt: r.sync.syncedAt?.toISOString() ?? null,
  };
}

async function connectionView(caller: Caller, conn: ConnectionRow): Promise<ExternalCalendarConnection> {
  const { db } = caller.deps;
  const [rows, states] = await Promise.all([
    repo.calendarsOfConnection(db, conn.companyId, conn.id),
    calendarRepo.statesOf(db, caller.auth.userId),
  ]);
  const cals = rows.map((r) => calendarOf(r, states.get(r.cal.id)))
    .sort((a, b) => Number(b.primary) - Number(a.primary) || a.title.localeCompare(b.title) || a.id - b.id);
  return {
    id: conn.id, username: conn.name, email: conn.email, loaded: rows.length > 0, calendars: cals,
    errorMessage: (conn.errorReason as ExternalErrorReason | null) ?? null,
  };
}

/** GET /api/external/calendars: the connection with its calendars (sync: fetched from Google first). */
export async function connectionCalendars(caller: Caller, connectionId: number, sync: boolean): Promise<ExternalCalendarConnection> {
  let conn = await requireOwnConnection(caller, connectionId, SERVICE_TYPE);
  if (sync) {
    await syncConnection(caller.deps, conn, { list: true });
    conn = await requireOwnConnection(caller, connectionId, SERVICE_TYPE);
  }
  return await connectionView(caller, conn);
}

/** PATCH /api/external/calendars/{id}: checked or not; a calendar checked for the first time is fetched at once. */
export async function setSelected(caller: Caller, calendarId: number, selected: boolean): Promise<ExternalCalendar> {
  const { deps, auth } = caller;
  const row = await repo.ownExternalCalendar(deps.db, auth.companyId, auth.userId, calendarId);
  if (!row) throw notFound();
  await calendarRepo.upsertState(deps.db, auth.companyId, auth.userId, calendarId, { selected }, deps.clock.now());
  if (selected && !row.sync.syncedAt) {
    const conn = await requireOwnConnection(caller, row.sync.connectionId, SERVICE_TYPE);
    await syncConnection(deps, conn, { list: false, calendarIds: [calendarId] });
  }
  const after = (await repo.ownExternalCalendar(deps.db, auth.companyId, auth.userId, calendarId))!;
  return calendarOf(after, (await calendarRepo.statesOf(deps.db, auth.userId)).get(calendarId));
}

/** GET /api/external/calendars/events: the occurrences of the connection's calendars (ids, or its checked ones). */
export async function connectionEvents(
  caller: Caller, q: { connectionId: number; startDt: string; endDt: string; ids: number[]; timezone?: string },
): Promise<EventItem[]> {
  const conn = await requireOwnConnection(caller, q.connectionId, SERVICE_TYPE);
  const rows = await repo.calendarsOfConnection(caller.deps.db, conn.companyId, conn.id);
  const states = await calendarRepo.statesOf(caller.deps.db, caller.auth.userId);
  const own = new Set(rows.map((r) => r.cal.id));
  const ids = q.ids.length ? [...new Set(q.ids)] : rows.filter((r) => states.get(r.cal.id)?.selected ?? true).map((r) => r.cal.id);
  if (ids.some((id) => !own.has(id))) throw notFound();
  if (!ids.length) return [];
  return await events.list(caller, { calendars: ids, dtStart: q.startDt, dtEnd: q.endDt, timezone: q.timezone });
}
