// The calendar island's zone arithmetic (web/src/modules/calendar/dates.ts): offsets are read from Intl once
// per zone and day (per quarter hour on a day the offset changes) and kept; what the views compute from them
// (an instant's day and minutes, a wall clock's instant) must still be what Intl itself says, in zones with
// half-hour and 45-minute offsets and changes, on every minute of the days their clocks change.
import { describe, expect, test } from "vitest";
import { instantOf, offsetMs, zoned } from "../../web/src/modules/calendar/dates.ts";

function intl(ms: number, zone: string) {
  const p = Object.fromEntries(new Intl.DateTimeFormat("en-US", {
    timeZone: zone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit",
  }).formatToParts(ms).filter((x) => x.type !== "literal").map((x) => [x.type, Number(x.value)]));
  const ymd = `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
  return { ymd, minutes: p.hour * 60 + p.minute };
}

const ZONES = ["Asia/Seoul", "America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "Asia/Kathmandu", "Pacific/Chatham",
  "America/Santiago", "Asia/Jakarta", "UTC"];

describe("calendar dates in the browser", () => {
  test("zoned() gives Intl's day and minutes, every minute of each zone's 2026 change days and at random", () => {
    let seed = 11;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (const zone of ZONES) {
      for (let i = 0; i < 300; i++) {
        const ms = Date.UTC(2024, 0, 1) + Math.floor(random() * 4 * 365 * 86_400_000);
        expect(zoned(ms, zone)).toEqual(intl(ms, zone));
      }
      for (let day = Date.UTC(2026, 0, 1); day < Date.UTC(2027, 0, 1); day += 86_400_000) {
        if (offsetMs(day, zone) === offsetMs(day + 86_400_000, zone)) continue;
        for (let ms = day; ms < day + 86_400_000; ms += 60_000) expect(zoned(ms, zone)).toEqual(intl(ms, zone));
      }
    }
  });

  test("instantOf(): the skipped hour moves forward, the repeated hour is its first reading", () => {
    const iso = (ms: number) => new Date(ms).toISOString();
    expect(iso(instantOf("2026-03-08", 2 * 60 + 30, "America/New_York"))).toBe("2026-03-08T07:30:00.000Z");
    expect(iso(instantOf("2026-03-08", 3 * 60 + 8, "America/New_York"))).toBe("2026-03-08T07:08:00.000Z");
    expect(iso(instantOf("2026-11-01", 60 + 30, "America/New_York"))).toBe("2026-11-01T05:30:00.000Z");
    expect(iso(instantOf("2026-07-01", 9 * 60, "Asia/Seoul"))).toBe("2026-07-01T00:00:00.000Z");
  });

  test("instantOf() inverts zoned() (every instant's reading, on the change days too)", () => {
    for (const zone of ZONES) {
      for (let ms = Date.UTC(2026, 2, 1); ms < Date.UTC(2026, 3, 15); ms += 37 * 60_000) {
        const z = zoned(ms, zone);
        expect(zoned(instantOf(z.ymd, z.minutes, zone), zone)).toEqual(z);
      }
    }
  });
});
