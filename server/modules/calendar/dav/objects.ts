// Calendar objects as DAV resources: found by name in a collection, their body and ETag as a client gets
// them, and the writes (PUT with If-Match / If-None-Match, DELETE) on the calendar's own store functions
// in one transaction, announced afterwards as the API announces its writes (events/service.ts announce:
// the same realtime CALENDAR_CHANGED). The rules are the API's: writing needs privilege 3 on the calendar or
// owning the event (present.ts accessOf); an internal attendee who may not edit the event may still answer
// it: a PUT that changes only their own PARTSTAT goes through the service's setPartStat. Leave events are the
// leave module's (events/store.ts requireNotLeave): a PUT or DELETE of one, or a PUT marking an event as leave
// (X-GW-LEAVE, new or on one without it), answers 403 DAV:need-privileges; leave is applied for, changed and
// cancelled in the leave screens.
import ICAL from "ical.js";
import type { DbOrTx } from "../../../../db/client.ts";
import type { PartStat } from "../../../../shared/calendar/constants.ts";
import { PART_STATS } from "../../../../shared/calendar/constants.ts";
import { isStorableText } from "../../../../shared/request-input.ts";
import { DavError } from "../../../dav/provider.ts";
import { NS } from "../../../dav/xml.ts";
import type { Caller } from "../../../lib/context.ts";
import { isUniqueViolation } from "../../../lib/db-errors.ts";
import { transactionWithRetry } from "../../../lib/transaction.ts";
import * as calendarRepo from "../calendars/repo.ts";
import { ensureTimezones } from "../ics/export.ts";
import { parseObject } from "../events/ical-read.ts";
import { accessOf, type EventAccess } from "../events/present.ts";
import * as eventRepo from "../events/repo.ts";
import { announce, setPartStat } from "../events/service.ts";
import { bellInvited } from "../events/bell.ts";
import { deleteObject, type EventRow, extract, insertObject, isLeaveEvent, updateObject } from "../events/store.ts";
import type { Collection } from "./collections.ts";
import { CLIENT_NAME, ICS, nameMarker, objectName, uidOfName, withClientName, withoutClientName } from "./names.ts";
import * as repo from "./repo.ts";

/** The largest calendar object accepted (RFC 4791 max-resource-size). */
export const MAX_OBJECT_BYTES = 1024 * 1024;

const cond = (name: string, ns: string = NS.CALDAV) => ({ ns, name });

/** A leave application's event, or a body that would mark one as leave: not the calendar's to write. */
const leaveRefused = () => new DavError(403, cond("need-privileges", NS.DAV));
const refusesLeave = (row: EventRow | undefined, isLeave: boolean) => (row ? isLeaveEvent(row) || (isLeave && !row.isLeave) : isLeave);

/** The object of this name in the collection, or undefined. */
export async function findByName(db: DbOrTx, c: Collection, name: string, lock = false): Promise<EventRow | undefined> {
  const uid = uidOfName(name);
  if (uid !== null) {
    const [row] = await repo.objectsByUids(db, c.cal, [uid], lock);
    if (row && objectName(row) === name) return row;
  }
  if (!CLIENT_NAME.test(name)) return undefined;
  return (await repo.objectsHolding(db, c.cal, nameMarker(name), lock)).find((r) => objectName(r) === name);
}

/** The body a client gets: the stored text without our name line, with a VTIMEZONE for each TZID it uses. */
export function bodyOf(row: Pick<EventRow, "ical">): string {
  const text = withoutClientName(row.ical);
  if (!/;TZID=/i.test(text) || /^BEGIN:VTIMEZONE/im.test(text)) return text;
  try {
    return ensureTimezones(text);
  } catch {
    return text;
  }
}

export const etagOf = (row: Pick<EventRow, "etag">) => `"${row.etag}"`;

/** The user's access to an object of the collection (its own calendar's rules; attended ones through it). */
export async function accessTo(caller: Caller, c: Collection, row: EventRow): Promise<EventAccess> {
  const { db } = caller.deps;
  const cal = row.calendarId === c.cal.id ? c.cal : await calendarRepo.findCalendar(db, c.viewer.companyId, row.calendarId);
  const partStat = (await eventRepo.attendance(db, c.viewer.companyId, c.viewer.userId, [row.id])).get(row.id) ?? null;
  return accessOf(c.viewer, row, cal!, partStat, c.privilege);
}

/** If-Match / If-None-Match (RFC 7232 §3.1-3.2) against the current ETag (null: no resource): 412 when false. */
export function checkPreconditions(headers: Headers, current: string | null) {
  const list = (h: string) => h.split(",").map((s) => s.trim().replace(/^W\//, "")).filter(Boolean);
  const ifMatch = headers.get("if-match");
  if (ifMatch !== null) {
    const tags = list(ifMatch);
    if (current === null || !(tags.includes("*") || tags.includes(current))) throw new DavError(412);
  }
  const ifNoneMatch = headers.get("if-none-match");
  if (ifNoneMatch !== null) {
    const tags = list(ifNoneMatch);
    if (current !== null && (tags.includes("*") || tags.includes(current))) throw new DavError(412);
  }
}

/** A PUT body checked as one calendar object resource (RFC 4791 §4.1, §5.3.2.1); answers the UID and the text. */
export function checkObject(body: string, contentType: string | null): { uid: string; text: string; isLeave: boolean } {
  if (contentType && !/^text\/calendar\b/i.test(contentType.trim())) throw new DavError(415, cond("supported-calendar-data"));
  if (new TextEncoder().encode(body).length > MAX_OBJECT_BYTES) throw new DavError(403, cond("max-resource-size"));
  const text = body.normalize("NFC");
  if (!isStorableText(text)) throw new DavError(403, cond("valid-calendar-data"));
  let root;
  try {
    root = ICAL.Component.fromString(text);
  } catch {
    throw new DavError(403, cond("valid-calendar-data"));
  }
  if (root.name !== "vcalendar") throw new DavError(403, cond("valid-calendar-data"));
  const comps = root.getAllSubcomponents().filter((s) => s.name !== "vtimezone");
  if (comps.some((s) => s.name !== "vevent")) throw new DavError(403, cond("supported-calendar-component"));
  if (!comps.length || root.hasProperty("method")) throw new DavError(403, cond("valid-calendar-object-resource"));
  const uids = new Set(comps.map((s) => String(s.getFirstPropertyValue("uid") ?? "").trim()));
  const [uid] = uids;
  if (uids.size !== 1 || !uid) throw new DavError(403, cond("valid-calendar-object-resource"));
  // One master at most, and one override per RECURRENCE-ID.
  const ids = comps.map((s) => s.getFirstProperty("recurrence-id")?.toICALString() ?? "");
  if (new Set(ids).size !== ids.length) throw new DavError(403, cond("valid-calendar-object-resource"));
  let isLeave;
  try {
    parseObject(text);
    isLeave = extract(text).isLeave;
  } catch {
    throw new DavError(403, cond("valid-calendar-data"));
  }
  return { uid, text, isLeave };
}

/** The PARTSTAT the object gives this address (on the master, else the first VEVENT naming it). */
function partStatIn(text: string, email: string): string | null {
  const root = ICAL.Component.fromString(text);
  const vevents = root.getAllSubcomponents("vevent").sort((a, b) => Number(a.hasProperty("recurrence-id")) - Number(b.hasProperty("recurrence-id")));
  for (const v of vevents) {
    for (const p of v.getAllProperties("attendee")) {
      if (String(p.getFirstValue() ?? "").replace(/^mailto:/i, "").trim().toLowerCase() === email) {
        return String(p.getParameter("partstat") ?? "NEEDS-ACTION").toUpperCase();
      }
    }
  }
  return null;
}

/** Properties a client rewrites on its own, never a change of the event. */
const VOLATILE = new Set(["dtstamp", "last-modified", "sequence", "created"]);

/** The VEVENTs' properties, comparable: the address's PARTSTAT and RSVP, alarms and X- properties left out. */
function comparable(text: string, email: string): string {
  const root = ICAL.Component.fromString(text);
  const out: string[] = [];
  for (const v of root.getAllSubcomponents("vevent")) {
    const props: string[] = [];
    for (const p of v.getAllProperties()) {
      if (VOLATILE.has(p.name) || p.name.startsWith("x-")) continue;
      const json = p.toJSON() as [string, Record<string, unknown>, ...unknown[]];
      const isMe = p.name === "attendee" && String(p.getFirstValue() ?? "").replace(/^mailto:/i, "").trim().toLowerCase() === email;
      const params = Object.fromEntries(Object.entries(json[1]).filter(([k]) => !(isMe && (k === "partstat" || k === "rsvp"))).sort());
      props.push(JSON.stringify([json[0], params, ...json.slice(2)]));
    }
    out.push(props.sort().join("\n"));
  }
  return out.sort().join("\n--\n");
}

/** Whether `next` differs from `stored` in nothing but the address's answer. */
function sameButAnswer(stored: string, next: string, email: string): boolean {
  try {
    return comparable(stored, email) === comparable(next, email);
  } catch {
    return false;
  }
}

export interface PutResult {
  created: boolean;
  /** The new ETag, when the stored object is what the client sent (RFC 4791 §5.3.4). */
  etag: string | null;
}

/** PUT of an object under `name` in the collection. */
export async function putObject(caller: Caller, c: Collection, name: string, body: string, headers: Headers): Promise<PutResult> {
  const { uid, text, isLeave } = checkObject(body, headers.get("content-type"));
  if (!isStorableText(name) || name.includes("/")) throw new DavError(403);
  if (name !== uid + ICS && !CLIENT_NAME.test(name)) throw new DavError(403, cond("valid-calendar-object-resource"));
  const stored = withClientName(text, uid, name);
  const { deps } = caller;
  const existing = await findByName(deps.db, c, name);
  if (refusesLeave(existing, isLeave)) throw leaveRefused();
  if (existing && !(await accessTo(caller, c, existing)).editable) {
    return await answerAsAttendee(caller, c, existing, text, headers);
  }
  let out;
  try {
    out = await transactionWithRetry(deps.db, async (tx) => {
      const row = await findByName(tx, c, name, true);
      checkPreconditions(headers, row ? etagOf(row) : null);
      if (refusesLeave(row, isLeave)) throw leaveRefused();
      if (row) {
        if (row.uid !== uid) throw new DavError(403, cond("no-uid-conflict"));
        if (!(await accessTo(caller, c, row)).editable) throw new DavError(403, cond("need-privileges", NS.DAV));
        return { written: await updateObject(tx, deps, row, stored), created: false };
      }
      if (!c.writable) throw new DavError(403, cond("need-privileges", NS.DAV));
      if ((await repo.objectsByUids(tx, c.cal, [uid])).length) throw new DavError(403, cond("no-uid-conflict"));
      const written = await insertObject(tx, deps, { companyId: c.viewer.companyId, calendarId: c.cal.id, ownerUserId: c.viewer.userId, text: stored });
      return { written, created: true };
    });
  } catch (e) {
    // Two creations of one UID at once: the unique index refused the second.
    if (isUniqueViolation(e)) throw new DavError(headers.get("if-none-match") ? 412 : 403, headers.get("if-none-match") ? undefined : cond("no-uid-conflict"));
    throw e;
  }
  const row = out.written.row;
  await announce(caller, c.viewer.companyId, [row.calendarId], out.written.attendeeUserIds, row.id);
  await bellInvited(deps, c.viewer.companyId, c.viewer.userId, out.written); // newly invited colleagues: the bell
  return { created: out.created, etag: bodyOf(row) === text ? etagOf(row) : null };
}

/** A PUT of an event the user may not edit: accepted when it changes only their own answer (PARTSTAT). */
async function answerAsAttendee(caller: Caller, c: Collection, row: EventRow, text: string, headers: Headers): Promise<PutResult> {
  checkPreconditions(headers, etagOf(row));
  const me = c.viewer.username;
  const before = partStatIn(row.ical, me);
  const after = partStatIn(text, me);
  if (before === null || after === null || !PART_STATS.includes(after as PartStat) || !sameButAnswer(row.ical, text, me)) {
    throw new DavError(403, cond("need-privileges", NS.DAV));
  }
  if (after !== before) await setPartStat(caller, String(row.id), after as PartStat);
  return { created: false, etag: null };
}

/** DELETE of an object (If-Match honoured). */
export async function deleteByName(caller: Caller, c: Collection, name: string, headers: Headers): Promise<void> {
  const { deps } = caller;
  const out = await transactionWithRetry(deps.db, async (tx) => {
    const row = await findByName(tx, c, name, true);
    if (!row) throw new DavError(404);
    checkPreconditions(headers, etagOf(row));
    if (isLeaveEvent(row)) throw leaveRefused();
    if (!(await accessTo(caller, c, row)).editable) throw new DavError(403, cond("need-privileges", NS.DAV));
    return { row, users: await deleteObject(tx, deps, row) };
  });
  await announce(caller, c.viewer.companyId, [out.row.calendarId], out.users, out.row.id);
}
