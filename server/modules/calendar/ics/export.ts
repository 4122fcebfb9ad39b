// ICS export: a calendar's stored objects as one .ics file (each VTIMEZONE once, X-WR-CALNAME, our PRODID),
// or one event's object as a file of its own. Every TZID an event uses gets a VTIMEZONE: the object's own,
// else the library's for an IANA zone (timezones.ts). Objects are the stored ones (import.ts or the core), so
// one that cannot be read is a bug, not user input: it is left out and reported through `onSkip`.
import ICAL from "ical.js";
import { type Component, calendarText, parseCalendar } from "./ical.ts";
import { addTimezones } from "./timezones.ts";
import { PRODID } from "./types.ts";

export { addTimezones, usedTzids } from "./timezones.ts";

export interface ExportOptions {
  /** X-WR-CALNAME (and NAME, RFC 7986): the calendar's title. */
  name?: string;
  /** X-WR-CALDESC. */
  description?: string;
  /** X-WR-TIMEZONE: the calendar's zone, for clients that show floating times in it. */
  timezone?: string;
  /** METHOD:PUBLISH, which Outlook wants to import a file as events (default true). */
  publish?: boolean;
  /** Told of an object that could not be read (its place in the list and the error). */
  onSkip?: (index: number, error: unknown) => void;
  /** DTSTAMP of events that have none (RFC 5545 requires one); default the current time. */
  now?: Date;
}

/** A new VCALENDAR with our PRODID and VERSION (and the given extra properties). */
export function newCalendar(props: [string, string][] = []): Component {
  const cal = new ICAL.Component("vcalendar");
  cal.updatePropertyWithValue("prodid", PRODID);
  cal.updatePropertyWithValue("version", "2.0");
  cal.updatePropertyWithValue("calscale", "GREGORIAN");
  for (const [name, value] of props) cal.addPropertyWithValue(name, value);
  return cal;
}

/** The VEVENTs of objects, with the VTIMEZONE definitions the objects carry. */
function collect(objects: string[], onSkip?: (index: number, error: unknown) => void) {
  const events: Component[] = [];
  const zones = new Map<string, Component>();
  objects.forEach((text, i) => {
    try {
      const cal = parseCalendar(text);
      for (const z of cal.getAllSubcomponents("vtimezone")) {
        const tzid = String(z.getFirstPropertyValue("tzid") ?? "");
        if (tzid && !zones.has(tzid)) zones.set(tzid, z);
      }
      events.push(...cal.getAllSubcomponents("vevent"));
    } catch (e) {
      onSkip?.(i, e);
    }
  });
  return { events, zones };
}

/** A calendar's objects as one .ics text (CRLF lines). */
export function exportCalendar(objects: string[], opts: ExportOptions = {}): string {
  const props: [string, string][] = [];
  if (opts.publish !== false) props.push(["method", "PUBLISH"]);
  if (opts.name) props.push(["x-wr-calname", opts.name], ["name", opts.name]);
  if (opts.description) props.push(["x-wr-caldesc", opts.description]);
  if (opts.timezone) props.push(["x-wr-timezone", opts.timezone]);
  const cal = newCalendar(props);
  const { events, zones } = collect(objects, opts.onSkip);
  addTimezones(cal, events, zones);
  const stamp = ICAL.Time.fromJSDate(opts.now ?? new Date(), true);
  for (const e of events) {
    const copy = new ICAL.Component(structuredClone(e.toJSON()));
    if (!copy.hasProperty("dtstamp")) copy.updatePropertyWithValue("dtstamp", stamp);
    cal.addSubcomponent(copy);
  }
  return calendarText(cal);
}

/** One event's object as an .ics text of its own. */
export function exportEvent(objectText: string, opts: Omit<ExportOptions, "onSkip"> = {}): string {
  return exportCalendar([objectText], { ...opts, onSkip: (_, e) => { throw e; } });
}

/**
 * The object with a VTIMEZONE for every TZID it uses (the library's for IANA zones), for the core to call
 * on objects it builds itself (an event made in the dialog names its zone, Asia/Seoul by default).
 */
export function ensureTimezones(objectText: string): string {
  // parseCalendar adds the missing VTIMEZONEs (ical.ts).
  return calendarText(parseCalendar(objectText));
}
