// Time zones of calendar objects. ical.js carries no zone data: a TZID is only as good as the VTIMEZONE
// beside it. This file resolves the TZIDs clients write to IANA names (IANA and its aliases as they are;
// Outlook's Windows names such as "Korea Standard Time" through windows-iana, CLDR's mapping; the prefixed
// forms of Mozilla and libical, "/mozilla.org/20050126_1/Europe/Berlin") and gives the VTIMEZONE of an IANA
// zone from timezones-ical-library (the current rules of each zone as RRULEs from 1970, the form Outlook
// reads; a zone's older rules are not in it, so times before its last rule change are off where the rules
// differed). Blocks are cached per TZID; ical.js zones are built per call site from these blocks and never
// registered globally (TimezoneService), so one file's definition cannot change another's times.
import ICAL from "ical.js";
import { tzlib_get_ical_block, tzlib_get_timezones } from "timezones-ical-library";
import { findIana } from "windows-iana";

type Component = InstanceType<typeof ICAL.Component>;
type Timezone = InstanceType<typeof ICAL.Timezone>;

/** The zone of events created in the suite, and of floating and all-day times where one is needed. */
export const DEFAULT_TIMEZONE = "Asia/Seoul";

const KNOWN = new Set(tzlib_get_timezones() as string[]);
const KNOWN_LOWER = new Map([...KNOWN].map((z) => [z.toLowerCase(), z]));

/** True when `name` is an IANA zone (or alias) that a VTIMEZONE can be given for. */
export function isIanaZone(name: string): boolean {
  return KNOWN.has(name);
}

/**
 * The IANA name of a TZID as calendar clients write it, or null when it names no zone we know (a custom
 * Outlook zone such as "Customized Time Zone", or garbage). Exact IANA names and aliases come back as they
 * are ("Asia/Calcutta" stays), so a TZID that needs no change is not changed.
 */
export function resolveTzid(tzid: string): string | null {
  const t = tzid.trim().replace(/^"(.*)"$/, "$1").trim();
  if (!t) return null;
  if (KNOWN.has(t)) return t;
  const lower = KNOWN_LOWER.get(t.toLowerCase());
  if (lower) return lower;
  // "/mozilla.org/20050126_1/Europe/Berlin", "/freeassociation.sourceforge.net/Tzfile/America/New_York",
  // "/softwarestudio.org/Olson_20011030_5/Asia/Seoul": the IANA name is the tail.
  if (t.startsWith("/")) {
    const parts = t.split("/").filter(Boolean);
    for (let n = Math.min(3, parts.length); n >= 1; n--) {
      const tail = parts.slice(-n).join("/");
      if (KNOWN.has(tail)) return tail;
    }
  }
  const windows = findIana(t.replace(/\s+/g, " "));
  if (windows.length && KNOWN.has(windows[0])) return windows[0];
  return null;
}

const blocks = new Map<string, string | null>();

/**
 * The VTIMEZONE text (CRLF lines, without a final line break) of an IANA zone, its TZID written as `tzid`
 * (the library answers an alias with the canonical zone's block: "Asia/Calcutta" gets Asia/Kolkata's rules
 * under TZID:Asia/Calcutta, so the block matches the events that name it). null for a zone it does not know.
 */
export function vtimezoneFor(tzid: string): string | null {
  if (blocks.has(tzid)) return blocks.get(tzid)!;
  let text: string | null = null;
  if (KNOWN.has(tzid)) {
    const block = tzlib_get_ical_block(tzid);
    const raw = Array.isArray(block) ? block[0] : "";
    if (raw && raw.startsWith("BEGIN:VTIMEZONE")) {
      text = raw.replace(/\r?\n/g, "\r\n")
        .replace(/^TZID:.*$/m, `TZID:${tzid}`)
        .replace(/^X-LIC-LOCATION:.*$/m, `X-LIC-LOCATION:${tzid}`);
    }
  }
  blocks.set(tzid, text);
  return text;
}

const zones = new Map<string, Timezone | null>();

/** The ical.js zone of an IANA name (from vtimezoneFor), for wall-clock arithmetic; null when unknown. */
export function icalZone(tzid: string): Timezone | null {
  if (zones.has(tzid)) return zones.get(tzid)!;
  const text = vtimezoneFor(tzid);
  let zone: Timezone | null = null;
  if (text) {
    const comp = new ICAL.Component(ICAL.parse(`BEGIN:VCALENDAR\r\n${text}\r\nEND:VCALENDAR\r\n`) as never);
    zone = new ICAL.Timezone({ component: comp.getFirstSubcomponent("vtimezone")!, tzid });
  }
  zones.set(tzid, zone);
  return zone;
}

/** The VTIMEZONE component of an IANA zone (a new copy each call), or null. */
export function vtimezoneComponent(tzid: string): Component | null {
  const text = vtimezoneFor(tzid);
  if (!text) return null;
  const cal = new ICAL.Component(ICAL.parse(`BEGIN:VCALENDAR\r\n${text}\r\nEND:VCALENDAR\r\n`) as never);
  return cal.getFirstSubcomponent("vtimezone");
}

const wallFormats = new Map<string, Intl.DateTimeFormat | null>();

/**
 * The wall clock of an IANA zone at an instant, from the runtime's own zone data (Intl); null for a zone Intl
 * does not know. ical.js cannot do this exactly: its UTC → zone conversion is an hour off near a DST change.
 */
export function wallClockAt(ms: number, zone: string): { year: number; month: number; day: number; hour: number; minute: number; second: number } | null {
  let f = wallFormats.get(zone);
  if (f === undefined) {
    try {
      f = new Intl.DateTimeFormat("en-US", {
        timeZone: zone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric",
      });
    } catch {
      f = null;
    }
    wallFormats.set(zone, f);
  }
  if (!f) return null;
  const p = Object.fromEntries(f.formatToParts(new Date(ms)).map((x) => [x.type, Number(x.value)]));
  return { year: p.year, month: p.month, day: p.day, hour: p.hour, minute: p.minute, second: p.second };
}

/** The TZIDs used by the time properties of a component and its subcomponents. */
export function usedTzids(comp: Component, into = new Set<string>()): Set<string> {
  for (const p of comp.getAllProperties()) {
    const tzid = p.getParameter("tzid");
    if (typeof tzid === "string" && tzid) into.add(tzid);
  }
  for (const c of comp.getAllSubcomponents()) if (c.name !== "vtimezone") usedTzids(c, into);
  return into;
}

/**
 * Adds the VTIMEZONEs `events` need to `cal`, before its events: from `known` (definitions found in the
 * source objects) or the library; a zone that has neither stays without one (ical.js and other readers then
 * read it as floating). Components already in `cal` stay the same objects.
 */
export function addTimezones(cal: Component, events: Component[], known: Map<string, Component> = new Map()): void {
  const have = new Set(cal.getAllSubcomponents("vtimezone").map((z) => String(z.getFirstPropertyValue("tzid"))));
  const needed = new Set<string>();
  for (const e of events) usedTzids(e, needed);
  let added = false;
  for (const tzid of needed) {
    if (have.has(tzid)) continue;
    const zone = known.get(tzid) ?? vtimezoneComponent(tzid);
    if (!zone) continue;
    cal.addSubcomponent(new ICAL.Component(structuredClone(zone.toJSON())));
    have.add(tzid);
    added = true;
  }
  if (!added) return;
  // The VTIMEZONEs before the events, as the files of other clients have them.
  for (const c of [...cal.getAllSubcomponents()]) {
    if (c.name === "vtimezone") continue;
    cal.removeSubcomponent(c);
    cal.addSubcomponent(c);
  }
}

