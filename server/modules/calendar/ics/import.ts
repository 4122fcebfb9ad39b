// ICS import (issue 23 "In and out"): a whole .ics file, at most MAX_ICS_BYTES, into calendar objects
// grouped by UID (the master and its overrides in one VCALENDAR with the VTIMEZONEs they use), each with its
// query fields, and the events that were left out with their reason, without failing the good ones. Files of
// Google, Outlook and Apple: CRLF or LF, folded lines, a BOM, several VCALENDARs in one file, VALARMs, dates,
// floating times, TZIDs without VTIMEZONE and Windows zone names (import-event.ts).
import { calendarText, parseCalendar } from "./ical.ts";
import { fieldsOf, type FieldOptions } from "./fields.ts";
import { type FileContext, readEvent, type ReadEvent } from "./import-event.ts";
import { icsText, lineName, lineValue, parseTextTree, type TextComponent, textOf } from "./text-tree.ts";
import { DEFAULT_TIMEZONE, resolveTzid, vtimezoneFor } from "./timezones.ts";
import {
  type IcsImportResult, IcsInvalidError, type IcsObject, type IcsProblem, IcsTooLargeError, MAX_ICS_BYTES, PRODID,
} from "./types.ts";

export interface ImportOptions extends FieldOptions {
  /** A new UID for an event without one (default crypto.randomUUID()). */
  newUid?: () => string;
}

function byteLength(input: string | Uint8Array): number {
  if (typeof input !== "string") return input.byteLength;
  // A UTF-8 character is at most 3 bytes per UTF-16 unit: count exactly only when it could matter.
  return input.length * 3 <= MAX_ICS_BYTES ? input.length : new TextEncoder().encode(input).byteLength;
}

function propValue(comp: TextComponent, name: string): string | null {
  const line = comp.props.find((l) => lineName(l) === name);
  return line === undefined ? null : lineValue(line).trim();
}

/** The VTIMEZONEs of a VCALENDAR that ical.js can read, by TZID. */
function fileZones(cal: TextComponent): Map<string, string> {
  const out = new Map<string, string>();
  for (const z of cal.children.filter((c) => c.name === "VTIMEZONE")) {
    const tzid = propValue(z, "TZID");
    if (!tzid || out.has(tzid)) continue;
    const text = textOf(z);
    try {
      parseCalendar(`BEGIN:VCALENDAR\r\nVERSION:2.0\r\n${text}\r\nEND:VCALENDAR\r\n`).getFirstSubcomponent("vtimezone");
      out.set(tzid, text);
    } catch {
      // An unreadable definition is as good as none: the TZID is then resolved by name.
    }
  }
  return out;
}

interface Group {
  uid: string;
  master: ReadEvent | null;
  overrides: Map<string, ReadEvent>;
}

/** Keeps the copy with the higher SEQUENCE (the later one on a tie); the other is reported. */
function keepNewer(current: ReadEvent | null | undefined, next: ReadEvent, errors: IcsProblem[]): ReadEvent {
  if (!current) return next;
  const [kept, dropped] = next.sequence >= current.sequence ? [next, current] : [current, next];
  errors.push({ index: dropped.index, uid: dropped.uid, code: "ics.duplicate" });
  return kept;
}

/** The stored object text of a group: VERSION, PRODID, its VTIMEZONEs, the master, the overrides by date. */
export function objectTextOf(events: ReadEvent[]): string {
  const zones = new Map<string, string>();
  for (const e of events) for (const [tzid, text] of e.zones) if (!zones.has(tzid)) zones.set(tzid, text);
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", `PRODID:${PRODID}`, "CALSCALE:GREGORIAN", ...zones.values(), ...events.map((e) => e.text), "END:VCALENDAR", ""];
  // Parsed and written again by ical.js: one way of writing (folding, escaping) for every stored object.
  return calendarText(parseCalendar(lines.join("\r\n")));
}

/**
 * Reads an .ics file. IcsTooLargeError over MAX_ICS_BYTES; IcsInvalidError when the text holds no
 * VCALENDAR (nor bare VEVENTs). Everything else is reported per event.
 */
export function parseIcsFile(input: string | Uint8Array, opts: ImportOptions = {}): IcsImportResult {
  const bytes = byteLength(input);
  if (bytes > MAX_ICS_BYTES) throw new IcsTooLargeError(bytes);
  const roots = parseTextTree(icsText(input));
  let cals = roots.filter((r) => r.name === "VCALENDAR");
  if (!cals.length) {
    // Bare VEVENTs, as some tools write them: read as one calendar.
    if (!roots.some((r) => r.name === "VEVENT")) throw new IcsInvalidError("no VCALENDAR");
    cals = [{ name: "VCALENDAR", props: [], children: roots }];
  }
  const timezone = opts.timezone ?? DEFAULT_TIMEZONE;
  const newUid = opts.newUid ?? (() => crypto.randomUUID());
  const errors: IcsProblem[] = [];
  const warnings: IcsProblem[] = [];
  const groups = new Map<string, Group>();
  let index = 0;
  let unsupported = 0;
  const name = cals.map((c) => propValue(c, "X-WR-CALNAME")).find((v) => v);
  const calendarName = name ? name.replace(/\\([\\;,nN])/g, (_, c: string) => (c === "n" || c === "N" ? "\n" : c)) : null;
  const calendarTimezone = cals.map((c) => propValue(c, "X-WR-TIMEZONE")).find((v) => v) ?? null;

  for (const cal of cals) {
    const wrTz = propValue(cal, "X-WR-TIMEZONE");
    const wrIana = wrTz ? resolveTzid(wrTz) : null;
    const ctx: FileContext = { zones: fileZones(cal), calendarTimezone: wrIana && vtimezoneFor(wrIana) ? wrIana : null, newUid, timezone };
    for (const child of cal.children) {
      if (child.name === "VTODO" || child.name === "VJOURNAL" || child.name === "VFREEBUSY") {
        warnings.push({ index: unsupported++, uid: propValue(child, "UID"), code: "ics.unsupported_component", detail: child.name });
        continue;
      }
      if (child.name !== "VEVENT") continue;
      const read = readEvent(child, index++, ctx);
      if (!read.ok) {
        errors.push(read.error);
        continue;
      }
      const e = read.event;
      warnings.push(...e.warnings);
      const group = groups.get(e.uid) ?? { uid: e.uid, master: null, overrides: new Map() };
      groups.set(e.uid, group);
      if (!e.recurrenceId) group.master = keepNewer(group.master, e, errors);
      else group.overrides.set(e.recurrenceId, keepNewer(group.overrides.get(e.recurrenceId), e, errors));
    }
  }

  const objects: IcsObject[] = [];
  for (const g of groups.values()) {
    const overrides = [...g.overrides.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, e]) => e);
    const events = g.master ? [g.master, ...overrides] : overrides;
    const indexes = events.map((e) => e.index).sort((a, b) => a - b);
    try {
      const text = objectTextOf(events);
      objects.push({ uid: g.uid, text, fields: fieldsOf(parseCalendar(text), { timezone }), indexes });
    } catch (e) {
      for (const i of indexes) errors.push({ index: i, uid: g.uid, code: "ics.parse_error", detail: String((e as Error).message ?? e).slice(0, 120) });
    }
  }
  errors.sort((a, b) => a.index - b.index);
  return { objects, errors, warnings, calendarName, calendarTimezone, eventCount: index };
}
