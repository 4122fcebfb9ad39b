// iTIP (RFC 5546) with the calendar's library (server/modules/calendar/ics/itip.ts, itip-parse.ts): an
// organizer's REQUEST, CANCEL (whole series, one occurrence, only the attendees taken off) and the SEQUENCE
// rule; an attendee's REPLY (whole series or one occurrence); COUNTER and DECLINECOUNTER; incoming bodies
// as Google, Outlook and Apple send them (tests/calendar/samples/itip-*.ics: Windows zone names, MAILTO in
// capitals, no METHOD in the body, no DTSTART in a REPLY); the organizer applying a REPLY to the stored
// object and the attendee applying a CANCEL; the mail reader's parser (mail/reading/calendar-ics.ts) reading
// what we build.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseIcs } from "../../server/modules/mail/reading/calendar-ics.ts";
import { extractEvent } from "../../server/modules/calendar/ics/fields.ts";
import { parseIcsFile } from "../../server/modules/calendar/ics/import.ts";
import {
  buildCancel, buildDeclineCounter, buildReply, buildRequest, isSignificantChange, itipRecipients, withNextSequence,
} from "../../server/modules/calendar/ics/itip.ts";
import { acceptCounter, applyCancel, applyReply, applyRequest, setPartStat } from "../../server/modules/calendar/ics/itip-apply.ts";
import { counterProposal, parseItip } from "../../server/modules/calendar/ics/itip-parse.ts";
import { IcsInvalidError } from "../../server/modules/calendar/ics/types.ts";

const sample = (name: string) => new Uint8Array(readFileSync(new URL(`./samples/${name}`, import.meta.url)));
const NOW = new Date("2026-11-21T09:30:00Z");
const PEOPLE = [
  "ORGANIZER;CN=김민수:mailto:minsu.kim@alpha.test",
  "ATTENDEE;CN=김민수;PARTSTAT=ACCEPTED;ROLE=CHAIR:mailto:minsu.kim@alpha.test",
  "ATTENDEE;CN=이수진;PARTSTAT=NEEDS-ACTION:mailto:sujin.lee@alpha.test",
  "ATTENDEE;CN=Guest Partner;PARTSTAT=NEEDS-ACTION;ROLE=OPT-PARTICIPANT:mailto:guest@beta.example",
];
/** The organizer's stored series: weekly ×4 from Thu 3 Dec 10:00 Seoul, the 17th moved to the afternoon. */
const STORED = parseIcsFile([
  "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:x",
  "BEGIN:VEVENT", "UID:calendar-test-series-1@alpha.test", "DTSTAMP:20261120T000000Z",
  "DTSTART;TZID=Asia/Seoul:20261203T100000", "DTEND;TZID=Asia/Seoul:20261203T113000", "RRULE:FREQ=WEEKLY;COUNT=4",
  "SUMMARY:주간 실적 회의", "LOCATION:본사 3층 대회의실", "DESCRIPTION:4분기 실적 검토", "SEQUENCE:1", ...PEOPLE,
  "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT10M", "END:VALARM", "END:VEVENT",
  "BEGIN:VEVENT", "UID:calendar-test-series-1@alpha.test", "DTSTAMP:20261120T000000Z",
  "RECURRENCE-ID;TZID=Asia/Seoul:20261217T100000", "DTSTART;TZID=Asia/Seoul:20261217T140000",
  "DTEND;TZID=Asia/Seoul:20261217T153000", "SUMMARY:주간 실적 회의 (오후)", "SEQUENCE:1", ...PEOPLE, "END:VEVENT",
  "END:VCALENDAR", "",
].join("\r\n")).objects[0].text;

const vevents = (text: string) => text.split("BEGIN:VEVENT").slice(1).map((v) => v.slice(0, v.indexOf("END:VEVENT")));
const partStatOf = (text: string, email: string, recurrenceId?: string) => {
  const v = vevents(text).find((x) => (recurrenceId ? x.includes(`RECURRENCE-ID;TZID=Asia/Seoul:${recurrenceId}`) : !x.includes("RECURRENCE-ID")))!;
  const line = v.replace(/\r\n /g, "").split("\r\n").find((l) => l.startsWith("ATTENDEE") && l.toLowerCase().endsWith(`mailto:${email}`))!;
  return /PARTSTAT=([A-Z-]+)/.exec(line)?.[1];
};

describe("REQUEST and SEQUENCE (organizer)", () => {
  it("sends the whole series with METHOD:REQUEST, DTSTAMP now, its VTIMEZONE, RSVP asked, no alarm", () => {
    const req = buildRequest(STORED, { now: NOW });
    expect(req).toContain("\r\nMETHOD:REQUEST\r\n");
    expect(req).toContain("BEGIN:VTIMEZONE\r\nTZID:Asia/Seoul");
    expect(vevents(req)).toHaveLength(2);
    for (const v of vevents(req)) {
      expect(v).toContain("DTSTAMP:20261121T093000Z");
      expect(v).toContain("SEQUENCE:1");
      expect(v).not.toContain("VALARM");
    }
    const unfolded = req.replace(/\r\n /g, "");
    expect(unfolded).toContain("ATTENDEE;CN=이수진;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:sujin.lee@alpha.test");
    expect(unfolded).toContain("ATTENDEE;CN=김민수;PARTSTAT=ACCEPTED;ROLE=CHAIR:mailto:minsu.kim@alpha.test");
    // What an external client parses: the mail reader's own parser sees the invitation as sent.
    const seen = parseIcs(req, null);
    expect(seen.map((e) => [e.method, e.uid, e.summary, e.sequence])).toEqual([
      ["REQUEST", "calendar-test-series-1@alpha.test", "주간 실적 회의", 1],
      ["REQUEST", "calendar-test-series-1@alpha.test", "주간 실적 회의 (오후)", 1],
    ]);
    expect(seen[0].start?.iso).toBe("2026-12-03T01:00:00.000Z");
  });

  it("adds the VTIMEZONE of an object that names its zone without defining it", () => {
    const bare = STORED.replace(/BEGIN:VTIMEZONE[\s\S]*END:VTIMEZONE\r\n/, "");
    expect(bare).not.toContain("VTIMEZONE");
    const req = buildRequest(bare, { now: NOW });
    expect(req.indexOf("BEGIN:VTIMEZONE\r\nTZID:Asia/Seoul")).toBeGreaterThan(0);
    expect(req.indexOf("BEGIN:VTIMEZONE")).toBeLessThan(req.indexOf("BEGIN:VEVENT"));
    expect(parseIcs(req, null)[0].start?.iso).toBe("2026-12-03T01:00:00.000Z");
  });

  it("lists the recipients (every attendee but the organizer) and needs an organizer", () => {
    expect(itipRecipients(STORED)).toEqual(["sujin.lee@alpha.test", "guest@beta.example"]);
    const bare = STORED.replace(/ORGANIZER[^\r]*\r\n/g, "");
    expect(() => buildRequest(bare, { now: NOW })).toThrow(IcsInvalidError);
    const given = buildRequest(bare, { now: NOW, organizer: { email: "boss@alpha.test", name: "대표" } });
    expect(given.replace(/\r\n /g, "")).toContain("ORGANIZER;CN=대표:mailto:boss@alpha.test");
  });

  it("increments SEQUENCE for a change of time, place, exclusions or overrides, not for the title", () => {
    const retitled = STORED.replace("SUMMARY:주간 실적 회의\r\n", "SUMMARY:주간 실적 점검\r\n");
    expect(isSignificantChange(STORED, retitled)).toBe(false);
    expect(withNextSequence(STORED, retitled)).toMatchObject({ sequence: 1, incremented: false });
    const later = STORED.replace("DTEND;TZID=Asia/Seoul:20261203T113000", "DTEND;TZID=Asia/Seoul:20261203T120000");
    const next = withNextSequence(STORED, later);
    expect(next).toMatchObject({ sequence: 2, incremented: true });
    expect(vevents(next.text).map((v) => /SEQUENCE:(\d+)/.exec(v)?.[1])).toEqual(["2", "2"]);
    expect(isSignificantChange(STORED, STORED.replace("LOCATION:본사 3층 대회의실", "LOCATION:본사 5층"))).toBe(true);
    expect(isSignificantChange(STORED, STORED.replace("RRULE:FREQ=WEEKLY;COUNT=4", "RRULE:FREQ=WEEKLY;COUNT=4\r\nEXDATE;TZID=Asia/Seoul:20261210T100000"))).toBe(true);
    const withoutOverride = STORED.slice(0, STORED.lastIndexOf("BEGIN:VEVENT")) + "END:VCALENDAR\r\n";
    expect(isSignificantChange(STORED, withoutOverride)).toBe(true);
  });
});

describe("CANCEL (organizer)", () => {
  it("cancels the whole series: the master with its RRULE, STATUS:CANCELLED, SEQUENCE + 1", () => {
    const c = buildCancel(STORED, { now: NOW });
    expect(c).toContain("\r\nMETHOD:CANCEL\r\n");
    const [v] = vevents(c);
    expect(vevents(c)).toHaveLength(1);
    expect(v).toContain("STATUS:CANCELLED");
    expect(v).toContain("SEQUENCE:2");
    expect(v).toContain("RRULE:FREQ=WEEKLY;COUNT=4");
    expect(v).not.toContain("RECURRENCE-ID");
    expect(v).not.toContain("DESCRIPTION");
    const parsed = parseItip(c);
    expect([parsed.method, parsed.recurrenceId, parsed.sequence, parsed.attendees.length]).toEqual(["CANCEL", null, 2, 3]);
  });

  it("cancels one occurrence by its original start, from the master or from its override", () => {
    const one = vevents(buildCancel(STORED, { now: NOW, recurrenceId: "2026-12-10T10:00:00", sequence: 5 }))[0];
    expect(one).toContain("RECURRENCE-ID;TZID=Asia/Seoul:20261210T100000");
    expect(one).toContain("DTSTART;TZID=Asia/Seoul:20261210T100000");
    expect(one).toContain("DTEND;TZID=Asia/Seoul:20261210T113000");
    expect(one).toContain("SEQUENCE:5");
    expect(one).not.toContain("RRULE");
    const moved = vevents(buildCancel(STORED, { now: NOW, recurrenceId: "2026-12-17T01:00:00Z" }))[0];
    expect(moved).toContain("RECURRENCE-ID;TZID=Asia/Seoul:20261217T100000");
    expect(moved).toContain("DTSTART;TZID=Asia/Seoul:20261217T140000");
  });

  it("reads an occurrence id given in UTC on a DST-change day as the series' own wall clock", () => {
    const ny = parseIcsFile([
      "BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:ny@alpha.test", "DTSTART;TZID=America/New_York:20260301T013000", "DURATION:PT30M",
      "RRULE:FREQ=DAILY;COUNT=20", "ORGANIZER:mailto:minsu.kim@alpha.test", "END:VEVENT", "END:VCALENDAR", "",
    ].join("\r\n")).objects[0].text;
    // 06:30Z on 8 March is 01:30 EST, half an hour before the change; 05:30Z on the 9th is 01:30 EDT.
    expect(vevents(buildCancel(ny, { now: NOW, recurrenceId: "2026-03-08T06:30:00Z" }))[0]).toContain("RECURRENCE-ID;TZID=America/New_York:20260308T013000");
    expect(vevents(buildCancel(ny, { now: NOW, recurrenceId: "2026-03-09T05:30:00Z" }))[0]).toContain("RECURRENCE-ID;TZID=America/New_York:20260309T013000");
  });

  it("lists only the attendees taken off, for their own cancellation", () => {
    const c = buildCancel(STORED, { now: NOW, attendees: ["Guest@Beta.Example"] });
    expect(parseItip(c).attendees.map((a) => a.email)).toEqual(["guest@beta.example"]);
  });
});

describe("REPLY (attendee) and what the organizer does with it", () => {
  const request = buildRequest(STORED, { now: NOW });

  it("answers for the whole series with that attendee alone, PARTSTAT set and no RSVP", () => {
    const reply = buildReply(request, { now: NOW, attendee: "guest@beta.example", partStat: "ACCEPTED", comment: "참석합니다" });
    expect(reply).toContain("\r\nMETHOD:REPLY\r\n");
    const [v] = vevents(reply);
    expect(vevents(reply)).toHaveLength(1);
    expect(v.match(/ATTENDEE/g)).toHaveLength(1);
    expect(v.replace(/\r\n /g, "")).toContain("ATTENDEE;CN=Guest Partner;PARTSTAT=ACCEPTED;ROLE=OPT-PARTICIPANT:mailto:guest@beta.example");
    expect(v).toContain("COMMENT:참석합니다");
    expect(v).toContain("SEQUENCE:1");
    expect(v).toContain("ORGANIZER");
    expect(v).not.toContain("DESCRIPTION");
    const parsed = parseItip(reply);
    expect(parsed.attendees.map((a) => [a.email, a.partStat])).toEqual([["guest@beta.example", "ACCEPTED"]]);
    const applied = applyReply(STORED, parsed);
    expect(applied.applied).toBe(true);
    if (!applied.applied) return;
    expect(partStatOf(applied.text, "guest@beta.example")).toBe("ACCEPTED");
    expect(partStatOf(applied.text, "sujin.lee@alpha.test")).toBe("NEEDS-ACTION");
    expect(extractEvent(applied.text).attendees.find((a) => a.email === "guest@beta.example")?.partStat).toBe("ACCEPTED");
  });

  it("answers for one occurrence; applied, it makes that occurrence's override and leaves the series alone", () => {
    const reply = buildReply(request, { now: NOW, attendee: "sujin.lee@alpha.test", partStat: "DECLINED", recurrenceId: "2026-12-10T10:00:00" });
    expect(vevents(reply)[0]).toContain("RECURRENCE-ID;TZID=Asia/Seoul:20261210T100000");
    const applied = applyReply(STORED, parseItip(reply));
    expect(applied.applied).toBe(true);
    if (!applied.applied) return;
    expect(vevents(applied.text)).toHaveLength(3);
    expect(partStatOf(applied.text, "sujin.lee@alpha.test", "20261210T100000")).toBe("DECLINED");
    expect(partStatOf(applied.text, "sujin.lee@alpha.test")).toBe("NEEDS-ACTION");
    const fields = extractEvent(applied.text);
    expect(fields.overrides).toEqual(["2026-12-10T10:00:00", "2026-12-17T10:00:00"]);
    expect(fields.lastEnd).toEqual(extractEvent(STORED).lastEnd);
  });

  it("applies Outlook's reply (Windows zone, MAILTO in capitals) and Apple's occurrence reply without METHOD or DTSTART", () => {
    const outlook = parseItip(sample("itip-outlook-reply.ics"));
    expect([outlook.method, outlook.uid, outlook.sequence]).toEqual(["REPLY", "calendar-test-series-1@alpha.test", 1]);
    expect(outlook.attendees).toEqual([{ email: "guest@beta.example", name: "Guest Partner", role: "REQ-PARTICIPANT", partStat: "ACCEPTED", rsvp: false, cutype: "INDIVIDUAL" }]);
    expect(outlook.components[0].comment).toBe("참석하겠습니다.\n");
    expect(outlook.components[0].start).toBe("2026-12-03T10:00:00");
    expect(outlook.objectText).toContain("DTSTART;TZID=Asia/Seoul:20261203T100000");
    expect(outlook.problems.map((p) => p.code)).toEqual(["ics.timezone_mapped"]);
    const a = applyReply(STORED, outlook);
    expect(a.applied && partStatOf(a.text, "guest@beta.example")).toBe("ACCEPTED");

    expect(() => parseItip(sample("itip-apple-reply-occurrence.ics"))).toThrow(IcsInvalidError);
    const apple = parseItip(sample("itip-apple-reply-occurrence.ics"), "reply");
    expect([apple.method, apple.recurrenceId, apple.components[0].start]).toEqual(["REPLY", "2026-12-10T01:00:00Z", null]);
    const b = applyReply(STORED, apple);
    expect(b.applied).toBe(true);
    if (!b.applied) return;
    expect(b.attendee.partStat).toBe("TENTATIVE");
    expect(partStatOf(b.text, "guest@beta.example", "20261210T100000")).toBe("TENTATIVE");
    expect(partStatOf(b.text, "guest@beta.example")).toBe("NEEDS-ACTION");
  });

  it("does not apply a stale reply, a stranger's reply, another event's reply, or a request", () => {
    const reply = (partStat: "ACCEPTED", attendee = "guest@beta.example") => parseItip(buildReply(request, { now: NOW, attendee, partStat }));
    const newer = withNextSequence(STORED, STORED.replace("T113000", "T120000")).text;
    expect(applyReply(newer, reply("ACCEPTED"))).toEqual({ applied: false, reason: "itip.stale" });
    // A reply that gives no SEQUENCE at all is taken as an answer to the current version.
    const unnumbered = parseItip(buildReply(request, { now: NOW, attendee: "guest@beta.example", partStat: "ACCEPTED" }).replace(/SEQUENCE:1\r\n/g, ""));
    expect(applyReply(newer, unnumbered).applied).toBe(true);
    expect(applyReply(STORED, reply("ACCEPTED", "stranger@else.example"))).toEqual({ applied: false, reason: "itip.unknown_attendee" });
    expect(applyReply(STORED.replaceAll("calendar-test-series-1@alpha.test", "other@alpha.test"), reply("ACCEPTED")))
      .toEqual({ applied: false, reason: "itip.uid_mismatch" });
    expect(applyReply(STORED, parseItip(request))).toEqual({ applied: false, reason: "itip.not_reply" });
    // A forwarded invitation: the reply adds the unlisted attendee with the name given.
    const forwarded = buildReply(request, { now: NOW, attendee: "friend@else.example", partStat: "ACCEPTED", name: "Friend" });
    expect(forwarded.replace(/\r\n /g, "")).toContain("ATTENDEE;CN=Friend;PARTSTAT=ACCEPTED:mailto:friend@else.example");
  });
});

describe("invitations from outside (attendee)", () => {
  const google = parseItip(sample("itip-google-request.ics"));

  it("reads Google's REQUEST into an object to store", () => {
    expect([google.method, google.uid, google.sequence, google.recurrenceId]).toEqual(["REQUEST", "3k2j1h0g9f8d7s6a5p4o3i2u1y@google.com", 0, null]);
    expect(google.organizer).toEqual({ email: "partner.kim@gmail.com", name: "Partner Kim" });
    expect(google.attendees.map((a) => [a.email, a.partStat, a.rsvp])).toEqual([
      ["partner.kim@gmail.com", "ACCEPTED", true], ["sujin.lee@alpha.test", "NEEDS-ACTION", true],
    ]);
    expect(google.objectText).not.toContain("METHOD");
    const f = extractEvent(google.objectText);
    expect([f.summary, f.firstStart.toISOString(), f.lastEnd?.toISOString()]).toEqual(["파트너 주간 점검", "2026-12-14T06:00:00.000Z", "2026-12-28T07:00:00.000Z"]);
    expect(f.description).toContain("Invitation from Google Calendar: https://calendar.google.com/calendar/");
  });

  it("accepts: the user's PARTSTAT in the stored copy, and a REPLY Google can read", () => {
    const mine = setPartStat(google.objectText, "Sujin.Lee@alpha.test", "ACCEPTED");
    expect(mine.applied).toBe(true);
    if (!mine.applied) return;
    expect(mine.attendee).toMatchObject({ email: "sujin.lee@alpha.test", partStat: "ACCEPTED", rsvp: false });
    const reply = buildReply(mine.text, { now: NOW, attendee: "sujin.lee@alpha.test", partStat: "ACCEPTED" });
    const seen = parseIcs(reply, null)[0];
    expect([seen.method, seen.uid, seen.sequence, seen.organizer?.email]).toEqual(["REPLY", google.uid, 0, "partner.kim@gmail.com"]);
    expect(seen.attendees).toEqual([{ name: "sujin.lee@alpha.test", email: "sujin.lee@alpha.test", partstat: "ACCEPTED", role: "REQ-PARTICIPANT" }]);
    expect(setPartStat(google.objectText, "nobody@alpha.test", "ACCEPTED")).toEqual({ applied: false, reason: "itip.unknown_attendee" });
  });

  it("applies Outlook's cancellation of one occurrence (EXDATE), and a whole cancellation removes the event", () => {
    const cancel = parseItip(sample("itip-outlook-cancel-occurrence.ics"));
    expect([cancel.method, cancel.uid, cancel.recurrenceId, cancel.sequence]).toEqual(["CANCEL", google.uid, "2026-12-21T06:00:00Z", 1]);
    const after = applyCancel(google.objectText, cancel).text!;
    expect(after).toContain("EXDATE;TZID=Asia/Seoul:20261221T150000");
    const f = extractEvent(after);
    expect(f.lastEnd?.toISOString()).toBe("2026-12-28T07:00:00.000Z");
    const onlyLast = applyCancel(after, parseItip(buildCancel(after, { now: NOW, recurrenceId: "2026-12-28T15:00:00" }))).text!;
    expect(extractEvent(onlyLast).lastEnd?.toISOString()).toBe("2026-12-14T07:00:00.000Z");
    expect(applyCancel(google.objectText, parseItip(buildCancel(google.objectText, { now: NOW })))).toEqual({ text: null });
  });
});

describe("updates from outside (attendee's copy)", () => {
  const request = (edit: (s: string) => string = (s) => s) => parseItip(edit(new TextDecoder().decode(sample("itip-google-request.ics"))));
  const original = request();
  const accepted = setPartStat(original.objectText, "sujin.lee@alpha.test", "ACCEPTED") as { text: string };

  it("stores a first REQUEST as it came", () => {
    expect(applyRequest(null, original, "sujin.lee@alpha.test")).toEqual({ action: "created", text: original.objectText });
  });

  it("keeps the user's answer and reminder when the organizer re-sends the same SEQUENCE (someone added)", () => {
    const resent = request((s) => s.replace("TRIGGER:-P0DT0H30M0S", "TRIGGER:-P0DT0H10M0S")
      .replace("SUMMARY:파트너 주간 점검", "SUMMARY:파트너 주간 점검\r\nATTENDEE;PARTSTAT=NEEDS-ACTION;CN=New:mailto:new@beta.example"));
    const r = applyRequest(accepted.text, resent, "sujin.lee@alpha.test");
    expect(r.action).toBe("updated");
    const f = extractEvent(r.text);
    expect(f.attendees.map((a) => [a.email, a.partStat])).toEqual([
      ["partner.kim@gmail.com", "ACCEPTED"], ["sujin.lee@alpha.test", "ACCEPTED"], ["new@beta.example", "NEEDS-ACTION"],
    ]);
    expect(f.alarms).toEqual([30]);
  });

  it("asks again after a change with a higher SEQUENCE, and ignores an older one", () => {
    const moved = request((s) => s.replace("SEQUENCE:0", "SEQUENCE:1").replace("20261214T150000", "20261214T160000").replace("20261214T160000\r\nDTEND;TZID=Asia/Seoul:20261214T160000", "20261214T160000\r\nDTEND;TZID=Asia/Seoul:20261214T170000"));
    const r = applyRequest(accepted.text, moved, "sujin.lee@alpha.test");
    const f = extractEvent(r.text);
    expect([r.action, f.sequence, f.start.local]).toEqual(["updated", 1, "2026-12-14T16:00:00"]);
    expect(f.attendees.find((a) => a.email === "sujin.lee@alpha.test")?.partStat).toBe("NEEDS-ACTION");
    expect(applyRequest(r.text, original, "sujin.lee@alpha.test")).toEqual({ action: "stale", text: r.text });
  });

  it("takes a REQUEST for one occurrence into that occurrence's override only", () => {
    const one = (start: string, seq: number) => request((s) => s
      .replace("RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=3\r\n", "")
      .replace("DTSTART;TZID=Asia/Seoul:20261214T150000", `RECURRENCE-ID;TZID=Asia/Seoul:20261221T150000\r\nDTSTART;TZID=Asia/Seoul:${start}`)
      .replace("DTEND;TZID=Asia/Seoul:20261214T160000", `DTEND;TZID=Asia/Seoul:${start.slice(0, 9)}${String(Number(start.slice(9, 11)) + 1).padStart(2, "0")}0000`)
      .replace("SEQUENCE:0", `SEQUENCE:${seq}`));
    const first = applyRequest(accepted.text, one("20261221T170000", 1), "sujin.lee@alpha.test");
    expect(first.action).toBe("updated");
    let f = extractEvent(first.text);
    expect([f.rrule, f.overrides, f.sequence]).toEqual(["FREQ=WEEKLY;COUNT=3;BYDAY=MO", ["2026-12-21T15:00:00"], 0]);
    expect(first.text).toContain("DTSTART;TZID=Asia/Seoul:20261221T170000");
    const second = applyRequest(first.text, one("20261221T180000", 2), "sujin.lee@alpha.test");
    f = extractEvent(second.text);
    expect(f.overrides).toEqual(["2026-12-21T15:00:00"]);
    expect(second.text).toContain("DTSTART;TZID=Asia/Seoul:20261221T180000");
    expect(second.text).not.toContain("20261221T170000");
  });
});

describe("the organizer's side of answers", () => {
  it("takes the sender's answer from a reply that lists more than one attendee", () => {
    const both = buildReply(buildRequest(STORED, { now: NOW }), { now: NOW, attendee: "guest@beta.example", partStat: "DECLINED" })
      .replace("ATTENDEE;", "ATTENDEE;PARTSTAT=ACCEPTED:mailto:minsu.kim@alpha.test\r\nATTENDEE;");
    const r = applyReply(STORED, parseItip(both), { sender: "Guest@Beta.Example" });
    expect(r.applied && [r.attendee.email, r.attendee.partStat]).toEqual(["guest@beta.example", "DECLINED"]);
  });

  it("moves the event to a COUNTER's times when the organizer accepts it, for a new REQUEST", () => {
    const counter = parseItip(sample("itip-outlook-counter.ics"));
    const single = parseIcsFile([
      "BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:calendar-test-single-1@alpha.test", "DTSTAMP:20261120T000000Z",
      "DTSTART;TZID=Asia/Seoul:20261211T100000", "DURATION:PT1H", "SUMMARY:단건 미팅", "SEQUENCE:0",
      "ORGANIZER:mailto:minsu.kim@alpha.test", "ATTENDEE:mailto:guest@beta.example", "END:VEVENT", "END:VCALENDAR", "",
    ].join("\r\n")).objects[0].text;
    const moved = acceptCounter(single, counter)!;
    const next = withNextSequence(single, moved);
    const f = extractEvent(next.text);
    expect([f.start.local, f.end.local, f.tzid, next.sequence]).toEqual(["2026-12-11T14:00:00", "2026-12-11T15:00:00", "Asia/Seoul", 1]);
    expect(parseItip(buildRequest(next.text, { now: NOW })).components[0]).toMatchObject({ start: "2026-12-11T14:00:00", sequence: 1 });
    expect(acceptCounter(STORED, counter)).toBeNull();
  });
});

describe("COUNTER", () => {
  it("reads Outlook's proposal and declines it with DECLINECOUNTER", () => {
    const counter = parseItip(sample("itip-outlook-counter.ics"));
    expect(counter.method).toBe("COUNTER");
    expect(counterProposal(counter)).toEqual({
      attendee: "guest@beta.example", start: "2026-12-11T14:00:00", end: "2026-12-11T15:00:00", recurrenceId: null, comment: "오후 2시는 어떠세요?",
    });
    const single = parseIcsFile([
      "BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:calendar-test-single-1@alpha.test", "DTSTAMP:20261120T000000Z",
      "DTSTART;TZID=Asia/Seoul:20261211T100000", "DTEND;TZID=Asia/Seoul:20261211T110000", "SUMMARY:단건 미팅", "SEQUENCE:0",
      "ORGANIZER;CN=김민수:mailto:minsu.kim@alpha.test", "ATTENDEE;PARTSTAT=NEEDS-ACTION:mailto:guest@beta.example",
      "ATTENDEE;PARTSTAT=ACCEPTED:mailto:sujin.lee@alpha.test", "END:VEVENT", "END:VCALENDAR", "",
    ].join("\r\n")).objects[0].text;
    const decline = buildDeclineCounter(single, counterProposal(counter), { now: NOW, comment: "그 시간은 어렵습니다" });
    expect(decline).toContain("\r\nMETHOD:DECLINECOUNTER\r\n");
    const parsed = parseItip(decline);
    expect(parsed.attendees.map((a) => a.email)).toEqual(["guest@beta.example"]);
    expect(parsed.components[0]).toMatchObject({ start: "2026-12-11T10:00:00", sequence: 0, comment: "그 시간은 어렵습니다" });
  });
});

describe("bad iTIP bodies", () => {
  it("refuses a body without VCALENDAR, without a known method, or without a readable VEVENT", () => {
    const reason = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return (e as IcsInvalidError).params?.reason;
      }
      return "no error";
    };
    expect(reason(() => parseItip("hello"))).toBe("itip.no_event");
    expect(reason(() => parseItip("BEGIN:VCALENDAR\r\nMETHOD:SHOUT\r\nEND:VCALENDAR\r\n"))).toBe("itip.no_method");
    expect(reason(() => parseItip("BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nBEGIN:VEVENT\r\nUID:x\r\nDTSTART:2026\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"))).toBe("itip.no_event");
  });
});
