// Time zones of the calendar's iCalendar library (server/modules/calendar/ics/timezones.ts): the VTIMEZONE
// blocks of timezones-ical-library, read by ical.js, give the same UTC offsets as the runtime's own IANA data
// (Intl) every six hours from 2024 to 2030 for Asia/Seoul, Europe/Berlin and America/New_York, and at the
// exact DST transitions; every zone Intl knows gets a block; Outlook's Windows names and the prefixed names
// of other clients resolve to IANA names.
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { icalZone, isIanaZone, resolveTzid, vtimezoneFor } from "../../server/modules/calendar/ics/timezones.ts";

const formats = new Map<string, Intl.DateTimeFormat>();

/** The offset (minutes east of UTC) of an IANA zone at an instant, from Intl. */
function intlOffset(zone: string, ms: number): number {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: zone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric",
    });
    formats.set(zone, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(ms)).map((x) => [x.type, Number(x.value)]));
  return (Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(ms / 1000) * 1000) / 60_000;
}

/**
 * The offset (minutes) ical.js gives from our VTIMEZONE to a wall clock of the zone, the way events are read
 * (a DTSTART with TZID: local time → instant). ical.js's own UTC → local conversion reads a UTC clock as if it
 * were local to find the offset, so it is off within hours of a change; this direction is exact.
 */
function icalOffset(zone: string, wall: number): number {
  const d = new Date(wall);
  const t = new ICAL.Time({
    year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(),
    hour: d.getUTCHours(), minute: d.getUTCMinutes(), second: d.getUTCSeconds(), isDate: false,
  }, icalZone(zone)!);
  return (wall - t.toUnixTime() * 1000) / 60_000;
}

/** The instant ical.js gives a wall clock (ms; the wall clock written as if UTC). */
const icalInstant = (zone: string, wall: number) => wall - icalOffset(zone, wall) * 60_000;

describe("VTIMEZONE blocks against Intl", () => {
  for (const zone of ["Asia/Seoul", "Europe/Berlin", "America/New_York", "Australia/Sydney", "Asia/Kolkata", "Asia/Jakarta"]) {
    it(`${zone}: the same instant for the wall clocks of every 6 hours of 2024-2030`, () => {
      let checked = 0;
      // 00:00, 06:00, 12:00, 18:00 local: never in a DST gap or a repeated hour of these zones.
      for (let wall = Date.UTC(2024, 0, 1); wall < Date.UTC(2031, 0, 1); wall += 6 * 3_600_000) {
        const got = icalOffset(zone, wall);
        const want = intlOffset(zone, wall - got * 60_000);
        if (got !== want) throw new Error(`${zone} at ${new Date(wall).toISOString().slice(0, 19)} local: ical.js ${got}, Intl ${want}`);
        checked++;
      }
      expect(checked).toBe(10_228);
    });
  }

  it("switches at the exact second of each DST change (Berlin, New York) and never in Seoul", () => {
    // [zone, last wall clock before the change, its instant, first wall clock after, its instant]
    const cases: [string, string, string, string, string][] = [
      ["Europe/Berlin", "2026-03-29T01:59:59", "2026-03-29T00:59:59Z", "2026-03-29T03:00:00", "2026-03-29T01:00:00Z"],
      ["Europe/Berlin", "2026-10-25T01:59:59", "2026-10-24T23:59:59Z", "2026-10-25T03:00:00", "2026-10-25T02:00:00Z"],
      ["America/New_York", "2026-03-08T01:59:59", "2026-03-08T06:59:59Z", "2026-03-08T03:00:00", "2026-03-08T07:00:00Z"],
      ["America/New_York", "2026-11-01T00:59:59", "2026-11-01T04:59:59Z", "2026-11-01T02:00:00", "2026-11-01T07:00:00Z"],
      ["Europe/Berlin", "2027-03-28T01:59:59", "2027-03-28T00:59:59Z", "2027-03-28T03:00:00", "2027-03-28T01:00:00Z"],
      ["America/New_York", "2027-03-14T01:59:59", "2027-03-14T06:59:59Z", "2027-03-14T03:00:00", "2027-03-14T07:00:00Z"],
      ["Asia/Seoul", "2026-03-29T01:59:59", "2026-03-28T16:59:59Z", "2026-03-29T03:00:00", "2026-03-28T18:00:00Z"],
    ];
    const at = (zone: string, wall: string) => new Date(icalInstant(zone, Date.parse(`${wall}Z`))).toISOString().replace(".000Z", "Z");
    for (const [zone, before, beforeUtc, after, afterUtc] of cases) {
      expect([zone, at(zone, before), at(zone, after)]).toEqual([zone, beforeUtc, afterUtc]);
    }
  });

  it("reads wall clocks in a DST zone as the right instants, through the block inside an object", () => {
    const cal = new ICAL.Component(ICAL.parse([
      "BEGIN:VCALENDAR", vtimezoneFor("America/New_York")!,
      "BEGIN:VEVENT", "UID:a", "DTSTART;TZID=America/New_York:20260307T090000", "DTEND;TZID=America/New_York:20260309T090000", "END:VEVENT",
      "END:VCALENDAR", "",
    ].join("\r\n")) as never);
    const v = cal.getFirstSubcomponent("vevent")!;
    const start = v.getFirstPropertyValue("dtstart") as InstanceType<typeof ICAL.Time>;
    const end = v.getFirstPropertyValue("dtend") as InstanceType<typeof ICAL.Time>;
    expect(new Date(start.toUnixTime() * 1000).toISOString()).toBe("2026-03-07T14:00:00.000Z"); // EST
    expect(new Date(end.toUnixTime() * 1000).toISOString()).toBe("2026-03-09T13:00:00.000Z"); // EDT
  });

  // The library writes each zone's current rules only, from 1970 on. Where they differ from the runtime's
  // IANA data in 2026 it is one of these: Morocco's Ramadan offsets (negative DST, which the library's source
  // does not model) and Canadian provinces whose rules changed in 2025-2026 (one side's data is newer).
  const KNOWN_DIFFERENCES = new Set(["Africa/Casablanca", "Africa/El_Aaiun", "America/Edmonton", "America/Vancouver", "America/Whitehorse", "America/Dawson"]);

  it("has a block for every zone Intl knows, named as asked, agreeing with Intl in January and July 2026", () => {
    const zones = Intl.supportedValuesOf("timeZone");
    expect(zones.length).toBeGreaterThan(400);
    const disagree: string[] = [];
    for (const zone of zones) {
      const block = vtimezoneFor(zone);
      expect(block, zone).toMatch(new RegExp(`^BEGIN:VTIMEZONE\\r\\nTZID:${zone.replace(/[+]/g, "\\+")}\\r\\n`));
      for (const ms of [Date.UTC(2026, 0, 15, 12), Date.UTC(2026, 6, 15, 12)]) {
        if (intlOffset(zone, icalInstant(zone, ms)) !== icalOffset(zone, ms)) disagree.push(zone);
      }
    }
    expect(disagree.filter((z) => !KNOWN_DIFFERENCES.has(z))).toEqual([]);
    expect(new Set(disagree).size).toBeLessThanOrEqual(KNOWN_DIFFERENCES.size);
  });

  it("answers an alias with the canonical rules under the alias's TZID, and nothing for an unknown zone", () => {
    const block = vtimezoneFor("Asia/Calcutta")!;
    expect(block).toContain("TZID:Asia/Calcutta\r\n");
    expect(block).toContain("TZOFFSETTO:+0530");
    expect(vtimezoneFor("Mars/Olympus_Mons")).toBeNull();
    expect(icalZone("Mars/Olympus_Mons")).toBeNull();
  });
});

describe("TZID names", () => {
  it("keeps IANA names and aliases, and fixes their case", () => {
    expect(resolveTzid("Asia/Seoul")).toBe("Asia/Seoul");
    expect(resolveTzid("US/Eastern")).toBe("US/Eastern");
    expect(resolveTzid("asia/seoul")).toBe("Asia/Seoul");
    expect(resolveTzid('"Europe/Berlin"')).toBe("Europe/Berlin");
    expect(isIanaZone("Asia/Seoul")).toBe(true);
    expect(isIanaZone("Korea Standard Time")).toBe(false);
  });

  it("maps Outlook's Windows names to IANA (CLDR's primary zone)", () => {
    expect(resolveTzid("Korea Standard Time")).toBe("Asia/Seoul");
    expect(resolveTzid("W. Europe Standard Time")).toBe("Europe/Berlin");
    expect(resolveTzid("Eastern Standard Time")).toBe("America/New_York");
    expect(resolveTzid("SE Asia Standard Time")).toBe("Asia/Bangkok");
    expect(resolveTzid("Tokyo Standard Time")).toBe("Asia/Tokyo");
    expect(resolveTzid("UTC")).toBe("UTC");
  });

  it("takes the IANA tail of Mozilla's and libical's prefixed names", () => {
    expect(resolveTzid("/mozilla.org/20050126_1/Europe/Berlin")).toBe("Europe/Berlin");
    expect(resolveTzid("/freeassociation.sourceforge.net/Tzfile/America/New_York")).toBe("America/New_York");
    expect(resolveTzid("/softwarestudio.org/Olson_20011030_5/Asia/Seoul")).toBe("Asia/Seoul");
    expect(resolveTzid("/citadel.org/20190914_1/America/Argentina/Buenos_Aires")).toBe("America/Argentina/Buenos_Aires");
  });

  it("knows no zone for custom or garbage names", () => {
    expect(resolveTzid("Customized Time Zone")).toBeNull();
    expect(resolveTzid("(UTC+09:00) Seoul")).toBeNull();
    expect(resolveTzid("")).toBeNull();
  });
});
