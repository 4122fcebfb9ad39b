// The one byte-size format (shared/bytes.ts, which web/src/lib/bytes.ts hands to the UI): mail, admin,
// account and the spam log show sizes alike, in the UI language's number format, and the server writes
// them so into mails (large-file links).
import { describe, expect, test } from "vitest";
import { formatBytes } from "../../shared/bytes.ts";

describe("formatBytes", () => {
  test("whole bytes, one decimal below 100 of a larger unit, none from 100 up", () => {
    const cases: [number, string][] = [
      [0, "0 B"],
      [1023, "1,023 B"],
      [1024, "1 KB"],
      [6451, "6.3 KB"],
      [102_400, "100 KB"],
      [20_971_520, "20 MB"],
      [20_447_232, "19.5 MB"],
      [10 * 1024 ** 3, "10 GB"],
      [1.25 * 1024 ** 4, "1.3 TB"],
      [3 * 1024 ** 5, "3,072 TB"],
    ];
    for (const [bytes, text] of cases) expect(formatBytes(bytes, "en")).toBe(text);
  });

  test("the UI language's decimal and group marks", () => {
    expect(formatBytes(6451, "ko")).toBe("6.3 KB");
    expect(formatBytes(6451, "id")).toBe("6,3 KB");
    expect(formatBytes(1023, "id")).toBe("1.023 B");
  });
});
