// ICS import (server/modules/calendar/ics/import.ts) on files as Google Calendar, Outlook and Apple Calendar
// export them (tests/calendar/samples): CRLF and LF, a BOM, folded lines, several events of one UID grouped
// into one object (series master + RECURRENCE-ID override), VALARMs, all-day dates, floating times, Windows
// zone names mapped to IANA, TZIDs without VTIMEZONE; a file of broken events, each left out with its
// reason while the good ones are kept; the 10 MB limit; the fields read for querying (first start, last end
// of COUNT/UNTIL/endless series, attendees, alarms).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { extractEvent } from "../../server/modules/calendar/ics/fields.ts";
import { parseIcsFile } from "../../server/modules/calendar/ics/import.ts";
import { IcsInvalidError, IcsTooLargeError, MAX_ICS_BYTES } from "../../server/modules/calendar/ics/types.ts";

const sample = (name: string) => new Uint8Array(readFileSync(new URL(`./samples/${name}`, import.meta.url)));
const text = (name: string) => new TextDecoder().decode(sample(name));
const byUid = (r: ReturnType<typeof parseIcsFile>, prefix: string) => {
  const found = r.objects.find((o) => o.uid.startsWith(prefix));
  if (!found) throw new Error(`no object ${prefix}`);
  return found;
};

describe("Google Calendar export", () => {
  const r = parseIcsFile(sample("google-export.ics"));

  it("is CRLF with folded lines, and gives one object per UID with the calendar's name and zone", () => {
    expect(text("google-export.ics")).toContain("\r\n ");
    expect(r.eventCount).toBe(4);
    expect(r.errors).toEqual([]);
    expect(r.warnings).toEqual([]);
    expect(r.objects.map((o) => o.uid)).toEqual([
      "5p1v0c1mv4c0p9f3k2d8j6q7r1@google.com", "0a1b2c3d4e5f6g7h8i9j0k1l2m@google.com", "7q8w9e0r1t2y3u4i5o6p7a8s9d@google.com",
    ]);
    expect(r.calendarName).toBe("김민수 업무");
    expect(r.calendarTimezone).toBe("Asia/Seoul");
  });

  it("keeps the series master and its override together, with the VTIMEZONE once and no METHOD", () => {
    const o = byUid(r, "5p1v");
    expect(o.indexes).toEqual([0, 1]);
    expect(o.text.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(o.text.match(/BEGIN:VTIMEZONE/g)).toHaveLength(1);
    expect(o.text).not.toContain("METHOD:");
    expect(o.text).toContain("PRODID:-//Groupware//Calendar 1.0//EN");
    expect(o.text.indexOf("RECURRENCE-ID")).toBeGreaterThan(o.text.indexOf("RRULE:"));
    // Lines written again are folded (ical.js: 75 octets of content, after the continuation's space) with CRLF.
    const lines = o.text.split("\r\n");
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(76);
    expect(lines.some((l) => l.startsWith(" "))).toBe(true);
    expect(o.text.endsWith("END:VCALENDAR\r\n")).toBe(true);
  });

  it("reads the series' fields: unfolded Korean text, attendees, alarm, UNTIL bound, override moved", () => {
    const f = byUid(r, "5p1v").fields;
    expect(f.summary).toBe("주간 영업 회의");
    expect(f.location).toBe("본사 3층 대회의실");
    expect(f.description).toBe("주간 영업 회의입니다.\n안건: 4분기 실적 검토, 내년 계획 수립\n화상 회의 링크는 별도로 안내드립니다.");
    expect(f.tzid).toBe("Asia/Seoul");
    expect(f.isRecurring).toBe(true);
    expect(f.rrule).toContain("FREQ=WEEKLY");
    expect(f.start).toEqual({ local: "2026-12-01T10:00:00", tzid: "Asia/Seoul", instant: new Date("2026-12-01T01:00:00Z") });
    expect(f.firstStart.toISOString()).toBe("2026-12-01T01:00:00.000Z");
    // Tuesdays to 29 Dec (UNTIL 23:59:59 KST), 22 Dec excluded: the last is the 29th, 10:00-11:00 KST.
    expect(f.lastEnd?.toISOString()).toBe("2026-12-29T02:00:00.000Z");
    expect(f.overrides).toEqual(["2026-12-15T10:00:00"]);
    expect(f.sequence).toBe(2);
    expect(f.organizer).toEqual({ email: "minsu.kim@alpha.test", name: "김민수" });
    expect(f.attendees).toEqual([
      { email: "minsu.kim@alpha.test", name: "김민수", role: "REQ-PARTICIPANT", partStat: "ACCEPTED", rsvp: false, cutype: "INDIVIDUAL" },
      { email: "sujin.lee@alpha.test", name: "이수진", role: "REQ-PARTICIPANT", partStat: "NEEDS-ACTION", rsvp: true, cutype: "INDIVIDUAL" },
    ]);
    expect(f.alarms).toEqual([10]);
    expect(f.status).toBe("CONFIRMED");
    expect(f.hasMaster).toBe(true);
  });

  it("reads an all-day event of two days and a UTC event", () => {
    const allDay = byUid(r, "0a1b").fields;
    expect(allDay.isAllDay).toBe(true);
    expect(allDay.tzid).toBeNull();
    expect(allDay.start.local).toBe("2026-12-24");
    expect(allDay.end.local).toBe("2026-12-26");
    expect(allDay.transparent).toBe(true);
    // Dates are days in the default zone, Asia/Seoul.
    expect(allDay.firstStart.toISOString()).toBe("2026-12-23T15:00:00.000Z");
    expect(allDay.lastEnd?.toISOString()).toBe("2026-12-25T15:00:00.000Z");
    const utc = byUid(r, "7q8w").fields;
    expect(utc.tzid).toBe("UTC");
    expect(utc.isRecurring).toBe(false);
    expect(utc.lastEnd?.toISOString()).toBe("2026-12-03T02:00:00.000Z");
  });

  it("reads dates in another zone when asked", () => {
    const f = extractEvent(byUid(r, "0a1b").text, { timezone: "Asia/Jakarta" });
    expect(f.firstStart.toISOString()).toBe("2026-12-23T17:00:00.000Z");
  });
});

describe("Outlook export", () => {
  const r = parseIcsFile(sample("outlook-export.ics"));

  it("starts with a BOM and maps the Windows zone names to IANA with our VTIMEZONEs", () => {
    expect([...sample("outlook-export.ics").slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(r.errors).toEqual([]);
    expect(r.objects).toHaveLength(3);
    expect(r.calendarName).toBe("일정");
    expect(r.warnings.map((w) => [w.index, w.code, w.detail])).toEqual([
      [0, "ics.timezone_mapped", "Korea Standard Time → Asia/Seoul"],
      [1, "ics.timezone_mapped", "Eastern Standard Time → America/New_York"],
    ]);
    const monthly = r.objects[0];
    expect(monthly.text).toContain("DTSTART;TZID=Asia/Seoul:20261210T100000");
    expect(monthly.text).toContain("TZID:Asia/Seoul");
    expect(monthly.text).not.toContain("Korea Standard Time");
    // The long Outlook UID was folded in the file: read whole.
    expect(monthly.uid).toBe("040000008200E00074C5B7101A82E00800000000D0A1C2B3E45FDB01000000000000000010000000F1E2D3C4B5A69788796A5B4C3D2E1F00");
  });

  it("reads the monthly 2nd-Thursday series to its sixth occurrence, quoted CNs and roles", () => {
    const f = r.objects[0].fields;
    expect(f.rrule).toBe("FREQ=MONTHLY;COUNT=6;BYDAY=2TH");
    expect(f.lastEnd?.toISOString()).toBe("2027-05-13T02:30:00.000Z"); // 13 May 2027 11:30 KST
    expect(f.attendees.map((a) => [a.name, a.email, a.role])).toEqual([
      ["이수진", "sujin.lee@alpha.test", "REQ-PARTICIPANT"],
      ["Park, Jihoon", "jihoon.park@alpha.test", "OPT-PARTICIPANT"],
    ]);
    expect(f.organizer).toEqual({ email: "jihoon.park@alpha.test", name: "박지훈" });
    expect(f.description).toBe("4분기 실적 검토\n자료: 공유 드라이브, 재무 폴더\n");
    expect(f.alarms).toEqual([15]);
    expect(f.visibility).toBe("PUBLIC");
  });

  it("places a New York meeting after the DST change at UTC-4, and an all-day Outlook event on its day", () => {
    const ny = r.objects[1].fields;
    expect(ny.tzid).toBe("America/New_York");
    expect(ny.firstStart.toISOString()).toBe("2027-03-15T13:00:00.000Z");
    expect(ny.visibility).toBe("PRIVATE");
    const xmas = r.objects[2].fields;
    expect(xmas.isAllDay).toBe(true);
    expect([xmas.start.local, xmas.end.local]).toEqual(["2026-12-25", "2026-12-26"]);
  });
});

describe("Apple Calendar export", () => {
  const r = parseIcsFile(sample("apple-export.ics"));

  it("is LF-only and keeps Apple's own VTIMEZONE for an IANA TZID", () => {
    expect(text("apple-export.ics")).not.toContain("\r");
    expect(r.errors).toEqual([]);
    expect(r.warnings).toEqual([]);
    const run = r.objects[0];
    expect(run.text).toContain("UNTIL=20061029T060000Z"); // Apple's historic rules are kept
    expect(run.text).toContain("X-APPLE-STRUCTURED-LOCATION");
    expect(run.fields.location).toBe("Central Park\nNew York, NY, United States");
  });

  it("walks a weekday COUNT series, keeps a floating DURATION event floating, and leaves an endless series open", () => {
    const run = r.objects[0].fields;
    expect(run.firstStart.toISOString()).toBe("2026-11-06T14:00:00.000Z");
    expect(run.lastEnd?.toISOString()).toBe("2026-11-13T15:00:00.000Z"); // Fri 6th + Mon-Fri 9-13 Nov, EST
    expect(run.alarms).toEqual([30]);
    const lunch = r.objects[1].fields;
    expect(lunch.tzid).toBeNull();
    expect(lunch.start.local).toBe("2026-12-08T12:00:00");
    expect(lunch.end.local).toBe("2026-12-08T13:30:00");
    expect(lunch.firstStart.toISOString()).toBe("2026-12-08T03:00:00.000Z"); // noon in Seoul
    const weekly = r.objects[2].fields;
    expect(weekly.isRecurring).toBe(true);
    expect(weekly.lastEnd).toBeNull();
    expect(weekly.firstStart.toISOString()).toBe("2026-11-02T13:00:00.000Z");
  });
});

describe("a file of broken events", () => {
  const r = parseIcsFile(sample("broken-events.ics"), { newUid: () => "generated-uid-1" });

  it("leaves out each bad event with its reason and keeps the good ones", () => {
    expect(r.eventCount).toBe(14);
    expect(r.errors.map((e) => [e.index, e.uid, e.code])).toEqual([
      [1, "no-start@samples.test", "ics.no_start"],
      [2, "bad-rrule@samples.test", "ics.bad_rrule"],
      [3, "no-freq@samples.test", "ics.bad_rrule"],
      [4, "end-before-start@samples.test", "ics.end_before_start"],
      [6, "bad-date@samples.test", "ics.bad_date"],
      [7, "mixed@samples.test", "ics.mixed_value_types"],
      [10, "dup@samples.test", "ics.duplicate"],
      [12, "both-count-until@samples.test", "ics.bad_rrule"],
    ]);
    expect(r.objects.map((o) => o.uid)).toEqual([
      "good-1@samples.test", "generated-uid-1", "garbage-line@samples.test", "unknown-zone@samples.test", "dup@samples.test",
      "date-no-value@samples.test",
    ]);
  });

  it("repairs what it can and says so", () => {
    expect(r.warnings.map((w) => [w.index, w.code])).toEqual([
      [5, "ics.no_uid"], [8, "ics.bad_property"], [9, "ics.unknown_timezone"], [13, "ics.bad_alarm"], [0, "ics.unsupported_component"],
    ]);
    // A TZID without VTIMEZONE gets ours; an unknown zone becomes floating.
    const good = r.objects[0];
    expect(good.text).toContain("BEGIN:VTIMEZONE\r\nTZID:Asia/Seoul");
    expect(good.fields.firstStart.toISOString()).toBe("2026-12-01T00:00:00.000Z");
    const unknown = r.objects[3];
    expect(unknown.text).toContain("DTSTART:20261207T090000");
    expect(unknown.fields.tzid).toBeNull();
    // The generated UID is in the object; the duplicate kept is the newer SEQUENCE.
    expect(r.objects[1].text).toContain("UID:generated-uid-1");
    expect(r.objects[4].fields.summary).toBe("Duplicate, newer");
    // The unreadable line is gone, the rest of its event kept; a date written without VALUE=DATE is a date.
    expect(r.objects[2].text).not.toContain("this line");
    expect(r.objects[2].text).toContain("X-BROKEN;X-P=1:ok");
    expect(r.objects[5].fields.isAllDay).toBe(true);
    expect(r.objects[5].text).not.toContain("VALARM");
  });
});

describe("limits and odd input", () => {
  it("refuses a file over 10 MB with a typed 413 error, and accepts one at the limit", () => {
    expect(MAX_ICS_BYTES).toBe(10_485_760);
    const event = "BEGIN:VEVENT\r\nUID:big\r\nDTSTART:20261201T000000Z\r\nEND:VEVENT\r\n";
    const head = `BEGIN:VCALENDAR\r\nVERSION:2.0\r\n${event}`;
    const tail = "END:VCALENDAR\r\n";
    const filler = (n: number) => `X-PAD:${"a".repeat(n - 8)}\r\n`;
    const exact = head + filler(MAX_ICS_BYTES - head.length - tail.length) + tail;
    expect(new TextEncoder().encode(exact).length).toBe(MAX_ICS_BYTES);
    expect(parseIcsFile(exact).objects).toHaveLength(1);
    const over = new TextEncoder().encode(exact + " ");
    let thrown: unknown;
    try {
      parseIcsFile(over);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(IcsTooLargeError);
    expect((thrown as IcsTooLargeError).status).toBe(413);
    expect((thrown as IcsTooLargeError).code).toBe("calendar.ics_too_large");
    expect((thrown as IcsTooLargeError).params).toEqual({ maxBytes: MAX_ICS_BYTES, bytes: MAX_ICS_BYTES + 1 });
    // Multi-byte text counts in bytes, not characters.
    const korean = "가".repeat(Math.ceil(MAX_ICS_BYTES / 3) + 1);
    expect(() => parseIcsFile(korean)).toThrow(IcsTooLargeError);
  });

  it("says a text without calendar data is not iCalendar", () => {
    expect(() => parseIcsFile("hello\r\nworld\r\n")).toThrow(IcsInvalidError);
    expect(() => parseIcsFile("")).toThrow(IcsInvalidError);
  });

  it("reads an empty calendar as no events, bare VEVENTs as a calendar, and several VCALENDARs as one file", () => {
    const empty = parseIcsFile("BEGIN:VCALENDAR\nVERSION:2.0\nX-WR-CALNAME:영업\\, 마케팅\nEND:VCALENDAR\n");
    expect([empty.objects, empty.calendarName]).toEqual([[], "영업, 마케팅"]);
    const bare = parseIcsFile("BEGIN:VEVENT\nUID:bare\nDTSTART:20261201T000000Z\nEND:VEVENT\n");
    expect(bare.objects.map((o) => o.uid)).toEqual(["bare"]);
    const two = parseIcsFile(
      "BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:s\nDTSTART;TZID=Europe/Berlin:20261201T090000\nRRULE:FREQ=DAILY;COUNT=3\nEND:VEVENT\nEND:VCALENDAR\n" +
        "BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:s\nRECURRENCE-ID;TZID=Europe/Berlin:20261202T090000\nDTSTART;TZID=Europe/Berlin:20261202T180000\nEND:VEVENT\nEND:VCALENDAR\n",
    );
    expect(two.objects).toHaveLength(1);
    expect(two.objects[0].indexes).toEqual([0, 1]);
    expect(two.objects[0].fields.overrides).toEqual(["2026-12-02T09:00:00"]);
    // 3 Dec 09:00 CET is the last occurrence; the moved one ends earlier.
    expect(two.objects[0].fields.lastEnd?.toISOString()).toBe("2026-12-03T08:00:00.000Z");
  });

  it("puts floating times of a calendar with X-WR-TIMEZONE in that zone, and maps prefixed zone names", () => {
    const r = parseIcsFile([
      "BEGIN:VCALENDAR", "X-WR-TIMEZONE:Europe/Berlin",
      "BEGIN:VEVENT", "UID:f", "DTSTART:20260701T120000", "END:VEVENT",
      "BEGIN:VEVENT", "UID:m", "DTSTART;TZID=/mozilla.org/20050126_1/America/New_York:20260701T120000", "END:VEVENT",
      "END:VCALENDAR", "",
    ].join("\n"));
    expect(r.objects[0].fields.tzid).toBe("Europe/Berlin");
    expect(r.objects[0].fields.firstStart.toISOString()).toBe("2026-07-01T10:00:00.000Z");
    expect(r.objects[1].fields.tzid).toBe("America/New_York");
    expect(r.objects[1].fields.firstStart.toISOString()).toBe("2026-07-01T16:00:00.000Z");
    expect(r.warnings.map((w) => w.code)).toEqual(["ics.timezone_mapped"]);
  });

  it("moves an occurrence earlier than the series start into the first start, and treats an all-EXDATE series", () => {
    const moved = parseIcsFile([
      "BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:x", "DTSTART:20261210T090000Z", "DTEND:20261210T100000Z", "RRULE:FREQ=DAILY;COUNT=2", "END:VEVENT",
      "BEGIN:VEVENT", "UID:x", "RECURRENCE-ID:20261210T090000Z", "DTSTART:20261201T090000Z", "DTEND:20261201T100000Z", "END:VEVENT",
      "END:VCALENDAR", "",
    ].join("\r\n")).objects[0].fields;
    expect(moved.firstStart.toISOString()).toBe("2026-12-01T09:00:00.000Z");
    expect(moved.lastEnd?.toISOString()).toBe("2026-12-11T10:00:00.000Z");
    const none = parseIcsFile([
      "BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:y", "DTSTART:20261210T090000Z", "RRULE:FREQ=DAILY;COUNT=1", "EXDATE:20261210T090000Z", "END:VEVENT",
      "END:VCALENDAR", "",
    ].join("\r\n")).objects[0].fields;
    expect(none.firstStart.toISOString()).toBe("2026-12-10T09:00:00.000Z");
    expect(none.lastEnd?.toISOString()).toBe("2026-12-10T09:00:00.000Z");
  });

  it("bounds a very long UNTIL series by UNTIL instead of walking it", () => {
    const f = parseIcsFile([
      "BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:long", "DTSTART:20000101T000000Z", "DTEND:20000101T003000Z",
      "RRULE:FREQ=HOURLY;UNTIL=20991231T000000Z", "END:VEVENT", "END:VCALENDAR", "",
    ].join("\r\n")).objects[0].fields;
    expect(f.lastEnd?.toISOString()).toBe("2099-12-31T00:30:00.000Z");
  });

  it("reads an object holding only an override (an invitation to one occurrence)", () => {
    const f = parseIcsFile([
      "BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:only", "RECURRENCE-ID:20261210T090000Z", "DTSTART:20261210T110000Z",
      "DTEND:20261210T120000Z", "SUMMARY:One time", "END:VEVENT", "END:VCALENDAR", "",
    ].join("\r\n")).objects[0].fields;
    expect(f.hasMaster).toBe(false);
    expect(f.summary).toBe("One time");
    expect(f.isRecurring).toBe(false);
    expect([f.firstStart.toISOString(), f.lastEnd?.toISOString()]).toEqual(["2026-12-10T11:00:00.000Z", "2026-12-10T12:00:00.000Z"]);
  });
});
