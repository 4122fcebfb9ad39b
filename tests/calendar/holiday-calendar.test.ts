// The company's HOLIDAY calendar (issue 23 "In and out"): one per company, in every user's tree, read-only,
// holding the public holidays of the years around today (stored once) and of any year asked through
// GET holiday?year=, plus company holidays an administrator adds and removes.
import { beforeAll, describe, expect, test } from "vitest";
import { and, eq } from "drizzle-orm";
import { calendarEvents, calendars } from "../../db/schema/index.ts";
import { holidays } from "../../server/modules/calendar/holidays/index.ts";
import { ensureHolidayCalendar } from "../../server/modules/calendar/holiday-calendar/service.ts";
import { createTestApp } from "../support/test-app.ts";
import { calendarApi, type Co, company, type Member } from "./helpers.ts";

const t = await createTestApp();
const api = calendarApi(t);
let A: Co, B: Co;
let kim: Member, lee: Member, park: Member;
const year = t.deps.clock.now().getUTCFullYear();

beforeAll(async () => {
  A = await company(t, "cal-holiday.test");
  B = await company(t, "cal-holiday-b.test");
  kim = await A.user("kim");
  lee = await A.user("lee");
  park = await B.user("park");
});

const holidayOf = async (who: Member) => (await api.find(who)).find((c) => c.type === "HOLIDAY")!;

describe("the HOLIDAY calendar", () => {
  test("one per company, read-only in every user's tree, even when the first calls come together", async () => {
    const lists = await Promise.all([kim, lee, A.admin, kim].map((w) => api.find(w)));
    const ids = new Set(lists.map((l) => l.filter((c) => c.type === "HOLIDAY").map((c) => c.id).join()));
    expect(ids.size).toBe(1);
    const rows = await t.db.db.select().from(calendars).where(and(eq(calendars.companyId, A.companyId), eq(calendars.type, "HOLIDAY")));
    expect(rows).toHaveLength(1);
    const h = lists[0].find((c) => c.type === "HOLIDAY")!;
    expect(h.privilege).toBe(2);
    // Another company has its own.
    expect((await holidayOf(park)).id).not.toBe(h.id);
  });

  test("the public holidays of this year are in its month list, as the official list has them", async () => {
    const h = await holidayOf(kim);
    const expected = holidays(year);
    const items = await api.list(kim, [h.id], `${year}-01-01T00:00`, `${year}-04-10T00:00`);
    const firstQuarter = expected.filter((d) => d.date < `${year}-04-10`);
    expect(items.map((i) => [i.start, i.name])).toEqual(firstQuarter.map((d) => [d.date, d.names.ko]));
    expect(items.every((i) => i.isAllDay)).toBe(true);
    // Stored once: no duplicate UIDs however often it is listed.
    await Promise.all([1, 2, 3].map(() => api.raw("GET", `/api/calendar/holiday?year=${year}`, kim)));
    const stored = await t.db.db.select({ uid: calendarEvents.uid }).from(calendarEvents).where(eq(calendarEvents.calendarId, h.id));
    expect(new Set(stored.map((s) => s.uid)).size).toBe(stored.length);
  });

  test("GET holiday?year= answers the year's holidays, storing a year not there yet", async () => {
    const far = year + 4;
    const r = await api.raw("GET", `/api/calendar/holiday?year=${far}`, lee);
    expect(r.status).toBe(200);
    expect(r.body.map((d: { date: string }) => d.date)).toEqual(holidays(far).map((d) => d.date));
    expect(r.body[0]).toMatchObject({ kind: "PUBLIC", date: `${far}-01-01`, substitute: false });
    const h = await holidayOf(lee);
    const items = await api.list(lee, [h.id], `${far}-01-01T00:00`, `${far}-01-02T00:00`);
    expect(items.map((i) => i.start)).toEqual([`${far}-01-01`]);
    // In the reader's language.
    await t.call("PUT", "/api/users/general", { token: lee.token, form: { accountName: "Lee", personalEmail: "", languageType: "EN" } });
    const en = await api.raw("GET", `/api/calendar/holiday?year=${far}`, lee);
    expect(en.body[0].name).toBe(holidays(far)[0].names.en);
    expect(r.body[0].name).toBe(holidays(far)[0].names.ko);
    // The month list names them in the reader's language too (the stored objects are Korean).
    expect((await api.list(lee, [h.id], `${far}-01-01T00:00`, `${far}-01-02T00:00`)).map((i) => i.name)).toEqual([holidays(far)[0].names.en]);
    expect((await api.list(kim, [h.id], `${far}-01-01T00:00`, `${far}-01-02T00:00`)).map((i) => i.name)).toEqual([holidays(far)[0].names.ko]);
    for (const bad of ["abc", "1800", ""]) {
      const b = await api.raw("GET", `/api/calendar/holiday?year=${bad}`, lee);
      expect([b.status, b.body.code]).toEqual([400, "calendar.holiday_year_invalid"]);
    }
  });

  test("its events cannot be edited or deleted by users", async () => {
    const h = await holidayOf(kim);
    const [item] = await api.list(kim, [h.id], `${year}-01-01T00:00`, `${year}-01-02T00:00`);
    const patch = await api.raw("PATCH", `/api/calendar/event/${item.eventId}`, kim, { summary: "mine", scope: "ALL" });
    expect([patch.status, patch.body.code]).toEqual([403, "calendar.external_not_editable"]);
    const del = await api.raw("DELETE", `/api/calendar/event/${item.eventId}`, A.admin);
    expect(del.status).toBe(403);
  });
});

describe("company holidays", () => {
  let id = "";

  test("an administrator adds one: everyone sees it in the calendar and in holiday?year=", async () => {
    const r = await api.raw("POST", "/api/calendar/holiday", A.admin, { date: `${year}-10-15`, name: "창립기념일" });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ date: `${year}-10-15`, name: "창립기념일", kind: "COMPANY" });
    id = r.body.id;
    const listed = await api.raw("GET", `/api/calendar/holiday?year=${year}`, lee);
    expect(listed.body.filter((d: { kind: string }) => d.kind === "COMPANY")).toEqual([r.body]);
    const h = await holidayOf(lee);
    const items = await api.list(lee, [h.id], `${year}-10-15T00:00`, `${year}-10-16T00:00`);
    expect(items.map((i) => [i.name, i.start])).toEqual([["창립기념일", `${year}-10-15`]]);
    // Not another company's.
    const theirs = await api.raw("GET", `/api/calendar/holiday?year=${year}`, park);
    expect(theirs.body.filter((d: { kind: string }) => d.kind === "COMPANY")).toEqual([]);
  });

  test("users may not add or remove; bad input 400; a public holiday, another company's or a missing id 404", async () => {
    const add = await api.raw("POST", "/api/calendar/holiday", kim, { date: `${year}-10-16`, name: "x" });
    expect([add.status, add.body.code]).toEqual([403, "calendar.holiday_admin_only"]);
    const del = await api.raw("DELETE", `/api/calendar/holiday/${id}`, kim);
    expect([del.status, del.body.code]).toEqual([403, "calendar.holiday_admin_only"]);
    for (const [json, code] of [
      [{ date: "2026-02-30", name: "x" }, "calendar.time_invalid"], [{ date: "tomorrow", name: "x" }, "calendar.time_invalid"],
      [{ date: `${year}-10-16`, name: "" }, "calendar.title_required"], [{ date: `${year}-10-16`, name: "x".repeat(81) }, "calendar.title_too_long"],
    ] as const) {
      const r = await api.raw("POST", "/api/calendar/holiday", A.admin, json);
      expect([r.status, r.body.errors?.[0]?.code ?? r.body.code]).toEqual([400, code]);
    }
    const h = await holidayOf(kim);
    const [pub] = await api.list(kim, [h.id], `${year}-01-01T00:00`, `${year}-01-02T00:00`);
    expect((await api.raw("DELETE", `/api/calendar/holiday/${pub.eventId}`, A.admin)).status).toBe(404);
    expect((await api.raw("DELETE", `/api/calendar/holiday/${id}`, B.admin)).status).toBe(404);
    expect((await api.raw("DELETE", "/api/calendar/holiday/999999999", A.admin)).status).toBe(404);
  });

  test("the administrator removes it", async () => {
    expect((await api.raw("DELETE", `/api/calendar/holiday/${id}`, A.admin)).status).toBe(204);
    const listed = await api.raw("GET", `/api/calendar/holiday?year=${year}`, lee);
    expect(listed.body.filter((d: { kind: string }) => d.kind === "COMPANY")).toEqual([]);
    expect((await api.raw("DELETE", `/api/calendar/holiday/${id}`, A.admin)).status).toBe(404);
  });
});

describe("as the years pass", () => {
  test("the years around the new today are stored at the next calendar list of the running server", async () => {
    const h = await holidayOf(kim);
    const later = year + 5; // year + 4 was asked for above
    const uids = async () => (await t.db.db.select({ uid: calendarEvents.uid }).from(calendarEvents).where(eq(calendarEvents.calendarId, h.id))).map((r) => r.uid);
    expect((await uids()).some((u) => u.startsWith(`kr-holiday-${later + 1}`))).toBe(false);
    t.clock.advance(5 * 365.25 * 86_400_000);
    await ensureHolidayCalendar(t.deps, A.companyId);
    const stored = await uids();
    for (const y of [later - 1, later, later + 1, later + 2]) expect(stored.some((u) => u.startsWith(`kr-holiday-${y}`)), String(y)).toBe(true);
    expect(new Set(stored).size).toBe(stored.length);
  });
});
