// tsdav (npm; a TypeScript CalDAV client nobody here wrote) against the server on loopback: discovery,
// fetchCalendars, createCalendarObject, fetchCalendarObjects with a time range, syncCollection with the
// token of the calendar (a change made in the API listed), updateCalendarObject with its ETag and
// deleteCalendarObject. tsdav is a devDependency (package.json).
import { beforeAll, expect, test } from "vitest";
import { createTestApp } from "../support/test-app.ts";
import { calendarApi, type Co, company, type Member, timed } from "../calendar/helpers.ts";
import { DAV_PASSWORD, serveApp, setClientPassword, vevent } from "./support.ts";

import * as tsdav from "tsdav";

const t = await createTestApp();
const api = calendarApi(t);
const base = serveApp(t);
let A: Co;
let kim: Member;

beforeAll(async () => {
  A = await company(t, "dav-tsdav.test");
  kim = await A.user("kim");
  await setClientPassword(t, A.companyId, kim.id);
});

test("tsdav: fetchCalendars, create, fetch by time range, syncCollection, update with ETag, delete", async () => {
  const calId = (await api.add(kim, { title: "tsdav 달력", color: "#8e24aa" })).id;
  const client = await tsdav.createDAVClient({
    serverUrl: base, credentials: { username: kim.username, password: DAV_PASSWORD }, authMethod: "Basic", defaultAccountType: "caldav",
  });
  const calendars = await client.fetchCalendars();
  const found = calendars.find((c) => c.displayName === "tsdav 달력");
  expect(found, JSON.stringify(calendars.map((c) => c.url))).toBeTruthy();
  const cal = found!;
  expect(cal.url).toBe(`${base}/dav/calendars/${kim.username}/${calId}/`);
  expect(cal.components).toEqual(["VEVENT"]);
  expect(cal.syncToken).toBeTruthy();

  const created = await client.createCalendarObject({ calendar: cal, filename: "ts-1.ics", iCalString: vevent("ts-1", "타입스크립트", "20261120T100000", "20261120T110000") });
  expect(created.status).toBe(201);

  const inRange = await client.fetchCalendarObjects({ calendar: cal, timeRange: { start: "2026-11-01T00:00:00Z", end: "2026-12-01T00:00:00Z" } });
  expect(inRange.map((o) => o.url)).toEqual([`${cal.url}ts-1.ics`]);
  expect(inRange[0].data).toContain("SUMMARY:타입스크립트");
  expect(inRange[0].etag).toMatch(/^"/);
  const outside = await client.fetchCalendarObjects({ calendar: cal, timeRange: { start: "2027-01-01T00:00:00Z", end: "2027-02-01T00:00:00Z" } });
  expect(outside).toEqual([]);

  // An event made in the browser after the calendar was read: syncCollection from its token lists it.
  const web = await api.createEvent(kim, timed(calId, "웹 일정", "2026-11-21T10:00", "2026-11-21T11:00"));
  const changes = await client.syncCollection({ url: cal.url, props: { "d:getetag": {} }, syncLevel: 1, syncToken: cal.syncToken });
  const hrefs = changes.map((r) => decodeURIComponent(r.href ?? "")).filter(Boolean);
  expect(hrefs).toContain(`/dav/calendars/${kim.username}/${calId}/${web.eventUId}.ics`);
  expect(hrefs).toContain(`/dav/calendars/${kim.username}/${calId}/ts-1.ics`);

  const dirty = await client.isCollectionDirty({ collection: cal });
  expect(dirty.isDirty).toBe(true);

  const updated = await client.updateCalendarObject({ calendarObject: { ...inRange[0], data: inRange[0].data.replace("타입스크립트", "타입스크립트 (수정)") } });
  expect(updated.status).toBe(204);
  // The old ETag again: 412.
  const stale = await client.updateCalendarObject({ calendarObject: { ...inRange[0], data: inRange[0].data.replace("타입스크립트", "stale") } });
  expect(stale.status).toBe(412);
  const items = await api.list(kim, [calId], "2026-11-01", "2026-12-01");
  expect(items.map((i) => i.name).sort()).toEqual(["웹 일정", "타입스크립트 (수정)"]);

  const [now] = await client.fetchCalendarObjects({ calendar: cal, objectUrls: [`${cal.url}ts-1.ics`] });
  expect((await client.deleteCalendarObject({ calendarObject: now })).status).toBe(204);
  expect((await api.list(kim, [calId], "2026-11-01", "2026-12-01")).map((i) => i.name)).toEqual(["웹 일정"]);
}, 60_000);
