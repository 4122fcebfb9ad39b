// How the to-do table writes its cells' values (web/src/modules/todo/cells/cell-value.ts): days, spans, numbers
// and moments in the reader's language, the year only when it is not this year; and the formatters behind them
// (web/src/lib/intl-format.ts), made once per language and form, give each language its own.
import { describe, expect, test } from "vitest";
import { formatDay, formatNumber, formatTime, formatTimeline, parseNumber } from "../../web/src/modules/todo/cells/cell-value.ts";
import { dateFormat, numberFormat } from "../../web/src/lib/intl-format.ts";

describe("cell values", () => {
  test("a day: month and day, the year when it is another year's; anything else as it is", () => {
    expect(formatDay("2026-03-05", "en", 2026)).toBe("Mar 5");
    expect(formatDay("2025-03-05", "en", 2026)).toBe("Mar 5, 2025");
    expect(formatDay("2026-03-05", "ko", 2026)).toBe("3월 5일");
    expect(formatDay("not a day", "en", 2026)).toBe("not a day");
  });

  test("a span: one day once, a range within a year without it, across years with both", () => {
    expect(formatTimeline({ start: "2026-03-05", end: "2026-03-05" }, "en", 2026)).toBe("Mar 5");
    expect(formatTimeline({ start: "2026-03-05", end: "2026-03-09" }, "en", 2026)).toBe("Mar 5 – 9");
    expect(formatTimeline({ start: "2025-12-30", end: "2026-01-02" }, "en", 2026)).toBe("Dec 30, 2025 – Jan 2, 2026");
    expect(formatTimeline({ start: "x", end: "y" }, "en", 2026)).toBe("x – y");
  });

  test("numbers in the language's form, and read back as typed", () => {
    expect(formatNumber(1234.5, "en")).toBe("1,234.5");
    expect(formatNumber(1234.5, "id")).toBe("1.234,5");
    expect(parseNumber(" 1,234.5 ")).toBe(1234.5);
    expect(parseNumber("12abc")).toBeNull();
  });

  test("a moment: with the year only when it is another year's", () => {
    const at = new Date(2026, 11, 5, 23, 5).getTime();
    expect(formatTime(at, "en", 2026)).toBe("Dec 5, 11:05 PM");
    expect(formatTime(at, "en", 2025)).toBe("Dec 5, 2026, 11:05 PM");
  });
});

describe("intl-format", () => {
  test("one formatter per language and options, each language its own", () => {
    const opts = { month: "short", day: "numeric", timeZone: "UTC" } as const;
    expect(dateFormat("en", opts)).toBe(dateFormat("en", { ...opts }));
    expect(dateFormat("ko", opts)).not.toBe(dateFormat("en", opts));
    expect(dateFormat("en", { ...opts, year: "numeric" })).not.toBe(dateFormat("en", opts));
    expect(numberFormat("id", {})).toBe(numberFormat("id", {}));
    expect(numberFormat("id", {}).format(1000)).toBe("1.000");
  });
});
