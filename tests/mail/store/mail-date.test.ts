// The Date header reader (store/mail-date.ts): RFC 5322 with its obsolete syntax, the malformations with one
// meaning, null for the rest; and the same answers whatever the process's time zone (TZ), which JavaScript's
// own Date parser does not give.
import { describe, expect, test } from "vitest";
import { readMailDate } from "../../../server/modules/mail/store/mail-date.ts";

/** Input → the instant it names (ISO, UTC) and the day it writes; null: not read. */
const TABLE: [string, string | null, string?][] = [
  // RFC 5322 §3.3
  ["Tue, 24 Nov 2026 10:00:00 +0900", "2026-11-24T01:00:00.000Z", "2026-11-24"],
  ["Mon, 2 Mar 2026 23:30:00 -0800", "2026-03-03T07:30:00.000Z", "2026-03-02"],
  ["Tue, 3 Mar 2026 00:30:00 +0900", "2026-03-02T15:30:00.000Z", "2026-03-03"],
  ["24 Nov 2026 10:00 -0800", "2026-11-24T18:00:00.000Z", "2026-11-24"], // no day of week, no seconds
  ["Tue, 24 Nov 2026 10:00:00 -0000", "2026-11-24T10:00:00.000Z"],
  ["Wed, 31 Dec 2025 23:59:60 +0000", "2026-01-01T00:00:00.000Z", "2025-12-31"], // a leap second
  ["Mon, 24 Nov 2026 10:00:00 +0900", "2026-11-24T01:00:00.000Z"], // a wrong day of week is not checked
  // RFC 5322 §4.3: obsolete syntax
  ["Tue, 24 Nov 26 10:00:00 +0900", "2026-11-24T01:00:00.000Z", "2026-11-24"],
  ["Wed, 24 Nov 99 10:00:00 +0000", "1999-11-24T10:00:00.000Z", "1999-11-24"],
  ["Wed, 24 Nov 49 10:00:00 +0000", "2049-11-24T10:00:00.000Z"],
  ["Wed, 24 Nov 70 10:00:00 +0000", "1970-11-24T10:00:00.000Z"],
  ["Wed, 24 Nov 50 10:00:00 +0000", null], // 1950: before 1970
  ["Tue, 24 Nov 126 10:00:00 +0000", "2026-11-24T10:00:00.000Z", "2026-11-24"],
  ["Tue, 24 Nov 2026 10:00:00 UT", "2026-11-24T10:00:00.000Z"],
  ["Tue, 24 Nov 2026 10:00:00 GMT", "2026-11-24T10:00:00.000Z"],
  ["Tue, 24 Nov 2026 10:00:00 EST", "2026-11-24T15:00:00.000Z"],
  ["Tue, 24 Nov 2026 10:00:00 EDT", "2026-11-24T14:00:00.000Z"],
  ["Tue, 24 Nov 2026 10:00:00 CST", "2026-11-24T16:00:00.000Z"],
  ["Tue, 24 Nov 2026 10:00:00 CDT", "2026-11-24T15:00:00.000Z"],
  ["Tue, 24 Nov 2026 10:00:00 MST", "2026-11-24T17:00:00.000Z"],
  ["Tue, 24 Nov 2026 10:00:00 MDT", "2026-11-24T16:00:00.000Z"],
  ["Tue, 24 Nov 2026 10:00:00 PST", "2026-11-24T18:00:00.000Z"],
  ["Tue, 24 Nov 2026 10:00:00 pdt", "2026-11-24T17:00:00.000Z"],
  ["Tue, 24 Nov 2026 10:00:00 Z", "2026-11-24T10:00:00.000Z"], // military letters: -0000
  ["Tue, 24 Nov 2026 10:00:00 A", "2026-11-24T10:00:00.000Z"],
  ["Tue, 24 Nov 2026 10:00:00 y", "2026-11-24T10:00:00.000Z"],
  ["Tue, 24 Nov 2026 10:00:00 J", null],
  ["Tue, 24 Nov 2026 10:00:00 +0900 (KST)", "2026-11-24T01:00:00.000Z"],
  ["Tue,(a comment) 24 Nov (nested (one) \\) here) 2026 10:00:00 +0900", "2026-11-24T01:00:00.000Z"],
  ["Tue, 24 Nov 2026\r\n 10:00:00\r\n\t+0900", "2026-11-24T01:00:00.000Z"], // folding whitespace
  ["  Tue ,  24  Nov  2026  10 : 00 : 00  +0900  ", "2026-11-24T01:00:00.000Z"], // CFWS in the obsolete places
  // Malformations with one meaning
  ["Tue, 24 Nov 2026 10:00:00 0900", "2026-11-24T01:00:00.000Z", "2026-11-24"], // the "+" lost
  ["Tue, 24 Nov 2026 10:00:00 +09:00", "2026-11-24T01:00:00.000Z"],
  ["Tue, 24 Nov 2026 10:00:00 +09", "2026-11-24T01:00:00.000Z"],
  ["Tue, 24 Nov 2026 10:00:00 GMT+0900", "2026-11-24T01:00:00.000Z"],
  ["Tue, 24 Nov 2026 10:00:00 UTC+9", "2026-11-24T01:00:00.000Z"],
  ["Tue, 24 Nov 2026 10:00:00 -0500 EST", "2026-11-24T15:00:00.000Z"],
  ["Tue, 24 Nov 2026 10:00:00 +0000 KST", "2026-11-24T10:00:00.000Z"], // the number decides
  ["Tue, 24 Nov 2026 10:00:00 UTC", "2026-11-24T10:00:00.000Z"],
  ["Tue, 24 Nov 2026 10:00:00 KST", "2026-11-24T01:00:00.000Z", "2026-11-24"],
  ["Tue, 24 Nov 2026 10:00:00 JST", "2026-11-24T01:00:00.000Z"],
  ["Tue, 24 Nov 2026 10:00:00 CET", "2026-11-24T09:00:00.000Z"],
  ["Tue, 24 Jun 2026 10:00:00 CEST", "2026-06-24T08:00:00.000Z"],
  ["Tue, 24 Nov 2026 10:00:00 EET", "2026-11-24T08:00:00.000Z"],
  ["Tue, 24 Jun 2026 10:00:00 EEST", "2026-06-24T07:00:00.000Z"],
  ["Tuesday, 24 November 2026 10:00:00 +0900", "2026-11-24T01:00:00.000Z"],
  ["Tues, 24 Sept. 2026 10:00:00 +0900", "2026-09-24T01:00:00.000Z"],
  ["24-Nov-2026 10:00:00 +0900", "2026-11-24T01:00:00.000Z"],
  ["9 Mar 2026 9:05:00 +0000", "2026-03-09T09:05:00.000Z", "2026-03-09"], // a one-digit hour
  ["Tue, 24 Nov 2026 10:00:00", "2026-11-24T10:00:00.000Z", "2026-11-24"], // no zone: UTC
  ["Nov 24, 2026 10:00:00 +0900", "2026-11-24T01:00:00.000Z"],
  ["Tue Nov 24 2026 10:00:00 GMT+0900 (Korean Standard Time)", "2026-11-24T01:00:00.000Z"], // Date#toString
  ["Tue Nov 24 10:00:00 2026", "2026-11-24T10:00:00.000Z"], // asctime
  ["Tue Nov 24 10:00:00 KST 2026", "2026-11-24T01:00:00.000Z"], // date(1)
  ["2026-11-24 10:00:00", "2026-11-24T10:00:00.000Z", "2026-11-24"],
  ["2026-11-24T10:00:00+09:00", "2026-11-24T01:00:00.000Z", "2026-11-24"],
  ["2026-11-24T10:00:00.250Z", "2026-11-24T10:00:00.250Z"],
  ["2026-11-24 10:00 KST", "2026-11-24T01:00:00.000Z"],
  ["2026/11/24 10:00:00 +0900", "2026-11-24T01:00:00.000Z"],
  ["2026.11.24 10:00", "2026-11-24T10:00:00.000Z"],
  ["Thu, 1 Jan 1970 09:00:00 +0900", "1970-01-01T00:00:00.000Z", "1970-01-01"],
  ["Fri, 31 Dec 9999 23:59:59 +0000", "9999-12-31T23:59:59.000Z"],
  // Not read with confidence: null (the callers use the received time)
  ["Tue, 24 Nov 0026 10:00:00 +0900", null],
  ["Sat, 1 Jan 0000 00:00:00 0000", null],
  ["Wed, 31 Dec 1969 23:00:00 +0000", null],
  ["Tue, 24 Nov 10000 10:00:00 +0000", null],
  ["Fri, 31 Dec 9999 23:00:00 -0200", null], // the instant would be in 10000
  ["Tue, 24 Nov 2026 10:00:00 IST", null], // India, Ireland or Israel
  ["Tue, 24 Nov 2026 10:00:00 BST", null], // British summer time or Bangladesh
  ["Tue, 24 Nov 2026 10:00:00 XYZ", null],
  ["Tue, 24 Nov 2026 10:00:00 PM", null],
  ["Tue, 24 Nov 2026 10:00:00 +1500", null],
  ["Tue, 24 Nov 2026 10:00:00 +0960", null],
  ["Tue, 24 Nov 2026 10:00:00 2026", null],
  ["Tue, 24 Nov 2026 10:00:00 +09001", null],
  ["Tue, 31 Feb 2026 10:00:00 +0900", null],
  ["Tue, 29 Feb 2026 10:00:00 +0900", null],
  ["Sat, 29 Feb 2020 10:00:00 +0900", "2020-02-29T01:00:00.000Z"],
  ["Tue, 24 Nov 2026 24:00:00 +0900", null],
  ["Tue, 24 Nov 2026 10:60:00 +0900", null],
  ["Tue, 24 Foo 2026 10:00:00 +0900", null],
  ["Xyz, 24 Nov 2026 10:00:00 +0900", null],
  ["Tue, 24 Nov 2026", null], // no time
  ["11/24/2026 10:00:00", null], // month or day first: not known
  ["2026-13-01 10:00:00", null],
  ["yesterday", null],
  ["", null],
];

describe("readMailDate", () => {
  test.each(TABLE)("%j → %s", (input, instant, day) => {
    const read = readMailDate(input);
    expect(read?.instant.toISOString() ?? null).toBe(instant);
    if (day !== undefined) expect(read?.day).toBe(day);
  });

  test("no value, or undefined, is null", () => {
    expect(readMailDate(undefined)).toBeNull();
    expect(readMailDate(null)).toBeNull();
  });

  test("the answers do not depend on the process's time zone (TZ), which JavaScript's Date parser's do", async () => {
    const inputs = TABLE.map(([input]) => input);
    const module = new URL("../../../server/modules/mail/store/mail-date.ts", import.meta.url).href;
    const script = `
      const { readMailDate } = await import(${JSON.stringify(module)});
      const inputs = JSON.parse(Deno.args[0]);
      console.log(JSON.stringify({
        offset: new Date(2026, 10, 24).getTimezoneOffset(),
        native: new Date("2026-11-24 10:00:00").toISOString(),
        read: inputs.map((v) => { const d = readMailDate(v); return d && [d.instant.toISOString(), d.day]; }),
      }));`;
    const expected = TABLE.map(([input]) => {
      const d = readMailDate(input);
      return d && [d.instant.toISOString(), d.day];
    });
    const runs: Record<string, { offset: number; native: string; read: unknown }> = {};
    for (const tz of ["UTC", "Asia/Seoul", "America/New_York"]) {
      const out = await new Deno.Command(Deno.execPath(), {
        args: ["eval", script, JSON.stringify(inputs)],
        env: { TZ: tz },
        stdout: "piped",
        stderr: "piped",
      }).output();
      if (!out.success) throw new Error(new TextDecoder().decode(out.stderr));
      runs[tz] = JSON.parse(new TextDecoder().decode(out.stdout));
    }
    // The processes really ran in three zones: the native parser shows it.
    expect(runs["Asia/Seoul"].offset).toBe(-540);
    expect(runs["America/New_York"].offset).toBe(300);
    expect(new Set(Object.values(runs).map((r) => r.native)).size).toBe(3);
    for (const r of Object.values(runs)) expect(r.read).toEqual(expected);
  });
});
