// The Date header of a message, read by one reader for the store (the sent time every screen shows, the
// received time of fetched and imported mail) and for IMAP's SENTBEFORE/SENTON/SENTSINCE. JavaScript's
// `new Date(string)` is not used: its reading is implementation-specific and depends on the process's time
// zone (a date without a zone is local time, so two servers would file one message at two instants), it
// reads a zone without a sign ("0900") as no zone, the year 0026 as 2026, and refuses "KST".
//
// Read: RFC 5322 §3.3 with the obsolete syntax of §4.3 — optional day of week, optional seconds, comments
// in parentheses (nested too), folding whitespace, two-digit years (below 50 → 20xx, else 19xx), three-digit
// years (+1900), the zones UT, GMT, EST/EDT, CST/CDT, MST/MDT, PST/PDT (the US zones RFC 5322 defines: CST
// is US Central even from a mailer that meant China, as the RFC says) and the military letters (as -0000,
// which §4.3 asks for: RFC 822 had their signs backwards). And the malformations real mail carries whose
// meaning is not in doubt:
// - a zone without its sign ("0900") is east of UTC: the sign that goes missing is a "+", turned into a
//   space by form or URL decoding on the way to the mailer ("-" survives that);
// - "+09:00", "+09", "GMT+0900", "UTC+9", and a zone word after a numeric zone ("+0900 KST": the number
//   decides);
// - UTC, and zone abbreviations with one meaning in mail: KST and JST (+0900, neither has summer time),
//   CET/CEST (+0100/+0200), EET/EEST (+0200/+0300). BST (British summer time or Bangladesh), IST (India,
//   Ireland or Israel) and other abbreviations that name several zones are not guessed at: the date answers
//   null;
// - full or dotted month and day names ("November", "Nov.", "Tues"), "24-Nov-2026";
// - the month first: "Nov 24, 2026 10:00:00", JavaScript's "Tue Nov 24 2026 10:00:00 GMT+0900 (KST)" and
//   C's asctime "Tue Nov 24 10:00:00 [KST] 2026";
// - ISO-like dates with the year first: "2026-11-24 10:00:00", "2026-11-24T10:00:00+09:00", "2026/11/24 …";
// - no zone at all: read as UTC (the only reading that does not depend on the server; a sender that wrote
//   no zone said nothing about one).
// Anything else answers null — a day that does not exist, an hour past 23, a zone past ±14 hours, a year
// before 1970 (no mail predates the Unix epoch: such a year is a mailer's error, like "0000", "0026" or the
// two-digit "50"–"69") or after 9999, a day of week that is no day name (one that names the wrong day is not
// checked: the date itself says more) — and the callers fall back to the time the message was received.

/** What a Date header says. */
export interface MailDate {
  /** The instant it names. */
  instant: Date;
  /** The calendar day as it writes it, in its own zone ("YYYY-MM-DD"): IMAP's SENT* keys compare this. */
  day: string;
}

export const MAIL_DATE_MIN_YEAR = 1970;
export const MAIL_DATE_MAX_YEAR = 9999;

const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];
const DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];

/** Zone names (lower case) → minutes east of UTC. */
const NAMED_ZONES = new Map<string, number>([
  // RFC 5322 §4.3
  ["ut", 0], ["gmt", 0], ["est", -300], ["edt", -240], ["cst", -360], ["cdt", -300], ["mst", -420], ["mdt", -360],
  ["pst", -480], ["pdt", -420],
  // Not in RFC 5322, each with one meaning (see the top of this file)
  ["utc", 0], ["kst", 540], ["jst", 540], ["cet", 60], ["cest", 120], ["eet", 120], ["eest", 180],
]);

const MAX_OFFSET_MINUTES = 14 * 60;

// The parts of the patterns, on the text in lower case with comments gone and whitespace runs as one space.
const DOW = "(?:(?<dow>[a-z]{3,9})\\.? ?,? ?)?";
const MONTH = "(?<month>[a-z]{3,9})\\.?";
const TIME = "(?<hour>\\d{1,2}) ?: ?(?<minute>\\d{2})(?: ?: ?(?<second>\\d{2}))?";

/** Day month year time zone: RFC 5322 and its obsolete forms. */
const DAY_FIRST = new RegExp(`^${DOW}(?<day>\\d{1,2})[ -]${MONTH}[ -](?<year>\\d{2,}),? ${TIME} ?(?<zone>.*)$`);
/** Month day year time zone: "Nov 24, 2026 10:00:00", JavaScript's Date#toString. */
const MONTH_FIRST = new RegExp(`^${DOW}${MONTH} (?<day>\\d{1,2}),? (?<year>\\d{4}),? ${TIME} ?(?<zone>.*)$`);
/** asctime: month day time [zone] year. */
const ASCTIME = new RegExp(`^${DOW}${MONTH} (?<day>\\d{1,2}) ${TIME}(?: (?<zone>[a-z+-][a-z0-9+:-]*))? (?<year>\\d{4})$`);
/** Year-first numeric dates: "2026-11-24 10:00:00", ISO 8601 with its T, fractions of a second and zone. */
const YEAR_FIRST =
  /^(?<year>\d{4})(?<sep>[-/.])(?<monthNumber>\d{1,2})\k<sep>(?<day>\d{1,2})(?:t| )(?<hour>\d{1,2}):(?<minute>\d{2})(?::(?<second>\d{2})(?:[.,](?<fraction>\d{1,9}))?)? ?(?<zone>.*)$/;

/** The Date header's value read; null when it cannot be read with confidence (see above). */
export function readMailDate(value: string | null | undefined): MailDate | null {
  if (!value) return null;
  const text = withoutComments(value).replace(/\s+/g, " ").trim().toLowerCase();
  for (const pattern of [DAY_FIRST, MONTH_FIRST, ASCTIME, YEAR_FIRST]) {
    const parts = pattern.exec(text)?.groups;
    if (parts) return dateOf(parts);
  }
  return null;
}

/** The instant of a Date header's value; null when it cannot be read. */
export function mailDateInstant(value: string | null | undefined): Date | null {
  return readMailDate(value)?.instant ?? null;
}

function dateOf(p: Record<string, string | undefined>): MailDate | null {
  if (p.dow !== undefined && !isPrefixOfName(p.dow, DAYS)) return null;
  const month = p.monthNumber !== undefined ? Number(p.monthNumber) - 1 : MONTHS.findIndex((m) => isPrefixOf(p.month!, m));
  const year = fullYear(p.year!);
  const day = Number(p.day);
  const [hour, minute, second] = [Number(p.hour), Number(p.minute), Number(p.second ?? 0)];
  const offset = offsetOf(p.zone ?? "");
  if (month < 0 || month > 11 || year < MAIL_DATE_MIN_YEAR || year > MAIL_DATE_MAX_YEAR || offset === null) return null;
  // Second 60 is a leap second (RFC 5322 allows it): the instant is then the next minute's start.
  if (hour > 23 || minute > 59 || second > 60 || day < 1 || day > daysIn(year, month)) return null;
  const millis = p.fraction ? Math.floor(Number(`0.${p.fraction}`) * 1000) : 0;
  const instant = new Date(Date.UTC(year, month, day, hour, minute, second, millis) - offset * 60_000);
  if (instant.getUTCFullYear() > MAIL_DATE_MAX_YEAR) return null;
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  return { instant, day: `${pad(year, 4)}-${pad(month + 1)}-${pad(day)}` };
}

/** Two-digit years are 1950–2049, three-digit ones count from 1900 (RFC 5322 §4.3). */
function fullYear(text: string): number {
  const year = Number(text);
  if (text.length === 2) return year + (year < 50 ? 2000 : 1900);
  if (text.length === 3) return year + 1900;
  return year;
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

function isPrefixOf(word: string, name: string): boolean {
  return word.length >= 3 && name.startsWith(word);
}

function isPrefixOfName(word: string, names: string[]): boolean {
  return names.some((n) => isPrefixOf(word, n));
}

/** Minutes east of UTC of the zone text (lower case); 0 for none; null when it is not a zone read with confidence. */
function offsetOf(zone: string): number | null {
  if (zone === "") return 0;
  // "+0900", "+09:00", "+09", "gmt+9", "utc+09:00", each maybe followed by a zone word the number overrides.
  const signed = /^(?:(?:gmt|utc|ut) ?)?(?<sign>[+-])(?<hours>\d{1,2})(?::?(?<minutes>\d{2}))?(?: [a-z]+)?$/.exec(zone)?.groups;
  // "0900": a "+" lost on the way (see the top of this file).
  const unsigned = /^(?<hours>\d{2})(?<minutes>\d{2})(?: [a-z]+)?$/.exec(zone)?.groups;
  const numeric = signed ?? unsigned;
  if (numeric) {
    const hours = Number(numeric.hours);
    const minutes = Number(numeric.minutes ?? 0);
    const offset = hours * 60 + minutes;
    if (minutes > 59 || offset > MAX_OFFSET_MINUTES) return null;
    return numeric.sign === "-" ? -offset : offset;
  }
  const named = NAMED_ZONES.get(zone);
  if (named !== undefined) return named;
  // Military single letters (J is not a zone): "-0000", that is UTC with the local zone unknown (§4.3).
  if (/^[a-ik-z]$/.test(zone)) return 0;
  return null;
}

/** The text without its comments: "(…)", nested, with quoted-pairs; an unclosed comment runs to the end. */
function withoutComments(value: string): string {
  let out = "";
  let depth = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (depth > 0 && c === "\\") i++;
    else if (c === "(") depth++;
    else if (c === ")" && depth > 0) {
      if (--depth === 0) out += " ";
    } else if (depth === 0) out += c;
  }
  return out;
}
