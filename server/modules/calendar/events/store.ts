// Writing event objects: the row (the iCalendar text and the columns extracted from it), the internal
// attendees' rows, the search lexemes and the change log, all in the caller's transaction. A change is logged
// in the event's calendar and in the DEFAULT calendar of every internal attendee (before and after the
// write), which is where an invitee sees the event.
//
// Leave events are the leave module's (leave-events.ts writes them in the usage's transaction, with
// updateLeaveObject / deleteLeaveObject): updateObject and deleteObject, which every other writer goes through
// (the app's edit and delete, CalDAV PUT and DELETE, ICS import, iTIP mail), refuse to change or delete one, or
// to mark an event as leave: 409 leave.not_editable (001 §4/§8, 002 §8). The usage and its event never drift.
import { forgetObjectIn } from "../../notifications/notify.ts";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { calendarEventAttendees, calendarEvents, users } from "../../../../db/schema/index.ts";
import { DEFAULT_CALENDAR_COLOR } from "../../../../shared/calendar/constants.ts";
import { LEAVE_ERRORS } from "../../../../shared/leave/errors.ts";
import type { AppDeps } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { searchVectorLiteral } from "../../mail/search/tokens.ts";
import * as calendarRepo from "../calendars/repo.ts";
import { boundsOf } from "./expand.ts";
import { parseObject, personOf, textOf } from "./ical-read.ts";
import { LEAVE_PROPERTY } from "./ical-write.ts";
import { LONG_SPAN_DAYS } from "./repo.ts";
import { planAlarms } from "../alarms/plan.ts";
import { clientNameOf } from "../dav/names.ts";

export type EventRow = typeof calendarEvents.$inferSelect;

export interface Extracted {
  uid: string;
  summary: string;
  location: string;
  description: string;
  isAllDay: boolean;
  tzid: string | null;
  firstStart: Date;
  lastEnd: Date | null;
  isRecurring: boolean;
  organizerEmail: string | null;
  attendees: { email: string; name: string; role: string; partStat: string }[];
  sequence: number;
  isLeave: boolean;
}

/** The query columns of an object text (ical-read.ts, expand.ts). */
export function extract(text: string): Extracted {
  const obj = parseObject(text);
  const main = obj.master ?? [...obj.overrides.values()][0];
  const { firstStart, lastEnd } = boundsOf(obj);
  const attendees = new Map<string, Extracted["attendees"][number]>();
  for (const v of [main, ...obj.overrides.values()]) {
    for (const prop of v.getAllProperties("attendee")) {
      const p = personOf(prop);
      if (p.email && !attendees.has(p.email)) attendees.set(p.email, p);
    }
  }
  const organizer = main.getFirstProperty("organizer");
  const seq = Number(main.getFirstPropertyValue("sequence") ?? 0);
  return {
    uid: textOf(main, "uid"),
    summary: textOf(main, "summary"),
    location: textOf(main, "location"),
    description: textOf(main, "description"),
    isAllDay: obj.isAllDay,
    tzid: obj.tzid,
    firstStart: new Date(firstStart),
    lastEnd: lastEnd === null ? null : new Date(lastEnd),
    isRecurring: !!obj.master && (obj.master.hasProperty("rrule") || obj.master.hasProperty("rdate")),
    organizerEmail: organizer ? personOf(organizer).email || null : null,
    attendees: [...attendees.values()],
    sequence: Number.isSafeInteger(seq) && seq >= 0 ? seq : 0,
    isLeave: String(main.getFirstPropertyValue(LEAVE_PROPERTY) ?? "").toUpperCase() === "TRUE",
  };
}

/** Users of the company by address (their sign-in name), for attendees and the organiser. */
async function internalUsers(db: DbOrTx, companyId: number, emails: string[]) {
  if (!emails.length) return new Map<string, { id: number; name: string }>();
  const rows = await db.select({ id: users.id, username: users.username, name: users.accountName }).from(users).where(and(
    eq(users.companyId, companyId), inArray(users.username, emails), sql`${users.status} <> 'DELETED'`,
  ));
  return new Map(rows.map((r) => [r.username, { id: r.id, name: r.name }]));
}

function columnsOf(x: Extracted) {
  const people = x.attendees.map((a) => `${a.name} ${a.email}`).join(" ");
  return {
    uid: x.uid, summary: x.summary, location: x.location, description: x.description, isAllDay: x.isAllDay,
    tzid: x.tzid, firstStart: x.firstStart, lastEnd: x.lastEnd, isRecurring: x.isRecurring,
    longSpan: x.isRecurring || x.lastEnd === null || x.lastEnd.getTime() - x.firstStart.getTime() > LONG_SPAN_DAYS * 86_400_000,
    organizerEmail: x.organizerEmail, sequence: x.sequence, isLeave: x.isLeave,
    etag: crypto.randomUUID().replaceAll("-", ""),
    searchVector: searchVectorLiteral({ subject: x.summary, addresses: people, body: x.description, attachmentNames: x.location }),
  };
}

/** The attendee rows of an event replaced by the object's; answers the internal attendees' user ids. */
async function writeAttendees(db: DbOrTx, companyId: number, eventId: number, x: Extracted, known: Map<string, { id: number; name: string }>) {
  await db.delete(calendarEventAttendees).where(eq(calendarEventAttendees.eventId, eventId));
  if (!x.attendees.length) return [];
  await db.insert(calendarEventAttendees).values(x.attendees.map((a) => ({
    companyId, eventId, userId: known.get(a.email)?.id ?? null, email: a.email, name: a.name, role: a.role, partStat: a.partStat,
  })));
  return x.attendees.map((a) => known.get(a.email)?.id).filter((id): id is number => id !== undefined);
}

/** The internal attendees' DEFAULT calendars (made for invitees who never opened the calendar). */
async function defaultCalendarIds(db: DbOrTx, companyId: number, userIds: number[], now: Date): Promise<number[]> {
  const ids: number[] = [];
  if (!userIds.length) return ids;
  const names = await calendarRepo.userNames(db, companyId, userIds);
  for (const userId of [...new Set(userIds)].sort((a, b) => a - b)) {
    ids.push((await calendarRepo.ensureDefault(db, companyId, userId, names.get(userId) || "Calendar", DEFAULT_CALENDAR_COLOR, now)).id);
  }
  return ids;
}

export async function attendeeUserIds(db: DbOrTx, eventId: number): Promise<number[]> {
  const rows = await db.select({ userId: calendarEventAttendees.userId }).from(calendarEventAttendees)
    .where(eq(calendarEventAttendees.eventId, eventId));
  return rows.map((r) => r.userId).filter((id): id is number => id !== null);
}

export interface WriteResult {
  row: EventRow;
  /** Users to tell (internal attendees before and after). */
  attendeeUserIds: number[];
  /** Internal attendees this write newly invited (not the owner nor the organizer): the bell's calendar.invited. */
  invitedUserIds: number[];
}

/** A new object in a calendar. */
export async function insertObject(
  db: DbOrTx, deps: AppDeps,
  o: { companyId: number; calendarId: number; ownerUserId: number | null; text: string; leaveStatus?: string | null },
): Promise<WriteResult> {
  const now = deps.clock.now();
  const x = extract(o.text);
  const known = await internalUsers(db, o.companyId, [...x.attendees.map((a) => a.email), ...(x.organizerEmail ? [x.organizerEmail] : [])]);
  const [row] = await db.insert(calendarEvents).values({
    companyId: o.companyId, calendarId: o.calendarId, ical: o.text, ...columnsOf(x),
    ownerUserId: o.ownerUserId, organizerUserId: x.organizerEmail ? known.get(x.organizerEmail)?.id ?? null : null,
    leaveStatus: o.leaveStatus ?? null, createdAt: now, updatedAt: now,
  }).returning();
  const attendees = await writeAttendees(db, o.companyId, row.id, x, known);
  await planAlarms(db, row, now); // the next alarm of the object (alarms/plan.ts)
  const invitees = attendees.filter((id) => id !== row.organizerUserId && id !== row.ownerUserId);
  await calendarRepo.logChange(db, o.companyId, [o.calendarId, ...await defaultCalendarIds(db, o.companyId, invitees, now)], x.uid, false, now);
  return { row, attendeeUserIds: attendees, invitedUserIds: invitees };
}

/**
 * New objects in one calendar at once (an ICS import's chunk): what insertObject does for each, in a few
 * statements for them all instead of some eight round trips each: one look-up of the internal people named,
 * one insert of the rows, one of their attendees, one step of the calendar's change log. Alarm plans and the
 * DEFAULT calendars of internal invitees are written per object, only for the objects that have them. Each
 * object comes with its extract() (the caller read it, so an unreadable one is reported alone) and its UID is
 * new in the calendar (the caller looked).
 */
export async function insertObjects(
  db: DbOrTx, deps: AppDeps,
  o: { companyId: number; calendarId: number; ownerUserId: number | null; objects: { text: string; x: Extracted }[] },
): Promise<WriteResult[]> {
  if (!o.objects.length) return [];
  const now = deps.clock.now();
  const xs = o.objects.map((ob) => ob.x);
  const emails = xs.flatMap((x) => [...x.attendees.map((a) => a.email), ...(x.organizerEmail ? [x.organizerEmail] : [])]);
  const known = await internalUsers(db, o.companyId, [...new Set(emails)]);
  const rows = await db.insert(calendarEvents).values(xs.map((x, i) => ({
    companyId: o.companyId, calendarId: o.calendarId, ical: o.objects[i].text, ...columnsOf(x),
    ownerUserId: o.ownerUserId, organizerUserId: x.organizerEmail ? known.get(x.organizerEmail)?.id ?? null : null,
    leaveStatus: null, createdAt: now, updatedAt: now,
  }))).returning();
  // RETURNING gives the rows in the order of VALUES (one statement, no conflict clause).
  const attendeeRows = rows.flatMap((row, i) => xs[i].attendees.map((a) => ({
    companyId: o.companyId, eventId: row.id, userId: known.get(a.email)?.id ?? null, email: a.email, name: a.name, role: a.role, partStat: a.partStat,
  })));
  if (attendeeRows.length) await db.insert(calendarEventAttendees).values(attendeeRows);
  const out: WriteResult[] = [];
  const invited = new Map<string, number[]>();
  for (const [i, row] of rows.entries()) {
    if (/BEGIN:VALARM/i.test(row.ical)) await planAlarms(db, row, now);
    const attendees = xs[i].attendees.map((a) => known.get(a.email)?.id).filter((id): id is number => id !== undefined);
    const invitees = attendees.filter((id) => id !== row.organizerUserId && id !== row.ownerUserId);
    if (invitees.length) invited.set(row.uid, invitees);
    out.push({ row, attendeeUserIds: attendees, invitedUserIds: invitees });
  }
  await calendarRepo.logChanges(db, o.companyId, o.calendarId, rows.map((r) => r.uid), now);
  for (const [uid, invitees] of invited) {
    await calendarRepo.logChange(db, o.companyId, await defaultCalendarIds(db, o.companyId, invitees, now), uid, false, now);
  }
  return out;
}

/**
 * A leave application's event: written by the leave module, which always gives it a leave state (READY,
 * CONFIRMED, DENIED). An event merely carrying X-GW-LEAVE (an import, an invitation from outside) is not one.
 */
export const isLeaveEvent = (row: Pick<EventRow, "leaveStatus">) => row.leaveStatus !== null;

/**
 * The calendar's guard of leave events: 409 leave.not_editable for the event of a leave application (whatever
 * its state: applied, approved or refused, it is changed and cancelled in the leave screens) and for a text
 * that would mark an ordinary event as leave (leave is applied for, not marked).
 */
export function requireNotLeave(row: Pick<EventRow, "isLeave" | "leaveStatus">, next?: Pick<Extracted, "isLeave">) {
  if (isLeaveEvent(row) || (next?.isLeave && !row.isLeave)) {
    throw new AppError(409, LEAVE_ERRORS.notEditable, { leaveStatus: row.leaveStatus });
  }
}

/** A stored object rewritten (and moved when calendarId differs); never a leave event (requireNotLeave). */
export async function updateObject(db: DbOrTx, deps: AppDeps, row: EventRow, text: string, calendarId = row.calendarId): Promise<WriteResult> {
  const x = extract(text);
  requireNotLeave(row, x);
  return await rewrite(db, deps, row, text, x, calendarId);
}

/** A leave event rewritten by the leave module (leave-events.ts), the only writer of leave events. */
export async function updateLeaveObject(db: DbOrTx, deps: AppDeps, row: EventRow, text: string): Promise<WriteResult> {
  return await rewrite(db, deps, row, text, extract(text), row.calendarId);
}

async function rewrite(db: DbOrTx, deps: AppDeps, row: EventRow, text: string, x: Extracted, calendarId: number): Promise<WriteResult> {
  const now = deps.clock.now();
  const isInvitee = (id: number) => id !== row.ownerUserId && id !== row.organizerUserId;
  const before = (await attendeeUserIds(db, row.id)).filter(isInvitee);
  const known = await internalUsers(db, row.companyId, [...x.attendees.map((a) => a.email), ...(x.organizerEmail ? [x.organizerEmail] : [])]);
  const [updated] = await db.update(calendarEvents).set({
    calendarId, ical: text, ...columnsOf(x), uid: row.uid,
    organizerUserId: x.organizerEmail ? known.get(x.organizerEmail)?.id ?? null : null, updatedAt: now,
  }).where(and(eq(calendarEvents.companyId, row.companyId), eq(calendarEvents.id, row.id))).returning();
  const after = (await writeAttendees(db, row.companyId, row.id, x, known)).filter(isInvitee);
  await planAlarms(db, updated, now);
  const removed = before.filter((id) => !after.includes(id));
  const kept = await defaultCalendarIds(db, row.companyId, after, now);
  const gone = (await calendarRepo.defaultCalendarsOf(db, row.companyId, removed));
  const goneIds = [...gone.values()].map((c) => c.id).filter((id) => !kept.includes(id) && id !== calendarId);
  if (calendarId !== row.calendarId) goneIds.push(row.calendarId);
  await calendarRepo.logChange(db, row.companyId, [calendarId, ...kept], row.uid, false, now);
  await calendarRepo.logChange(db, row.companyId, goneIds, row.uid, true, now, clientNameOf(row.ical));
  return { row: updated, attendeeUserIds: [...new Set([...before, ...after])], invitedUserIds: after.filter((id) => !before.includes(id)) };
}

/** An object deleted: logged as gone in its calendar and the attendees' DEFAULT calendars; never a leave event. */
export async function deleteObject(db: DbOrTx, deps: AppDeps, row: EventRow): Promise<number[]> {
  requireNotLeave(row);
  return await remove(db, deps, row);
}

/** A leave event deleted by the leave module (leave-events.ts). */
export async function deleteLeaveObject(db: DbOrTx, deps: AppDeps, row: EventRow): Promise<number[]> {
  return await remove(db, deps, row);
}

async function remove(db: DbOrTx, deps: AppDeps, row: EventRow): Promise<number[]> {
  const now = deps.clock.now();
  const attendees = (await attendeeUserIds(db, row.id)).filter((id) => id !== row.ownerUserId && id !== row.organizerUserId);
  const defaults = [...(await calendarRepo.defaultCalendarsOf(db, row.companyId, attendees)).values()].map((c) => c.id);
  await db.delete(calendarEvents).where(and(eq(calendarEvents.companyId, row.companyId), eq(calendarEvents.id, row.id)));
  await calendarRepo.logChange(db, row.companyId, [row.calendarId, ...defaults], row.uid, true, now, clientNameOf(row.ical));
  // Its invitations and answers in the bell go with it (they would open a day without the event).
  await forgetObjectIn(db, row.companyId, `calendar:${row.id}`);
  return attendees;
}

/** Before a calendar is deleted: its events leave the attendees' DEFAULT calendars; answers those users. */
export async function forgetCalendarEvents(db: DbOrTx, deps: AppDeps, cal: calendarRepo.CalendarRow): Promise<number[]> {
  const rows = await db.select({ id: calendarEvents.id, uid: calendarEvents.uid, ical: calendarEvents.ical, userId: calendarEventAttendees.userId })
    .from(calendarEvents).innerJoin(calendarEventAttendees, eq(calendarEventAttendees.eventId, calendarEvents.id))
    .where(and(eq(calendarEvents.companyId, cal.companyId), eq(calendarEvents.calendarId, cal.id), sql`${calendarEventAttendees.userId} is not null`));
  const users = [...new Set(rows.map((r) => r.userId!))];
  const defaults = await calendarRepo.defaultCalendarsOf(db, cal.companyId, users);
  const now = deps.clock.now();
  for (const r of rows) {
    const d = defaults.get(r.userId!);
    if (d && d.id !== cal.id) await calendarRepo.logChange(db, cal.companyId, [d.id], r.uid, true, now, clientNameOf(r.ical));
  }
  return users;
}
