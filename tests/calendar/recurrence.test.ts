// Recurring events through the API: expansion checked against hand-computed dates (2nd Tuesday monthly,
// BYMONTHDAY 31 skipping short months, EXDATE, an override, a DST zone beside Asia/Seoul), "this", "this and
// following" and "all" edits and deletes, and the month query answering only the asked range.
import { beforeAll, describe, expect, test } from "vitest";
import { createTestApp } from "../support/test-app.ts";
import { calendarApi, type Co, company, starts, timed } from "./helpers.ts";

const t = await createTestApp();
const api = calendarApi(t);
let A: Co;
let cal = 0;

beforeAll(async () => {
  A = await company(t, "cal-recur.test");
  cal = (await api.defaultCalendar(A.admin)).id;
});

const inRange = async (from: string, to: string, tz?: string) => await api.list(A.admin, [cal], from, to, tz);
const named = async (name: string, from: string, to: string, tz?: string) => (await inRange(from, to, tz)).filter((i) => i.name === name);

describe("expansion", () => {
  test("2nd Tuesday of every month, 10:00 Seoul", async () => {
    await api.createEvent(A.admin, timed(cal, "2TU", "2026-01-13T10:00", "2026-01-13T11:00", {
      recurrence: { freq: "MONTHLY", byDay: ["2TU"] },
    }));
    expect(starts(await named("2TU", "2026-01-01", "2026-04-01"))).toEqual([
      "2026-01-13T01:00:00.000Z", "2026-02-10T01:00:00.000Z", "2026-03-10T01:00:00.000Z",
    ]);
    expect(starts(await named("2TU", "2026-04-01", "2026-07-01"))).toEqual([
      "2026-04-14T01:00:00.000Z", "2026-05-12T01:00:00.000Z", "2026-06-09T01:00:00.000Z",
    ]);
    // A month grid of six weeks from the Sunday before: the neighbours' 2nd Tuesdays show too.
    expect(starts(await named("2TU", "2026-10-25", "2026-12-06"))).toEqual(["2026-11-10T01:00:00.000Z"]);
  });

  test("BYMONTHDAY 31 skips the months without a 31st; COUNT ends it", async () => {
    const e = await api.createEvent(A.admin, {
      calendarId: cal, summary: "31st", dtStart: "2026-01-31", dtEnd: "2026-01-31", isAllDay: true,
      recurrence: { freq: "MONTHLY", byMonthDay: [31], count: 6 },
    });
    const items = await named("31st", "2026-01-01", "2026-04-01");
    expect(items.map((i) => [i.start, i.end])).toEqual([["2026-01-31", "2026-01-31"], ["2026-03-31", "2026-03-31"]]);
    expect(starts(await named("31st", "2026-04-01", "2026-07-01"))).toEqual(["2026-05-31"]);
    expect(starts(await named("31st", "2026-07-01", "2026-10-01"))).toEqual(["2026-07-31", "2026-08-31"]);
    expect(starts(await named("31st", "2026-10-01", "2027-01-01"))).toEqual(["2026-10-31"]);
    expect(starts(await named("31st", "2027-01-01", "2027-04-01"))).toEqual([]);
    expect(e.recurrence).toMatchObject({ freq: "MONTHLY", byMonthDay: [31], count: 6 });
  });

  test("an EXDATE (delete one occurrence) and an override (edit one occurrence)", async () => {
    const e = await api.createEvent(A.admin, timed(cal, "Weekly", "2026-11-02T09:00", "2026-11-02T10:00", {
      recurrence: { freq: "WEEKLY" },
    }));
    const r = await api.raw("POST", "/api/calendar/event/deleteByDate", A.admin, { id: `${e.eventId}_20261109T090000`, scope: "THIS" });
    expect(r.status).toBe(204);
    const moved = await api.patchEvent(A.admin, `${e.eventId}_20261116T090000`, {
      scope: "THIS", summary: "Weekly (moved)", dtStart: "2026-11-16T14:00", dtEnd: "2026-11-16T15:30",
    });
    expect(moved.id).toBe(`${e.eventId}_20261116T090000`);
    expect([moved.start, moved.end, moved.name]).toEqual(["2026-11-16T05:00:00.000Z", "2026-11-16T06:30:00.000Z", "Weekly (moved)"]);
    const items = (await inRange("2026-11-01", "2026-12-01")).filter((i) => i.eventId === e.eventId);
    expect(items.map((i) => [i.start, i.name])).toEqual([
      ["2026-11-02T00:00:00.000Z", "Weekly"],
      ["2026-11-16T05:00:00.000Z", "Weekly (moved)"],
      ["2026-11-23T00:00:00.000Z", "Weekly"],
      ["2026-11-30T00:00:00.000Z", "Weekly"],
    ]);
    // The deleted occurrence is gone for view too; the override keeps its recurrence id.
    expect((await api.raw("GET", `/api/calendar/view/${e.eventId}_20261109T090000`, A.admin)).status).toBe(404);
    expect((await api.view(A.admin, `${e.eventId}_20261116T090000`)).recurrenceId).toBe("20261116T090000");
    // An occurrence that is not on the rule does not exist.
    expect((await api.raw("GET", `/api/calendar/view/${e.eventId}_20261110T090000`, A.admin)).status).toBe(404);
  });

  test("09:00 in New York follows its DST change; 09:00 in Seoul stays at 00:00 UTC", async () => {
    await api.createEvent(A.admin, timed(cal, "NY", "2026-03-01T09:00", "2026-03-01T10:00", {
      timezone: "America/New_York", recurrence: { freq: "WEEKLY", until: "2026-03-29" },
    }));
    await api.createEvent(A.admin, timed(cal, "Seoul", "2026-03-01T09:00", "2026-03-01T10:00", {
      recurrence: { freq: "WEEKLY", until: "2026-03-29" },
    }));
    expect(starts(await named("NY", "2026-02-20", "2026-04-20"))).toEqual([
      "2026-03-01T14:00:00.000Z", "2026-03-08T13:00:00.000Z", "2026-03-15T13:00:00.000Z",
      "2026-03-22T13:00:00.000Z", "2026-03-29T13:00:00.000Z",
    ]);
    expect(starts(await named("Seoul", "2026-02-20", "2026-04-20"))).toEqual([
      "2026-03-01T00:00:00.000Z", "2026-03-08T00:00:00.000Z", "2026-03-15T00:00:00.000Z",
      "2026-03-22T00:00:00.000Z", "2026-03-29T00:00:00.000Z",
    ]);
    // The range is read in the asked zone: 2026-03-08 in New York is 05:00Z to 04:00Z the next day.
    expect(starts(await named("NY", "2026-03-08", "2026-03-09", "America/New_York"))).toEqual(["2026-03-08T13:00:00.000Z"]);
    expect(starts(await named("Seoul", "2026-03-08", "2026-03-09", "America/New_York"))).toEqual([]);
  });

  test("the month query answers only the asked range, however old the series", async () => {
    const old = await api.createEvent(A.admin, timed(cal, "Since2020", "2020-01-01T09:00", "2020-01-01T10:00", {
      recurrence: { freq: "DAILY", interval: 3 },
    }));
    await api.createEvent(A.admin, timed(cal, "October", "2026-10-31T09:00", "2026-10-31T10:00"));
    const nov = await inRange("2026-11-01", "2026-11-10");
    expect(starts(nov.filter((i) => i.eventId === old.eventId))).toEqual([
      "2026-11-01T00:00:00.000Z", "2026-11-04T00:00:00.000Z", "2026-11-07T00:00:00.000Z",
    ]);
    expect(nov.some((i) => i.name === "October")).toBe(false);
    for (const i of nov) expect(i.startForOrdering).toBeLessThan(Date.parse("2026-11-10T00:00:00+09:00"));
    expect((await api.raw("GET", `/api/calendar/event?calendars[]=${cal}&dtStart=2026-01-01&dtEnd=2026-12-31`, A.admin)).body.code)
      .toBe("calendar.range_too_long");
  });
});

describe("series years after their start (the iteration starts shortly before the range)", () => {
  test("monthly, yearly and every-other-week rules answer the dates computed by hand", async () => {
    await api.createEvent(A.admin, timed(cal, "Far31", "2026-01-31T09:00", "2026-01-31T10:00", { recurrence: { freq: "MONTHLY", byMonthDay: [31] } }));
    await api.createEvent(A.admin, timed(cal, "Far2TU", "2026-01-13T10:00", "2026-01-13T11:00", { recurrence: { freq: "MONTHLY", byDay: ["2TU"] } }));
    await api.createEvent(A.admin, timed(cal, "FarMay", "2026-05-10T09:00", "2026-05-10T10:00", {
      recurrence: { freq: "YEARLY", byMonth: [5], byDay: ["2SU"] },
    }));
    await api.createEvent(A.admin, timed(cal, "FarBiweekly", "2026-01-05T09:00", "2026-01-05T10:00", {
      recurrence: { freq: "WEEKLY", interval: 2, byDay: ["MO", "TH"] },
    }));
    expect(starts(await named("Far31", "2028-05-01", "2028-08-01"))).toEqual(["2028-05-31T00:00:00.000Z", "2028-07-31T00:00:00.000Z"]);
    expect(starts(await named("Far2TU", "2030-03-01", "2030-06-01"))).toEqual([
      "2030-03-12T01:00:00.000Z", "2030-04-09T01:00:00.000Z", "2030-05-14T01:00:00.000Z",
    ]);
    expect(starts(await named("FarMay", "2030-05-01", "2030-06-01"))).toEqual(["2030-05-12T00:00:00.000Z"]);
    expect(starts(await named("FarBiweekly", "2027-03-01", "2027-03-29"))).toEqual([
      "2027-03-01T00:00:00.000Z", "2027-03-04T00:00:00.000Z", "2027-03-15T00:00:00.000Z", "2027-03-18T00:00:00.000Z",
    ]);
  });
});

describe("this / this and following / all", () => {
  test("a daily series split at an occurrence, then moved as a whole, then truncated", async () => {
    const e = await api.createEvent(A.admin, timed(cal, "Standup", "2026-12-01T09:00", "2026-12-01T09:15", {
      recurrence: { freq: "DAILY", count: 10 },
    }));
    // This and following from the 5th: the old series ends on the 4th, a new one (new UID) at 10:00 takes 6.
    const split = await api.patchEvent(A.admin, `${e.eventId}_20261205T090000`, {
      scope: "FOLLOWING", dtStart: "2026-12-05T10:00", dtEnd: "2026-12-05T10:15",
    });
    expect(split.eventId).not.toBe(e.eventId);
    expect(split.eventUId).not.toBe(e.eventUId);
    expect(split.recurrence).toMatchObject({ freq: "DAILY", count: 6 });
    let items = await named("Standup", "2026-12-01", "2026-12-31");
    expect(items.map((i) => [i.eventId, i.start])).toEqual([
      ...[1, 2, 3, 4].map((d) => [e.eventId, `2026-12-0${d}T00:00:00.000Z`]),
      ...[5, 6, 7, 8, 9, 10].map((d) => [split.eventId, `2026-12-${String(d).padStart(2, "0")}T01:00:00.000Z`]),
    ]);
    // All, through an occurrence: the old series moves by the same 30 minutes.
    await api.patchEvent(A.admin, `${e.eventId}_20261202T090000`, { scope: "ALL", dtStart: "2026-12-02T09:30", dtEnd: "2026-12-02T09:45" });
    items = await named("Standup", "2026-12-01", "2026-12-05");
    expect(starts(items)).toEqual([1, 2, 3, 4].map((d) => `2026-12-0${d}T00:30:00.000Z`));
    expect(items[0].end).toBe("2026-12-01T00:45:00.000Z");
    // Delete this and following from the 8th of the new series.
    const del = await api.raw("POST", "/api/calendar/event/deleteByDate", A.admin, { id: `${split.eventId}_20261208T100000`, scope: "FOLLOWING" });
    expect(del.status).toBe(204);
    expect(starts((await named("Standup", "2026-12-05", "2026-12-31")))).toEqual([5, 6, 7].map((d) => `2026-12-0${d}T01:00:00.000Z`));
    // All: the title of the whole series; then the whole series deleted.
    await api.patchEvent(A.admin, split.eventId, { summary: "Standup 2" });
    expect((await named("Standup 2", "2026-12-01", "2026-12-31")).length).toBe(3);
    expect((await api.raw("DELETE", `/api/calendar/event/${split.eventId}`, A.admin)).status).toBe(204);
    expect((await named("Standup 2", "2026-12-01", "2026-12-31")).length).toBe(0);
  });

  test("this and following with the times kept: later changed and cancelled occurrences stay as they were", async () => {
    const e = await api.createEvent(A.admin, timed(cal, "Keepers", "2027-02-01T09:00", "2027-02-01T10:00", {
      recurrence: { freq: "DAILY", count: 8 },
    }));
    // The 6th moves to 14:00 with its own title; the 7th is cancelled; the 2nd (before the split) moves too.
    await api.patchEvent(A.admin, `${e.eventId}_20270206T090000`, { scope: "THIS", summary: "Keepers moved", dtStart: "2027-02-06T14:00", dtEnd: "2027-02-06T15:00" });
    await api.raw("POST", "/api/calendar/event/deleteByDate", A.admin, { id: `${e.eventId}_20270207T090000`, scope: "THIS" });
    await api.patchEvent(A.admin, `${e.eventId}_20270202T090000`, { scope: "THIS", dtStart: "2027-02-02T11:00", dtEnd: "2027-02-02T12:00" });
    // A new title from the 4th on.
    const split = await api.patchEvent(A.admin, `${e.eventId}_20270204T090000`, { scope: "FOLLOWING", summary: "Keepers 2" });
    expect(split.eventId).not.toBe(e.eventId);
    const items = (await api.list(A.admin, [cal], "2027-02-01", "2027-02-10")).filter((i) => i.name.startsWith("Keepers"));
    expect(items.map((i) => [i.name, i.start])).toEqual([
      ["Keepers", "2027-02-01T00:00:00.000Z"],
      ["Keepers", "2027-02-02T02:00:00.000Z"],
      ["Keepers", "2027-02-03T00:00:00.000Z"],
      ["Keepers 2", "2027-02-04T00:00:00.000Z"],
      ["Keepers 2", "2027-02-05T00:00:00.000Z"],
      ["Keepers moved", "2027-02-06T05:00:00.000Z"],
      ["Keepers 2", "2027-02-08T00:00:00.000Z"],
    ]);
    expect(items.slice(3).every((i) => i.eventId === split.eventId)).toBe(true);
    // A new time from the 4th on: the later exceptions no longer match and go, as for the whole series.
    const moved = await api.patchEvent(A.admin, `${split.eventId}_20270205T090000`, { scope: "FOLLOWING", dtStart: "2027-02-05T08:00", dtEnd: "2027-02-05T09:00" });
    const after = (await api.list(A.admin, [cal], "2027-02-05", "2027-02-10")).filter((i) => i.eventId === moved.eventId);
    // 08:00 in Seoul is 23:00 UTC the day before; the 7th is back (its cancellation was for 09:00).
    expect(after.map((i) => [i.name, i.start])).toEqual([4, 5, 6, 7].map((d) => ["Keepers 2", `2027-02-0${d}T23:00:00.000Z`]));
  });

  test("this and following from the first occurrence edits the whole series", async () => {
    const e = await api.createEvent(A.admin, timed(cal, "FirstSplit", "2027-01-04T09:00", "2027-01-04T10:00", {
      recurrence: { freq: "WEEKLY", count: 3 },
    }));
    const r = await api.patchEvent(A.admin, `${e.eventId}_20270104T090000`, { scope: "FOLLOWING", summary: "FirstSplit all" });
    expect(r.eventId).toBe(e.eventId);
    expect((await named("FirstSplit all", "2027-01-01", "2027-02-01")).length).toBe(3);
  });

  test("ALL: a series made a single event; a timed series made all-day keeps its last day", async () => {
    const e = await api.createEvent(A.admin, timed(cal, "ToSingle", "2027-04-05T09:00", "2027-04-05T10:00", { recurrence: { freq: "WEEKLY", count: 3 } }));
    await api.raw("POST", "/api/calendar/event/deleteByDate", A.admin, { id: `${e.eventId}_20270412T090000` });
    const single = await api.patchEvent(A.admin, e.id, { recurrence: null });
    expect([single.isRecurring, single.recurrence, single.id]).toEqual([false, null, String(e.eventId)]);
    expect(starts(await named("ToSingle", "2027-04-01", "2027-05-01"))).toEqual(["2027-04-05T00:00:00.000Z"]);

    const d = await api.createEvent(A.admin, timed(cal, "ToAllDay", "2027-05-01T09:00", "2027-05-01T10:00", { recurrence: { freq: "DAILY", until: "2027-05-03" } }));
    const allDay = await api.patchEvent(A.admin, d.id, { isAllDay: true, dtStart: "2027-05-01", dtEnd: "2027-05-01" });
    expect(allDay.recurrence).toMatchObject({ freq: "DAILY", until: "2027-05-03" });
    expect((await named("ToAllDay", "2027-04-25", "2027-05-10")).map((i) => [i.start, i.end, i.isAllDay])).toEqual([
      ["2027-05-01", "2027-05-01", true], ["2027-05-02", "2027-05-02", true], ["2027-05-03", "2027-05-03", true],
    ]);
  });

  test("DELETE with scope THIS on an occurrence; a bad scope is refused", async () => {
    const e = await api.createEvent(A.admin, timed(cal, "ScopeDel", "2027-02-01T09:00", "2027-02-01T10:00", {
      recurrence: { freq: "DAILY", count: 3 },
    }));
    expect((await api.raw("DELETE", `/api/calendar/event/${e.eventId}_20270202T090000?scope=THIS`, A.admin)).status).toBe(204);
    expect(starts(await named("ScopeDel", "2027-02-01", "2027-02-10"))).toEqual(["2027-02-01T00:00:00.000Z", "2027-02-03T00:00:00.000Z"]);
    const bad = await api.raw("DELETE", `/api/calendar/event/${e.eventId}?scope=SOME`, A.admin);
    expect([bad.status, bad.body.code]).toEqual([400, "calendar.scope_invalid"]);
  });

  test("rules are checked: ordinals only monthly or yearly, COUNT and UNTIL not together, UNTIL not before the start", async () => {
    for (const recurrence of [
      { freq: "WEEKLY", byDay: ["2TU"] }, { freq: "DAILY", count: 2, until: "2027-12-01" }, { freq: "DAILY", until: "2020-01-01" },
      { freq: "HOURLY" }, { freq: "DAILY", interval: 0 },
    ]) {
      const r = await api.raw("POST", "/api/calendar/event", A.admin, timed(cal, "Bad rule", "2027-03-01T09:00", "2027-03-01T10:00", { recurrence }));
      expect(r.status, JSON.stringify(recurrence)).toBe(400);
    }
  });
});
