// calendar-query filters (RFC 4791 §9.7) on stored objects: comp-filter (VCALENDAR, then VEVENT; VTODO and
// the other components are never stored, so they match only as is-not-defined), time-range on the
// object's occurrences (its recurrence expanded over the asked range only: events/expand.ts), prop-filter
// and param-filter with is-not-defined and text-match (collations i;octet, i;ascii-casemap,
// i;unicode-casemap; negate-condition). And expand (§9.6.5): the occurrences of a range as VEVENTs of their own.
import ICAL from "ical.js";
import { DEFAULT_TIMEZONE, OCCURRENCES_PER_SERIES_MAX } from "../../../../shared/calendar/constants.ts";
import { DavError } from "../../../dav/provider.ts";
import { child, children, NS, type XmlElement } from "../../../dav/xml.ts";
import { occurrencesIn } from "../events/expand.ts";
import { type Component, type ParsedObject, wallOfKey } from "../events/ical-read.ts";
import { instantOf } from "../events/zone.ts";
import { NAME_PROPERTY } from "./names.ts";

/** Open ends of a time range. */
const EARLIEST = Date.UTC(1800, 0, 1);
const LATEST = Date.UTC(2400, 0, 1);

export interface TimeRange {
  start: number | null;
  end: number | null;
}

/** A time-range element's bounds (UTC date-times, RFC 4791 §9.9); 400 when neither or a bad one is given. */
export function timeRangeOf(e: XmlElement): TimeRange {
  const parse = (v: string | undefined) => {
    if (v === undefined) return null;
    const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(v.trim());
    if (!m) throw new DavError(400, { ns: NS.CALDAV, name: "valid-filter" });
    return Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]);
  };
  const r = { start: parse(e.attrs.get("start")), end: parse(e.attrs.get("end")) };
  if (r.start === null && r.end === null) throw new DavError(400, { ns: NS.CALDAV, name: "valid-filter" });
  return r;
}

/** The VEVENT time range of a filter, for the database's first cut (null: none). */
export function eventRangeOf(filter: XmlElement | undefined): TimeRange | null {
  const cal = child(filter, NS.CALDAV, "comp-filter");
  const ev = children(cal, NS.CALDAV, "comp-filter").find((f) => f.attrs.get("name")?.toUpperCase() === "VEVENT");
  const tr = child(ev, NS.CALDAV, "time-range");
  return tr ? timeRangeOf(tr) : null;
}

function overlapsRange(obj: ParsedObject, r: TimeRange): boolean {
  return occurrencesIn(obj, r.start ?? EARLIEST, r.end ?? LATEST, DEFAULT_TIMEZONE, 1).length > 0;
}

function textMatches(value: string, m: XmlElement): boolean {
  const collation = m.attrs.get("collation") ?? "i;ascii-casemap";
  const needle = m.text;
  let hit: boolean;
  if (collation === "i;octet") hit = value.includes(needle);
  else if (collation === "i;ascii-casemap") hit = value.replace(/[A-Z]/g, (c) => c.toLowerCase()).includes(needle.replace(/[A-Z]/g, (c) => c.toLowerCase()));
  else if (collation === "i;unicode-casemap") hit = value.normalize("NFC").toLowerCase().includes(needle.normalize("NFC").toLowerCase());
  else throw new DavError(403, { ns: NS.CALDAV, name: "supported-collation" });
  return m.attrs.get("negate-condition") === "yes" ? !hit : hit;
}

function propValues(comp: Component, name: string): ReturnType<Component["getAllProperties"]> {
  return comp.getAllProperties(name.toLowerCase());
}

function propFilterMatches(comp: Component, f: XmlElement): boolean {
  const name = f.attrs.get("name") ?? "";
  const props = propValues(comp, name);
  if (child(f, NS.CALDAV, "is-not-defined")) return props.length === 0;
  if (!props.length) return false;
  return props.some((p) => {
    const tr = child(f, NS.CALDAV, "time-range");
    if (tr) {
      // A date-time property (DTSTAMP, CREATED, LAST-MODIFIED...) in [start, end) (RFC 4791 §9.9).
      const { start, end } = timeRangeOf(tr);
      const v = p.getFirstValue();
      if (!(v instanceof ICAL.Time)) return false;
      const ms = v.toUnixTime() * 1000;
      if ((start !== null && ms < start) || (end !== null && ms >= end)) return false;
    }
    const tm = child(f, NS.CALDAV, "text-match");
    if (tm) {
      const values = p.getValues().map((v) => (v instanceof ICAL.Time ? v.toICALString() : String(v)));
      if (!values.some((v) => textMatches(v, tm))) return false;
    }
    for (const pf of children(f, NS.CALDAV, "param-filter")) {
      const raw = p.getParameter((pf.attrs.get("name") ?? "").toLowerCase());
      const values = raw === undefined || raw === null ? [] : Array.isArray(raw) ? raw.map(String) : [String(raw)];
      if (child(pf, NS.CALDAV, "is-not-defined")) {
        if (values.length) return false;
        continue;
      }
      if (!values.length) return false;
      const ptm = child(pf, NS.CALDAV, "text-match");
      if (ptm && !values.some((v) => textMatches(v, ptm))) return false;
    }
    return true;
  });
}

/** A comp-filter under VEVENT (VALARM): existence, and its prop-filters; a time-range on it is not narrowed. */
function subFilterMatches(comp: Component, f: XmlElement): boolean {
  const subs = comp.getAllSubcomponents((f.attrs.get("name") ?? "").toLowerCase());
  if (child(f, NS.CALDAV, "is-not-defined")) return subs.length === 0;
  return subs.some((s) => children(f, NS.CALDAV, "prop-filter").every((pf) => propFilterMatches(s, pf)));
}

/** Whether the object matches the <C:filter>. */
export function matches(obj: ParsedObject, filter: XmlElement | undefined): boolean {
  if (!filter) return true;
  const top = child(filter, NS.CALDAV, "comp-filter");
  if (!top) throw new DavError(400, { ns: NS.CALDAV, name: "valid-filter" });
  if ((top.attrs.get("name") ?? "").toUpperCase() !== "VCALENDAR") return false;
  if (child(top, NS.CALDAV, "is-not-defined")) return false;
  if (!children(top, NS.CALDAV, "prop-filter").every((pf) => propFilterMatches(obj.root, pf))) return false;
  for (const f of children(top, NS.CALDAV, "comp-filter")) {
    const name = (f.attrs.get("name") ?? "").toUpperCase();
    const notDefined = !!child(f, NS.CALDAV, "is-not-defined");
    if (name !== "VEVENT") {
      if (!notDefined) return false;
      continue;
    }
    if (notDefined) return false;
    const tr = child(f, NS.CALDAV, "time-range");
    if (tr && !overlapsRange(obj, timeRangeOf(tr))) return false;
    const vevents = obj.root.getAllSubcomponents("vevent");
    const ok = vevents.some((v) =>
      children(f, NS.CALDAV, "prop-filter").every((pf) => propFilterMatches(v, pf)) &&
      children(f, NS.CALDAV, "comp-filter").every((cf) => subFilterMatches(v, cf))
    );
    if (!ok) return false;
  }
  return true;
}

const utc = (ms: number) => ICAL.Time.fromJSDate(new Date(ms), true);

/** The object's occurrences in the range as VEVENTs without rules, times in UTC (RFC 4791 §9.6.5). */
export function expandObject(obj: ParsedObject, r: TimeRange): string {
  const cal = new ICAL.Component("vcalendar");
  for (const p of obj.root.getAllProperties()) {
    if (p.name !== NAME_PROPERTY.toLowerCase()) cal.addProperty(new ICAL.Property(structuredClone(p.toJSON())));
  }
  const recurring = !!obj.master && (obj.master.hasProperty("rrule") || obj.master.hasProperty("rdate")) || obj.overrides.size > 0;
  for (const o of occurrencesIn(obj, r.start ?? EARLIEST, r.end ?? LATEST, DEFAULT_TIMEZONE, OCCURRENCES_PER_SERIES_MAX)) {
    const v = new ICAL.Component(structuredClone(o.vevent.toJSON()));
    for (const name of ["rrule", "rdate", "exdate", "recurrence-id", "dtstart", "dtend", "duration"]) v.removeAllProperties(name);
    if (o.start.date) {
      const date = (w: typeof o.start.wall) => ICAL.Time.fromData({ year: w.year, month: w.month, day: w.day, isDate: true });
      v.addPropertyWithValue("dtstart", date(o.start.wall));
      v.addPropertyWithValue("dtend", date(o.end.wall));
      if (recurring && o.key) v.addPropertyWithValue("recurrence-id", date(o.start.wall));
    } else {
      v.addPropertyWithValue("dtstart", utc(o.startMs));
      v.addPropertyWithValue("dtend", utc(o.endMs));
      if (recurring && o.key) v.addPropertyWithValue("recurrence-id", recurrenceIdUtc(obj, o));
    }
    cal.addSubcomponent(v);
  }
  return cal.toString();
}

/** The UTC instant an occurrence's original start (its key, a wall clock of the object's zone) stands for. */
function recurrenceIdUtc(obj: ParsedObject, o: ReturnType<typeof occurrencesIn>[number]) {
  return utc(instantOf(wallOfKey(o.key!).wall, obj.zone));
}

/** The busy [start, end) instants of an object's occurrences in the range (not TRANSPARENT, not CANCELLED). */
export function busyPeriods(obj: ParsedObject, r: TimeRange): [number, number][] {
  const start = r.start ?? EARLIEST;
  const end = r.end ?? LATEST;
  return occurrencesIn(obj, start, end, DEFAULT_TIMEZONE, OCCURRENCES_PER_SERIES_MAX)
    .filter((o) => String(o.vevent.getFirstPropertyValue("transp") ?? "").toUpperCase() !== "TRANSPARENT")
    .filter((o) => String(o.vevent.getFirstPropertyValue("status") ?? "").toUpperCase() !== "CANCELLED")
    .map((o): [number, number] => [Math.max(o.startMs, start), Math.min(o.endMs, end)])
    .filter(([s, e]) => e > s);
}

/** A VCALENDAR with one VFREEBUSY of the merged periods (RFC 4791 §7.10, RFC 5545 §3.6.4). */
export function freeBusyText(periods: [number, number][], r: TimeRange, now: Date): string {
  const merged: [number, number][] = [];
  for (const [s, e] of [...periods].sort((a, b) => a[0] - b[0])) {
    const last = merged.at(-1);
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else merged.push([s, e]);
  }
  const stamp = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
  return [
    "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Groupware//CalDAV//EN", "BEGIN:VFREEBUSY", `DTSTAMP:${stamp(now.getTime())}`,
    `DTSTART:${stamp(r.start ?? EARLIEST)}`, `DTEND:${stamp(r.end ?? LATEST)}`,
    ...merged.map(([s, e]) => `FREEBUSY;FBTYPE=BUSY:${stamp(s)}/${stamp(e)}`),
    "END:VFREEBUSY", "END:VCALENDAR", "",
  ].join("\r\n");
}
