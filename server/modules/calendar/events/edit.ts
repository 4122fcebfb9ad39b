// Editing and deleting events (001 §7 event PATCH and DELETE, deleteByDate), recurring ones included:
//   THIS      an override (RECURRENCE-ID) of that occurrence / an EXDATE;
//   FOLLOWING the series is split as Google does: the old one gets an UNTIL just before the occurrence, a new
//             series with a new UID carries the rest (not RANGE=THISANDFUTURE, which few clients understand),
//             with the later overrides and EXDATEs when the edit keeps the times; from the first occurrence
//             it is ALL;
//   ALL       the master: a time change through an occurrence moves the whole series by the same amount; a
//             changed time, zone or rule drops the overrides and EXDATEs, which no longer match.
// Only the event's owner or a privilege-3 user of its calendar edits (001 §6); HOLIDAY and EXTERNAL events
// never (403 calendar.external_not_editable); leave events are the leave module's (409 leave.not_editable,
// store.ts requireNotLeave).
import ICAL from "ical.js";
import type { EditScope } from "../../../../shared/calendar/constants.ts";
import type { EventDetail, EventPatch } from "../../../../shared/calendar/events.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { transactionWithRetry } from "../../../lib/transaction.ts";
import type { Tx } from "../../../../db/client.ts";
import { type Viewer, viewerOf } from "../calendars/access.ts";
import { occurrenceAt, occurrencesBefore } from "./expand.ts";
import { type ParsedObject, propWalls, recurrenceKey, rruleOf, wallOfKey } from "./ical-read.ts";
import { addExdate, addOverride, applyFields, bumpSequence, newObject, setRrule } from "./ical-write.ts";
import { currentFields, invalid, mergeFields, ruleFromObject, ruleOf } from "./input.ts";
import { announce, detailFor, type LoadedEvent, loadEvent, requireWritableCalendar } from "./service.ts";
import { bellInvited } from "./bell.ts";
import { deleteObject, insertObject, requireNotLeave, updateObject } from "./store.ts";
import { addDays, instantOf, type Wall } from "./zone.ts";
import { findEvent } from "./repo.ts";
import { sendItipChanges } from "../itip-mail/send.ts";

const asMs = (w: Wall) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
const fromMs = (ms: number): Wall => {
  const d = new Date(ms);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes(), second: d.getUTCSeconds() };
};

/** An event the viewer may edit: 404 when not visible, 409 leave.not_editable for leave, 403 when not theirs to edit. */
function requireEditable(e: LoadedEvent) {
  requireNotLeave(e.row);
  if (e.cal.type === "HOLIDAY" || e.cal.type === "EXTERNAL") throw new AppError(403, "calendar.external_not_editable");
  if (!e.access.editable) throw new AppError(403, "calendar.not_owner");
}

/** The scope that applies: an event that does not repeat, or no occurrence named, is ALL; FOLLOWING from the first is ALL. */
function effectiveScope(e: LoadedEvent, scope: EditScope): EditScope {
  if (!e.key || !e.row.isRecurring || !e.obj.master) return e.key && e.obj.overrides.has(e.key) && !e.obj.master ? "THIS" : "ALL";
  if (scope === "FOLLOWING" && occurrencesBefore(e.obj, e.key) === 0) return "ALL";
  return scope;
}

function requireOccurrence(obj: ParsedObject, key: string | null) {
  const o = occurrenceAt(obj, key, obj.zone);
  if (!o) throw new AppError(404, "calendar.occurrence_not_found");
  return o;
}

/** Ends a series before the occurrence `key`: UNTIL (no COUNT), overrides and EXDATEs from there on removed. */
function truncateBefore(obj: ParsedObject, key: string) {
  const master = obj.master!;
  const rule = rruleOf(master);
  if (rule) {
    const recur = ICAL.Recur.fromString(rule.toString());
    recur.count = null;
    const at = wallOfKey(key);
    if (at.date) {
      const d = addDays(at.wall, -1);
      recur.until = ICAL.Time.fromData({ year: d.year, month: d.month, day: d.day, isDate: true });
    } else if (obj.tzid) {
      recur.until = ICAL.Time.fromJSDate(new Date(instantOf(at.wall, obj.zone) - 1000), true);
    } else {
      const w = fromMs(asMs(at.wall) - 1000);
      recur.until = ICAL.Time.fromData({ ...w, isDate: false });
    }
    master.removeAllProperties("rrule");
    master.addPropertyWithValue("rrule", recur);
  }
  for (const [k, v] of obj.overrides) if (k >= key) obj.root.removeSubcomponent(v);
  const keep = propWalls(master, "exdate", obj.zone).filter((t) => recurrenceKey(t) < key);
  master.removeAllProperties("exdate");
  for (const t of keep) addExdate(master, t, obj.tzid ?? "");
  master.removeAllProperties("rdate");
}

/** The overrides after the occurrence `key` (copies) and the cancelled occurrences after it. */
function laterExceptions(obj: ParsedObject, key: string) {
  const overrides = [...obj.overrides].filter(([k]) => k > key).map(([, v]) => new ICAL.Component(structuredClone(v.toJSON())));
  const exdates = propWalls(obj.master!, "exdate", obj.zone).filter((t) => recurrenceKey(t) > key);
  return { overrides, exdates };
}

/** A new series' text with carried exceptions: the overrides under its UID, the EXDATEs on its master. */
function withExceptions(text: string, uid: string, carried: ReturnType<typeof laterExceptions>, tzid: string): string {
  const root = new ICAL.Component(ICAL.parse(text));
  const master = root.getFirstSubcomponent("vevent")!;
  for (const t of carried.exdates) addExdate(master, t, tzid);
  for (const v of carried.overrides) {
    v.updatePropertyWithValue("uid", uid);
    root.addSubcomponent(v);
  }
  return root.toString();
}

function dropExceptions(obj: ParsedObject) {
  for (const v of obj.overrides.values()) obj.root.removeSubcomponent(v);
  obj.master?.removeAllProperties("exdate");
}

/** PATCH event/{id}. */
export async function patch(caller: Caller, idText: string, input: EventPatch): Promise<EventDetail> {
  const v = await viewerOf(caller);
  const seen = await loadEvent(caller, v, idText);
  requireEditable(seen);
  const moveTo = input.calendarId !== undefined && input.calendarId !== seen.row.calendarId ? input.calendarId : null;
  if (moveTo !== null) await requireWritableCalendar(caller, v, moveTo);
  const me = { email: v.username, name: v.name };
  const now = caller.deps.clock.now();
  const result = await transactionWithRetry(caller.deps.db, async (tx) => {
    const e = await loadEvent(caller, v, idText, true, tx);
    const scope = effectiveScope(e, input.scope);
    if (moveTo !== null && scope !== "ALL") throw invalid("calendar.scope_invalid");
    const { obj } = e;
    if (scope === "THIS") {
      const o = requireOccurrence(obj, e.key);
      // An override stays in the series' zone.
      const { fields } = mergeFields(currentFields(obj, o), { ...input, timezone: undefined }, me);
      const target = obj.overrides.get(e.key!) ?? addOverride(obj, e.key!);
      applyFields(target, { ...fields, tzid: obj.tzid ?? "" }, now);
      bumpSequence(target);
      return { written: await updateObject(tx, caller.deps, e.row, obj.root.toString()), id: idText, newRow: null };
    }
    if (scope === "FOLLOWING") return await splitSeries(tx, caller, v, e, input, me, now);
    return { written: await editAll(tx, caller, e, input, me, now, moveTo ?? e.row.calendarId), id: String(e.row.id), newRow: null };
  });
  const calendars = [...new Set([seen.row.calendarId, result.written.row.calendarId])];
  await announce(caller, v.companyId, calendars, result.written.attendeeUserIds, result.written.row.id);
  if (result.newRow) await announce(caller, v.companyId, calendars, result.newRow.attendeeUserIds, result.newRow.row.id);
  await bellInvited(caller.deps, v.companyId, v.userId, result.written); // newly invited colleagues: the bell
  if (result.newRow) { // a split series: those the original already invited are not invited again
    const known = result.written.attendeeUserIds;
    await bellInvited(caller.deps, v.companyId, v.userId, { ...result.newRow, invitedUserIds: result.newRow.invitedUserIds.filter((id) => !known.includes(id)) });
  }
  await sendItipChanges(caller.deps, seen.row, result.written.row); // external attendees: REQUEST / CANCEL by mail
  if (result.newRow) await sendItipChanges(caller.deps, null, result.newRow.row);
  return await detailFor(caller, v, await loadEvent(caller, v, result.id));
}

async function editAll(tx: Tx, caller: Caller, e: LoadedEvent, input: EventPatch, me: { email: string; name: string }, now: Date, calendarId: number) {
  const { obj } = e;
  const o = requireOccurrence(obj, e.key);
  const { fields } = mergeFields(currentFields(obj, o), input, me);
  const master = obj.master!;
  const masterOcc = requireOccurrence(obj, null);
  // The occurrence's move, applied to the master (an occurrence's time, or the master's own).
  const delta = asMs(fields.start) - asMs(o.start.wall);
  const length = asMs(fields.end) - asMs(fields.start);
  const start = fromMs(asMs(masterOcc.start.wall) + delta);
  const end = fromMs(asMs(start) + length);
  const kindChanged = fields.isAllDay !== o.start.date || fields.tzid !== (obj.tzid ?? fields.tzid);
  const shapeChanged = delta !== 0 || kindChanged;
  const oldRule = rruleOf(master)?.toString() ?? null;
  let rule = oldRule;
  if (input.recurrence !== undefined) rule = ruleOf(input.recurrence, start, fields.isAllDay, fields.tzid);
  // UNTIL is written per kind (a DATE for all-day series, UTC for zoned ones): rewritten when the kind changes.
  else if (oldRule && kindChanged) rule = ruleOf(ruleFromObject(obj), start, fields.isAllDay, fields.tzid);
  applyFields(master, { ...fields, start, end }, now);
  if (rule !== oldRule) setRrule(master, rule);
  if (shapeChanged || rule !== oldRule) dropExceptions(obj);
  bumpSequence(master);
  return await updateObject(tx, caller.deps, e.row, obj.root.toString(), calendarId);
}

async function splitSeries(tx: Tx, caller: Caller, v: Viewer, e: LoadedEvent, input: EventPatch, me: { email: string; name: string }, now: Date) {
  const { obj } = e;
  const key = e.key!;
  const o = requireOccurrence(obj, key);
  const { fields } = mergeFields(currentFields(obj, o), input, me);
  let rule = input.recurrence !== undefined ? input.recurrence : ruleFromObject(obj);
  if (input.recurrence === undefined && rule?.count) {
    rule = { ...rule, count: Math.max(1, rule.count - occurrencesBefore(obj, key)) };
  }
  const rrule = ruleOf(rule, fields.start, fields.isAllDay, fields.tzid);
  // Edits that keep the occurrences where they were (a title, a place, attendees) keep the later exceptions
  // too: overrides after this occurrence and cancelled occurrences move into the new series. A new time, zone
  // or rule leaves them behind, as for ALL: they no longer match an occurrence.
  const sameTimes = asMs(fields.start) === asMs(wallOfKey(key).wall) && fields.isAllDay === o.start.date &&
    fields.tzid === (obj.tzid ?? fields.tzid) && input.recurrence === undefined;
  const carried = sameTimes ? laterExceptions(obj, key) : null;
  truncateBefore(obj, key);
  bumpSequence(obj.master!);
  const written = await updateObject(tx, caller.deps, e.row, obj.root.toString());
  const uid = crypto.randomUUID();
  let text = newObject(uid, fields, rrule, now);
  if (carried) text = withExceptions(text, uid, carried, obj.tzid ?? "");
  const created = await insertObject(tx, caller.deps, { companyId: v.companyId, calendarId: e.row.calendarId, ownerUserId: e.row.ownerUserId, text, leaveStatus: e.row.leaveStatus });
  return { written, id: String(created.row.id), newRow: created };
}

/** DELETE event/{id} (scope ALL by default) and deleteByDate (THIS or FOLLOWING). */
export async function remove(caller: Caller, idText: string, scope: EditScope): Promise<void> {
  const v = await viewerOf(caller);
  const seen = await loadEvent(caller, v, idText);
  requireEditable(seen);
  const out = await transactionWithRetry(caller.deps.db, async (tx) => {
    const e = await loadEvent(caller, v, idText, true, tx);
    const s = effectiveScope(e, scope);
    const { obj } = e;
    if (s === "ALL") return { calendarId: e.row.calendarId, eventId: e.row.id, users: await deleteObject(tx, caller.deps, e.row) };
    const key = e.key!;
    requireOccurrence(obj, key);
    if (s === "FOLLOWING") truncateBefore(obj, key);
    else {
      const ov = obj.overrides.get(key);
      if (ov) obj.root.removeSubcomponent(ov);
      if (obj.master) addExdate(obj.master, wallOfKey(key), obj.tzid ?? "");
      else if (obj.overrides.size <= 1) {
        return { calendarId: e.row.calendarId, eventId: e.row.id, users: await deleteObject(tx, caller.deps, e.row) };
      }
    }
    if (obj.master) bumpSequence(obj.master);
    const written = await updateObject(tx, caller.deps, e.row, obj.root.toString());
    return { calendarId: e.row.calendarId, eventId: e.row.id, users: written.attendeeUserIds };
  });
  await announce(caller, v.companyId, [out.calendarId], out.users, out.eventId);
  await sendItipChanges(caller.deps, seen.row, (await findEvent(caller.deps.db, v.companyId, seen.row.id)) ?? null); // CANCEL by mail
}
