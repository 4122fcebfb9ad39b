// Events: create, the month list, view, an invitee's answer (001 §7 event POST, event find, view/{id},
// partStat). Editing and deleting are in edit.ts; shapes in shared/calendar/events.ts.
import { languageOf, PUBLIC_HOLIDAY_UID } from "../holiday-calendar/service.ts";
import { describeHoliday } from "../holidays/names.ts";
import {
  CALENDAR_PRIVILEGE, type CalendarPrivilege, DEFAULT_TIMEZONE, EVENT_QUERY_MAX_DAYS, OCCURRENCES_PER_SERIES_MAX,
  parseInstanceId, type PartStat, READ_ONLY_CALENDAR_TYPES,
} from "../../../../shared/calendar/constants.ts";
import type { EventCreate, EventDetail, EventItem, EventListQuery } from "../../../../shared/calendar/events.ts";
import type { DbOrTx } from "../../../../db/client.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError, forbidden, notFound } from "../../../lib/errors.ts";
import { transactionWithRetry } from "../../../lib/transaction.ts";
import { privilegeOf, requireCalendar, type Viewer, viewerOf } from "../calendars/access.ts";
import * as calendarRepo from "../calendars/repo.ts";
import { audienceOf, publishToUsers } from "../realtime.ts";
import { isSingle, occurrencesOf, parsedOf, singleOccurrence } from "./cache.ts";
import { occurrenceAt } from "./expand.ts";
import { parseObject, type ParsedObject } from "./ical-read.ts";
import { addOverride, newObject } from "./ical-write.ts";
import { attendeesOf, invalid, ruleOf, timesOf } from "./input.ts";
import { accessOf, cachedFactsOf, detailOf, type EventAccess, itemOf, itemOfRow } from "./present.ts";
import * as repo from "./repo.ts";
import { type EventRow, insertObject, updateObject } from "./store.ts";
import { apiTimeToInstant } from "./zone.ts";
import { sendItipChanges } from "../itip-mail/send.ts";
import { bellInvited, bellReplied } from "./bell.ts";
import { leaveApplicant } from "./leave-events.ts";

export interface LoadedEvent {
  row: EventRow;
  cal: calendarRepo.CalendarRow;
  obj: ParsedObject;
  key: string | null;
  access: EventAccess;
}

/**
 * An event (or one occurrence, by instance id) the viewer may see; 404 otherwise, as for a missing id. Seen
 * through its calendar, as an internal attendee, or through an attendee's DEFAULT calendar the viewer sees.
 */
export async function loadEvent(caller: Caller, v: Viewer, idText: string, lock = false, db: DbOrTx = caller.deps.db): Promise<LoadedEvent> {
  const ref = parseInstanceId(idText);
  if (!ref) throw notFound();
  const row = await repo.findEvent(db, v.companyId, ref.eventId, lock);
  if (!row) throw notFound();
  const cal = (await calendarRepo.findCalendar(db, v.companyId, row.calendarId))!;
  const partStat = (await repo.attendance(db, v.companyId, v.userId, [row.id])).get(row.id) ?? null;
  let via: CalendarPrivilege = 0;
  if (privilegeOf(v, cal) === 0 && partStat === null) {
    const defaults = await calendarRepo.defaultCalendarsOf(db, v.companyId, await repo.attendeeUsers(db, v.companyId, row.id));
    for (const c of defaults.values()) via = Math.max(via, privilegeOf(v, c)) as CalendarPrivilege;
  }
  const access = accessOf(v, row, cal, partStat, via);
  if (access.privilege === 0) throw notFound();
  return { row, cal, obj: parseObject(row.ical), key: ref.recurrenceId, access };
}

/** The answer for one occurrence of a loaded event (its first one when no key is given). */
export async function detailFor(caller: Caller, v: Viewer, e: LoadedEvent, zone = DEFAULT_TIMEZONE): Promise<EventDetail> {
  const o = occurrenceAt(e.obj, e.key, zone);
  if (!o) throw new AppError(404, "calendar.occurrence_not_found");
  return detailOf(e.obj, e.row, o, e.row.calendarId, e.access, v.username, await repo.attendeeEmailUsers(caller.deps.db, v.companyId, e.row.id));
}

/** After a write: everyone who sees the calendars or attends refetches. */
export async function announce(caller: Caller, companyId: number, calendarIds: number[], attendeeUserIds: number[], eventId: number) {
  const users = [...await audienceOf(caller.deps.db, companyId, calendarIds), ...attendeeUserIds];
  await publishToUsers(caller.deps, companyId, users, { calendarId: calendarIds[0], eventId });
}

/** A calendar the viewer may add events to: 403 for read-only types and privileges below write. */
export async function requireWritableCalendar(caller: Caller, v: Viewer, calendarId: number) {
  const { cal, privilege } = await requireCalendar(caller, v, calendarId);
  if (READ_ONLY_CALENDAR_TYPES.includes(cal.type as never)) throw new AppError(403, "calendar.external_not_editable");
  if (privilege < CALENDAR_PRIVILEGE.WRITE) throw forbidden();
  return cal;
}

/** POST event. With isLeave, an application for leave when the leave module is there (leave-events.ts). */
export async function create(caller: Caller, input: EventCreate): Promise<EventDetail> {
  const v = await viewerOf(caller);
  const applyForLeave = input.isLeave ? leaveApplicant() : null;
  if (applyForLeave) {
    const { eventId } = await applyForLeave(caller, input);
    return await detailFor(caller, v, await loadEvent(caller, v, String(eventId)), input.timezone ?? DEFAULT_TIMEZONE);
  }
  const cal = await requireWritableCalendar(caller, v, input.calendarId);
  const zone = input.timezone ?? DEFAULT_TIMEZONE;
  const { start, end } = timesOf(input.dtStart, input.dtEnd, input.isAllDay, zone);
  const me = { email: v.username, name: v.name };
  const attendees = attendeesOf(input.attendees, me, [], false);
  const rrule = ruleOf(input.recurrence, start, input.isAllDay, zone);
  const text = newObject(`${crypto.randomUUID()}`, {
    summary: input.summary, location: input.location, description: input.description, isAllDay: input.isAllDay,
    tzid: zone, start, end, organizer: attendees.length ? me : null, attendees, alarms: input.alarms, isLeave: input.isLeave,
  }, rrule, caller.deps.clock.now());
  const written = await transactionWithRetry(caller.deps.db, (tx) =>
    insertObject(tx, caller.deps, { companyId: v.companyId, calendarId: cal.id, ownerUserId: v.userId, text, leaveStatus: input.isLeave ? "READY" : null }));
  await announce(caller, v.companyId, [cal.id], written.attendeeUserIds, written.row.id);
  await bellInvited(caller.deps, v.companyId, v.userId, written); // internal attendees: the bell
  await sendItipChanges(caller.deps, null, written.row); // external attendees: METHOD:REQUEST by mail
  return await detailFor(caller, v, await loadEvent(caller, v, String(written.row.id)), zone);
}

/** GET event: the occurrences in [dtStart, dtEnd) of the chosen calendars, invitations in DEFAULT calendars. */
export async function list(caller: Caller, q: EventListQuery): Promise<EventItem[]> {
  const { db } = caller.deps;
  const zone = q.timezone ?? DEFAULT_TIMEZONE;
  const start = apiTimeToInstant(q.dtStart, zone);
  const end = apiTimeToInstant(q.dtEnd, zone);
  if (start === null || end === null) throw invalid("calendar.time_invalid");
  if (end <= start) throw invalid("calendar.start_after_end");
  if (end - start > EVENT_QUERY_MAX_DAYS * 86_400_000) throw invalid("calendar.range_too_long");
  const v = await viewerOf(caller);
  const ids = [...new Set(q.calendars)];
  const cals = await calendarRepo.calendarsByIds(db, v.companyId, ids);
  if (cals.length !== ids.length || cals.some((c) => privilegeOf(v, c) === 0)) throw notFound();
  // All-day events are stored from midnight of their own zone: a day more on each side finds them all.
  const from = new Date(start - 86_400_000);
  const to = new Date(end + 86_400_000);
  const byId = new Map(cals.map((c) => [c.id, c]));
  const listed: { row: repo.ListRow; listedIn: number }[] = (await repo.listRowsInCalendars(db, v.companyId, ids, from, to))
    .map((row) => ({ row, listedIn: row.calendarId }));
  const defaults = new Map(cals.filter((c) => c.type === "DEFAULT" && c.ownerUserId !== null).map((c) => [c.ownerUserId!, c.id]));
  const seen = new Set(listed.map((l) => l.row.id));
  for (const a of await repo.listRowsAttended(db, v.companyId, [...defaults.keys()], from, to)) {
    // An organiser's own event shows in the calendar it is in, not also in their DEFAULT one.
    if (seen.has(a.event.id) || a.userId === a.event.organizerUserId || a.userId === a.event.ownerUserId) continue;
    seen.add(a.event.id);
    listed.push({ row: a.event, listedIn: defaults.get(a.userId!)! });
  }
  const missing = [...new Set(listed.map((l) => l.row.calendarId).filter((id) => !byId.has(id)))];
  for (const c of await calendarRepo.calendarsByIds(db, v.companyId, missing)) byId.set(c.id, c);
  const mine = await repo.attendance(db, v.companyId, v.userId, listed.map((l) => l.row.id));
  const items: EventItem[] = [];
  for (const { row, listedIn } of listed) {
    const access = accessOf(v, row, byId.get(row.calendarId)!, mine.get(row.id) ?? null, privilegeOf(v, byId.get(listedIn)!));
    if (access.privilege === 0) continue;
    if (isSingle(row)) {
      const o = singleOccurrence(row, start, end, zone);
      if (o) items.push(itemOfRow(row, o, listedIn, access, v.username));
      continue;
    }
    let obj: ParsedObject;
    try {
      obj = parsedOf(row);
    } catch (e) {
      caller.deps.log.error(`calendar: event ${row.id} cannot be read`, e);
      continue;
    }
    for (const o of occurrencesOf(row, obj, start, end, zone, OCCURRENCES_PER_SERIES_MAX)) {
      items.push(itemOf(obj, row, o, listedIn, access, v.username, cachedFactsOf(o.vevent)));
    }
  }
  await nameHolidays(caller, items, listed.filter((l) => byId.get(l.row.calendarId)?.type === "HOLIDAY" && PUBLIC_HOLIDAY_UID.test(l.row.uid)));
  return items.sort((a, b) => a.startForOrdering - b.startForOrdering || a.eventId - b.eventId);
}

/** Public holidays are stored with their Korean names: an English or Indonesian reader sees theirs. */
async function nameHolidays(caller: Caller, items: EventItem[], holidays: { row: repo.ListRow }[]) {
  if (!holidays.length) return;
  const lang = await languageOf(caller.deps, caller.auth.userId);
  if (lang === "ko") return;
  const ids = new Set(holidays.map((h) => h.row.id));
  for (const item of items) if (ids.has(item.eventId)) item.name = describeHoliday(item.name).names[lang];
}

/** GET view/{id}. */
export async function view(caller: Caller, idText: string): Promise<EventDetail> {
  const v = await viewerOf(caller);
  return await detailFor(caller, v, await loadEvent(caller, v, idText));
}

/**
 * PUT event/partStat: an internal attendee answers, for the whole event (ALL) or, with an occurrence's
 * instance id, for that occurrence alone (THIS: its override carries the answer). The organiser sees it at once.
 */
export async function setPartStat(caller: Caller, idText: string, partStat: PartStat, scope: "THIS" | "ALL" = "ALL"): Promise<EventDetail> {
  const v = await viewerOf(caller);
  const seen = await loadEvent(caller, v, idText);
  if (seen.access.partStat === null) throw new AppError(403, "calendar.not_attendee");
  const written = await transactionWithRetry(caller.deps.db, async (tx) => {
    const e = await loadEvent(caller, v, idText, true, tx);
    let targets = [e.obj.master, ...e.obj.overrides.values()];
    if (scope === "THIS" && e.key && e.row.isRecurring && e.obj.master) {
      if (!occurrenceAt(e.obj, e.key, e.obj.zone)) throw new AppError(404, "calendar.occurrence_not_found");
      targets = [e.obj.overrides.get(e.key) ?? addOverride(e.obj, e.key)];
    }
    let answered = false;
    for (const vevent of targets) {
      for (const prop of vevent?.getAllProperties("attendee") ?? []) {
        const email = String(prop.getFirstValue() ?? "").replace(/^mailto:/i, "").trim().toLowerCase();
        if (email === v.username) {
          prop.setParameter("partstat", partStat);
          prop.removeParameter("rsvp");
          answered = true;
        }
      }
    }
    if (!answered) throw new AppError(403, "calendar.not_attendee");
    return await updateObject(tx, caller.deps, e.row, e.obj.root.toString());
  });
  await announce(caller, v.companyId, [written.row.calendarId], written.attendeeUserIds, written.row.id);
  await bellReplied(caller.deps, v.companyId, v.userId, written.row);
  return await detailFor(caller, v, await loadEvent(caller, v, idText));
}
