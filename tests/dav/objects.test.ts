// Calendar objects over CalDAV with raw HTTP: PUT (201, then 204), GET with its ETag, If-None-Match: * and
// If-Match (412 on a mismatch), DELETE, the checks of a PUT body (RFC 4791 preconditions), names a client
// chooses that are not the UID, Korean summaries both ways (NFC), changes live both ways with the API (the
// month list shows a DAV write, a DAV GET shows an API edit, the same realtime CALENDAR_CHANGED), the API's
// permissions (a read share answers 403 on PUT and DELETE), an invitee answering by PUT, and MKCALENDAR,
// PROPPATCH and DELETE of collections.
import { beforeAll, describe, expect, test } from "vitest";
import type { Conn } from "../../server/realtime/hub.ts";
import { calendarTopic } from "../../shared/calendar/constants.ts";
import { createTestApp } from "../support/test-app.ts";
import { calendarApi, type Co, company, type Member, timed } from "../calendar/helpers.ts";
import { dav, PROPFIND, readMultistatus, serveApp, setClientPassword, vevent } from "./support.ts";

const t = await createTestApp();
const api = calendarApi(t);
const base = serveApp(t);
let A: Co;
let kim: Member, reader: Member;
let cal = 0;
let path = "";

beforeAll(async () => {
  A = await company(t, "dav-objects.test");
  kim = await A.user("kim");
  reader = await A.user("reader");
  for (const u of [kim, reader]) await setClientPassword(t, A.companyId, u.id);
  cal = (await api.defaultCalendar(kim)).id;
  path = `/dav/calendars/${kim.username}/${cal}/`;
  const shared = await t.call("POST", `/api/share/CALENDAR/${cal}`, {
    token: kim.token, json: { members: [{ memberType: "USER", memberId: reader.id, permission: 2 }] },
  });
  expect(shared.status, JSON.stringify(shared.body)).toBe(201);
});

const asKim = () => ({ username: kim.username });

function listen(username: string) {
  const got: { event: string }[] = [];
  const conn: Conn = { username, send: (text) => got.push(JSON.parse(text)), close: () => {}, stillValid: () => Promise.resolve(true) };
  t.deps.realtime.hub.add(conn);
  t.deps.realtime.hub.subscribe(conn, calendarTopic(username));
  return got;
}

describe("PUT, GET, DELETE with ETags", () => {
  test("create, read, conditional update and delete", async () => {
    // UTC times: what a GET answers is the bytes sent, so the PUT answers the ETag (RFC 4791 §5.3.4).
    const body = vevent("dav-1", "Standup", "20261110T090000", "20261110T093000").replace(/;TZID=Asia\/Seoul:(\d{8}T\d{6})/g, ":$1Z");
    const created = await dav(base, asKim(), "PUT", `${path}dav-1.ics`, body, { "if-none-match": "*" });
    expect(created.status).toBe(201);
    const etag = created.headers.get("etag");
    expect(etag).toMatch(/^"[0-9a-f]+"$/);

    const got = await dav(base, asKim(), "GET", `${path}dav-1.ics`);
    expect([got.status, got.headers.get("etag"), got.headers.get("content-type")]).toEqual([200, etag, "text/calendar; charset=utf-8"]);
    expect(got.text).toBe(body);

    // Creating it again, or updating with a stale ETag: 412; with the right one: 204 and a new ETag.
    expect((await dav(base, asKim(), "PUT", `${path}dav-1.ics`, body, { "if-none-match": "*" })).status).toBe(412);
    const changed = body.replace("Standup", "Standup (moved)");
    expect((await dav(base, asKim(), "PUT", `${path}dav-1.ics`, changed, { "if-match": '"nope"' })).status).toBe(412);
    const updated = await dav(base, asKim(), "PUT", `${path}dav-1.ics`, changed, { "if-match": etag! });
    expect(updated.status).toBe(204);
    const etag2 = (await dav(base, asKim(), "GET", `${path}dav-1.ics`)).headers.get("etag");
    expect(etag2).not.toBe(etag);
    expect((await dav(base, asKim(), "GET", `${path}dav-1.ics`, undefined, { "if-none-match": etag2! })).status).toBe(304);

    expect((await dav(base, asKim(), "DELETE", `${path}dav-1.ics`, undefined, { "if-match": etag! })).status).toBe(412);
    expect((await dav(base, asKim(), "DELETE", `${path}dav-1.ics`, undefined, { "if-match": etag2! })).status).toBe(204);
    expect((await dav(base, asKim(), "GET", `${path}dav-1.ics`)).status).toBe(404);
    expect((await dav(base, asKim(), "DELETE", `${path}dav-1.ics`)).status).toBe(404);
    expect((await dav(base, asKim(), "PUT", `${path}dav-1.ics`, body, { "if-match": "*" })).status).toBe(412);
  });

  test("bodies that are not one VEVENT object are refused with their precondition", async () => {
    const bad: [string, string, number, string][] = [
      ["garbage.ics", "not a calendar", 403, "valid-calendar-data"],
      ["todo.ics", vevent("todo", "x", "20261110T090000", "20261110T100000").replaceAll("VEVENT", "VTODO"), 403, "supported-calendar-component"],
      ["two.ics", vevent("a", "x", "20261110T090000", "20261110T100000").replace("END:VCALENDAR", vevent("b", "y", "20261110T090000", "20261110T100000").split("\r\n").slice(3, -2).join("\r\n") + "\r\nEND:VCALENDAR"), 403, "valid-calendar-object-resource"],
      ["dup.ics", vevent("d", "x", "20261110T090000", "20261110T100000").replace("END:VCALENDAR", vevent("d", "y", "20261111T090000", "20261111T100000").split("\r\n").slice(3, -2).join("\r\n") + "\r\nEND:VCALENDAR"), 403, "valid-calendar-object-resource"],
      ["method.ics", vevent("m", "x", "20261110T090000", "20261110T100000").replace("VERSION:2.0", "VERSION:2.0\r\nMETHOD:REQUEST"), 403, "valid-calendar-object-resource"],
    ];
    for (const [name, body, status, condition] of bad) {
      const r = await dav(base, asKim(), "PUT", `${path}${name}`, body, { "content-type": "text/calendar" });
      expect([name, r.status], r.text).toEqual([name, status]);
      expect(r.text).toContain(condition);
    }
    // One UID lives under one name: the same UID under a second name is a conflict.
    expect((await dav(base, asKim(), "PUT", `${path}uid-a.ics`, vevent("uid-a", "x", "20261110T090000", "20261110T100000"))).status).toBe(201);
    const dup = await dav(base, asKim(), "PUT", `${path}other.ics`, vevent("uid-a", "x", "20261110T090000", "20261110T100000"));
    expect([dup.status, dup.text.includes("no-uid-conflict")]).toEqual([403, true]);
  });

  test("a name the client chose (not the UID) is kept: GET, listing and DELETE use it", async () => {
    const uid = "040000008200E00074C5B7101A82E008@example.com";
    const name = "3f1c9a52-1b7e-4c2e-9d35-8d0a1c2b3e4f.ics";
    expect((await dav(base, asKim(), "PUT", `${path}${name}`, vevent(uid, "From a phone", "20261111T090000", "20261111T100000"))).status).toBe(201);
    const got = await dav(base, asKim(), "GET", `${path}${name}`);
    expect(got.status).toBe(200);
    expect(got.text).toContain(`UID:${uid}`);
    expect(got.text).not.toContain("X-GW-DAV-NAME");
    const list = readMultistatus((await dav(base, asKim(), "PROPFIND", path, PROPFIND("<d:getetag/>"), { depth: "1" })).text);
    expect(list.responses.map((r) => r.href)).toContain(`${path}${name}`);
    expect(list.responses.map((r) => r.href)).not.toContain(`${path}${uid}.ics`);
    expect((await dav(base, asKim(), "DELETE", `${path}${name}`)).status).toBe(204);
  });
});

describe("both ways with the API", () => {
  test("a DAV write shows in the month list, with Korean text, and tells the calendar's viewers", async () => {
    const kimHears = listen(kim.username);
    const readerHears = listen(reader.username);
    // Decomposed Hangul (as macOS may send it) is stored composed (NFC).
    const summary = "주간 회의";
    const put = await dav(base, asKim(), "PUT", `${path}hangul.ics`, vevent("hangul", summary.normalize("NFD"), "20261112T140000", "20261112T150000", "LOCATION:회의실 3"));
    expect(put.status).toBe(201);
    expect(put.headers.get("etag")).toBe(null); // what a GET answers is not the bytes sent (NFC, a VTIMEZONE): no ETag (RFC 4791 §5.3.4)
    const items = await api.list(kim, [cal], "2026-11-01", "2026-12-01");
    const item = items.find((i) => i.eventUId === "hangul")!;
    expect([item.name, item.name === summary, item.location, item.start]).toEqual([summary, true, "회의실 3", "2026-11-12T05:00:00.000Z"]);
    expect(kimHears.some((f) => f.event === "CALENDAR_CHANGED")).toBe(true);
    expect(readerHears.some((f) => f.event === "CALENDAR_CHANGED")).toBe(true);
    const got = await dav(base, asKim(), "GET", `${path}hangul.ics`);
    expect(got.text).toContain(`SUMMARY:${summary}`);
    expect(got.text).toContain("BEGIN:VTIMEZONE"); // for Asia/Seoul, which the body named without one
    expect(got.text).toContain("TZID:Asia/Seoul");
  });

  test("an API edit shows in the next GET with a new ETag; an API delete makes the GET 404", async () => {
    const e = await api.createEvent(kim, timed(cal, "API 일정", "2026-11-13T10:00", "2026-11-13T11:00"));
    const name = `${e.eventUId}.ics`;
    const first = await dav(base, asKim(), "GET", `${path}${name}`);
    expect(first.status).toBe(200);
    expect(first.text).toContain("SUMMARY:API 일정");
    await api.patchEvent(kim, e.id, { summary: "API 일정 (변경)" });
    const second = await dav(base, asKim(), "GET", `${path}${name}`);
    expect(second.text).toContain("SUMMARY:API 일정 (변경)");
    expect(second.headers.get("etag")).not.toBe(first.headers.get("etag"));
    expect((await api.raw("DELETE", `/api/calendar/event/${e.id}`, kim)).status).toBe(204);
    expect((await dav(base, asKim(), "GET", `${path}${name}`)).status).toBe(404);
  });
});

describe("permissions as in the API", () => {
  test("a read share reads over DAV, and answers 403 on PUT and DELETE", async () => {
    const e = await api.createEvent(kim, timed(cal, "Shared read", "2026-11-14T10:00", "2026-11-14T11:00"));
    const who = { username: reader.username };
    const rpath = `/dav/calendars/${reader.username}/${cal}/`;
    const got = await dav(base, who, "GET", `${rpath}${e.eventUId}.ics`);
    expect(got.status).toBe(200);
    const props = readMultistatus((await dav(base, who, "PROPFIND", rpath, PROPFIND("<d:current-user-privilege-set/>"), { depth: "0" })).text);
    const privileges = props.responses[0].props.get("{DAV:}current-user-privilege-set")!.children.flatMap((p) => p.children.map((c) => c.name));
    expect(privileges).toContain("read");
    expect(privileges).not.toContain("write");
    expect((await dav(base, who, "PUT", `${rpath}new.ics`, vevent("new", "x", "20261114T120000", "20261114T130000"))).status).toBe(403);
    expect((await dav(base, who, "PUT", `${rpath}${e.eventUId}.ics`, got.text.replace("Shared read", "Changed"))).status).toBe(403);
    expect((await dav(base, who, "DELETE", `${rpath}${e.eventUId}.ics`)).status).toBe(403);
    expect((await api.view(kim, e.id)).name).toBe("Shared read");
  });

  test("an invitation shows in the invitee's DEFAULT calendar's next sync; they answer by PUT (their PARTSTAT only)", async () => {
    const readerCal = (await api.defaultCalendar(reader)).id;
    const colPath = `/dav/calendars/${reader.username}/${readerCal}/`;
    const syncBody = (token: string) => `<d:sync-collection xmlns:d="DAV:"><d:sync-token>${token}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`;
    const before = readMultistatus((await dav(base, { username: reader.username }, "REPORT", colPath, syncBody(""))).text);
    const e = await api.createEvent(kim, timed(cal, "Review", "2026-11-16T10:00", "2026-11-16T11:00", { attendees: [{ email: reader.username }] }));
    const rpath = `${colPath}${e.eventUId}.ics`;
    const changes = readMultistatus((await dav(base, { username: reader.username }, "REPORT", colPath, syncBody(before.syncToken!))).text);
    expect(changes.responses.map((r) => r.href)).toEqual([rpath]);
    const got = await dav(base, { username: reader.username }, "GET", rpath);
    expect(got.status).toBe(200);
    const unfolded = got.text.replace(/\r\n[ \t]/g, "");
    const mine = unfolded.split("\r\n").find((l) => l.startsWith("ATTENDEE") && l.toLowerCase().includes(`mailto:${reader.username}`))!;
    expect(mine).toContain("PARTSTAT=NEEDS-ACTION");
    const accepted = unfolded.replace(mine, mine.replace("PARTSTAT=NEEDS-ACTION", "PARTSTAT=ACCEPTED"));
    expect(accepted).not.toBe(got.text);
    expect((await dav(base, { username: reader.username }, "PUT", rpath, accepted)).status).toBe(204);
    const view = await api.view(kim, e.id);
    expect(view.detail.attendees.find((a) => a.email === reader.username)!.partStat).toBe("ACCEPTED");
    // Other changes by the invitee are refused.
    const now = (await dav(base, { username: reader.username }, "GET", rpath)).text;
    expect((await dav(base, { username: reader.username }, "PUT", rpath, now.replace("SUMMARY:Review", "SUMMARY:Mine now"))).status).toBe(403);
  });
});

describe("collections", () => {
  test("MKCALENDAR makes a PRIVATE calendar under the client's name; PROPPATCH renames and recolours; DELETE removes it", async () => {
    const col = `/dav/calendars/${kim.username}/B5E7C3A0-dav-new/`;
    const mk = await dav(base, asKim(), "MKCALENDAR", col, `<?xml version="1.0"?><c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:a="http://apple.com/ns/ical/"><d:set><d:prop><d:displayname>프로젝트</d:displayname><a:calendar-color>#FF2968FF</a:calendar-color></d:prop></d:set></c:mkcalendar>`);
    expect(mk.status).toBe(201);
    expect((await dav(base, asKim(), "MKCALENDAR", col)).status).toBe(405);
    const entry = (await api.find(kim)).find((c) => c.title === "프로젝트")!;
    expect([entry.calendarType, entry.color]).toEqual(["PRIVATE", "#ff2968"]);
    expect((await dav(base, asKim(), "PUT", `${col}in-new.ics`, vevent("in-new", "x", "20261117T090000", "20261117T100000"))).status).toBe(201);
    expect((await api.list(kim, [entry.id], "2026-11-01", "2026-12-01")).map((i) => i.name)).toEqual(["x"]);

    const pp = await dav(base, asKim(), "PROPPATCH", col, `<d:propertyupdate xmlns:d="DAV:" xmlns:a="http://apple.com/ns/ical/"><d:set><d:prop><d:displayname>프로젝트 2</d:displayname><a:calendar-color>#0b8043</a:calendar-color><a:calendar-order>3</a:calendar-order></d:prop></d:set></d:propertyupdate>`);
    expect(pp.status).toBe(207);
    expect(readMultistatus(pp.text).responses[0].props.size).toBe(3);
    const renamed = (await api.find(kim)).find((c) => c.id === entry.id)!;
    expect([renamed.title, renamed.color]).toEqual(["프로젝트 2", "#0b8043"]);

    expect((await dav(base, asKim(), "DELETE", col)).status).toBe(204);
    expect((await api.find(kim)).some((c) => c.id === entry.id)).toBe(false);
    // A collection name in Korean (percent-encoded in the path, as clients send it).
    const korean = `/dav/calendars/${kim.username}/${encodeURIComponent("가족 일정")}/`;
    expect((await dav(base, asKim(), "MKCALENDAR", korean)).status).toBe(201);
    expect((await dav(base, asKim(), "PUT", `${korean}k.ics`, vevent("k", "가족", "20261117T090000", "20261117T100000"))).status).toBe(201);
    const listed = readMultistatus((await dav(base, asKim(), "PROPFIND", `/dav/calendars/${kim.username}/`, PROPFIND("<d:displayname/>"), { depth: "1" })).text);
    expect(listed.responses.map((r) => r.href)).toContain(`/dav/calendars/${kim.username}/가족 일정/`);
    // The DEFAULT calendar cannot be deleted; a reader cannot delete what is shared with them.
    expect((await dav(base, asKim(), "DELETE", path)).status).toBe(403);
    expect((await dav(base, { username: reader.username }, "DELETE", `/dav/calendars/${reader.username}/${cal}/`)).status).toBe(403);
  });
});
