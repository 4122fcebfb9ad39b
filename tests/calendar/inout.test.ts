// ICS in and out over HTTP (issue 23 "In and out"): import of a Google export and of a file of broken events
// into a chosen calendar (counts, per-event errors, a second import replacing by UID), the 10 MB limit (413
// before parsing) and bad files (400), who may import where; export of a calendar and of one event as
// text/calendar downloads that read back in (round trip).
import { beforeAll, describe, expect, test } from "vitest";
import { readFileSync } from "node:fs";
import { parseIcsFile } from "../../server/modules/calendar/ics/index.ts";
import { createTestApp } from "../support/test-app.ts";
import { calendarApi, type Co, company, type Member } from "./helpers.ts";

const t = await createTestApp();
const api = calendarApi(t);
let A: Co, B: Co;
let kim: Member, lee: Member, other: Member;
let work = 0;

const sample = (name: string) => readFileSync(new URL(`./samples/${name}`, import.meta.url));

async function importInto(who: Member, calendarId: number | string, body: BodyInit, headers: Record<string, string> = {}) {
  const res = await t.app.request(`/api/calendar/import?calendarId=${calendarId}`, {
    method: "POST", headers: { authorization: `Bearer ${who.token}`, "content-type": "text/calendar", ...headers }, body,
  });
  return { status: res.status, body: await res.json() };
}

async function download(who: Member, path: string) {
  const res = await t.app.request(path, { headers: { authorization: `Bearer ${who.token}` } });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

beforeAll(async () => {
  A = await company(t, "cal-inout.test");
  B = await company(t, "cal-inout-b.test");
  kim = await A.user("kim");
  lee = await A.user("lee");
  other = await B.user("park");
  work = (await api.add(kim, { title: "업무 가져오기", color: "#33B679" })).id;
});

describe("import", () => {
  test("a Google export: its objects stored in the chosen calendar, the series with its override", async () => {
    const r = await importInto(kim, work, sample("google-export.ics"));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({ created: 3, updated: 0, eventCount: 4, errors: [], warnings: [] });
    const items = await api.list(kim, [work], "2026-12-01T00:00", "2026-12-31T00:00");
    const names = items.map((i) => i.name);
    expect(names).toContain("주간 영업 회의");
    expect(names).toContain("주간 영업 회의 (오후로 변경)");
    expect(names).toContain("연말 휴가");
    expect(names).toContain("Call with Jakarta office");
    expect(items.every((i) => i.calendarId === work)).toBe(true);
  });

  test("the same file again replaces the events by UID (no duplicates)", async () => {
    const r = await importInto(kim, work, sample("google-export.ics"));
    expect(r.body).toMatchObject({ created: 0, updated: 3 });
    const items = await api.list(kim, [work], "2026-12-24T00:00", "2026-12-25T00:00");
    expect(items.filter((i) => i.name === "연말 휴가")).toHaveLength(1);
  });

  test("a file of broken events: the good ones go in, each bad one reported with its reason", async () => {
    const own = (await api.defaultCalendar(kim)).id;
    const r = await importInto(kim, own, sample("broken-events.ics"));
    expect(r.status).toBe(200);
    expect(r.body.eventCount).toBe(14);
    expect(r.body.created).toBe(6);
    expect(r.body.errors.map((e: { index: number; code: string }) => [e.index, e.code])).toEqual([
      [1, "ics.no_start"], [2, "ics.bad_rrule"], [3, "ics.bad_rrule"], [4, "ics.end_before_start"], [6, "ics.bad_date"],
      [7, "ics.mixed_value_types"], [10, "ics.duplicate"], [12, "ics.bad_rrule"],
    ]);
    expect(r.body.warnings.map((w: { code: string }) => w.code)).toContain("ics.no_uid");
  });

  test("a file of 450 events (more than one chunk) goes in whole", async () => {
    const many = (await api.add(kim, { title: "many", color: "#33B679" })).id;
    const events = Array.from({ length: 450 }, (_, i) => {
      const day = String(1 + (i % 28)).padStart(2, "0");
      const hour = String(8 + (i % 10)).padStart(2, "0");
      return `BEGIN:VEVENT\r\nUID:bulk-${i}@samples.test\r\nDTSTAMP:20261101T000000Z\r\nDTSTART;TZID=Asia/Seoul:202602${day}T${hour}0000\r\nDTEND;TZID=Asia/Seoul:202602${day}T${hour}3000\r\nSUMMARY:일정 ${i}\r\nEND:VEVENT`;
    });
    const file = `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Test//EN\r\n${events.join("\r\n")}\r\nEND:VCALENDAR\r\n`;
    const r = await importInto(kim, many, file);
    expect(r.body).toMatchObject({ created: 450, updated: 0, eventCount: 450, errors: [] });
    const items = await api.list(kim, [many], "2026-02-01T00:00", "2026-03-01T00:00");
    expect(items).toHaveLength(450);
  });

  test("what a chunk stored together keeps: reminders planned (in March 2027, after the test clock), a colleague invited sees it, every object in the sync log", async () => {
    const team = (await api.add(kim, { title: "team import", color: "#33B679" })).id;
    const ev = (uid: string, day: string, extra: string[] = []) => [
      "BEGIN:VEVENT", `UID:${uid}`, "DTSTAMP:20261101T000000Z", `DTSTART;TZID=Asia/Seoul:202703${day}T100000`,
      `DTEND;TZID=Asia/Seoul:202703${day}T110000`, `SUMMARY:${uid}`, ...extra, "END:VEVENT",
    ].join("\r\n");
    const file = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//EN",
      ev("plain", "02"),
      ev("reminded", "03", ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:x", "TRIGGER:-PT30M", "END:VALARM"]),
      ev("invited", "04", [`ORGANIZER:mailto:${kim.username}`, `ATTENDEE;PARTSTAT=NEEDS-ACTION:mailto:${lee.username}`, "ATTENDEE:mailto:guest@outside.example"]),
      "END:VCALENDAR", ""].join("\r\n");
    expect((await importInto(kim, team, file)).body).toMatchObject({ created: 3, errors: [] });
    const rows = await t.db.sql`select e.uid, p.next_at from calendar_events e left join calendar_alarm_plans p on p.event_id = e.id
      where e.calendar_id = ${team} order by e.uid`;
    expect(rows.map((r) => [r.uid, r.next_at !== null])).toEqual([["invited", false], ["plain", false], ["reminded", true]]);
    // Lee, invited, finds it through their DEFAULT calendar, and answers it.
    const seen = await api.list(lee, [(await api.defaultCalendar(lee)).id], "2027-03-01T00:00", "2027-04-01T00:00");
    expect(seen.map((i) => [i.name, i.partStat])).toEqual([["invited", "NEEDS-ACTION"]]);
    // The calendar's change log (what CalDAV sync reads) has one step per object, in order.
    const log = await t.db.sql`select seq, uid from calendar_changes where calendar_id = ${team} order by seq`;
    expect(log.map((r) => r.uid).sort()).toEqual(["invited", "plain", "reminded"]);
    const [{ sync_seq }] = await t.db.sql`select sync_seq from calendars where id = ${team}`;
    expect(log.map((r) => Number(r.seq))).toEqual([Number(sync_seq) - 2, Number(sync_seq) - 1, Number(sync_seq)]);
  });

  test("over 10 MB: 413 calendar.ics_too_large, whether the length is declared or only streamed", async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1).fill(0x41);
    const declared = await importInto(kim, work, big);
    expect([declared.status, declared.body.code]).toEqual([413, "calendar.ics_too_large"]);
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < 11; i++) c.enqueue(new Uint8Array(1024 * 1024).fill(0x42));
        c.close();
      },
    });
    const streamed = await t.app.request(`/api/calendar/import?calendarId=${work}`, {
      method: "POST", headers: { authorization: `Bearer ${kim.token}` }, body: stream, duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect((await streamed.json()).code).toBe("calendar.ics_too_large");
  });

  test("not a calendar: 400 calendar.ics_invalid; a bad calendarId 400; another's or a foreign calendar 404; the holiday calendar 403", async () => {
    const bad = await importInto(kim, work, "hello, this is not iCalendar");
    expect([bad.status, bad.body.code]).toEqual([400, "calendar.ics_invalid"]);
    const noId = await importInto(kim, "x", sample("google-export.ics"));
    expect(noId.status).toBe(400);
    const leeTry = await importInto(lee, work, sample("google-export.ics"));
    expect(leeTry.status).toBe(404);
    const foreign = await importInto(other, work, sample("google-export.ics"));
    expect(foreign.status).toBe(404);
    const holiday = (await api.find(kim)).find((c) => c.type === "HOLIDAY")!;
    const r = await importInto(kim, holiday.id, sample("google-export.ics"));
    expect([r.status, r.body.code]).toEqual([403, "calendar.external_not_editable"]);
  });
});

describe("export", () => {
  test("a calendar as a text/calendar download that reads back in with the same events", async () => {
    const r = await download(kim, `/api/calendar/export/${work}`);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(r.headers.get("content-disposition")).toContain(`filename*=UTF-8''${encodeURIComponent("업무 가져오기.ics")}`);
    expect(r.text).toContain("X-WR-CALNAME:업무 가져오기");
    expect(r.text.match(/BEGIN:VTIMEZONE\r\nTZID:Asia\/Seoul/g)).toHaveLength(1);
    const back = parseIcsFile(r.text);
    expect(back.errors).toEqual([]);
    expect(back.objects.map((o) => o.uid).sort()).toEqual([
      "0a1b2c3d4e5f6g7h8i9j0k1l2m@google.com", "5p1v0c1mv4c0p9f3k2d8j6q7r1@google.com", "7q8w9e0r1t2y3u4i5o6p7a8s9d@google.com",
    ]);
    // Round trip: imported into another calendar, the same occurrences show.
    const copy = (await api.add(kim, { title: "copy", color: "#33B679" })).id;
    const again = await importInto(kim, copy, r.text);
    expect(again.body).toMatchObject({ created: 3, errors: [] });
    const range = ["2026-12-01T00:00", "2026-12-31T00:00"] as const;
    const shape = (items: { name: string; start: string; end: string }[]) => items.map((i) => `${i.name} ${i.start} ${i.end}`).sort();
    expect(shape(await api.list(kim, [copy], ...range))).toEqual(shape(await api.list(kim, [work], ...range)));
  });

  test("one event (the whole series) as its own file", async () => {
    const items = await api.list(kim, [work], "2026-12-01T00:00", "2026-12-31T00:00");
    const series = items.find((i) => i.name === "주간 영업 회의")!;
    const r = await download(kim, `/api/calendar/export/event/${series.eventId}`);
    expect(r.status).toBe(200);
    const back = parseIcsFile(r.text);
    expect(back.objects).toHaveLength(1);
    expect(back.eventCount).toBe(2);
    expect(back.objects[0].uid).toBe("5p1v0c1mv4c0p9f3k2d8j6q7r1@google.com");
  });

  test("what the caller cannot read answers 404", async () => {
    expect((await download(lee, `/api/calendar/export/${work}`)).status).toBe(404);
    expect((await download(other, `/api/calendar/export/${work}`)).status).toBe(404);
    const items = await api.list(kim, [work], "2026-12-01T00:00", "2026-12-31T00:00");
    expect((await download(other, `/api/calendar/export/event/${items[0].eventId}`)).status).toBe(404);
    expect((await download(kim, `/api/calendar/export/999999999`)).status).toBe(404);
    expect((await download(kim, `/api/calendar/export/abc`)).status).toBe(404);
  });
});
