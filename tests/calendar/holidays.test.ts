// Korean public holidays (server/modules/calendar/holidays): holidays(year) against the official list for
// 2024-2027 written here as data (the gazette's 월력요항, with the one-off days the government declared:
// 2024-10-01 and 2025-01-27 임시공휴일, the 2024 and 2026 elections, 2025-06-03 대통령선거), and two
// independent sources cross-checked: the package's gazette data against the rules (Intl's dangi calendar
// for 설날, 부처님 오신 날 and 추석, and the substitute-holiday rules of 2014, 2021 and 2023), for every year
// the package has; the rules alone for years without data; names in Korean, English and Indonesian.
import { describe, expect, it } from "vitest";
import { holidayObjects } from "../../server/modules/calendar/holidays/events.ts";
import {
  computeHolidays, gazetteHolidays, gazetteYears, holidays, holidaysBetween, lunarDate,
} from "../../server/modules/calendar/holidays/index.ts";
import { extractEvent } from "../../server/modules/calendar/ics/fields.ts";

/** date, Korean name, substitute: the official list. */
type Row = [string, string, boolean?];
const OFFICIAL: Record<number, Row[]> = {
  2024: [
    ["2024-01-01", "1월 1일"], ["2024-02-09", "설날 전날"], ["2024-02-10", "설날"], ["2024-02-11", "설날 다음 날"],
    ["2024-02-12", "대체공휴일(설날)", true], ["2024-03-01", "3ㆍ1절"], ["2024-04-10", "제22대국회의원선거"],
    ["2024-05-05", "어린이날"], ["2024-05-06", "대체공휴일(어린이날)", true], ["2024-05-15", "부처님 오신 날"],
    ["2024-06-06", "현충일"], ["2024-08-15", "광복절"], ["2024-09-16", "추석 전날"], ["2024-09-17", "추석"],
    ["2024-09-18", "추석 다음 날"], ["2024-10-01", "임시공휴일"], ["2024-10-03", "개천절"], ["2024-10-09", "한글날"],
    ["2024-12-25", "기독탄신일"],
  ],
  2025: [
    ["2025-01-01", "1월 1일"], ["2025-01-27", "임시공휴일"], ["2025-01-28", "설날 전날"], ["2025-01-29", "설날"],
    ["2025-01-30", "설날 다음 날"], ["2025-03-01", "3ㆍ1절"], ["2025-03-03", "대체공휴일(3ㆍ1절)", true],
    ["2025-05-05", "어린이날"], ["2025-05-05", "부처님 오신 날"], ["2025-05-06", "대체공휴일(부처님 오신 날)", true],
    ["2025-06-03", "임시공휴일(대통령선거)"], ["2025-06-06", "현충일"], ["2025-08-15", "광복절"], ["2025-10-03", "개천절"],
    ["2025-10-05", "추석 전날"], ["2025-10-06", "추석"], ["2025-10-07", "추석 다음 날"], ["2025-10-08", "대체공휴일(추석)", true],
    ["2025-10-09", "한글날"], ["2025-12-25", "기독탄신일"],
  ],
  2026: [
    ["2026-01-01", "1월 1일"], ["2026-02-16", "설날 전날"], ["2026-02-17", "설날"], ["2026-02-18", "설날 다음 날"],
    ["2026-03-01", "3ㆍ1절"], ["2026-03-02", "대체공휴일(3ㆍ1절)", true], ["2026-05-01", "노동절"], ["2026-05-05", "어린이날"],
    ["2026-05-24", "부처님 오신 날"], ["2026-05-25", "대체공휴일(부처님 오신 날)", true], ["2026-06-03", "전국동시지방선거"],
    ["2026-06-06", "현충일"], ["2026-07-17", "제헌절"], ["2026-08-15", "광복절"], ["2026-08-17", "대체공휴일(광복절)", true],
    ["2026-09-24", "추석 전날"], ["2026-09-25", "추석"], ["2026-09-26", "추석 다음 날"], ["2026-10-03", "개천절"],
    ["2026-10-05", "대체공휴일(개천절)", true], ["2026-10-09", "한글날"], ["2026-12-25", "기독탄신일"],
  ],
  2027: [
    ["2027-01-01", "1월 1일"], ["2027-02-06", "설날 전날"], ["2027-02-07", "설날"], ["2027-02-08", "설날 다음 날"],
    ["2027-02-09", "대체공휴일(설날)", true], ["2027-03-01", "3ㆍ1절"], ["2027-05-01", "노동절"],
    ["2027-05-03", "대체공휴일(노동절)", true], ["2027-05-05", "어린이날"], ["2027-05-13", "부처님 오신 날"],
    ["2027-06-06", "현충일"], ["2027-07-17", "제헌절"], ["2027-07-19", "대체공휴일(제헌절)", true], ["2027-08-15", "광복절"],
    ["2027-08-16", "대체공휴일(광복절)", true], ["2027-09-14", "추석 전날"], ["2027-09-15", "추석"], ["2027-09-16", "추석 다음 날"],
    ["2027-10-03", "개천절"], ["2027-10-04", "대체공휴일(개천절)", true], ["2027-10-09", "한글날"],
    ["2027-10-11", "대체공휴일(한글날)", true], ["2027-12-25", "기독탄신일"], ["2027-12-27", "대체공휴일(기독탄신일)", true],
  ],
};

const rows = (list: { date: string; name: string; substitute: boolean }[]) => list.map((h) => [h.date, h.name, h.substitute]);
const official = (year: number) => OFFICIAL[year].map(([d, n, s]) => [d, n, s ?? false]);
const ONE_OFF = new Set(["election", "temporary"]);

describe("holidays(year) against the official list", () => {
  for (const year of [2024, 2025, 2026, 2027]) {
    it(`${year}`, () => {
      const list = holidays(year);
      expect(rows(list)).toEqual(official(year));
      expect(list.every((h) => h.source === "gazette")).toBe(true);
    });
  }

  it("tells the kind of each day: fixed, lunar, substitute, election, temporary", () => {
    const kinds = (year: number) => Object.fromEntries(holidays(year).map((h) => [`${h.date} ${h.name}`, h.kind]));
    expect(kinds(2025)).toMatchObject({
      "2025-01-01 1월 1일": "fixed", "2025-01-27 임시공휴일": "temporary", "2025-01-29 설날": "lunar",
      "2025-05-05 부처님 오신 날": "lunar", "2025-05-06 대체공휴일(부처님 오신 날)": "substitute",
      "2025-06-03 임시공휴일(대통령선거)": "election", "2025-10-08 대체공휴일(추석)": "substitute",
    });
    expect(kinds(2024)["2024-04-10 제22대국회의원선거"]).toBe("election");
    expect(kinds(2026)["2026-06-03 전국동시지방선거"]).toBe("election");
  });

  it("names each day in English and Indonesian", () => {
    const names = (date: string) => holidays(Number(date.slice(0, 4))).filter((h) => h.date === date).map((h) => h.names);
    expect(names("2025-01-29")).toEqual([{ ko: "설날", en: "Seollal (Korean New Year)", id: "Seollal (Tahun Baru Korea)" }]);
    expect(names("2025-10-08")).toEqual([{ ko: "대체공휴일(추석)", en: "Substitute holiday (Chuseok)", id: "Libur pengganti (Chuseok)" }]);
    expect(names("2025-06-03")[0].en).toBe("Temporary holiday (Presidential election day)");
    expect(names("2024-04-10")[0]).toEqual({ ko: "제22대국회의원선거", en: "National Assembly election (22nd)", id: "Pemilihan anggota Majelis Nasional ke-22" });
    expect(names("2027-12-27")[0].en).toBe("Substitute holiday (Christmas Day)");
    expect(names("2026-05-01")[0]).toEqual({ ko: "노동절", en: "Labour Day", id: "Hari Buruh" });
    // Every name of every year of the data has its translations (an unknown one would stay Korean).
    const { first, last } = gazetteYears();
    for (let y = first; y <= last; y++) {
      for (const h of holidays(y)) expect(h.names.en, `${h.date} ${h.name}`).not.toMatch(/[가-힣]/);
    }
  });
});

describe("two sources: the gazette data against the rules", () => {
  const { first, last } = gazetteYears();

  it("covers 2018 to at least 2027", () => {
    expect(first).toBeLessThanOrEqual(2018);
    expect(last).toBeGreaterThanOrEqual(2027);
  });

  it("agrees on every regular and substitute holiday of every year the data has", () => {
    for (let year = first; year <= last; year++) {
      const data = gazetteHolidays(year)!;
      const oneOff = data.filter((h) => ONE_OFF.has(h.kind)).map((h) => h.date);
      const regular = data.filter((h) => !ONE_OFF.has(h.kind));
      expect(rows(computeHolidays(year, oneOff)), String(year)).toEqual(rows(regular));
    }
  });

  it("finds the lunar dates with Intl's dangi calendar, skipping leap months", () => {
    expect([lunarDate(2025, 1, 1), lunarDate(2025, 4, 8), lunarDate(2025, 8, 15)]).toEqual(["2025-01-29", "2025-05-05", "2025-10-06"]);
    // 2020 had a leap 4th month (윤4월, from 23 May): 부처님 오신 날 is the regular month's 8th day.
    expect(lunarDate(2020, 4, 8)).toBe("2020-04-30");
    // 2023 had a leap 2nd month; 2028's 추석 falls on 개천절.
    expect(lunarDate(2023, 4, 8)).toBe("2023-05-27");
    expect(lunarDate(2028, 8, 15)).toBe("2028-10-03");
  });
});

describe("years the data does not have", () => {
  it("computes them from the rules, marked computed, with substitutes for overlaps", () => {
    const y2028 = holidays(2028);
    expect(y2028.every((h) => h.source === "computed")).toBe(true);
    expect(rows(y2028).filter(([d]) => String(d) >= "2028-09-01")).toEqual([
      ["2028-10-02", "추석 전날", false], ["2028-10-03", "개천절", false], ["2028-10-03", "추석", false],
      ["2028-10-04", "추석 다음 날", false], ["2028-10-05", "대체공휴일(추석)", true], ["2028-10-09", "한글날", false],
      ["2028-12-25", "기독탄신일", false],
    ]);
    expect(y2028.find((h) => h.date === "2028-01-27")?.name).toBe("설날");
  });

  it("gives the substitutes of the first years of the 2014 rules (설날 and 추석 on a Sunday or another holiday)", () => {
    const subs = (year: number) => rows(computeHolidays(year).filter((h) => h.substitute));
    expect(subs(2014)).toEqual([["2014-09-10", "대체공휴일(추석)", true]]);
    expect(subs(2015)).toEqual([["2015-09-29", "대체공휴일(추석)", true]]);
    expect(subs(2016)).toEqual([["2016-02-10", "대체공휴일(설날)", true]]);
    // 2017: 개천절 fell on 추석 전날 (Tue): the substitute came after the third day.
    expect(subs(2017)).toEqual([["2017-01-30", "대체공휴일(설날)", true], ["2017-10-06", "대체공휴일(추석)", true]]);
  });

  it("refuses years outside what the rules cover, and lists holidays across years", () => {
    expect(() => holidays(1990)).toThrow(RangeError);
    expect(() => holidays(2026.5)).toThrow(RangeError);
    expect(holidaysBetween("2025-12-20", "2026-01-05").map((h) => h.date)).toEqual(["2025-12-25", "2026-01-01"]);
  });
});

describe("holidays as calendar objects", () => {
  it("gives one stable all-day, transparent event per holiday, two on a shared day, named in the reader's language", () => {
    const objects = holidayObjects(2025);
    expect(objects).toHaveLength(20);
    expect(holidayObjects(2025)).toEqual(objects); // the same text every time: no churn of ETags
    expect(objects.filter((o) => o.date === "2025-05-05").map((o) => o.uid)).toEqual(["kr-holiday-20250505-0@groupware", "kr-holiday-20250505-1@groupware"]);
    const sub = objects.find((o) => o.date === "2025-10-08")!;
    expect(sub.text).toContain("\r\nCATEGORIES:HOLIDAY,SUBSTITUTE\r\n");
    const f = extractEvent(sub.text);
    expect([f.summary, f.isAllDay, f.transparent, f.start.local, f.end.local]).toEqual(["대체공휴일(추석)", true, true, "2025-10-08", "2025-10-09"]);
    expect(extractEvent(holidayObjects(2025, "id").find((o) => o.date === "2025-12-25")!.text).summary).toBe("Hari Natal");
  });
});
