// Names of Korean public holidays: the Korean one as the official gazette (월력요항) writes it, which is also
// what @hyunbinseo/holidays-kr carries, and English and Indonesian ones for the suite's other languages.
// A name this table does not know keeps its Korean text in every language.

export type HolidayKind = "fixed" | "lunar" | "substitute" | "election" | "temporary";

export interface HolidayNames {
  ko: string;
  en: string;
  id: string;
}

/** The regular holidays, in the order the gazette lists a year's days (fixed dates before lunar ones on a tie). */
export const BASE_NAMES: Record<string, { en: string; id: string; kind: HolidayKind }> = {
  "1월 1일": { en: "New Year's Day", id: "Tahun Baru Masehi", kind: "fixed" },
  "설날 전날": { en: "Day before Seollal", id: "Sehari sebelum Seollal", kind: "lunar" },
  "설날": { en: "Seollal (Korean New Year)", id: "Seollal (Tahun Baru Korea)", kind: "lunar" },
  "설날 다음 날": { en: "Day after Seollal", id: "Sehari setelah Seollal", kind: "lunar" },
  "3ㆍ1절": { en: "Independence Movement Day", id: "Hari Gerakan Kemerdekaan", kind: "fixed" },
  "노동절": { en: "Labour Day", id: "Hari Buruh", kind: "fixed" },
  "어린이날": { en: "Children's Day", id: "Hari Anak", kind: "fixed" },
  "부처님 오신 날": { en: "Buddha's Birthday", id: "Hari Lahir Buddha", kind: "lunar" },
  "현충일": { en: "Memorial Day", id: "Hari Peringatan Pahlawan", kind: "fixed" },
  "제헌절": { en: "Constitution Day", id: "Hari Konstitusi", kind: "fixed" },
  "광복절": { en: "Liberation Day", id: "Hari Pembebasan", kind: "fixed" },
  "추석 전날": { en: "Day before Chuseok", id: "Sehari sebelum Chuseok", kind: "lunar" },
  "추석": { en: "Chuseok (Korean Thanksgiving)", id: "Chuseok (Hari Pengucapan Syukur Korea)", kind: "lunar" },
  "추석 다음 날": { en: "Day after Chuseok", id: "Sehari setelah Chuseok", kind: "lunar" },
  "개천절": { en: "National Foundation Day", id: "Hari Berdirinya Bangsa", kind: "fixed" },
  "한글날": { en: "Hangeul Day", id: "Hari Hangeul", kind: "fixed" },
  "기독탄신일": { en: "Christmas Day", id: "Hari Natal", kind: "fixed" },
};

const ELECTIONS: [RegExp, (m: RegExpExecArray) => { en: string; id: string }][] = [
  [/^대통령\s*선거$/, () => ({ en: "Presidential election day", id: "Hari pemilihan presiden" })],
  [/^전국\s*동시\s*지방\s*선거$/, () => ({ en: "Local elections day", id: "Hari pemilihan kepala daerah" })],
  [/^제\s*(\d+)\s*대\s*국회의원\s*선거$/, (m) => ({
    en: `National Assembly election (${ordinal(Number(m[1]))})`,
    id: `Pemilihan anggota Majelis Nasional ke-${m[1]}`,
  })],
];

function ordinal(n: number): string {
  const s = n % 100 >= 11 && n % 100 <= 13 ? "th" : ["th", "st", "nd", "rd"][n % 10] ?? "th";
  return `${n}${s}`;
}

/** The kind and the names of a holiday's Korean name (as the gazette writes it). */
export function describeHoliday(ko: string): { kind: HolidayKind; names: HolidayNames } {
  const name = ko.trim();
  const base = BASE_NAMES[name];
  if (base) return { kind: base.kind, names: { ko: name, en: base.en, id: base.id } };
  const sub = /^대체\s*공휴일\s*\((.+)\)$/.exec(name);
  if (sub) {
    const of = describeHoliday(sub[1]).names;
    const short = (s: string) => s.replace(/\s*\(.*\)$/, ""); // "Chuseok (Korean Thanksgiving)" → "Chuseok"
    return { kind: "substitute", names: { ko: name, en: `Substitute holiday (${short(of.en)})`, id: `Libur pengganti (${short(of.id)})` } };
  }
  const temp = /^임시\s*공휴일(?:\s*\((.+)\))?$/.exec(name);
  if (temp) {
    const of = temp[1] ? describeHoliday(temp[1]) : null;
    return {
      kind: of?.kind === "election" ? "election" : "temporary",
      names: {
        ko: name,
        en: of ? `Temporary holiday (${of.names.en})` : "Temporary public holiday",
        id: of ? `Libur sementara (${of.names.id})` : "Hari libur nasional sementara",
      },
    };
  }
  for (const [re, f] of ELECTIONS) {
    const m = re.exec(name);
    if (m) return { kind: "election", names: { ko: name, ...f(m) } };
  }
  return { kind: /선거/.test(name) ? "election" : "temporary", names: { ko: name, en: name, id: name } };
}
