// The DAV front over real HTTP: RFC 6764 discovery (/.well-known/caldav to /dav/), sign-in with the
// mail-program password (401 with WWW-Authenticate without it or with a wrong one; the web password is not
// it; guesses throttled), current-user-principal, the principal's calendar-home-set, the home listing the user's calendars
// with their properties, OPTIONS, and another company's user seeing nothing of ours (404, as missing).
import { beforeAll, describe, expect, test } from "vitest";
import { createTestApp } from "../support/test-app.ts";
import { calendarApi, type Co, company, type Member } from "../calendar/helpers.ts";
import { dav, hrefIn, PROPFIND, readMultistatus, serveApp, setClientPassword } from "./support.ts";

const t = await createTestApp();
const api = calendarApi(t);
const base = serveApp(t);
let A: Co, B: Co;
let kim: Member;

beforeAll(async () => {
  A = await company(t, "dav-disc.test");
  B = await company(t, "dav-disc-other.test");
  kim = await A.user("kim");
  await setClientPassword(t, A.companyId, kim.id);
  await setClientPassword(t, B.companyId, B.admin.id);
});

describe("discovery and sign-in", () => {
  test("/.well-known/caldav and carddav redirect to /dav/ (301, for PROPFIND too)", async () => {
    for (const path of ["/.well-known/caldav", "/.well-known/carddav", "/.well-known/caldav/"]) {
      for (const method of ["GET", "PROPFIND"]) {
        const r = await dav(base, null, method, path);
        expect([r.status, r.headers.get("location")]).toEqual([301, "/dav/"]);
      }
    }
    // A client given only the server's address asks its root (the web UI): led to /dav/ too.
    const root = await dav(base, null, "PROPFIND", "/");
    expect([root.status, root.headers.get("location")]).toEqual([301, "/dav/"]);
  });

  test("without credentials, with a wrong password or with the web password: 401 and a Basic challenge", async () => {
    for (const auth of [null, { username: kim.username, password: "wrong" }, { username: kim.username, password: "Sh4re!pass" }]) {
      const r = await dav(base, auth, "PROPFIND", "/dav/", PROPFIND("<d:current-user-principal/>"), { depth: "0" });
      expect(r.status).toBe(401);
      expect(r.headers.get("www-authenticate")).toMatch(/^Basic realm="[^"]+"/);
    }
    // A user without a mail-program password cannot sign in with anything.
    const lee = await A.user("lee");
    expect((await dav(base, { username: lee.username, password: "" }, "PROPFIND", "/dav/")).status).toBe(401);
  });

  test("guessing is throttled on the mail clients' limits: after 10 failures from one address, 429 even for the right password", async () => {
    const park = await A.user("park");
    await setClientPassword(t, A.companyId, park.id);
    for (let i = 0; i < 10; i++) {
      expect((await dav(base, { username: park.username, password: `guess-${i}` }, "PROPFIND", "/dav/")).status).toBe(401);
    }
    const r = await dav(base, { username: park.username }, "PROPFIND", "/dav/");
    expect(r.status).toBe(429);
    expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  test("OPTIONS answers the DAV classes, calendar-access among them", async () => {
    const r = await dav(base, null, "OPTIONS", "/dav/");
    expect(r.status).toBe(200);
    expect(r.headers.get("dav")).toMatch(/\b1\b.*calendar-access/);
    expect(r.headers.get("allow")).toContain("MKCALENDAR");
  });

  test("root → current-user-principal → calendar-home-set → the user's calendars", async () => {
    const auth = { username: kim.username };
    const root = readMultistatus((await dav(base, auth, "PROPFIND", "/dav/", PROPFIND("<d:current-user-principal/>"), { depth: "0" })).text);
    const principal = hrefIn(root.responses[0].props.get("{DAV:}current-user-principal"));
    expect(principal).toBe(`/dav/principals/${kim.username}/`);

    const p = await dav(base, auth, "PROPFIND", principal!, PROPFIND("<c:calendar-home-set/><c:calendar-user-address-set/><d:displayname/><d:resourcetype/>"), { depth: "0" });
    expect(p.status).toBe(207);
    const pr = readMultistatus(p.text).responses[0];
    const home = hrefIn(pr.props.get("{urn:ietf:params:xml:ns:caldav}calendar-home-set"));
    expect(home).toBe(`/dav/calendars/${kim.username}/`);
    expect(hrefIn(pr.props.get("{urn:ietf:params:xml:ns:caldav}calendar-user-address-set"))).toBe(`mailto:${kim.username}`);
    expect(pr.props.get("{DAV:}displayname")!.text).toBe("Kim");

    await api.add(kim, { title: "운동 일정", color: "#33b679" });
    const h = await dav(base, auth, "PROPFIND", home!, PROPFIND(
      "<d:resourcetype/><d:displayname/><a:calendar-color/><c:supported-calendar-component-set/><cs:getctag/><d:sync-token/><d:current-user-privilege-set/>",
    ), { depth: "1" });
    expect(h.status).toBe(207);
    const cals = readMultistatus(h.text).responses.filter((r) => r.props.get("{DAV:}resourcetype")?.children.some((c) => c.name === "calendar"));
    const names = cals.map((c) => c.props.get("{DAV:}displayname")!.text);
    expect(names).toContain("운동 일정");
    expect(names).toContain("Kim"); // the DEFAULT calendar, named after its owner
    const exercise = cals.find((c) => c.props.get("{DAV:}displayname")!.text === "운동 일정")!;
    expect(exercise.props.get("{http://apple.com/ns/ical/}calendar-color")!.text).toBe("#33b679");
    expect(exercise.props.get("{urn:ietf:params:xml:ns:caldav}supported-calendar-component-set")!.children.map((c) => c.attrs.get("name"))).toEqual(["VEVENT"]);
    expect(exercise.props.get("{DAV:}sync-token")!.text).toMatch(/^http:\/\/.+\/sync\/\d+-0$/);
    expect(exercise.props.get("{http://calendarserver.org/ns/}getctag")!.text).toBe(exercise.props.get("{DAV:}sync-token")!.text);
    const privileges = exercise.props.get("{DAV:}current-user-privilege-set")!.children.flatMap((p) => p.children.map((c) => c.name));
    expect(privileges).toEqual(expect.arrayContaining(["read", "write", "write-content"]));
  });

  test("unknown properties are answered 404 beside the known ones", async () => {
    const r = await dav(base, { username: kim.username }, "PROPFIND", `/dav/principals/${kim.username}/`,
      `<propfind xmlns="DAV:"><prop><displayname/><x:nothing xmlns:x="urn:example:none"/></prop></propfind>`, { depth: "0" });
    const [resp] = readMultistatus(r.text).responses;
    expect(resp.props.has("{DAV:}displayname")).toBe(true);
    expect(resp.others.get("{urn:example:none}nothing")).toBe(404);
  });

  test("malformed XML answers 400; a DOCTYPE is refused", async () => {
    const auth = { username: kim.username };
    expect((await dav(base, auth, "PROPFIND", "/dav/", "<d:propfind xmlns:d='DAV:'><d:prop>", { depth: "0" })).status).toBe(400);
    expect((await dav(base, auth, "PROPFIND", "/dav/", `<!DOCTYPE x [<!ENTITY a "b">]><d:propfind xmlns:d="DAV:"/>`, { depth: "0" })).status).toBe(400);
  });
});

describe("the company's calendar switch", () => {
  test("off: no calendar-home-set on the principal and the calendars answer 404; on again: back", async () => {
    const C = await company(t, "dav-disc-off.test");
    await setClientPassword(t, C.companyId, C.admin.id);
    const auth = { username: C.admin.username };
    const home = `/dav/calendars/${C.admin.username}/`;
    await t.call("PUT", "/api/admin/company", { token: C.admin.token, json: { useCalendar: false } });
    const off = readMultistatus((await dav(base, auth, "PROPFIND", `/dav/principals/${C.admin.username}/`, PROPFIND("<c:calendar-home-set/>"), { depth: "0" })).text);
    expect(off.responses[0].others.get("{urn:ietf:params:xml:ns:caldav}calendar-home-set")).toBe(404);
    expect((await dav(base, auth, "PROPFIND", home, PROPFIND("<d:displayname/>"), { depth: "1" })).status).toBe(404);
    await t.call("PUT", "/api/admin/company", { token: C.admin.token, json: { useCalendar: true } });
    expect((await dav(base, auth, "PROPFIND", home, PROPFIND("<d:displayname/>"), { depth: "1" })).status).toBe(207);
  });
});

describe("another company's user", () => {
  test("sees neither our principals nor our calendars: 404 as for missing ones", async () => {
    const mine = await api.defaultCalendar(kim);
    const other = { username: B.admin.username };
    const paths = [
      `/dav/principals/${kim.username}/`, `/dav/calendars/${kim.username}/`, `/dav/calendars/${kim.username}/${mine.id}/`,
      `/dav/calendars/${B.admin.username}/${mine.id}/`, `/dav/calendars/${B.admin.username}/${mine.id}/x.ics`,
    ];
    for (const path of paths) {
      const r = await dav(base, other, "PROPFIND", path, PROPFIND("<d:displayname/>"), { depth: "0" });
      expect(r.status, path).toBe(404);
    }
    const missing = await dav(base, other, "PROPFIND", `/dav/calendars/${B.admin.username}/99999999/`, PROPFIND("<d:displayname/>"), { depth: "0" });
    expect(missing.status).toBe(404);
    const put = await dav(base, other, "PUT", `/dav/calendars/${B.admin.username}/${mine.id}/a.ics`, "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n");
    expect(put.status).toBe(404);
    // Their own home does not list ours.
    const h = await dav(base, other, "PROPFIND", `/dav/calendars/${B.admin.username}/`, PROPFIND("<d:displayname/>"), { depth: "1" });
    expect(h.status).toBe(207);
    expect(readMultistatus(h.text).responses.map((r) => r.href)).not.toContain(`/dav/calendars/${B.admin.username}/${mine.id}/`);
  });
});
