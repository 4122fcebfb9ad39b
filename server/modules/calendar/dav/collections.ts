// Calendars as DAV collections: which the signed-in user gets in their calendar home (the tree the API's find
// answers: own, organisation, shared, subscribed public, holiday), one by its name in a path, and creating,
// changing and deleting them through the calendars service (the same rules as the API: others' calendars
// take the user's own colour only; DEFAULT calendars are not deleted). Calendars the user may see only the
// titles of (privilege 1) are not offered: CalDAV has no way to hand out an event without its details.
import {
  CALENDAR_PRIVILEGE, type CalendarPrivilege, READ_ONLY_CALENDAR_TYPES,
} from "../../../../shared/calendar/constants.ts";
import type { Caller } from "../../../lib/context.ts";
import { privilegeOf, type Viewer, viewerOf } from "../calendars/access.ts";
import * as calendarRepo from "../calendars/repo.ts";
import * as calendars from "../calendars/service.ts";
import * as repo from "./repo.ts";

export interface Collection {
  cal: calendarRepo.CalendarRow;
  viewer: Viewer;
  privilege: CalendarPrivilege;
  /** Its last path segment. */
  name: string;
  title: string;
  /** The user's colour of it (their own, else the calendar's). */
  color: string;
  /** Events may be written (privilege 3 or more, not a HOLIDAY or EXTERNAL calendar). */
  writable: boolean;
}

export function collectionName(cal: calendarRepo.CalendarRow): string {
  return cal.externalId?.startsWith(repo.DAV_CALENDAR_NAME_PREFIX) && cal.type !== "EXTERNAL"
    ? cal.externalId.slice(repo.DAV_CALENDAR_NAME_PREFIX.length)
    : String(cal.id);
}

function collectionOf(v: Viewer, cal: calendarRepo.CalendarRow, privilege: CalendarPrivilege, color: string | null | undefined): Collection {
  return {
    cal, viewer: v, privilege, name: collectionName(cal), title: cal.title, color: color ?? cal.color,
    writable: privilege >= CALENDAR_PRIVILEGE.WRITE && !READ_ONLY_CALENDAR_TYPES.includes(cal.type as never),
  };
}

/** The calendars of the user's home, in the API's order. */
export async function homeCollections(caller: Caller): Promise<Collection[]> {
  const entries = (await calendars.find(caller)).filter((e) => e.privilege >= CALENDAR_PRIVILEGE.READ);
  const v = await viewerOf(caller);
  const rows = new Map((await calendarRepo.calendarsByIds(caller.deps.db, v.companyId, entries.map((e) => e.id))).map((c) => [c.id, c]));
  const out: Collection[] = [];
  const seen = new Set<number>();
  for (const e of entries) {
    const cal = rows.get(e.id);
    if (!cal || seen.has(cal.id)) continue;
    seen.add(cal.id);
    out.push(collectionOf(v, cal, e.privilege as CalendarPrivilege, e.color));
  }
  return out;
}

/** The collection of this name the user may read; null when there is none (or it is not theirs to see). */
export async function collectionByName(caller: Caller, name: string): Promise<Collection | null> {
  const v = await viewerOf(caller);
  const { db } = caller.deps;
  const cal = /^\d{1,15}$/.test(name)
    ? await calendarRepo.findCalendar(db, v.companyId, Number(name))
    : await repo.calendarByDavName(db, v.companyId, v.userId, name);
  if (!cal) return null;
  const privilege = privilegeOf(v, cal);
  if (privilege < CALENDAR_PRIVILEGE.READ) return null;
  const state = (await calendarRepo.statesOf(db, v.userId)).get(cal.id);
  return collectionOf(v, cal, privilege, state?.color);
}

/** MKCALENDAR: a PRIVATE calendar of the user, named `name` in paths unless that is its id. */
export async function makeCalendar(
  caller: Caller, name: string, props: { title?: string; color?: string; description?: string },
): Promise<calendarRepo.CalendarRow> {
  const entry = await calendars.add(caller, {
    type: "PRIVATE", title: props.title || name, ...(props.color ? { color: props.color } : {}),
    ...(props.description ? { description: props.description } : {}),
  } as Parameters<typeof calendars.add>[1]);
  if (name !== String(entry.id)) await repo.setCalendarDavName(caller.deps.db, caller.auth.companyId, entry.id, name);
  return (await calendarRepo.findCalendar(caller.deps.db, caller.auth.companyId, entry.id))!;
}

/** PROPPATCH of title, colour and description (the service decides who may change what). */
export async function updateCalendar(caller: Caller, id: number, patch: { title?: string; color?: string; description?: string }) {
  await calendars.update(caller, { id, ...patch } as Parameters<typeof calendars.update>[1]);
}

export async function deleteCalendar(caller: Caller, id: number) {
  await calendars.remove(caller, id);
}
