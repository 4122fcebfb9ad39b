// Incoming iTIP (RFC 5546) bodies, as Google, Outlook and Apple send them (a text/calendar part of an
// iMIP mail, RFC 6047): read with the import's tolerance (import-event.ts: CRLF or LF, folding, BOM, Windows
// zone names, TZIDs without VTIMEZONE) but without requiring DTSTART, which a REPLY or CANCEL may leave out.
// METHOD comes from the VCALENDAR, else from the MIME part's method parameter. What each side does with a
// message is in itip-apply.ts.
import ICAL from "ical.js";
import { attendeeOf, type Component, localOf, parseCalendar, personOf, textValue, type Time } from "./ical.ts";
import { sequenceOf } from "./fields.ts";
import { objectTextOf } from "./import.ts";
import { readEvent, type ReadEvent } from "./import-event.ts";
import { ITIP_METHODS, type ItipMethod } from "./itip.ts";
import { occurrenceId } from "./occurrence.ts";
import { icsText, lineName, lineValue, parseTextTree, type TextComponent, textOf } from "./text-tree.ts";
import { DEFAULT_TIMEZONE, resolveTzid, vtimezoneFor } from "./timezones.ts";
import { type IcsAttendee, IcsInvalidError, type IcsPerson, type IcsProblem } from "./types.ts";

export interface ItipComponent {
  /** RECURRENCE-ID as occurrence.ts occurrenceId writes it ("2026-12-10T01:00:00Z"), null for the master. */
  recurrenceId: string | null;
  sequence: number;
  /** False when the VEVENT has no SEQUENCE (some clients leave it out of a REPLY): then it is not stale. */
  sequenceGiven: boolean;
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
    sequenceGiven: v.hasProperty("sequence"),
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
