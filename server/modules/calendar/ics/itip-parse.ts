// Incoming iTIP (RFC 5546) bodies, as Google, Outlook and Apple send them (a text/calendar part of an
// iMIP mail, RFC 6047): read with the import's tolerance (import-event.ts: CRLF or LF, folding, BOM, Windows
// zone names, TZIDs without VTIMEZONE) but without requiring DTSTART, which a REPLY or CANCEL may leave out.
// METHOD comes from the VCALENDAR, else from the MIME part's method parameter. Then what the organizer's
// side does with a REPLY (the attendee's PARTSTAT into the stored object) and the attendee's side with a
// CANCEL (the event or one occurrence taken out).
import ICAL from "ical.js";
import { attendeeOf, type Component, calendarText, findAttendee, localOf, parseCalendar, personOf, textValue, type Time } from "./ical.ts";
import { eventsOf, sequenceOf } from "./fields.ts";
import { objectTextOf } from "./import.ts";
import { readEvent, type ReadEvent } from "./import-event.ts";
import { ITIP_METHODS, type ItipMethod } from "./itip.ts";
import { addTimeProperty, findOverride, occurrenceId, overrideFromMaster, recurrenceTime } from "./occurrence.ts";
import { icsText, lineName, lineValue, parseTextTree, type TextComponent, textOf } from "./text-tree.ts";
import { DEFAULT_TIMEZONE, resolveTzid, vtimezoneFor } from "./timezones.ts";
import { type IcsAttendee, IcsInvalidError, type IcsPerson, type IcsProblem, type PartStat } from "./types.ts";

export interface ItipComponent {
  /** RECURRENCE-ID as occurrence.ts occurrenceId writes it ("2026-12-10T01:00:00Z"), null for the master. */
  recurrenceId: string | null;
  sequence: number;
  status: string | null;
  summary: string;
  /** DTSTART and DTEND (or DTSTART + DURATION) wall clocks; null when not given. */
  start: string | null;
  end: string | null;
  organizer: IcsPerson | null;
  attendees: IcsAttendee[];
  comment: string;
}

export interface ItipMessage {
  method: ItipMethod;
  uid: string;
  /** The highest SEQUENCE of its VEVENTs. */
  sequence: number;
  /** RECURRENCE-ID of the first VEVENT when the message is about one occurrence, else null. */
  recurrenceId: string | null;
  organizer: IcsPerson | null;
  /** The attendees of the first VEVENT (of a REPLY: the one who answers). */
  attendees: IcsAttendee[];
  components: ItipComponent[];
  /** The message's events as an object text to store (no METHOD; the VTIMEZONEs they use). */
  objectText: string;
  /** VEVENTs of the message that were left out, and repairs. */
  problems: IcsProblem[];
}

function componentOf(v: Component): ItipComponent {
  const start = v.getFirstPropertyValue("dtstart") as Time | null;
  const rid = v.getFirstPropertyValue("recurrence-id") as Time | null;
  let end: Time | null = (v.getFirstPropertyValue("dtend") as Time | null) ?? null;
  const duration = v.getFirstPropertyValue("duration");
  if (!end && start instanceof ICAL.Time && duration instanceof ICAL.Duration) {
    end = start.clone();
    end.addDuration(duration);
  }
  const organizer = v.getFirstProperty("organizer");
  const status = textValue(v, "status").trim().toUpperCase();
  return {
    recurrenceId: rid instanceof ICAL.Time ? occurrenceId(rid) : null,
    sequence: sequenceOf(v),
    status: status || null,
    summary: textValue(v, "summary"),
    start: start instanceof ICAL.Time ? localOf(start) : null,
    end: end instanceof ICAL.Time ? localOf(end) : null,
    organizer: organizer ? personOf(organizer) : null,
    attendees: v.getAllProperties("attendee").map(attendeeOf),
    comment: textValue(v, "comment"),
  };
}

function propValue(comp: TextComponent, name: string): string | null {
  const line = comp.props.find((l) => lineName(l) === name);
  return line === undefined ? null : lineValue(line).trim();
}

/**
 * Reads an iTIP body. `partMethod`: the method parameter of the text/calendar part, used when the body has
 * no METHOD. IcsInvalidError: itip.no_method (neither says, or an unknown one), itip.no_event (no VEVENT that
 * could be read).
 */
export function parseItip(body: string | Uint8Array, partMethod?: string | null, opts: { timezone?: string } = {}): ItipMessage {
  const roots = parseTextTree(icsText(body));
  const cal = roots.find((r) => r.name === "VCALENDAR");
  if (!cal) throw new IcsInvalidError("itip.no_event");
  const method = (propValue(cal, "METHOD") || partMethod || "").trim().toUpperCase() as ItipMethod;
  if (!ITIP_METHODS.includes(method)) throw new IcsInvalidError("itip.no_method");
  const zones = new Map<string, string>();
  for (const z of cal.children.filter((c) => c.name === "VTIMEZONE")) {
    const tzid = propValue(z, "TZID");
    if (tzid && !zones.has(tzid)) zones.set(tzid, textOf(z));
  }
  const wr = propValue(cal, "X-WR-TIMEZONE");
  const wrIana = wr ? resolveTzid(wr) : null;
  const ctx = {
    zones,
    calendarTimezone: wrIana && vtimezoneFor(wrIana) ? wrIana : null,
    newUid: () => crypto.randomUUID(),
    timezone: opts.timezone ?? DEFAULT_TIMEZONE,
    requireStart: false,
  };
  const problems: IcsProblem[] = [];
  const read: ReadEvent[] = [];
  cal.children.filter((c) => c.name === "VEVENT").forEach((v, i) => {
    const r = readEvent(v, i, ctx);
    if (r.ok) {
      read.push(r.event);
      problems.push(...r.event.warnings);
    } else {
      problems.push(r.error);
    }
  });
  // One UID per message (RFC 5546 §2.1.5): the first; VEVENTs of any other UID are left out.
  const uid = read[0]?.uid;
  if (!uid) throw new IcsInvalidError("itip.no_event");
  const own = read.filter((e) => e.uid === uid);
  const objectText = objectTextOf([...own.filter((e) => !e.recurrenceId), ...own.filter((e) => e.recurrenceId)]);
  const parsed = parseCalendar(objectText);
  const components = parsed.getAllSubcomponents("vevent").map(componentOf);
  const first = components[0];
  return {
    method,
    uid,
    sequence: Math.max(...components.map((c) => c.sequence)),
    recurrenceId: components.every((c) => c.recurrenceId) ? first.recurrenceId : null,
    organizer: components.find((c) => c.organizer)?.organizer ?? null,
    attendees: first.attendees,
    components,
    objectText,
    problems,
  };
}

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
 * the whole event or the occurrence it names. A reply to an older version (its SEQUENCE below the stored
 * one) is not applied: the attendee answered something that has changed since.
 */
export function applyReply(objectText: string, reply: ItipMessage): PartStatResult {
  if (reply.method !== "REPLY") return { applied: false, reason: "itip.not_reply" };
  const cal = parseCalendar(objectText);
  const { master, overrides } = eventsOf(cal);
  const stored = master ?? overrides[0];
  if (!stored || textValue(stored, "uid") !== reply.uid) return { applied: false, reason: "itip.uid_mismatch" };
  let text = objectText;
  let last: PartStatResult = { applied: false, reason: "itip.unknown_attendee" };
  for (const c of reply.components) {
    const answer = c.attendees.find((a) => a.email);
    if (!answer) continue;
    const current = c.recurrenceId ? findOverrideByLocal(cal, c.recurrenceId) ?? stored : stored;
    if (c.sequence < sequenceOf(current)) return { applied: false, reason: "itip.stale" };
    const partStat = (answer.partStat || "NEEDS-ACTION") as PartStat;
    last = setPartStat(text, answer.email, partStat, { recurrenceId: c.recurrenceId });
    if (!last.applied) return last;
    text = last.text;
  }
  return last;
}

function findOverrideByLocal(cal: Component, local: string): Component | null {
  const { master, overrides } = eventsOf(cal);
  const base = master ?? overrides[0];
  return base ? findOverride(cal, recurrenceTime(base, local)) : null;
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

/** The times a COUNTER proposes (its first VEVENT), for the organizer to accept or decline. */
export function counterProposal(counter: ItipMessage): { attendee: string; start: string | null; end: string | null; recurrenceId: string | null; comment: string } {
  const c = counter.components[0];
  return {
    attendee: c.attendees.find((a) => a.email)?.email ?? "",
    start: c.start,
    end: c.end,
    recurrenceId: c.recurrenceId,
    comment: c.comment,
  };
}
