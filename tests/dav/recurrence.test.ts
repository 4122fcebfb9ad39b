// Recurring events both ways: a series a client PUTs with an EXDATE and a moved occurrence (RECURRENCE-ID
// override) is what the API's month list shows; an occurrence the API changes alone ("this event") and one
// it deletes reach the client as an override and an EXDATE in the same object, with a new ETag, in the next
// sync-collection; a time-range query finds the series by the moved occurrence only.
import { beforeAll, expect, test } from "vitest";
import { createTestApp } from "../support/test-app.ts";
import { calendarApi, type Co, company, type Member } from "../calendar/helpers.ts";
import { dav, readMultistatus, serveApp, setClientPassword } from "./support.ts";

const t = await createTestApp();
const api = calendarApi(t);
const base = serveApp(t);
let A: Co;
let kim: Member;
let cal = 0;
let path = "";
const asKim = () => ({ username: kim.username });

const SERIES = [
  "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//DAV test//EN",
  "BEGIN:VEVENT", "UID:weekly-dav", "DTSTAMP:20261101T000000Z",
  "DTSTART;TZID=Asia/Seoul:20261102T090000", "DTEND;TZID=Asia/Seoul:20261102T100000",
  "RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=4", "EXDATE;TZID=Asia/Seoul:20261109T090000", "SUMMARY:주간 회의", "END:VEVENT",
  "BEGIN:VEVENT", "UID:weekly-dav", "DTSTAMP:20261101T000000Z", "RECURRENCE-ID;TZID=Asia/Seoul:20261116T090000",
  "DTSTART;TZID=Asia/Seoul:20261118T140000", "DTEND;TZID=Asia/Seoul:20261118T150000", "SUMMARY:주간 회의 (수요일로)", "END:VEVENT",
  "END:VCALENDAR", "",
].join("\r\n");

beforeAll(async () => {
  A = await company(t, "dav-recur.test");
  kim = await A.user("kim");
  await setClientPassword(t, A.companyId, kim.id);
  cal = (await api.add(kim, { title: "Recurring" })).id;
  path = `/dav/calendars/${kim.username}/${cal}/`;
});

const month = async () =>
  (await api.list(kim, [cal], "2026-11-01", "2026-12-01")).map((i) => [i.name, i.start, i.recurrenceId]);

test("a client's series with an EXDATE and a moved occurrence, and the API's edits of single occurrences", async () => {
  expect((await dav(base, asKim(), "PUT", `${path}weekly-dav.ics`, SERIES)).status).toBe(201);
  // Mondays 2, (9 excluded), 16 moved to Wednesday 18 at 14:00, 23 November; 09:00 in Seoul is 00:00 UTC.
  expect(await month()).toEqual([
    ["주간 회의", "2026-11-02T00:00:00.000Z", "20261102T090000"],
    ["주간 회의 (수요일로)", "2026-11-18T05:00:00.000Z", "20261116T090000"],
    ["주간 회의", "2026-11-23T00:00:00.000Z", "20261123T090000"],
  ]);
  // A time range holding only the moved occurrence finds the series.
  const query = (start: string, end: string) =>
    `<c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/></d:prop><c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT"><c:time-range start="${start}" end="${end}"/></c:comp-filter></c:comp-filter></c:filter></c:calendar-query>`;
  const found = readMultistatus((await dav(base, asKim(), "REPORT", path, query("20261118T040000Z", "20261118T060000Z"), { depth: "1" })).text);
  expect(found.responses.map((r) => r.href)).toEqual([`${path}weekly-dav.ics`]);
  const excluded = readMultistatus((await dav(base, asKim(), "REPORT", path, query("20261108T230000Z", "20261109T020000Z"), { depth: "1" })).text);
  expect(excluded.responses).toEqual([]);

  const sync = (token: string) => dav(base, asKim(), "REPORT", path,
    `<d:sync-collection xmlns:d="DAV:"><d:sync-token>${token}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`);
  const before = readMultistatus((await sync("")).text);
  const etag = before.responses[0].props.get("{DAV:}getetag")!.text;

  // The API moves the last Monday alone and deletes the first.
  const eventId = (await api.list(kim, [cal], "2026-11-01", "2026-12-01"))[0].eventId;
  await api.patchEvent(kim, `${eventId}_20261123T090000`, { scope: "THIS", summary: "마지막 회의", dtStart: "2026-11-23T11:00", dtEnd: "2026-11-23T12:00" });
  const del = await api.raw("POST", "/api/calendar/event/deleteByDate", kim, { id: `${eventId}_20261102T090000`, scope: "THIS" });
  expect(del.status).toBe(204);

  const after = readMultistatus((await sync(before.syncToken!)).text);
  expect(after.responses.map((r) => r.href)).toEqual([`${path}weekly-dav.ics`]);
  expect(after.responses[0].props.get("{DAV:}getetag")!.text).not.toBe(etag);
  const got = (await dav(base, asKim(), "GET", `${path}weekly-dav.ics`)).text.replace(/\r\n[ \t]/g, "");
  expect(got).toMatch(/^RECURRENCE-ID;TZID=Asia\/Seoul:20261123T090000$/m);
  expect(got).toContain("SUMMARY:마지막 회의");
  expect(got).toMatch(/^EXDATE;TZID=Asia\/Seoul:.*20261102T090000/m);
  expect(got).toContain("SUMMARY:주간 회의 (수요일로)"); // the client's own override kept
  expect(await month()).toEqual([
    ["주간 회의 (수요일로)", "2026-11-18T05:00:00.000Z", "20261116T090000"],
    ["마지막 회의", "2026-11-23T02:00:00.000Z", "20261123T090000"],
  ]);
});
