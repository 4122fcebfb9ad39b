// ICS export (server/modules/calendar/ics/export.ts): a calendar's objects as one file (each VTIMEZONE once,
// X-WR-CALNAME, our PRODID, DTSTAMP on every event), one event as a file; an event made in the suite with a
// TZID and no VTIMEZONE gets a correct one (Asia/Seoul, Europe/Berlin, America/New_York). Round trips:
// import → export → import gives the same objects and fields, recurrences with overrides and EXDATE
// included, and the same occurrences; a second implementation, Python's icalendar (Debian's
// python3-icalendar, with dateutil for the RRULEs), reads our export and finds the same instants.
import ICAL from "ical.js";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ensureTimezones, exportCalendar, exportEvent } from "../../server/modules/calendar/ics/export.ts";
import { extractEvent } from "../../server/modules/calendar/ics/fields.ts";
import { parseIcsFile } from "../../server/modules/calendar/ics/import.ts";

const sample = (name: string) => new Uint8Array(readFileSync(new URL(`./samples/${name}`, import.meta.url)));
const SAMPLES = ["google-export.ics", "outlook-export.ics", "apple-export.ics", "broken-events.ics"];
const NOW = new Date("2026-12-01T00:00:00Z");

/** A series crossing the March 2026 DST change in Berlin, with an EXDATE and a moved occurrence. */
const BERLIN_SERIES = [
  "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN",
  "BEGIN:VEVENT", "UID:berlin-series@alpha.test", "DTSTAMP:20260301T000000Z",
  "DTSTART;TZID=Europe/Berlin:20260319T090000", "DTEND;TZID=Europe/Berlin:20260319T100000",
  "RRULE:FREQ=WEEKLY;COUNT=5", "EXDATE;TZID=Europe/Berlin:20260402T090000", "SUMMARY:Standup Berlin",
  "END:VEVENT",
  "BEGIN:VEVENT", "UID:berlin-series@alpha.test", "DTSTAMP:20260301T000000Z",
  "RECURRENCE-ID;TZID=Europe/Berlin:20260409T090000",
  "DTSTART;TZID=Europe/Berlin:20260409T150000", "DTEND;TZID=Europe/Berlin:20260409T160000", "SUMMARY:Standup Berlin (afternoon)",
  "END:VEVENT", "END:VCALENDAR", "",
].join("\r\n");

/** Instants (ISO, UTC) of the first occurrences of an object, overrides applied, by ical.js. */
function occurrences(objectText: string, max = 50): string[] {
  const cal = new ICAL.Component(ICAL.parse(objectText) as never);
  const vevents = cal.getAllSubcomponents("vevent");
  const master = vevents.find((v) => !v.hasProperty("recurrence-id"))!;
  const event = new ICAL.Event(master, { exceptions: vevents.filter((v) => v !== master) });
  const out: string[] = [];
  const it = event.iterator();
  for (let next = it.next(); next && out.length < max; next = it.next()) {
    out.push(new Date(event.getOccurrenceDetails(next).startDate.toUnixTime() * 1000).toISOString().replace(".000Z", "Z"));
  }
  return out;
}

describe("export", () => {
  const objects = SAMPLES.flatMap((name) => parseIcsFile(sample(name)).objects);
  const file = exportCalendar(objects.map((o) => o.text), { name: "영업팀 캘린더", timezone: "Asia/Seoul", now: NOW });

  it("writes one calendar with our PRODID, its name, METHOD:PUBLISH and each VTIMEZONE once", () => {
    expect(file.startsWith("BEGIN:VCALENDAR\r\nPRODID:-//Groupware//Calendar 1.0//EN\r\nVERSION:2.0\r\n")).toBe(true);
    expect(file).toContain("\r\nX-WR-CALNAME:영업팀 캘린더\r\n");
    expect(file).toContain("\r\nX-WR-TIMEZONE:Asia/Seoul\r\n");
    expect(file).toContain("\r\nMETHOD:PUBLISH\r\n");
    const tzids = [...file.matchAll(/BEGIN:VTIMEZONE\r\nTZID:([^\r]+)/g)].map((m) => m[1]).sort();
    expect(tzids).toEqual(["America/New_York", "Asia/Seoul"]);
    expect(file.match(/BEGIN:VEVENT/g)).toHaveLength(objects.reduce((n, o) => n + o.indexes.length, 0));
    // Every TZID used is defined, and every event has a DTSTAMP (the broken sample's had none).
    for (const m of file.matchAll(/;TZID=([^:;]+)/g)) expect(tzids).toContain(m[1]);
    const events = file.split("BEGIN:VEVENT").slice(1);
    for (const e of events) expect(e).toMatch(/\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/);
    expect(file).toContain("DTSTAMP:20261201T000000Z");
    expect(file.endsWith("END:VCALENDAR\r\n")).toBe(true);
  });

  it("writes one event as a file of its own, and tells of an object it cannot read", () => {
    const one = exportEvent(objects[0].text, { now: NOW });
    expect(one.match(/BEGIN:VEVENT/g)).toHaveLength(2); // the master and its override
    expect(one).not.toContain("X-WR-CALNAME");
    const skipped: number[] = [];
    const out = exportCalendar(["not a calendar", objects[0].text], { onSkip: (i) => skipped.push(i) });
    expect(skipped).toEqual([0]);
    expect(out.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(() => exportEvent("garbage")).toThrow();
  });

  for (const [zone, start, utc, offset] of [
    ["Asia/Seoul", "20261203T100000", "2026-12-03T01:00:00.000Z", "+0900"],
    ["Europe/Berlin", "20260329T030000", "2026-03-29T01:00:00.000Z", "+0200"],
    ["America/New_York", "20261101T013000", "2026-11-01T06:30:00.000Z", "-0500"],
  ] as const) {
    it(`gives an event made in the suite in ${zone} a correct VTIMEZONE`, () => {
      const made = `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VEVENT\r\nUID:made\r\nDTSTAMP:20261101T000000Z\r\n` +
        `DTSTART;TZID=${zone}:${start}\r\nDURATION:PT1H\r\nSUMMARY:회의\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n`;
      const stored = ensureTimezones(made);
      expect(stored.indexOf(`BEGIN:VTIMEZONE\r\nTZID:${zone}`)).toBeGreaterThan(0);
      expect(stored.indexOf("BEGIN:VTIMEZONE")).toBeLessThan(stored.indexOf("BEGIN:VEVENT"));
      expect(stored).toContain(`TZOFFSETTO:${offset}`);
      expect(extractEvent(stored).firstStart.toISOString()).toBe(utc);
      // Read without the definition, the object's times are still in its zone (the library adds ours).
      expect(extractEvent(made).firstStart.toISOString()).toBe(utc);
      // Export adds the same block to an object that has none.
      const exported = exportEvent(made);
      expect(exported).toContain(`BEGIN:VTIMEZONE\r\nTZID:${zone}`);
      expect(parseIcsFile(exported).objects[0].fields.firstStart.toISOString()).toBe(utc);
    });
  }
});

describe("round trip", () => {
  for (const name of SAMPLES) {
    it(`import → export → import keeps ${name}'s objects and fields`, () => {
      const first = parseIcsFile(sample(name), { newUid: () => "generated" });
      const again = parseIcsFile(exportCalendar(first.objects.map((o) => o.text), { name: "x", now: NOW }));
      expect(again.errors).toEqual([]);
      expect(again.objects.map((o) => o.uid)).toEqual(first.objects.map((o) => o.uid));
      for (const [i, o] of first.objects.entries()) {
        expect(again.objects[i].fields).toEqual(o.fields);
        // The same text, but for the DTSTAMP export gives an event without one.
        expect(again.objects[i].text.replace(/\r\nDTSTAMP:20261201T000000Z/g, "")).toBe(o.text);
        if (o.fields.isRecurring) expect(occurrences(again.objects[i].text)).toEqual(occurrences(o.text));
      }
    });
  }

  it("keeps a DST-crossing series with an EXDATE and a moved occurrence", () => {
    const first = parseIcsFile(BERLIN_SERIES).objects[0];
    expect(occurrences(first.text)).toEqual([
      "2026-03-19T08:00:00Z", "2026-03-26T08:00:00Z", "2026-04-09T13:00:00Z", "2026-04-16T07:00:00Z",
    ]);
    const again = parseIcsFile(exportEvent(first.text)).objects[0];
    expect(again.fields).toEqual(first.fields);
    expect(occurrences(again.text)).toEqual(occurrences(first.text));
    expect(again.fields.lastEnd?.toISOString()).toBe("2026-04-16T08:00:00.000Z");
  });
});

describe("read by Python's icalendar", () => {
  const dir = mkdtempSync(join(tmpdir(), "ics-export-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // Prints what icalendar reads: the calendar's name and zones, each event's UTC instants (floating times
  // as written), and for a series its first occurrences by dateutil in the event's own zone, EXDATEs out.
  const SCRIPT = `
import sys, json, datetime
from icalendar import Calendar
from dateutil.rrule import rrulestr
from dateutil import tz
cal = Calendar.from_ical(open(sys.argv[1], 'rb').read())
def iso(v):
    if isinstance(v, datetime.datetime):
        if v.tzinfo is None: return v.strftime('%Y-%m-%dT%H:%M:%S')
        return v.astimezone(datetime.timezone.utc).strftime('%Y-%m-%dT%H:%M:%SZ')
    return v.isoformat()
def wall(ev, name):
    v = ev.decoded(name)
    tzid = ev[name].params.get('TZID')
    if isinstance(v, datetime.datetime) and tzid: v = v.replace(tzinfo=tz.gettz(tzid))
    return v
out = {'name': str(cal.get('X-WR-CALNAME')), 'prodid': str(cal.get('PRODID')), 'zones': sorted(str(z['TZID']) for z in cal.walk('VTIMEZONE')), 'events': []}
for ev in cal.walk('VEVENT'):
    e = {'uid': str(ev['UID']), 'summary': str(ev.get('SUMMARY', '')), 'start': iso(wall(ev, 'DTSTART'))}
    if ev.get('RECURRENCE-ID') is not None: e['recurrenceId'] = iso(wall(ev, 'RECURRENCE-ID'))
    if ev.get('RRULE') is not None:
        ex = set()
        exd = ev.get('EXDATE')
        for x in (exd if isinstance(exd, list) else ([exd] if exd is not None else [])):
            for d in x.dts:
                t = d.dt
                if isinstance(t, datetime.datetime) and x.params.get('TZID'): t = t.replace(tzinfo=tz.gettz(x.params['TZID']))
                ex.add(iso(t))
        rule = rrulestr(ev['RRULE'].to_ical().decode(), dtstart=wall(ev, 'DTSTART'))
        occ = []
        for d in rule:
            if len(occ) >= 20: break
            if iso(d) not in ex: occ.append(iso(d))
        e['occurrences'] = occ
    out['events'].append(e)
print(json.dumps(out, ensure_ascii=False))
`;

  it("finds our name, PRODID, zones, Korean summaries and the same instants and occurrences", () => {
    const objects = [...SAMPLES.flatMap((name) => parseIcsFile(sample(name)).objects), ...parseIcsFile(BERLIN_SERIES).objects];
    const path = join(dir, "export.ics");
    writeFileSync(path, exportCalendar(objects.map((o) => o.text), { name: "영업팀 캘린더", now: NOW }));
    const run = spawnSync("/usr/bin/python3", ["-c", SCRIPT, path], { encoding: "utf-8" });
    if (run.status !== 0) throw new Error(`python3-icalendar could not read the export: ${run.stderr || run.error}`);
    const py = JSON.parse(run.stdout) as {
      name: string; prodid: string; zones: string[];
      events: { uid: string; summary: string; start: string; recurrenceId?: string; occurrences?: string[] }[];
    };
    expect(py.name).toBe("영업팀 캘린더");
    expect(py.prodid).toBe("-//Groupware//Calendar 1.0//EN");
    expect(py.zones).toEqual(["America/New_York", "Asia/Seoul", "Europe/Berlin"]);
    expect(py.events).toHaveLength(objects.reduce((n, o) => n + o.indexes.length, 0));
    for (const o of objects) {
      const mine = py.events.filter((e) => e.uid === o.uid);
      const master = mine.find((e) => !e.recurrenceId) ?? mine[0];
      expect(master.summary, o.uid).toBe(o.fields.summary);
      // Floating times are written as they are; dates as dates; everything else as the same UTC instant.
      const want = o.fields.isAllDay ? o.fields.start.local : o.fields.tzid === null ? o.fields.start.local
        : o.fields.start.instant.toISOString().replace(".000Z", "Z");
      expect(master.start, o.uid).toBe(want);
      expect(mine.filter((e) => e.recurrenceId).length, o.uid).toBe(o.fields.overrides.length);
      if (o.fields.isRecurring && o.fields.tzid) {
        // dateutil's occurrences without overrides: ical.js's with the overrides' original times put back.
        const ours = occurrences(o.text.replace(/BEGIN:VEVENT\r\n(?:(?!END:VEVENT)[\s\S])*RECURRENCE-ID[\s\S]*?END:VEVENT\r\n/g, ""), 20);
        expect(master.occurrences, o.uid).toEqual(ours);
      }
    }
  });
});
