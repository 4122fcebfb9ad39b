// What each side does with an iTIP message (itip-parse.ts ItipMessage) to its stored object:
// - the organizer: a REPLY puts the attendee's PARTSTAT into the event or into one occurrence's override
//   (applyReply); an accepted COUNTER moves the event to the proposed times (acceptCounter);
// - an attendee: a REQUEST creates or updates their copy (applyRequest: a newer SEQUENCE replaces it, the same
//   one keeps their answer, an older one is stale; a REQUEST for one occurrence updates that override only),
//   their own answer is setPartStat, a CANCEL removes the event or one occurrence (applyCancel).
import ICAL from "ical.js";
import { addTimezones } from "./timezones.ts";
import { attendeeOf, type Component, calendarText, findAttendee, parseCalendar, textValue, type Time } from "./ical.ts";
import { eventsOf, sequenceOf } from "./fields.ts";
import type { ItipMessage } from "./itip-parse.ts";
import { addTimeProperty, findOverride, overrideFromMaster, recurrenceTime, sameOccurrence, setTimeProperty } from "./occurrence.ts";
import type { IcsAttendee, PartStat } from "./types.ts";

export type PartStatResult =
  | { applied: true; text: string; attendee: IcsAttendee }
  | { applied: false; reason: "itip.uid_mismatch" | "itip.unknown_attendee" | "itip.stale" | "itip.no_occurrence" | "itip.not_reply" };

/** The VEVENT an answer is about: the master, or the occurrence's override (made from the master if new). */
function targetOf(cal: Component, recurrenceId: string | null): Component | null {
  const { master, overrides } = eventsOf(cal);
  if (!recurrenceId) return master ?? null;
  const base = master ?? overrides[0];
  if (!base) return null;
  const rid = recurrenceTime(base, recurrenceId);
  const existing = findOverride(cal, rid);
  if (existing) return existing;
  if (!master) return null;
  const created = overrideFromMaster(master, rid);
  cal.addSubcomponent(created);
  return created;
}

function findOverrideByLocal(cal: Component, local: string): Component | null {
  const { master, overrides } = eventsOf(cal);
  const base = master ?? overrides[0];
  return base ? findOverride(cal, recurrenceTime(base, local)) : null;
}

/**
 * Sets one attendee's PARTSTAT in a stored object: of the whole event, or of one occurrence (its override,
 * made from the master when there is none yet). Not applied for an address the event does not list.
 */
export function setPartStat(objectText: string, email: string, partStat: PartStat, opts: { recurrenceId?: string | null } = {}): PartStatResult {
  const cal = parseCalendar(objectText);
  const target = targetOf(cal, opts.recurrenceId ?? null);
  if (!target) return { applied: false, reason: "itip.no_occurrence" };
  const prop = findAttendee(target, email);
  if (!prop) return { applied: false, reason: "itip.unknown_attendee" };
  prop.setParameter("partstat", partStat);
  prop.removeParameter("rsvp");
  return { applied: true, text: calendarText(cal), attendee: attendeeOf(prop) };
}

/**
 * The organizer's side of a REPLY: the answering attendee's PARTSTAT written into the stored object, for
 * the whole event or the occurrence it names. The answering attendee is `opts.sender` (the mail's From) when
 * the reply lists it, else the reply's first attendee. A reply to an older version (its SEQUENCE below the
 * stored one) is not applied: the attendee answered something that has changed since; a reply without any
 * SEQUENCE is taken as current.
 */
export function applyReply(objectText: string, reply: ItipMessage, opts: { sender?: string } = {}): PartStatResult {
  if (reply.method !== "REPLY") return { applied: false, reason: "itip.not_reply" };
  const cal = parseCalendar(objectText);
  const { master, overrides } = eventsOf(cal);
  const stored = master ?? overrides[0];
  if (!stored || textValue(stored, "uid") !== reply.uid) return { applied: false, reason: "itip.uid_mismatch" };
  const sender = opts.sender?.trim().toLowerCase();
  let text = objectText;
  let last: PartStatResult = { applied: false, reason: "itip.unknown_attendee" };
  for (const c of reply.components) {
    const answer = c.attendees.find((a) => a.email && a.email === sender) ?? c.attendees.find((a) => a.email);
    if (!answer) continue;
    const current = c.recurrenceId ? findOverrideByLocal(cal, c.recurrenceId) ?? stored : stored;
    if (c.sequenceGiven && c.sequence < sequenceOf(current)) return { applied: false, reason: "itip.stale" };
    last = setPartStat(text, answer.email, (answer.partStat || "NEEDS-ACTION") as PartStat, { recurrenceId: c.recurrenceId });
    if (!last.applied) return last;
    text = last.text;
  }
  return last;
}

/**
 * The attendee's side of a CANCEL: null when the whole event is cancelled (the caller removes it); for one
 * occurrence, the stored object with that occurrence excluded (EXDATE on the master, its override removed).
 */
export function applyCancel(objectText: string, cancel: ItipMessage): { text: string | null } {
  const cal = parseCalendar(objectText);
  const { master } = eventsOf(cal);
  const occurrences = cancel.components.filter((c) => c.recurrenceId).map((c) => c.recurrenceId!);
  if (!occurrences.length || !master) return { text: null };
  for (const local of occurrences) {
    const rid = recurrenceTime(master, local);
    const existing = findOverride(cal, rid);
    if (existing) cal.removeSubcomponent(existing);
    addTimeProperty(master, "exdate", rid);
  }
  return { text: calendarText(cal) };
}

export type RequestResult =
  | { action: "created" | "updated"; text: string }
  | { action: "stale"; text: string };

function clone(comp: Component): Component {
  return new ICAL.Component(structuredClone(comp.toJSON()));
}

function ridOf(v: Component): Time | null {
  const r = v.getFirstPropertyValue("recurrence-id") as Time | null;
  return r instanceof ICAL.Time ? r : null;
}

/** The stored VEVENT of the same occurrence (the master for a master). */
function storedTwin(stored: Component[], v: Component): Component | null {
  const rid = ridOf(v);
  return stored.find((s) => {
    const r = ridOf(s);
    return rid ? !!r && sameOccurrence(r, rid) : !r;
  }) ?? null;
}

/**
 * The attendee's copy after a REQUEST (`storedText` null: not stored yet). A SEQUENCE below the stored one is
 * stale (the copy is kept). With the same SEQUENCE (the organizer re-sent it, or added someone) the user's own
 * PARTSTAT is kept; a higher one asks again, as the organizer wrote it. The user's own VALARMs stay on each
 * VEVENT that had them. A REQUEST with only overrides (one occurrence changed) replaces those in the copy.
 */
export function applyRequest(storedText: string | null, request: ItipMessage, attendeeEmail: string): RequestResult {
  if (storedText === null) return { action: "created", text: request.objectText };
  const stored = parseCalendar(storedText);
  const incoming = parseCalendar(request.objectText);
  const storedEvents = stored.getAllSubcomponents("vevent");
  const incomingEvents = incoming.getAllSubcomponents("vevent");
  const staleFor = (v: Component) => {
    const twin = storedTwin(storedEvents, v) ?? eventsOf(stored).master;
    return twin ? sequenceOf(v) < sequenceOf(twin) : false;
  };
  if (incomingEvents.every(staleFor)) return { action: "stale", text: storedText };

  const me = attendeeEmail.trim().toLowerCase();
  const wholeEvent = !!eventsOf(incoming).master;
  // The incoming VEVENTs stay in their own calendar while they are compared (their TZIDs resolve there).
  for (const v of incomingEvents) {
    const twin = storedTwin(storedEvents, v);
    if (twin) {
      if (sequenceOf(v) === sequenceOf(twin)) {
        const mine = findAttendee(twin, me)?.getParameter("partstat");
        const prop = findAttendee(v, me);
        if (prop && typeof mine === "string") prop.setParameter("partstat", mine);
        if (prop && typeof mine === "string" && mine !== "NEEDS-ACTION") prop.removeParameter("rsvp");
      }
      const alarms = twin.getAllSubcomponents("valarm");
      if (alarms.length) {
        for (const a of v.getAllSubcomponents("valarm")) v.removeSubcomponent(a);
        for (const a of alarms) v.addSubcomponent(clone(a));
      }
    }
    if (!wholeEvent) {
      // One occurrence changed: it replaces the stored override of that occurrence, or is added.
      if (twin && ridOf(twin)) stored.removeSubcomponent(twin);
      stored.addSubcomponent(clone(v));
    }
  }
  const result = wholeEvent ? incoming : stored;
  const zones = new Map(incoming.getAllSubcomponents("vtimezone").map((z) => [String(z.getFirstPropertyValue("tzid")), z]));
  addTimezones(result, result.getAllSubcomponents("vevent"), zones);
  return { action: "updated", text: calendarText(result) };
}

/**
 * The organizer accepts a COUNTER: the event (or the occurrence it names) moved to the proposed start and
 * end, in the zone the proposal wrote them. The caller then stores it with withNextSequence and sends a new
 * REQUEST. null when the proposal has no start or names another event.
 */
export function acceptCounter(objectText: string, counter: ItipMessage): string | null {
  const cal = parseCalendar(objectText);
  const { master, overrides } = eventsOf(cal);
  const stored = master ?? overrides[0];
  if (!stored || textValue(stored, "uid") !== counter.uid) return null;
  const proposal = parseCalendar(counter.objectText).getAllSubcomponents("vevent")[0];
  const start = proposal?.getFirstPropertyValue("dtstart") as Time | null;
  if (!(start instanceof ICAL.Time)) return null;
  const end = proposal.getFirstPropertyValue("dtend") as Time | null;
  const target = targetOf(cal, counter.recurrenceId);
  if (!target) return null;
  setTimeProperty(target, "dtstart", start);
  target.removeAllProperties("duration");
  if (end instanceof ICAL.Time) setTimeProperty(target, "dtend", end);
  else target.removeAllProperties("dtend");
  const zones = new Map(parseCalendar(counter.objectText).getAllSubcomponents("vtimezone").map((z) => [String(z.getFirstPropertyValue("tzid")), z]));
  addTimezones(cal, cal.getAllSubcomponents("vevent"), zones);
  return calendarText(cal);
}
