// CalDAV REPORTs with raw HTTP: calendar-query with a time range (a series found by an occurrence inside the
// range, its expansion), prop-filter with text-match (python-caldav finds objects by UID this way),
// calendar-multiget (an unknown href 404), free-busy-query, and sync-collection (RFC 6578): the initial
// listing and token, changes and deletions since a token (made over DAV and in the API), an unchanged token
// answering nothing, and a bad token 403 valid-sync-token.
import { beforeAll, describe, expect, test } from "vitest";
import { createTestApp } from "../support/test-app.ts";
import { calendarApi, type Co, company, type Member, timed } from "../calendar/helpers.ts";
import { dav, readMultistatus, serveApp, setClientPassword, vevent } from "./support.ts";

const t = await createTestApp();
const api = calendarApi(t);
const base = serveApp(t);
let A: Co;
let kim: Member;
let cal = 0;
let path = "";
const C = `xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"`;
const asKim = () => ({ username: kim.username });

beforeAll(async () => {
  A = await company(t, "dav-reports.test");
  kim = await A.user("kim");
  await setClientPassword(t, A.companyId, kim.id);
  cal = (await api.add(kim, { title: "Reports" })).id;
  path = `/dav/calendars/${kim.username}/${cal}/`;
  const put = (name: string, body: string) => dav(base, asKim(), "PUT", `${path}${name}.ics`, body);
  expect((await put("nov", vevent("nov", "November", "20261105T100000", "20261105T110000"))).status).toBe(201);
  expect((await put("dec", vevent("dec", "December", "20261205T100000", "20261205T110000"))).status).toBe(201);
  // Weekly on Mondays from October, 10 times: occurrences in November too.
  expect((await put("weekly", vevent("weekly", "주간 보고", "20261005T090000", "20261005T093000", "RRULE:FREQ=WEEKLY;COUNT=10"))).status).toBe(201);
});

const query = (filter: string, data = "<c:calendar-data/>") =>
  `<c:calendar-query ${C}><d:prop><d:getetag/>${data}</d:prop><c:filter><c:comp-filter name="VCALENDAR">${filter}</c:comp-filter></c:filter></c:calendar-query>`;

describe("calendar-query", () => {
  test("a time range finds the events and series with an occurrence inside it", async () => {
    const r = await dav(base, asKim(), "REPORT", path, query(`<c:comp-filter name="VEVENT"><c:time-range start="20261101T000000Z" end="20261201T000000Z"/></c:comp-filter>`), { depth: "1" });
    expect(r.status).toBe(207);
    const { responses } = readMultistatus(r.text);
    expect(responses.map((x) => x.href).sort()).toEqual([`${path}nov.ics`, `${path}weekly.ics`]);
    for (const x of responses) {
      expect(x.props.get("{DAV:}getetag")!.text).toMatch(/^"/);
      expect(x.props.get("{urn:ietf:params:xml:ns:caldav}calendar-data")!.text).toContain("BEGIN:VCALENDAR");
    }
    // Between the series' Mondays (30 November, 7 December): December's event only.
    const late = readMultistatus((await dav(base, asKim(), "REPORT", path, query(`<c:comp-filter name="VEVENT"><c:time-range start="20261203T000000Z" end="20261206T000000Z"/></c:comp-filter>`), { depth: "1" })).text);
    expect(late.responses.map((x) => x.href)).toEqual([`${path}dec.ics`]);
  });

  test("expand answers the occurrences of the range as VEVENTs in UTC with their RECURRENCE-ID", async () => {
    const r = await dav(base, asKim(), "REPORT", path, query(
      `<c:comp-filter name="VEVENT"><c:time-range start="20261101T000000Z" end="20261115T000000Z"/></c:comp-filter>`,
      `<c:calendar-data><c:expand start="20261101T000000Z" end="20261115T000000Z"/></c:calendar-data>`,
    ), { depth: "1" });
    const weekly = readMultistatus(r.text).responses.find((x) => x.href.endsWith("weekly.ics"))!;
    const data = weekly.props.get("{urn:ietf:params:xml:ns:caldav}calendar-data")!.text;
    // Mondays 2, 9 November, 09:00 in Seoul = 00:00 UTC.
    expect(data.match(/^DTSTART:.*$/gm)).toEqual(["DTSTART:20261102T000000Z", "DTSTART:20261109T000000Z"]);
    expect(data.match(/^RECURRENCE-ID:.*$/gm)).toEqual(["RECURRENCE-ID:20261102T000000Z", "RECURRENCE-ID:20261109T000000Z"]);
    expect(data).not.toContain("RRULE");
    expect(data).toContain("SUMMARY:주간 보고");
  });

  test("prop-filter text-match on UID and SUMMARY; VTODO matches nothing", async () => {
    const byUid = readMultistatus((await dav(base, asKim(), "REPORT", path, query(`<c:comp-filter name="VEVENT"><c:prop-filter name="UID"><c:text-match collation="i;octet">dec</c:text-match></c:prop-filter></c:comp-filter>`), { depth: "1" })).text);
    expect(byUid.responses.map((x) => x.href)).toEqual([`${path}dec.ics`]);
    const bySummary = readMultistatus((await dav(base, asKim(), "REPORT", path, query(`<c:comp-filter name="VEVENT"><c:prop-filter name="SUMMARY"><c:text-match>보고</c:text-match></c:prop-filter></c:comp-filter>`), { depth: "1" })).text);
    expect(bySummary.responses.map((x) => x.href)).toEqual([`${path}weekly.ics`]);
    // A time range on a property: DTSTAMP (2026-11-01 00:00 UTC in every object here).
    const stamped = readMultistatus((await dav(base, asKim(), "REPORT", path, query(`<c:comp-filter name="VEVENT"><c:prop-filter name="DTSTAMP"><c:time-range start="20261101T000000Z" end="20261101T000001Z"/></c:prop-filter></c:comp-filter>`), { depth: "1" })).text);
    expect(stamped.responses.length).toBe(3);
    const none = readMultistatus((await dav(base, asKim(), "REPORT", path, query(`<c:comp-filter name="VEVENT"><c:prop-filter name="DTSTAMP"><c:time-range start="20261102T000000Z"/></c:prop-filter></c:comp-filter>`), { depth: "1" })).text);
    expect(none.responses).toEqual([]);
    const todos = readMultistatus((await dav(base, asKim(), "REPORT", path, query(`<c:comp-filter name="VTODO"/>`), { depth: "1" })).text);
    expect(todos.responses).toEqual([]);
    // Depth 0 (the default of a REPORT) asks about the collection itself: no objects.
    const depth0 = readMultistatus((await dav(base, asKim(), "REPORT", path, query(`<c:comp-filter name="VEVENT"/>`))).text);
    expect(depth0.responses).toEqual([]);
  });
});

describe("free-busy-query", () => {
  test("answers the busy periods of the range as one VFREEBUSY in UTC", async () => {
    const r = await dav(base, asKim(), "REPORT", path, `<c:free-busy-query ${C}><c:time-range start="20261101T000000Z" end="20261115T000000Z"/></c:free-busy-query>`, { depth: "1" });
    expect([r.status, r.headers.get("content-type")]).toEqual([200, "text/calendar; charset=utf-8"]);
    expect(r.text.match(/^FREEBUSY.*$/gm)!.map((l) => l.trim())).toEqual([
      "FREEBUSY;FBTYPE=BUSY:20261102T000000Z/20261102T003000Z",
      "FREEBUSY;FBTYPE=BUSY:20261105T010000Z/20261105T020000Z",
      "FREEBUSY;FBTYPE=BUSY:20261109T000000Z/20261109T003000Z",
    ]);
  });
});

describe("calendar-multiget", () => {
  test("answers the asked objects, 404 for an unknown one", async () => {
    const body = `<c:calendar-multiget ${C}><d:prop><d:getetag/><c:calendar-data/></d:prop><d:href>${path}nov.ics</d:href><d:href>${path}missing.ics</d:href><d:href>${path}dec.ics</d:href></c:calendar-multiget>`;
    const r = await dav(base, asKim(), "REPORT", path, body, { depth: "1" });
    expect(r.status).toBe(207);
    const { responses } = readMultistatus(r.text);
    expect(responses.map((x) => [x.href, x.status])).toEqual([[`${path}nov.ics`, null], [`${path}missing.ics`, 404], [`${path}dec.ics`, null]]);
    expect(responses[0].props.get("{urn:ietf:params:xml:ns:caldav}calendar-data")!.text).toContain("SUMMARY:November");
  });
});

describe("sync-collection", () => {
  const sync = (token: string) => dav(base, asKim(), "REPORT", path,
    `<d:sync-collection xmlns:d="DAV:"><d:sync-token>${token}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`);

  test("initial, after changes on both sides, and deletions", async () => {
    const first = await sync("");
    expect(first.status).toBe(207);
    const initial = readMultistatus(first.text);
    expect(initial.responses.map((x) => x.href).sort()).toEqual([`${path}dec.ics`, `${path}nov.ics`, `${path}weekly.ics`]);
    expect(initial.syncToken).toBeTruthy();

    // Nothing changed: nothing listed, the same token.
    const same = readMultistatus((await sync(initial.syncToken!)).text);
    expect([same.responses.length, same.syncToken]).toEqual([0, initial.syncToken]);

    // A DAV write, an API event, a DAV delete.
    expect((await dav(base, asKim(), "PUT", `${path}new.ics`, vevent("new", "New", "20261120T100000", "20261120T110000"))).status).toBe(201);
    const e = await api.createEvent(kim, timed(cal, "웹에서 만든 일정", "2026-11-21T10:00", "2026-11-21T11:00"));
    expect((await dav(base, asKim(), "DELETE", `${path}dec.ics`)).status).toBe(204);
    const next = readMultistatus((await sync(initial.syncToken!)).text);
    expect(next.syncToken).not.toBe(initial.syncToken);
    const changed = next.responses.filter((x) => x.status === null).map((x) => x.href).sort();
    expect(changed).toEqual([`${path}${e.eventUId}.ics`, `${path}new.ics`].sort());
    expect(next.responses.filter((x) => x.status === 404).map((x) => x.href)).toEqual([`${path}dec.ics`]);
    for (const x of next.responses.filter((r) => r.status === null)) expect(x.props.get("{DAV:}getetag")!.text).toMatch(/^"/);

    // An API edit after that token: listed next time.
    await api.patchEvent(kim, e.id, { summary: "바뀐 일정" });
    const after = readMultistatus((await sync(next.syncToken!)).text);
    expect(after.responses.map((x) => x.href)).toEqual([`${path}${e.eventUId}.ics`]);
  });

  test("an object its client named is reported gone under that name, deleted in the app or over DAV", async () => {
    // vdirsyncer and DAVx5 name an object with a random name when its UID holds "@" and the like.
    const put = (name: string, uid: string) => dav(base, asKim(), "PUT", `${path}${name}`, vevent(uid, uid, "20261125T100000", "20261125T110000"));
    expect((await put("a1b2c3.ics", "meet@client.example")).status).toBe(201);
    expect((await put("d4e5f6.ics", "call@client.example")).status).toBe(201);
    const { syncToken } = readMultistatus((await sync("")).text);
    const [hit] = (await api.list(kim, [cal], "2026-11-25", "2026-11-26")).filter((i) => i.eventUId === "meet@client.example");
    expect((await api.raw("DELETE", `/api/calendar/event/${hit.eventId}`, kim)).status).toBe(204);
    expect((await dav(base, asKim(), "DELETE", `${path}d4e5f6.ics`)).status).toBe(204);
    const gone = readMultistatus((await sync(syncToken!)).text).responses;
    expect(gone.map((x) => [x.href, x.status]).sort()).toEqual([[`${path}a1b2c3.ics`, 404], [`${path}d4e5f6.ics`, 404]]);
  });

  test("a token that is not this calendar's, or from the future, answers 403 valid-sync-token", async () => {
    const { syncToken } = readMultistatus((await sync("")).text);
    const other = (await api.add(kim, { title: "Other" })).id;
    const foreign = syncToken!.replace(`/${cal}-`, `/${other}-`);
    const future = syncToken!.replace(/-(\d+)$/, (_, n) => `-${Number(n) + 100}`);
    for (const token of ["garbage", foreign, future]) {
      const r = await sync(token);
      expect([token, r.status]).toEqual([token, 403]);
      expect(r.text).toContain("valid-sync-token");
    }
  });
});
