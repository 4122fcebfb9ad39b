// The server features python-caldav's compatibility checker (caldav-server-tester; the feature list of
// caldav/compatibility_hints.py FeatureSet.FEATURES) probes, each probed here with raw HTTP the way that
// checker's checks do, named by its feature key. The tool itself does not install here (it needs
// python-caldav 2.x; Debian has 0.11), so this is its list run as our own test. tests/dav/CHECKLIST.md
// says which we support and which we answer as unsupported, and why.
import { beforeAll, describe, expect, test } from "vitest";
import { createTestApp } from "../support/test-app.ts";
import { calendarApi, type Co, company, type Member } from "../calendar/helpers.ts";
import { dav, PROPFIND, readMultistatus, serveApp, setClientPassword, vevent } from "./support.ts";

const t = await createTestApp();
const api = calendarApi(t);
const base = serveApp(t);
let A: Co;
let kim: Member;
let home = "";
let path = "";
const C = `xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"`;
const as = () => ({ username: kim.username });
const hrefs = (text: string) => readMultistatus(text).responses.map((r) => r.href.split("/").pop()).sort();
const query = (filter: string, data = "") =>
  `<c:calendar-query ${C}><d:prop><d:getetag/>${data}</d:prop><c:filter><c:comp-filter name="VCALENDAR">${filter}</c:comp-filter></c:filter></c:calendar-query>`;
const report = (body: string) => dav(base, as(), "REPORT", path, body, { depth: "1" });
const put = (name: string, body: string) => dav(base, as(), "PUT", `${path}${name}.ics`, body);
const todo = (uid: string) =>
  ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//DAV test//EN", "BEGIN:VTODO", `UID:${uid}`, "DTSTAMP:20261101T000000Z",
    "SUMMARY:A task", "END:VTODO", "END:VCALENDAR", ""].join("\r\n");

beforeAll(async () => {
  A = await company(t, "dav-checklist.test");
  kim = await A.user("kim");
  await setClientPassword(t, A.companyId, kim.id);
  const cal = (await api.add(kim, { title: "Checklist" })).id;
  home = `/dav/calendars/${kim.username}/`;
  path = `${home}${cal}/`;
  expect((await put("meeting", vevent("meeting", "Budget Meeting", "20261105T100000", "20261105T110000", "CATEGORIES:family,finance"))).status).toBe(201);
  expect((await put("yearly", vevent("yearly", "Anniversary", "20040310T090000", "20040310T100000", "RRULE:FREQ=YEARLY"))).status).toBe(201);
  expect((await put("counted", vevent("counted", "Counted", "20261201T090000", "20261201T100000", "RRULE:FREQ=DAILY;COUNT=3"))).status).toBe(201);
});

describe("caldav-server-tester's features", () => {
  test("get-current-user-principal, .has-calendar", async () => {
    const r = await dav(base, as(), "PROPFIND", "/dav/", PROPFIND("<d:current-user-principal/>"), { depth: "0" });
    expect(r.text).toContain(`/dav/principals/${kim.username}/`);
    const cals = await dav(base, as(), "PROPFIND", home, PROPFIND("<d:resourcetype/>"), { depth: "1" });
    expect(readMultistatus(cals.text).responses.length).toBeGreaterThan(1);
  });

  test("create-calendar, .set-displayname; delete-calendar, .free-namespace; create-calendar.auto unsupported", async () => {
    const mk = `<c:mkcalendar ${C}><d:set><d:prop><d:displayname>프로젝트 일정</d:displayname></d:prop></d:set></c:mkcalendar>`;
    expect((await dav(base, as(), "MKCALENDAR", `${home}made-here/`, mk)).status).toBe(201);
    const got = await dav(base, as(), "PROPFIND", `${home}made-here/`, PROPFIND("<d:displayname/>"), { depth: "0" });
    expect(got.text).toContain("프로젝트 일정");
    expect((await dav(base, as(), "DELETE", `${home}made-here/`)).status).toBe(204);
    expect((await dav(base, as(), "MKCALENDAR", `${home}made-here/`, mk)).status).toBe(201);
    expect((await dav(base, as(), "PROPFIND", `${home}never-made/`, PROPFIND("<d:displayname/>"), { depth: "0" })).status).toBe(404);
  });

  test("save-load.event, .recurrences, .recurrences.count, .timezone", async () => {
    for (const name of ["meeting", "yearly", "counted"]) {
      const r = await dav(base, as(), "GET", `${path}${name}.ics`);
      expect(r.status).toBe(200);
      expect(r.text).toContain(`UID:${name}`);
    }
    expect((await dav(base, as(), "GET", `${path}counted.ics`)).text).toContain("RRULE:FREQ=DAILY;COUNT=3");
    expect((await dav(base, as(), "GET", `${path}meeting.ics`)).text).toContain("DTSTART;TZID=Asia/Seoul:20261105T100000");
  });

  test("save-load.todo and .journal: refused with supported-calendar-component (the calendar holds events only)", async () => {
    const r = await put("task", todo("task"));
    expect(r.status).toBe(403);
    expect(r.text).toContain("supported-calendar-component");
  });

  test("search, .comp-type, .comp-type-optional", async () => {
    expect(hrefs((await report(query(`<c:comp-filter name="VEVENT"/>`))).text)).toEqual(["counted.ics", "meeting.ics", "yearly.ics"]);
    expect(hrefs((await report(query(`<c:comp-filter name="VTODO"/>`))).text)).toEqual([]);
    expect(hrefs((await report(query(""))).text)).toEqual(["counted.ics", "meeting.ics", "yearly.ics"]);
  });

  test("search.time-range.event, .accurate; search.recurrences.includes-implicit.event, .infinite-scope", async () => {
    const range = (a: string, b: string) => query(`<c:comp-filter name="VEVENT"><c:time-range start="${a}" end="${b}"/></c:comp-filter>`);
    expect(hrefs((await report(range("20261105T000000Z", "20261106T000000Z"))).text)).toEqual(["meeting.ics"]);
    expect(hrefs((await report(range("20261106T000000Z", "20261130T000000Z"))).text)).toEqual([]);
    // A yearly event from 2004 on 10 March: found in 2005 and in 2099, not in April.
    expect(hrefs((await report(range("20050301T000000Z", "20050401T000000Z"))).text)).toEqual(["yearly.ics"]);
    expect(hrefs((await report(range("20990301T000000Z", "20990401T000000Z"))).text)).toEqual(["yearly.ics"]);
    expect(hrefs((await report(range("20990401T000000Z", "20990501T000000Z"))).text)).toEqual([]);
    // COUNT=3 from 1 December 09:00 in Seoul: the 3rd (00:00 UTC) is found, nothing from the 4th.
    expect(hrefs((await report(range("20261203T000000Z", "20261204T000000Z"))).text)).toEqual(["counted.ics"]);
    expect(hrefs((await report(range("20261203T010000Z", "20261206T000000Z"))).text)).toEqual([]);
  });

  test("search.recurrences.expanded.event, .exception", async () => {
    const override = [
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//DAV test//EN",
      "BEGIN:VEVENT", "UID:weekly", "DTSTAMP:20261101T000000Z", "DTSTART;TZID=Asia/Seoul:20261102T090000",
      "DTEND;TZID=Asia/Seoul:20261102T100000", "RRULE:FREQ=WEEKLY;COUNT=3", "SUMMARY:Weekly", "END:VEVENT",
      "BEGIN:VEVENT", "UID:weekly", "DTSTAMP:20261101T000000Z", "RECURRENCE-ID;TZID=Asia/Seoul:20261109T090000",
      "DTSTART;TZID=Asia/Seoul:20261109T150000", "DTEND;TZID=Asia/Seoul:20261109T160000", "SUMMARY:Weekly moved", "END:VEVENT",
      "END:VCALENDAR", "",
    ].join("\r\n");
    expect((await put("weekly", override)).status).toBe(201);
    const r = await report(query(
      `<c:comp-filter name="VEVENT"><c:time-range start="20261101T000000Z" end="20261201T000000Z"/></c:comp-filter>`,
      `<c:calendar-data><c:expand start="20261101T000000Z" end="20261201T000000Z"/></c:calendar-data>`,
    ));
    const weekly = readMultistatus(r.text).responses.find((x) => x.href.endsWith("weekly.ics"))!;
    const data = weekly.props.get("{urn:ietf:params:xml:ns:caldav}calendar-data")!.text;
    expect(data.match(/^DTSTART:.*$/gm)).toEqual(["DTSTART:20261102T000000Z", "DTSTART:20261109T060000Z", "DTSTART:20261116T000000Z"]);
    expect(data.match(/^RECURRENCE-ID:.*$/gm)?.length).toBe(3);
    expect(data).not.toContain("RRULE");
  });

  test("search.text, .substring, .case-insensitive, .case-sensitive, .category, .category.substring, .by-uid", async () => {
    const text = (prop: string, needle: string, collation = "") =>
      query(`<c:comp-filter name="VEVENT"><c:prop-filter name="${prop}"><c:text-match${collation ? ` collation="${collation}"` : ""}>${needle}</c:text-match></c:prop-filter></c:comp-filter>`);
    expect(hrefs((await report(text("SUMMARY", "Budget Meeting"))).text)).toEqual(["meeting.ics"]);
    expect(hrefs((await report(text("SUMMARY", "dget Mee"))).text)).toEqual(["meeting.ics"]);
    expect(hrefs((await report(text("SUMMARY", "budget meeting"))).text)).toEqual(["meeting.ics"]);
    expect(hrefs((await report(text("SUMMARY", "budget meeting", "i;octet"))).text)).toEqual([]);
    expect(hrefs((await report(text("CATEGORIES", "finance"))).text)).toEqual(["meeting.ics"]);
    expect(hrefs((await report(text("CATEGORIES", "mil"))).text)).toEqual(["meeting.ics"]);
    expect(hrefs((await report(text("UID", "yearly"))).text)).toEqual(["yearly.ics"]);
  });

  test("search.is-not-defined, search.combined-is-logical-and", async () => {
    const notDefined = query(`<c:comp-filter name="VEVENT"><c:prop-filter name="CATEGORIES"><c:is-not-defined/></c:prop-filter></c:comp-filter>`);
    expect(hrefs((await report(notDefined)).text)).toEqual(["counted.ics", "weekly.ics", "yearly.ics"]);
    const both = query(`<c:comp-filter name="VEVENT"><c:time-range start="20261101T000000Z" end="20261201T000000Z"/>` +
      `<c:prop-filter name="SUMMARY"><c:text-match>Budget</c:text-match></c:prop-filter></c:comp-filter>`);
    expect(hrefs((await report(both)).text)).toEqual(["meeting.ics"]);
  });

  test("search.time-range.alarm: answered, matching nothing (alarm ranges are not searched)", async () => {
    const r = await report(query(`<c:comp-filter name="VEVENT"><c:comp-filter name="VALARM"><c:time-range start="20261101T000000Z" end="20261201T000000Z"/></c:comp-filter></c:comp-filter>`));
    expect(r.status).toBe(207);
    expect(hrefs(r.text)).toEqual([]);
  });

  test("sync-token, .delete", async () => {
    const sync = (token: string) => report(`<d:sync-collection xmlns:d="DAV:"><d:sync-token>${token}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`);
    const first = readMultistatus((await sync("")).text);
    expect(first.syncToken).toBeTruthy();
    expect((await dav(base, as(), "DELETE", `${path}counted.ics`)).status).toBe(204);
    const next = readMultistatus((await sync(first.syncToken!)).text);
    const gone = next.responses.find((r) => r.href.endsWith("counted.ics"))!;
    expect(gone.status).toBe(404);
    expect(next.responses.length).toBe(1);
  });

  test("freebusy-query.rfc4791", async () => {
    const r = await report(`<c:free-busy-query ${C}><c:time-range start="20261105T000000Z" end="20261106T000000Z"/></c:free-busy-query>`);
    expect(r.status).toBe(200);
    expect(r.text).toContain("BEGIN:VFREEBUSY");
    expect(r.text).toMatch(/FREEBUSY[^:]*:20261105T010000Z\/20261105T020000Z/);
  });

  test("principal-search (.by-name, .by-name.self, .list-all): answered, listing nobody", async () => {
    // Colleagues are found in the app's organisation chart (which hides restricted users); over DAV a search
    // answers an empty multistatus, so clients carry on without it.
    const r = await dav(base, as(), "REPORT", "/dav/principals/", `<d:principal-property-search xmlns:d="DAV:"><d:property-search><d:prop><d:displayname/></d:prop><d:match>kim</d:match></d:property-search><d:prop><d:displayname/></d:prop></d:principal-property-search>`, { depth: "0" });
    expect(r.status).toBe(207);
    expect(readMultistatus(r.text).responses).toEqual([]);
  });

  test("save.duplicate-uid.cross-calendar: the same UID in another calendar is another event", async () => {
    const other = (await api.add(kim, { title: "Other" })).id;
    const r = await dav(base, as(), "PUT", `${home}${other}/meeting.ics`, vevent("meeting", "Budget Meeting copy", "20261105T100000", "20261105T110000"));
    expect(r.status).toBe(201);
    expect((await dav(base, as(), "GET", `${path}meeting.ics`)).text).toContain("SUMMARY:Budget Meeting\r\n");
  });
});
