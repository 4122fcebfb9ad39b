// Korean public holidays computed from the rules (관공서의 공휴일에 관한 규정 and the 공휴일에 관한 법률), a
// source independent of the gazette data: the fixed dates, the lunar ones converted with JavaScript's Intl
// `dangi` calendar (ICU's Korean lunisolar calendar), and substitute holidays (대체공휴일) as the law has
// given them:
//   - from 2014: 설날 and 추석 (each of the three days) when they fall on a Sunday or on another holiday;
//     어린이날 on a Saturday, a Sunday or another holiday;
//   - from 2021-08-04: 3ㆍ1절, 광복절, 개천절, 한글날 on a Saturday, a Sunday or another holiday;
//   - from 2023-05-04: 부처님 오신 날 and 기독탄신일 likewise;
//   - 노동절 and 제헌절, public holidays from 2026, likewise;
//   - never 1월 1일 and 현충일.
// The substitute is the first day after the holiday (after the third day of 설날 or 추석) that is neither a
// Saturday, a Sunday nor a holiday (nor a substitute already given). Two holidays on one weekday leave one of
// them without its day: the lunar one (on a tie, the later in the year's order) gets the substitute, as
// 2025-05-05 (어린이날 and 부처님 오신 날) gave 대체공휴일(부처님 오신 날) on 05-06. Elections and one-off
// holidays are not rules: they come from the data only (data.ts).

export interface ComputedHoliday {
  date: string;
  name: string;
  substitute: boolean;
}

interface Rights {
  /** Date from which the holiday has substitute rights, "YYYY-MM-DD"; null: never. */
  since: string | null;
  saturday: boolean;
}

const ALWAYS_FROM_2014: Rights = { since: "2014-01-01", saturday: false };
const FULL = (since: string): Rights => ({ since, saturday: true });

const FIXED: { md: string; name: string; from?: number; rights: Rights }[] = [
  { md: "01-01", name: "1월 1일", rights: { since: null, saturday: false } },
  { md: "03-01", name: "3ㆍ1절", rights: FULL("2021-08-04") },
  { md: "05-01", name: "노동절", from: 2026, rights: FULL("2026-01-01") },
  { md: "05-05", name: "어린이날", rights: FULL("2014-01-01") },
  { md: "06-06", name: "현충일", rights: { since: null, saturday: false } },
  { md: "07-17", name: "제헌절", from: 2026, rights: FULL("2026-01-01") },
  { md: "08-15", name: "광복절", rights: FULL("2021-08-04") },
  { md: "10-03", name: "개천절", rights: FULL("2021-08-04") },
  { md: "10-09", name: "한글날", rights: FULL("2021-08-04") },
  { md: "12-25", name: "기독탄신일", rights: FULL("2023-05-04") },
];

const iso = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (date: string, n: number) => iso(new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000));
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

const dangi = new Intl.DateTimeFormat("en-u-ca-dangi", { timeZone: "UTC", month: "numeric", day: "numeric", year: "numeric" });
const lunarCache = new Map<number, Map<string, string>>();

/**
 * The Gregorian date of a Korean lunar date (regular month, not a leap month) within the given Gregorian
 * year: 설날 1/1, 부처님 오신 날 4/8 and 추석 8/15 each fall once in every Gregorian year.
 */
export function lunarDate(year: number, month: number, day: number): string {
  let map = lunarCache.get(year);
  if (!map) {
    map = new Map();
    for (let t = Date.UTC(year, 0, 1); t < Date.UTC(year + 1, 0, 1); t += 86_400_000) {
      const parts = Object.fromEntries(dangi.formatToParts(new Date(t)).map((p) => [p.type, p.value]));
      if (/^\d+$/.test(parts.month) && !map.has(`${parts.month}/${parts.day}`)) map.set(`${parts.month}/${parts.day}`, iso(new Date(t)));
    }
    lunarCache.set(year, map);
  }
  const found = map.get(`${month}/${day}`);
  if (!found) throw new RangeError(`no lunar ${month}/${day} in ${year}`);
  return found;
}

interface Base {
  date: string;
  name: string;
  /** 설날 / 추석 for the three-day blocks: the substitute's name and the day it is counted after. */
  block: { name: string; last: string } | null;
  rights: Rights;
  lunar: boolean;
}

function baseHolidays(year: number): Base[] {
  const out: Base[] = FIXED.filter((f) => !f.from || year >= f.from)
    .map((f) => ({ date: `${year}-${f.md}`, name: f.name, block: null, rights: f.rights, lunar: false }));
  for (const [blockName, month, day] of [["설날", 1, 1], ["추석", 8, 15]] as const) {
    const main = lunarDate(year, month, day);
    const last = addDays(main, 1);
    const names = [`${blockName} 전날`, blockName, `${blockName} 다음 날`];
    // The day before 설날 may fall in the previous Gregorian year only in theory (설날 is never before Jan 21).
    names.forEach((name, i) => out.push({ date: addDays(main, i - 1), name, block: { name: blockName, last }, rights: ALWAYS_FROM_2014, lunar: true }));
  }
  out.push({ date: lunarDate(year, 4, 8), name: "부처님 오신 날", block: null, rights: FULL("2023-05-04"), lunar: true });
  return out.filter((h) => h.date.startsWith(`${year}-`));
}

/**
 * The holidays of a year by the rules. `oneOff`: dates of one-off holidays and elections known from the
 * data, which a substitute cannot fall on.
 */
export function computeHolidays(year: number, oneOff: string[] = []): ComputedHoliday[] {
  const base = baseHolidays(year);
  const taken = new Set([...base.map((h) => h.date), ...oneOff]);
  const byDate = new Map<string, Base[]>();
  for (const h of base) byDate.set(h.date, [...byDate.get(h.date) ?? [], h]);

  // Which holidays lose their day and have the right to a substitute for it.
  const owed: Base[] = [];
  for (const [date, list] of [...byDate.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const wd = weekday(date);
    // On a weekday one of them keeps the day: a fixed one before a lunar one.
    const ordered = [...list].sort((a, b) => Number(a.lunar) - Number(b.lunar));
    ordered.forEach((h, i) => {
      if (!h.rights.since || date < h.rights.since) return;
      const overlap = list.length > 1;
      const weekend = wd === 0 || (wd === 6 && h.rights.saturday);
      if (weekend || (overlap && (wd === 6 || wd === 0 || i > 0))) owed.push(h);
    });
  }

  const out: ComputedHoliday[] = base.map((h) => ({ date: h.date, name: h.name, substitute: false }));
  for (const h of owed) {
    let d = addDays(h.block?.last ?? h.date, 1);
    while (weekday(d) === 0 || weekday(d) === 6 || taken.has(d)) d = addDays(d, 1);
    taken.add(d);
    out.push({ date: d, name: `대체공휴일(${h.block?.name ?? h.name})`, substitute: true });
  }
  return out.sort((a, b) => a.date.localeCompare(b.date));
}
