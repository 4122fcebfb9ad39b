// iTIP (RFC 5546) messages built from a stored object: REQUEST (the organizer invites or updates), CANCEL
// (the whole event or one occurrence, to everyone or to the attendees taken off), REPLY (one attendee's
// answer), DECLINECOUNTER; and the SEQUENCE rule of RFC 5545 3.8.7.4: an organizer's change to the start,
// end, duration, recurrence, status or place of an event increments it. Each message carries the VTIMEZONEs
// its times use, a DTSTAMP of `now`, and no VALARM (reminders are each person's own).
import ICAL from "ical.js";
import { addTimezones } from "./timezones.ts";
import { type Component, calendarText, emailOf, findAttendee, parseCalendar, type Time } from "./ical.ts";
import { eventsOf, sequenceOf } from "./fields.ts";
import { findOverride, overrideFromMaster, recurrenceTime } from "./occurrence.ts";
import { type IcsPerson, IcsInvalidError, type PartStat, PRODID } from "./types.ts";

export type ItipMethod = "PUBLISH" | "REQUEST" | "REPLY" | "ADD" | "CANCEL" | "REFRESH" | "COUNTER" | "DECLINECOUNTER";
export const ITIP_METHODS: readonly ItipMethod[] = ["PUBLISH", "REQUEST", "REPLY", "ADD", "CANCEL", "REFRESH", "COUNTER", "DECLINECOUNTER"];

/** Properties whose change by the organizer increments SEQUENCE. */
export const SIGNIFICANT_PROPERTIES = ["dtstart", "dtend", "duration", "due", "rrule", "rdate", "exdate", "status", "location"];

function utcStamp(now: Date): Time {
  return ICAL.Time.fromJSDate(now, true);
}

function newItipCalendar(method: ItipMethod): Component {
  const cal = new ICAL.Component("vcalendar");
  cal.updatePropertyWithValue("prodid", PRODID);
  cal.updatePropertyWithValue("version", "2.0");
  cal.updatePropertyWithValue("calscale", "GREGORIAN");
  cal.updatePropertyWithValue("method", method);
  return cal;
}

function clone(comp: Component): Component {
  return new ICAL.Component(structuredClone(comp.toJSON()));
}

/** The message: VTIMEZONEs of the source object for the times used, then the events. */
function finish(method: ItipMethod, source: Component, events: Component[], now: Date): string {
  const cal = newItipCalendar(method);
  const zones = new Map(source.getAllSubcomponents("vtimezone").map((z) => [String(z.getFirstPropertyValue("tzid")), z]));
  addTimezones(cal, events, zones);
  for (const e of events) {
    for (const alarm of e.getAllSubcomponents("valarm")) e.removeSubcomponent(alarm);
    e.updatePropertyWithValue("dtstamp", utcStamp(now));
    cal.addSubcomponent(e);
  }
  return calendarText(cal);
}

function signature(v: Component): string {
  return SIGNIFICANT_PROPERTIES.map((name) => v.getAllProperties(name).map((p) => p.toICALString()).sort().join("|")).join("\n");
}

function ridKey(v: Component): string {
  const rid = v.getFirstPropertyValue("recurrence-id") as Time | null;
  return rid instanceof ICAL.Time ? String(rid.toUnixTime()) : "";
}

/** True when `next` changes what SEQUENCE guards (times, recurrence, status, place; an override added or removed). */
export function isSignificantChange(previousText: string, nextText: string): boolean {
  const sig = (text: string) => new Map(parseCalendar(text).getAllSubcomponents("vevent").map((v) => [ridKey(v), signature(v)]));
  const a = sig(previousText);
  const b = sig(nextText);
  if (a.size !== b.size) return true;
  for (const [k, v] of a) if (b.get(k) !== v) return true;
  return false;
}

/**
 * `nextText` with the SEQUENCE an organizer's update must carry: the previous one (the highest of its
 * VEVENTs) plus one when the change is significant, else unchanged; written on every VEVENT.
 */
export function withNextSequence(previousText: string, nextText: string): { text: string; sequence: number; incremented: boolean } {
  const previous = Math.max(0, ...parseCalendar(previousText).getAllSubcomponents("vevent").map(sequenceOf));
  const incremented = isSignificantChange(previousText, nextText);
  const sequence = incremented ? previous + 1 : previous;
  const cal = parseCalendar(nextText);
  for (const v of cal.getAllSubcomponents("vevent")) v.updatePropertyWithValue("sequence", sequence);
  return { text: calendarText(cal), sequence, incremented };
}

export interface RequestOptions {
  now: Date;
  /** Written as ORGANIZER where the object has none. */
  organizer?: IcsPerson;
}

function setOrganizer(v: Component, organizer: IcsPerson | undefined) {
  if (v.hasProperty("organizer")) return;
  if (!organizer) throw new IcsInvalidError("itip.no_organizer");
  const prop = v.addPropertyWithValue("organizer", `mailto:${organizer.email}`);
  if (organizer.name) prop.setParameter("cn", organizer.name);
}

/** The organizer's address of an object (master first), "" when none. */
export function organizerOf(cal: Component): string {
  const { master, overrides } = eventsOf(cal);
  const v = master ?? overrides[0];
  return v ? emailOf(v.getFirstPropertyValue("organizer")) : "";
}

/**
 * METHOD:REQUEST of the whole object (master and overrides): the organizer's invitation or update.
 * Attendees still to answer get RSVP=TRUE. Send it to itipRecipients(); a new attendee alone may be sent the
 * same message.
 */
export function buildRequest(objectText: string, opts: RequestOptions): string {
  const source = parseCalendar(objectText);
  const events = source.getAllSubcomponents("vevent").map(clone);
  if (!events.length) throw new IcsInvalidError("itip.no_event");
  const organizer = opts.organizer?.email ?? organizerOf(source);
  for (const v of events) {
    setOrganizer(v, opts.organizer);
    if (!v.hasProperty("sequence")) v.updatePropertyWithValue("sequence", 0);
    for (const a of v.getAllProperties("attendee")) {
      const partStat = String(a.getParameter("partstat") ?? "NEEDS-ACTION").toUpperCase();
      if (partStat === "NEEDS-ACTION" && emailOf(a.getFirstValue()) !== organizer) a.setParameter("rsvp", "TRUE");
    }
  }
  return finish("REQUEST", source, events, opts.now);
}

/** The addresses an organizer's REQUEST or CANCEL goes to: every attendee but the organizer, once each. */
export function itipRecipients(objectText: string): string[] {
  const cal = parseCalendar(objectText);
  const organizer = organizerOf(cal);
  const out = new Set<string>();
  for (const v of cal.getAllSubcomponents("vevent")) {
    for (const a of v.getAllProperties("attendee")) {
      const email = emailOf(a.getFirstValue());
      if (email && email !== organizer) out.add(email);
    }
  }
  return [...out];
}

export interface CancelOptions {
  now: Date;
  /** Cancel one occurrence: its original start as written in the series' zone ("2026-12-10T10:00:00"). */
  recurrenceId?: string;
  /** List only these attendees (those taken off the event); default all. */
  attendees?: string[];
  /** SEQUENCE of the cancellation; default the object's plus one. */
  sequence?: number;
  organizer?: IcsPerson;
}

/** METHOD:CANCEL of the whole event, or of one occurrence (RECURRENCE-ID), STATUS:CANCELLED. */
export function buildCancel(objectText: string, opts: CancelOptions): string {
  const source = parseCalendar(objectText);
  const { master, overrides } = eventsOf(source);
  const sequence = opts.sequence ?? Math.max(0, ...source.getAllSubcomponents("vevent").map(sequenceOf)) + 1;
  let events: Component[];
  if (opts.recurrenceId) {
    const base = master ?? overrides[0];
    if (!base) throw new IcsInvalidError("itip.no_event");
    const rid = recurrenceTime(base, opts.recurrenceId);
    const existing = findOverride(source, rid);
    if (existing) events = [clone(existing)];
    else if (master) events = [overrideFromMaster(master, rid)];
    else throw new IcsInvalidError("itip.no_occurrence");
  } else {
    events = (master ? [master] : overrides).map(clone);
  }
  const only = opts.attendees ? new Set(opts.attendees.map((a) => a.trim().toLowerCase())) : null;
  for (const v of events) {
    setOrganizer(v, opts.organizer);
    v.updatePropertyWithValue("status", "CANCELLED");
    v.updatePropertyWithValue("sequence", sequence);
    for (const name of ["description", "attach", "x-alt-desc"]) v.removeAllProperties(name);
    if (only) for (const a of v.getAllProperties("attendee")) if (!only.has(emailOf(a.getFirstValue()))) v.removeProperty(a);
  }
  return finish("CANCEL", source, events, opts.now);
}

export interface ReplyOptions {
  now: Date;
  /** The answering attendee's address. */
  attendee: string;
  partStat: PartStat;
  /** Answer for one occurrence only. */
  recurrenceId?: string;
  /** COMMENT: a note to the organizer. */
  comment?: string;
  /** CN for an attendee the invitation does not list (a forwarded invitation). */
  name?: string;
}

/**
 * METHOD:REPLY of one attendee to the invitation `objectText` (as received): the event's UID, SEQUENCE,
 * ORGANIZER, times, summary and place, and that attendee alone with the new PARTSTAT.
 */
export function buildReply(objectText: string, opts: ReplyOptions): string {
  const source = parseCalendar(objectText);
  const { master, overrides } = eventsOf(source);
  const base = master ?? overrides[0];
  if (!base) throw new IcsInvalidError("itip.no_event");
  let v: Component;
  if (opts.recurrenceId) {
    const rid = recurrenceTime(base, opts.recurrenceId);
    const existing = findOverride(source, rid);
    if (existing) v = clone(existing);
    else if (master) v = overrideFromMaster(master, rid);
    else throw new IcsInvalidError("itip.no_occurrence");
  } else {
    v = clone(base);
  }
  const email = opts.attendee.trim().toLowerCase();
  const own = findAttendee(v, email);
  const attendee = own ? new ICAL.Property(structuredClone(own.toJSON())) : new ICAL.Property("attendee");
  if (!own) {
    attendee.setValue(`mailto:${email}`);
    if (opts.name) attendee.setParameter("cn", opts.name);
  }
  attendee.setParameter("partstat", opts.partStat);
  attendee.removeParameter("rsvp");
  const keep = new Set(["uid", "dtstart", "dtend", "duration", "recurrence-id", "rrule", "sequence", "organizer", "summary", "location"]);
  for (const p of [...v.getAllProperties()]) if (!keep.has(p.name)) v.removeProperty(p);
  for (const c of [...v.getAllSubcomponents()]) v.removeSubcomponent(c);
  v.addProperty(attendee);
  if (!v.hasProperty("sequence")) v.updatePropertyWithValue("sequence", 0);
  if (opts.comment) v.addPropertyWithValue("comment", opts.comment);
  return finish("REPLY", source, [v], opts.now);
}

/** METHOD:DECLINECOUNTER: the organizer turns down an attendee's COUNTER (its UID, SEQUENCE, the attendee). */
export function buildDeclineCounter(objectText: string, counter: { attendee: string; recurrenceId?: string | null }, opts: { now: Date; comment?: string }): string {
  const source = parseCalendar(objectText);
  const { master, overrides } = eventsOf(source);
  const base = master ?? overrides[0];
  if (!base) throw new IcsInvalidError("itip.no_event");
  const v = counter.recurrenceId ? overrideFromMaster(base, recurrenceTime(base, counter.recurrenceId)) : clone(base);
  const email = counter.attendee.trim().toLowerCase();
  for (const a of v.getAllProperties("attendee")) if (emailOf(a.getFirstValue()) !== email) v.removeProperty(a);
  if (!v.hasProperty("attendee")) v.addPropertyWithValue("attendee", `mailto:${email}`);
  for (const c of [...v.getAllSubcomponents()]) v.removeSubcomponent(c);
  if (opts.comment) v.addPropertyWithValue("comment", opts.comment);
  return finish("DECLINECOUNTER", source, [v], opts.now);
}
