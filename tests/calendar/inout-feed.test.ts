// Private subscription feeds (issue 23 "In and out"): a secret, revocable address of a calendar's .ics that a
// phone or Google/Outlook fetches without signing in; it shows what its user may read at the moment of the
// fetch, and stops working when revoked, replaced, or when that user loses access.
import { beforeAll, describe, expect, test } from "vitest";
import { parseIcsFile } from "../../server/modules/calendar/ics/index.ts";
import { createTestApp } from "../support/test-app.ts";
import { calendarApi, type Co, company, type Member, timed } from "./helpers.ts";

const t = await createTestApp();
const api = calendarApi(t);
let A: Co, B: Co;
let kim: Member, lee: Member, park: Member;
let cal = 0;

beforeAll(async () => {
  A = await company(t, "cal-feed.test");
  B = await company(t, "cal-feed-b.test");
  kim = await A.user("kim");
  lee = await A.user("lee");
  park = await B.user("park");
  cal = (await api.add(kim, { title: "Team", color: "#33B679" })).id;
  await api.createEvent(kim, timed(cal, "주간 회의", "2026-12-07T10:00", "2026-12-07T11:00", { recurrence: { freq: "WEEKLY", count: 4 } }));
});

/** Fetches a feed address as a calendar program would: no token, no cookie. */
async function fetchFeed(url: string) {
  const path = new URL(url).pathname;
  const res = await t.app.request(path);
  return { status: res.status, type: res.headers.get("content-type"), text: await res.text() };
}

describe("subscription feeds", () => {
  let url = "";

  test("POST makes a secret address that serves the calendar without sign-in", async () => {
    const made = await api.raw("POST", "/api/calendar/feed", kim, { calendarId: cal });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    url = made.body.url;
    expect(url).toMatch(/\/feeds\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const r = await fetchFeed(url);
    expect(r.status).toBe(200);
    expect(r.type).toBe("text/calendar; charset=utf-8");
    const back = parseIcsFile(r.text);
    expect(back.objects.map((o) => o.fields.summary)).toEqual(["주간 회의"]);
    expect(back.objects[0].fields.rrule).toContain("FREQ=WEEKLY");
    // Only whether it exists is answered later; the address itself is not kept.
    const info = await api.raw("GET", `/api/calendar/feed/${cal}`, kim);
    expect(info.body).toMatchObject({ calendarId: cal, active: true, url: null });
    expect(info.body.lastUsedAt).not.toBeNull();
  });

  test("a change shows at the next fetch", async () => {
    await api.createEvent(kim, timed(cal, "Offsite", "2026-12-20T09:00", "2026-12-20T18:00"));
    const back = parseIcsFile((await fetchFeed(url)).text);
    expect(back.objects.map((o) => o.fields.summary).sort()).toEqual(["Offsite", "주간 회의"]);
  });

  test("a new address replaces the old one; DELETE revokes; unknown tokens 404", async () => {
    const second = (await api.raw("POST", "/api/calendar/feed", kim, { calendarId: cal })).body.url;
    expect(second).not.toBe(url);
    expect((await fetchFeed(url)).status).toBe(404);
    expect((await fetchFeed(second)).status).toBe(200);
    expect((await api.raw("DELETE", `/api/calendar/feed/${cal}`, kim)).status).toBe(204);
    expect((await fetchFeed(second)).status).toBe(404);
    expect((await api.raw("DELETE", `/api/calendar/feed/${cal}`, kim)).status).toBe(404);
    expect((await api.raw("GET", `/api/calendar/feed/${cal}`, kim)).body).toMatchObject({ active: false, createdAt: null });
    for (const bad of ["x.ics", `${"A".repeat(43)}.ics`, `${"A".repeat(43)}`, "%2e%2e"]) {
      expect((await t.app.request(`/feeds/calendar/${bad}`)).status).toBe(404);
    }
  });

  test("only for a calendar the caller may read: another's or a foreign calendar 404, bad input 400", async () => {
    expect((await api.raw("POST", "/api/calendar/feed", lee, { calendarId: cal })).status).toBe(404);
    expect((await api.raw("POST", "/api/calendar/feed", park, { calendarId: cal })).status).toBe(404);
    expect((await api.raw("GET", `/api/calendar/feed/${cal}`, park)).status).toBe(404);
    const bad = await api.raw("POST", "/api/calendar/feed", kim, { calendarId: "abc" });
    expect(bad.status).toBe(400);
    expect((await t.app.request("/api/calendar/feed", { method: "POST" })).status).toBe(401);
  });

  test("a shared calendar's feed stops when the share drops below read, and when the calendar is deleted", async () => {
    const share = await api.raw("POST", `/api/share/CALENDAR/${cal}`, kim, { members: [{ memberType: "USER", memberId: lee.id, permission: 2 }] });
    expect(share.status, JSON.stringify(share.body)).toBeLessThan(300);
    const made = await api.raw("POST", "/api/calendar/feed", lee, { calendarId: cal });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect((await fetchFeed(made.body.url)).status).toBe(200);
    const members = await api.raw("GET", `/api/share/CALENDAR/${cal}/members`, kim);
    const down = await api.raw("PUT", `/api/share/CALENDAR/${cal}`, kim, {
      shareId: members.body.shareId, updateList: [{ memberType: "USER", memberId: lee.id, permission: 1 }],
    });
    expect(down.status).toBe(200);
    expect((await fetchFeed(made.body.url)).status).toBe(404);
    const mine = (await api.raw("POST", "/api/calendar/feed", kim, { calendarId: cal })).body.url;
    expect((await fetchFeed(mine)).status).toBe(200);
    expect((await api.raw("DELETE", `/api/calendar/delete/${cal}`, kim)).status).toBe(204);
    expect((await fetchFeed(mine)).status).toBe(404);
  });
});
