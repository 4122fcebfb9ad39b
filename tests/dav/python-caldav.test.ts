// Debian's python3-caldav (a client nobody here wrote) against the server on loopback: discovery from
// /.well-known/caldav, the principal's calendars, MKCALENDAR, saving an event with a Korean summary, a
// search by date range (the event found inside it, nothing outside), lookup by UID (calendar-query with a
// prop-filter), sync-collection through objects_by_sync_token, deleting; and the API seeing the same event.
import { beforeAll, expect, test } from "vitest";
import { createTestApp } from "../support/test-app.ts";
import { calendarApi, type Co, company, type Member } from "../calendar/helpers.ts";
import { DAV_PASSWORD, run, serveApp, setClientPassword } from "./support.ts";

const t = await createTestApp();
const api = calendarApi(t);
const base = serveApp(t);
let A: Co;
let kim: Member;

beforeAll(async () => {
  A = await company(t, "dav-python.test");
  kim = await A.user("kim");
  await setClientPassword(t, A.companyId, kim.id);
});

const SCRIPT = String.raw`
import sys, json, datetime, re
import caldav
base, user, pw, step = sys.argv[1:5]
utc = datetime.timezone.utc
client = caldav.DAVClient(url=base + "/.well-known/caldav", username=user, password=pw)
principal = client.principal()
out = {"principal": str(principal.url)}
summary = lambda o: re.search(r"^SUMMARY:(.*)$", o.data, re.M).group(1).strip()
if step == "create":
    out["before"] = sorted(c.name for c in principal.calendars())
    cal = principal.make_calendar(name="파이썬 캘린더")
    out["calendar"] = str(cal.url)
    ev = cal.save_event("""BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//python test//EN
BEGIN:VEVENT
UID:py-event-1@example.org
DTSTAMP:20261101T000000Z
DTSTART:20261118T010000Z
DTEND:20261118T020000Z
SUMMARY:파이썬 회의
END:VEVENT
END:VCALENDAR
""")
    out["event"] = str(ev.url)
    out["after"] = sorted(c.name for c in principal.calendars())
    found = cal.date_search(start=datetime.datetime(2026, 11, 1, tzinfo=utc), end=datetime.datetime(2026, 12, 1, tzinfo=utc), expand=False)
    out["inRange"] = [summary(o) for o in found]
    outside = cal.date_search(start=datetime.datetime(2026, 12, 1, tzinfo=utc), end=datetime.datetime(2027, 1, 1, tzinfo=utc), expand=False)
    out["outOfRange"] = [summary(o) for o in outside]
    out["byUid"] = summary(cal.event_by_uid("py-event-1@example.org"))
    objs = cal.objects_by_sync_token(load_objects=True)
    out["syncToken"] = objs.sync_token
    out["synced"] = [summary(o) for o in objs]
elif step == "sync-and-delete":
    cal = [c for c in principal.calendars() if c.name == "파이썬 캘린더"][0]
    objs = cal.objects_by_sync_token(sync_token=sys.argv[5], load_objects=True)
    out["changed"] = sorted(summary(o) for o in objs if o.data)
    cal.event_by_uid("py-event-1@example.org").delete()
    found = cal.date_search(start=datetime.datetime(2026, 11, 1, tzinfo=utc), end=datetime.datetime(2026, 12, 1, tzinfo=utc), expand=False)
    out["afterDelete"] = sorted(summary(o) for o in found)
    cal.delete()
    out["calendars"] = sorted(c.name for c in principal.calendars())
print(json.dumps(out, ensure_ascii=False))
`;

async function python(step: string, ...extra: string[]) {
  const r = await run("/usr/bin/python3", ["-c", SCRIPT, base, kim.username, DAV_PASSWORD, step, ...extra]);
  return JSON.parse(r.out.trim().split("\n").at(-1)!);
}

test("python3-caldav discovers, creates a calendar and an event, searches by date, syncs and deletes", async () => {
  const first = await python("create");
  expect(decodeURIComponent(first.principal)).toBe(`${base}/dav/principals/${kim.username}/`);
  expect(first.after).toEqual([...first.before, "파이썬 캘린더"].sort());
  expect(first.inRange).toEqual(["파이썬 회의"]);
  expect(first.outOfRange).toEqual([]);
  expect(first.byUid).toBe("파이썬 회의");
  expect(first.synced).toEqual(["파이썬 회의"]);

  // The API sees the calendar and the event (18 Nov 01:00 UTC = 10:00 in Seoul).
  const cal = (await api.find(kim)).find((c) => c.title === "파이썬 캘린더")!;
  expect(cal.calendarType).toBe("PRIVATE");
  const items = await api.list(kim, [cal.id], "2026-11-01", "2026-12-01");
  expect(items.map((i) => [i.name, i.start])).toEqual([["파이썬 회의", "2026-11-18T01:00:00.000Z"]]);

  // An event added in the browser reaches the client's next sync.
  await api.createEvent(kim, { calendarId: cal.id, summary: "웹 일정", dtStart: "2026-11-19T10:00", dtEnd: "2026-11-19T11:00" });
  const second = await python("sync-and-delete", first.syncToken);
  expect(second.changed).toEqual(["웹 일정"]);
  expect(second.afterDelete).toEqual(["웹 일정"]);
  expect(second.calendars).not.toContain("파이썬 캘린더");
  expect((await api.find(kim)).some((c) => c.id === cal.id)).toBe(false);
}, 60_000);
