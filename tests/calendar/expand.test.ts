// The expansion library (server/modules/calendar/events/expand.ts, zone.ts) without the API: wall clocks of
// DST zones (the skipped and the repeated hour), and the month query's shortcut (a series without COUNT starts
// iterating shortly before the range) checked against iterating every series from its first occurrence, over
// a few hundred generated rules, zones and ranges.
import { describe, expect, test } from "vitest";
import { occurrencesIn } from "../../server/modules/calendar/events/expand.ts";
import { parseObject } from "../../server/modules/calendar/events/ical-read.ts";
import { newObject, rruleText } from "../../server/modules/calendar/events/ical-write.ts";
import { addDays, apiTimeToWall, instantOf, type Wall, wallOf } from "../../server/modules/calendar/events/zone.ts";
import type { RecurrenceRule } from "../../shared/calendar/events.ts";

const iso = (ms: number) => new Date(ms).toISOString();
const w = (year: number, month: number, day: number, hour = 0, minute = 0): Wall => ({ year, month, day, hour, minute, second: 0 });

describe("wall clocks and instants", () => {
  test("New York: the skipped hour moves forward, the repeated hour is its first reading", () => {
    expect(iso(instantOf(w(2026, 3, 8, 2, 30), "America/New_York"))).toBe("2026-03-08T07:30:00.000Z");
    expect(iso(instantOf(w(2026, 3, 8, 1, 59), "America/New_York"))).toBe("2026-03-08T06:59:00.000Z");
    expect(iso(instantOf(w(2026, 3, 8, 3, 0), "America/New_York"))).toBe("2026-03-08T07:00:00.000Z");
    expect(iso(instantOf(w(2026, 11, 1, 1, 30), "America/New_York"))).toBe("2026-11-01T05:30:00.000Z");
    expect(iso(instantOf(w(2026, 11, 1, 2, 30), "America/New_York"))).toBe("2026-11-01T07:30:00.000Z");
    expect(iso(instantOf(w(2026, 7, 1, 9), "Asia/Seoul"))).toBe("2026-07-01T00:00:00.000Z");
    // Berlin leaves summer time at 01:00 UTC: 02:59:59 summer time, then 02:00 winter time again.
    expect(wallOf(Date.parse("2026-10-25T00:59:59Z"), "Europe/Berlin")).toEqual({ ...w(2026, 10, 25, 2, 59), second: 59 });
    expect(wallOf(Date.parse("2026-10-25T01:00:00Z"), "Europe/Berlin")).toEqual(w(2026, 10, 25, 2, 0));
  });

  test("wallOf (offset-based) reads every instant as Intl does, around DST changes of odd zones too", () => {
    const intl = (ms: number, zone: string) => {
      const p = Object.fromEntries(new Intl.DateTimeFormat("en-US", {
        timeZone: zone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit",
        minute: "2-digit", second: "2-digit",
      }).formatToParts(ms).filter((x) => x.type !== "literal").map((x) => [x.type, Number(x.value)]));
      return { year: p.year, month: p.month, day: p.day, hour: p.hour, minute: p.minute, second: p.second };
    };
    // Lord Howe moves by 30 minutes, Kathmandu is +05:45, Chatham +12:45/+13:45, Santiago changes at midnight.
    const zones = ["Asia/Seoul", "America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "Asia/Kathmandu",
      "Pacific/Chatham", "America/Santiago", "Asia/Jakarta", "UTC"];
    const r = rng(7);
    for (const zone of zones) {
      for (let i = 0; i < 400; i++) {
        const ms = Date.UTC(2024, 0, 1) + Math.floor(r() * 4 * 365 * 86_400_000);
        expect(wallOf(ms, zone)).toEqual(intl(ms, zone));
      }
      // Every minute of the days around this zone's changes in 2026.
      for (let day = Date.UTC(2026, 0, 1); day < Date.UTC(2027, 0, 1); day += 86_400_000) {
        if (intl(day, zone).hour === intl(day + 86_400_000, zone).hour) continue;
        for (let ms = day; ms < day + 86_400_000; ms += 60_000) expect(wallOf(ms, zone)).toEqual(intl(ms, zone));
      }
    }
  });

  test("API times: wall clocks stay, instants are read in the zone, bad ones are null", () => {
    expect(apiTimeToWall("2026-07-01T09:00", "Asia/Seoul")).toEqual(w(2026, 7, 1, 9));
    expect(apiTimeToWall("2026-07-01T00:00:00Z", "Asia/Seoul")).toEqual(w(2026, 7, 1, 9));
    expect(apiTimeToWall("2026-07-01T09:00+09:00", "America/New_York")).toEqual(w(2026, 6, 30, 20));
    expect(apiTimeToWall("2026-07-01", "Asia/Seoul")).toEqual(w(2026, 7, 1));
    for (const bad of ["2026-02-30", "2026-07-01T24:00", "2026-13-01", "x"]) expect(apiTimeToWall(bad, "Asia/Seoul")).toBe(null);
  });
});

/** A small deterministic generator (the same cases on every run). */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe("the iteration shortcut gives what iterating from the first occurrence gives", () => {
  test("200 generated series without COUNT, in three zones, timed and all-day", () => {
    const r = rng(20261205);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
    const zones = ["Asia/Seoul", "America/New_York", "Europe/Berlin"];
    const days = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"];
    let compared = 0;
    for (let i = 0; i < 200; i++) {
      const zone = pick(zones);
      const allDay = r() < 0.3;
      const start = w(2024 + Math.floor(r() * 3), 1 + Math.floor(r() * 12), 1 + Math.floor(r() * 31), allDay ? 0 : Math.floor(r() * 24), pick([0, 30]));
      const fixed = addDays(start, 0);
      const startWall = { ...start, year: fixed.year, month: fixed.month, day: fixed.day };
      const freq = pick(["DAILY", "WEEKLY", "MONTHLY", "YEARLY"] as const);
      const rule: RecurrenceRule = { freq, interval: 1 + Math.floor(r() * 3) };
      const shape = r();
      if (freq === "WEEKLY" && shape < 0.5) rule.byDay = [pick(days), pick(days)];
      if (freq === "MONTHLY" && shape < 0.3) rule.byDay = [`${pick(["1", "2", "3", "4", "-1"])}${pick(days)}`];
      else if (freq === "MONTHLY" && shape < 0.6) rule.byMonthDay = [pick([1, 15, 28, 29, 30, 31, -1])];
      if (freq === "YEARLY" && shape < 0.4) {
        rule.byMonth = [1 + Math.floor(r() * 12)];
        rule.byDay = [`${pick(["1", "2", "-1"])}${pick(days)}`];
      }
      if (freq === "DAILY" && shape < 0.3) rule.byMonth = [1 + Math.floor(r() * 12), 1 + Math.floor(r() * 12)];
      const end = allDay ? addDays(startWall, 1 + Math.floor(r() * 3)) : { ...startWall, hour: Math.min(23, startWall.hour + 1) };
      if (!allDay && end.hour === startWall.hour) end.minute = 59;
      const text = newObject(`case-${i}`, {
        summary: "x", location: "", description: "", isAllDay: allDay, tzid: zone, start: startWall, end,
        organizer: null, attendees: [], alarms: [], isLeave: false,
      }, rruleText(rule, allDay, zone), new Date(0));
      const obj = parseObject(text);
      const from = instantOf(w(2027 + Math.floor(r() * 4), 1 + Math.floor(r() * 12), 1 + Math.floor(r() * 28)), zone);
      const to = from + 42 * 86_400_000;
      const quick = occurrencesIn(obj, from, to, zone, 5000).map((o) => `${o.key} ${o.startMs} ${o.endMs}`);
      const whole = occurrencesIn(obj, instantOf(startWall, zone) - 86_400_000, to, zone, 100_000)
        .filter((o) => o.startMs < to && o.endMs > from)
        .map((o) => `${o.key} ${o.startMs} ${o.endMs}`);
      expect(quick, `${text}\nrange ${iso(from)} .. ${iso(to)}`).toEqual(whole);
      compared += quick.length;
    }
    // The cases are not all empty.
    expect(compared).toBeGreaterThan(500);
  });
});
