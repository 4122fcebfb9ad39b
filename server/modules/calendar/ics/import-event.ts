// One VEVENT of an imported file, read on its own: lines no parser can read dropped, its dates checked as
// written (ical.js would silently turn 20261332 into a date in 2027), its zones settled (IANA names kept,
// Windows and prefixed names mapped to IANA, unknown zones without a VTIMEZONE read as floating, floating
// times of a calendar with X-WR-TIMEZONE put in that zone), then parsed by ical.js and checked: a start, an
// end not before it, a readable RRULE, a UID (generated when missing). The answer is the event's text with
// the VTIMEZONE texts it needs, or the reason it was left out.
import ICAL from "ical.js";
import { type Component, endTimeOf, instantOf, type Time } from "./ical.ts";
import { joinLine, paramOf, setParam, splitLine, type TextComponent, textOf, type ContentLine } from "./text-tree.ts";
import { resolveTzid, vtimezoneFor } from "./timezones.ts";
import type { IcsProblem, IcsProblemCode } from "./types.ts";

export interface FileContext {
  /** VTIMEZONE texts of the file by TZID (those ical.js can read). */
  zones: Map<string, string>;
  /** X-WR-TIMEZONE when it is a known IANA zone. */
  calendarTimezone: string | null;
  newUid: () => string;
  /** Zone of floating times for the checks (start before end). */
  timezone: string;
  /** False for iTIP bodies: a REPLY or CANCEL need not carry DTSTART (RFC 5546). Default true. */
  requireStart?: boolean;
}

export interface ReadEvent {
  index: number;
  uid: string;
  /** RECURRENCE-ID wall clock ("" for a master). */
  recurrenceId: string;
  sequence: number;
  /** The VEVENT text (with its VALARMs). */
  text: string;
  /** VTIMEZONE text by TZID, for each TZID the event uses. */
  zones: Map<string, string>;
  warnings: IcsProblem[];
}

export type ReadResult = { ok: true; event: ReadEvent } | { ok: false; error: IcsProblem; warnings: IcsProblem[] };

const TIME_PROPS = new Set(["DTSTART", "DTEND", "DUE", "RECURRENCE-ID", "EXDATE", "RDATE"]);
const SINGLE_TIME_PROPS = new Set(["DTSTART", "DTEND", "RECURRENCE-ID"]);
const FREQS = new Set(["SECONDLY", "MINUTELY", "HOURLY", "DAILY", "WEEKLY", "MONTHLY", "YEARLY"]);
const DATE_RE = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z?))?$/;

/** A DATE or DATE-TIME value as RFC 5545 writes it, with real month, day, hour, minute and second. */
export function validDateValue(v: string): boolean {
  const m = DATE_RE.exec(v.trim());
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1 || d > new Date(Date.UTC(y, mo, 0)).getUTCDate()) return false;
  return m[4] === undefined || (Number(m[4]) <= 23 && Number(m[5]) <= 59 && Number(m[6]) <= 60);
}

function isDateValue(v: string) {
  return /^\d{8}$/.test(v.trim());
}

function tryParse(text: string): Component | null {
  try {
    const cal = new ICAL.Component(ICAL.parse(text) as never);
    // Reading every property's values is where ical.js throws for some bad values.
    for (const c of [cal, ...cal.getAllSubcomponents()]) for (const p of c.getAllProperties()) p.getValues();
    return cal;
  } catch {
    return null;
  }
}

function wrapEvent(lines: string[], alarms: string[]): string {
  return ["BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", ...lines, ...alarms, "END:VEVENT", "END:VCALENDAR", ""].join("\r\n");
}

export function readEvent(comp: TextComponent, index: number, ctx: FileContext): ReadResult {
  const warnings: IcsProblem[] = [];
  const uidLine = comp.props.map(splitLine).find((l) => l?.name === "UID");
  const writtenUid = uidLine?.value.trim() || null;
  const warn = (code: IcsProblemCode, detail?: string) => {
    if (!warnings.some((w) => w.code === code && w.detail === detail)) warnings.push({ index, uid: writtenUid, code, detail });
  };
  const fail = (code: IcsProblemCode, detail?: string): ReadResult => ({ ok: false, error: { index, uid: writtenUid, code, detail }, warnings });

  // 1. Lines: unreadable ones dropped; dates checked as written; zones settled.
  const lines: ContentLine[] = [];
  for (const raw of comp.props) {
    const l = splitLine(raw);
    if (!l) {
      warn("ics.bad_property", raw.slice(0, 60));
      continue;
    }
    if (l.name === "METHOD" || l.name === "BEGIN" || l.name === "END") continue;
    lines.push(l);
  }
  const zones = new Map<string, string>();
  for (const l of lines) {
    if (!TIME_PROPS.has(l.name)) continue;
    const valueType = paramOf(l, "VALUE")?.toUpperCase() ?? null;
    if (valueType === "PERIOD") continue;
    const values = l.value.split(",").map((v) => v.trim());
    if (SINGLE_TIME_PROPS.has(l.name) && (values.length !== 1 || !validDateValue(values[0]))) {
      return fail("ics.bad_date", `${l.name}:${l.value.slice(0, 40)}`);
    }
    if (values.some((v) => !validDateValue(v))) {
      warn("ics.bad_property", l.name);
      l.name = ""; // an EXDATE or RDATE that cannot be read is dropped
      continue;
    }
    // "DTSTART:20261203" (no VALUE=DATE), as some exporters write it.
    if (!valueType && values.every(isDateValue)) setParam(l, "VALUE", "DATE");
    if (valueType === "DATE" && !values.every(isDateValue)) return fail("ics.bad_date", `${l.name}:${l.value.slice(0, 40)}`);
    settleZone(l, values, ctx, zones, warn);
  }

  // 2. The RRULE as written: FREQ known, not COUNT and UNTIL both.
  for (const l of lines.filter((x) => x.name === "RRULE")) {
    const parts = new Map(l.value.split(";").map((p): [string, string] => [p.split("=")[0].toUpperCase(), p.split("=")[1] ?? ""]));
    if (!FREQS.has((parts.get("FREQ") ?? "").toUpperCase()) || (parts.has("COUNT") && parts.has("UNTIL"))) {
      return fail("ics.bad_rrule", l.value.slice(0, 80));
    }
  }

  // 3. Alarms each on their own: one that cannot be read is dropped.
  const alarms: string[] = [];
  for (const child of comp.children) {
    if (child.name !== "VALARM") continue;
    const text = textOf(child);
    const parsed = tryParse(wrapEvent(["UID:x", "DTSTART:20000101T000000Z"], [text]));
    const alarm = parsed?.getFirstSubcomponent("vevent")?.getFirstSubcomponent("valarm");
    if (!alarm || !alarm.hasProperty("trigger") || !alarm.hasProperty("action")) warn("ics.bad_alarm");
    else alarms.push(text);
  }

  // 4. Parse; properties ical.js cannot read are found one by one and dropped, unless the event needs them.
  let kept = lines.filter((l) => l.name);
  let cal = tryParse(withZones(wrapEvent(kept.map(joinLine), alarms), zones));
  if (!cal) {
    const good: ContentLine[] = [];
    for (const l of kept) {
      if (tryParse(wrapEvent([joinLine(l)], []))) {
        good.push(l);
        continue;
      }
      if (l.name === "RRULE") return fail("ics.bad_rrule", l.value.slice(0, 80));
      if (SINGLE_TIME_PROPS.has(l.name) || l.name === "DURATION") return fail("ics.bad_date", `${l.name}:${l.value.slice(0, 40)}`);
      warn("ics.bad_property", l.name);
    }
    kept = good;
    cal = tryParse(withZones(wrapEvent(kept.map(joinLine), alarms), zones));
    if (!cal) return fail("ics.parse_error");
  }
  const vevent = cal.getFirstSubcomponent("vevent")!;

  // 5. Checks on the parsed event.
  const start = vevent.getFirstPropertyValue("dtstart") as Time | null;
  if (start instanceof ICAL.Time) {
    const dtend = vevent.getFirstPropertyValue("dtend") as Time | null;
    if (dtend instanceof ICAL.Time && dtend.isDate !== start.isDate) return fail("ics.mixed_value_types");
    if (dtend && vevent.hasProperty("duration")) vevent.removeAllProperties("duration");
    const end = endTimeOf(vevent, start);
    if (instantOf(end, ctx.timezone).getTime() < instantOf(start, ctx.timezone).getTime()) return fail("ics.end_before_start");
  } else if (ctx.requireStart !== false) {
    return fail("ics.no_start");
  }
  const rrule = vevent.getFirstPropertyValue("rrule") as InstanceType<typeof ICAL.Recur> | null;
  if (rrule && !rrule.freq) return fail("ics.bad_rrule");

  let uid = writtenUid;
  if (!uid) {
    uid = ctx.newUid();
    vevent.updatePropertyWithValue("uid", uid);
    warnings.push({ index, uid, code: "ics.no_uid" });
  }
  const rid = vevent.getFirstPropertyValue("recurrence-id") as Time | null;
  const seq = Number.parseInt(String(vevent.getFirstPropertyValue("sequence") ?? "0"), 10);
  return {
    ok: true,
    event: {
      index,
      uid,
      recurrenceId: rid instanceof ICAL.Time ? rid.toString() : "",
      sequence: Number.isSafeInteger(seq) && seq >= 0 ? seq : 0,
      text: vevent.toString(),
      zones,
      warnings,
    },
  };
}

/** The event's calendar text with the VTIMEZONEs it uses inserted before the VEVENT. */
function withZones(text: string, zones: Map<string, string>): string {
  if (!zones.size) return text;
  return text.replace("BEGIN:VEVENT", [...zones.values()].join("\r\n") + "\r\nBEGIN:VEVENT");
}

/**
 * The TZID of one time property settled: a known IANA name keeps the file's VTIMEZONE (or gets ours);
 * a Windows or prefixed name becomes its IANA name with our VTIMEZONE; an unknown name keeps the file's
 * VTIMEZONE, or without one the time becomes floating. A floating date-time of a calendar with a known
 * X-WR-TIMEZONE is put in that zone.
 */
function settleZone(
  l: ContentLine,
  values: string[],
  ctx: FileContext,
  zones: Map<string, string>,
  warn: (code: IcsProblemCode, detail?: string) => void,
) {
  if (values.every(isDateValue) || values.every((v) => v.endsWith("Z"))) {
    if (paramOf(l, "TZID") !== null) setParam(l, "TZID", null); // a TZID on a date or a UTC time means nothing
    return;
  }
  const tzid = paramOf(l, "TZID");
  if (tzid === null) {
    if (ctx.calendarTimezone) use(ctx.calendarTimezone);
    return;
  }
  const iana = resolveTzid(tzid);
  if (iana && iana !== tzid) {
    warn("ics.timezone_mapped", `${tzid} → ${iana}`);
    use(iana);
  } else if (ctx.zones.has(tzid)) {
    zones.set(tzid, ctx.zones.get(tzid)!);
  } else if (iana) {
    use(iana);
  } else {
    warn("ics.unknown_timezone", tzid);
    setParam(l, "TZID", null);
  }

  function use(zone: string) {
    const block = vtimezoneFor(zone);
    if (!block) {
      setParam(l, "TZID", null);
      return;
    }
    setParam(l, "TZID", zone);
    zones.set(zone, block);
  }
}
