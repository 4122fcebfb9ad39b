// What the caller may see and do with an event (001 §6: editable by its owner or a privilege-3 user of its
// calendar; events of HOLIDAY and EXTERNAL calendars and leave events never), and the answer shapes of
// occurrences.
import {
  CALENDAR_PRIVILEGE, type CalendarPrivilege, instanceId, type PartStat, READ_ONLY_CALENDAR_TYPES,
} from "../../../../shared/calendar/constants.ts";
import type { EventDetail, EventItem } from "../../../../shared/calendar/events.ts";
import type { CalendarRow } from "../calendars/repo.ts";
import type { Viewer } from "../calendars/access.ts";
import { privilegeOf } from "../calendars/access.ts";
import type { Occurrence } from "./expand.ts";
import { type Component, type ParsedObject, textOf } from "./ical-read.ts";
import { alarmsOf, attendeesOfVevent, organizerOf, ruleFromObject } from "./input.ts";
import { ALL_DAY_ZONE_PROPERTY } from "./ical-write.ts";
import type { EventRow } from "./store.ts";
import type { ListRow } from "./repo.ts";
import { addDays, dateString } from "./zone.ts";

export interface EventAccess {
  privilege: CalendarPrivilege;
  editable: boolean;
  /** The viewer's answer when invited. */
  partStat: PartStat | null;
}

/**
 * The viewer's access to an event of `cal`: the calendar's privilege; an internal attendee reads it (at
 * least 2) and answers; `via` raises it to what the viewer has on the calendar it was listed through (an
 * attendee's DEFAULT calendar shared with them), at most read.
 */
export function accessOf(v: Viewer, row: Pick<ListRow, "ownerUserId" | "leaveStatus">, cal: CalendarRow, partStat: string | null, via: CalendarPrivilege = 0): EventAccess {
  let privilege = privilegeOf(v, cal);
  if (partStat !== null) privilege = Math.max(privilege, CALENDAR_PRIVILEGE.READ) as CalendarPrivilege;
  privilege = Math.max(privilege, Math.min(via, CALENDAR_PRIVILEGE.READ)) as CalendarPrivilege;
  const readOnly = READ_ONLY_CALENDAR_TYPES.includes(cal.type as never);
  const calPrivilege = privilegeOf(v, cal);
  // A leave application's event (it has a leave state) is the leave module's: changed and cancelled in the
  // leave screens (store.ts requireNotLeave).
  const editable = !readOnly && row.leaveStatus === null && (row.ownerUserId === v.userId || calPrivilege >= CALENDAR_PRIVILEGE.WRITE);
  return { privilege, editable, partStat: (partStat as PartStat | null) ?? null };
}

/** A single event (cache.ts isSingle) from its columns: the same item itemOf gives from its parsed object. */
export function itemOfRow(
  row: ListRow, o: Omit<Occurrence, "vevent">, listedIn: number, access: EventAccess, viewerEmail: string,
): EventItem {
  const titleOnly = access.privilege < CALENDAR_PRIVILEGE.READ;
  return {
    id: instanceId(row.id, null),
    eventId: row.id,
    eventUId: row.uid,
    calendarId: listedIn,
    start: timeOut(o, "start", o.startMs),
    end: timeOut(o, "end", o.endMs),
    isAllDay: o.start.date,
    name: row.summary,
    userId: row.ownerUserId,
    isRecurring: false,
    recurrenceId: null,
    startForOrdering: o.startMs,
    timezone: row.tzid,
    location: titleOnly ? "" : row.location,
    privilege: access.privilege,
    editable: access.editable,
    partStat: access.partStat,
    awaitsAction: access.partStat === "NEEDS-ACTION" && row.organizerEmail !== viewerEmail,
    isLeave: row.isLeave,
    leaveStatus: row.leaveStatus,
  };
}

function timeOut(o: Omit<Occurrence, "vevent">, which: "start" | "end", dayZoneMs: number): string {
  const t = o[which];
  if (t.date) return dateString(which === "end" ? addDays(t.wall, -1) : t.wall);
  return new Date(dayZoneMs).toISOString();
}

/** What an item reads of a VEVENT, the same for every viewer and every occurrence it gives. */
export interface VeventFacts {
  summary: string;
  location: string;
  organizerEmail: string | null;
  /** Internal and outside attendees' answers by address. */
  partStats: Map<string, PartStat>;
}

export function factsOf(v: Component): VeventFacts {
  return {
    summary: textOf(v, "summary"),
    location: textOf(v, "location"),
    organizerEmail: organizerOf(v)?.email ?? null,
    partStats: attendeesOfVevent(v).reduce((m, a) => (m.has(a.email) ? m : m.set(a.email, a.partStat as PartStat)), new Map<string, PartStat>()),
  };
}

const factsCache = new WeakMap<Component, VeventFacts>();

/**
 * factsOf, kept per VEVENT: only for the shared read-only objects of cache.ts (parsedOf), whose occurrences
 * all read the same master. A month of a daily series asked the master's summary, organizer and attendees
 * 42 times per viewer; now once per version of the event.
 */
export function cachedFactsOf(v: Component): VeventFacts {
  let f = factsCache.get(v);
  if (!f) factsCache.set(v, f = factsOf(v));
  return f;
}

/**
 * One occurrence as the list shows it; title-only viewers get no location. `facts`: of the occurrence's
 * VEVENT (cachedFactsOf for the shared objects of the list; read afresh by default).
 */
export function itemOf(
  obj: ParsedObject, row: ListRow, o: Occurrence, listedIn: number, access: EventAccess, viewerEmail: string,
  facts: VeventFacts = factsOf(o.vevent),
): EventItem {
  const titleOnly = access.privilege < CALENDAR_PRIVILEGE.READ;
  // The viewer's answer for this occurrence: the override's ATTENDEE when it names them, else the event's.
  const partStat = access.partStat === null ? null : facts.partStats.get(viewerEmail) ?? access.partStat;
  return {
    id: instanceId(row.id, o.key),
    eventId: row.id,
    eventUId: row.uid,
    calendarId: listedIn,
    start: timeOut(o, "start", o.startMs),
    end: timeOut(o, "end", o.endMs),
    isAllDay: o.start.date,
    name: facts.summary,
    userId: row.ownerUserId,
    isRecurring: row.isRecurring,
    recurrenceId: o.key,
    startForOrdering: o.startMs,
    timezone: obj.tzid,
    location: titleOnly ? "" : facts.location,
    privilege: access.privilege,
    editable: access.editable,
    partStat,
    awaitsAction: partStat === "NEEDS-ACTION" && facts.organizerEmail !== viewerEmail,
    isLeave: row.isLeave,
    leaveStatus: row.leaveStatus,
  };
}

/** One occurrence in full (view/{id}, answers of writes); title-only viewers get times and title only. */
export function detailOf(
  obj: ParsedObject, row: EventRow, o: Occurrence, listedIn: number, access: EventAccess, viewerEmail: string,
  userIds: Map<string, number> = new Map(),
): EventDetail {
  const item = itemOf(obj, row, o, listedIn, access, viewerEmail);
  const titleOnly = access.privilege < CALENDAR_PRIVILEGE.READ;
  const organizer = organizerOf(o.vevent);
  // An all-day event's dates carry no zone; the zone it was made in is kept beside them (it places its
  // alarms), and the dialog edits it in that zone again.
  const allDayZone = obj.isAllDay && obj.master ? textOf(obj.master, ALL_DAY_ZONE_PROPERTY) || null : null;
  return {
    ...item,
    timezone: item.timezone ?? allDayZone,
    detail: {
      summary: item.name,
      dtStart: item.start,
      dtEnd: item.end,
      isAllDay: item.isAllDay,
      description: titleOnly ? "" : textOf(o.vevent, "description"),
      location: item.location,
      organizer: titleOnly || !organizer ? null : { ...organizer, userId: userIds.get(organizer.email) ?? row.organizerUserId },
      attendees: titleOnly ? [] : attendeesOfVevent(o.vevent).map((a) => ({
        email: a.email, name: a.name, role: a.role, partStat: a.partStat as PartStat, userId: userIds.get(a.email) ?? null,
      })),
      isLeave: row.isLeave,
      leaveStatus: row.leaveStatus,
    },
    recurrence: titleOnly ? null : ruleFromObject(obj),
    alarms: titleOnly ? [] : alarmsOf(o.vevent),
    titleOnly,
    sequence: row.sequence,
    etag: row.etag,
  };
}
