// Korean initial-consonant (초성) keys of names, as Korean address books use them. Pure, no imports: the
// server stores them (contact_cards.consonant, .initials) and the browser may use them to highlight.
//
// The rule, written once:
// - A Hangul syllable's initial is its leading consonant (김 → ㄱ); a compatibility jamo consonant typed alone
//   (ㄱ, ㅁ) is its own initial.
// - Double consonants count under their single one, as Korean phone books file them: ㄲ → ㄱ, ㄸ → ㄷ,
//   ㅃ → ㅂ, ㅆ → ㅅ, ㅉ → ㅈ. So the ㄱ tab lists 김 and 까치, and the initials search "ㄱㅁ" finds 김민수 and
//   꽃마을 alike ("ㄲㅁ" is folded the same way and finds both too).
// - The consonant tab of a card: its name's first letter: one of the 14 Korean tabs, A to Z for a Latin letter
//   (accents dropped), otherwise "#".
// - Sorting: Korean names first (가나다 order), then Latin (A to Z), then the rest, each by code point.

/** The 19 leading consonants in syllable order (index = (code - 0xAC00) / 588). */
const LEADS = ["ㄱ", "ㄲ", "ㄴ", "ㄷ", "ㄸ", "ㄹ", "ㅁ", "ㅂ", "ㅃ", "ㅅ", "ㅆ", "ㅇ", "ㅈ", "ㅉ", "ㅊ", "ㅋ", "ㅌ", "ㅍ", "ㅎ"];
const FOLD: Record<string, string> = { "ㄲ": "ㄱ", "ㄸ": "ㄷ", "ㅃ": "ㅂ", "ㅆ": "ㅅ", "ㅉ": "ㅈ" };

/** The consonant tabs of the list filter (GET api/contact/card consonant=...). */
export const KOREAN_CONSONANTS = ["ㄱ", "ㄴ", "ㄷ", "ㄹ", "ㅁ", "ㅂ", "ㅅ", "ㅇ", "ㅈ", "ㅊ", "ㅋ", "ㅌ", "ㅍ", "ㅎ"] as const;
export const LATIN_CONSONANTS = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZ"] as const;
/** Names that start with neither. */
export const OTHER_CONSONANT = "#";
export const CONSONANTS: readonly string[] = [...KOREAN_CONSONANTS, ...LATIN_CONSONANTS, OTHER_CONSONANT];

const SYLLABLE_FIRST = 0xac00;
const SYLLABLE_LAST = 0xd7a3;
/** ㄱ (U+3131) to ㅎ (U+314E): the compatibility jamo consonants a keyboard types. */
const JAMO_CONSONANT = /^[\u3131-\u314e]$/;

function leadOf(ch: string): string | null {
  const code = ch.codePointAt(0)!;
  if (code >= SYLLABLE_FIRST && code <= SYLLABLE_LAST) return LEADS[Math.floor((code - SYLLABLE_FIRST) / 588)];
  if (JAMO_CONSONANT.test(ch)) return ch;
  return null;
}

function fold(consonant: string): string {
  return FOLD[consonant] ?? consonant;
}

/** True when the text is only initial consonants (ㄱ..ㅎ, spaces ignored): "ㄱㅁ" is an initials search. */
export function isInitialsQuery(text: string): boolean {
  const t = text.replace(/\s+/g, "");
  return t.length > 0 && [...t].every((ch) => JAMO_CONSONANT.test(ch) && LEADS.includes(ch));
}

/** The folded initials of a query: "ㄲ ㅁ" → "ㄱㅁ". */
export function foldInitials(text: string): string {
  return [...text.replace(/\s+/g, "")].map(fold).join("");
}

/**
 * The initials key of a name: each Hangul syllable's folded leading consonant; other letters and digits
 * lower-cased as they are; spaces and punctuation dropped. "김 민수" → "ㄱㅁㅅ", "까치 Kim" → "ㄱㅊkim".
 */
export function initialsOf(name: string): string {
  let out = "";
  for (const ch of name.normalize("NFC")) {
    const lead = leadOf(ch);
    if (lead) out += fold(lead);
    else if (/[\p{L}\p{N}]/u.test(ch)) out += ch.toLowerCase();
  }
  return out;
}

/** The consonant tab of a name (see the rule above). */
export function consonantOf(name: string): string {
  const first = [...name.normalize("NFC").trim()][0];
  if (!first) return OTHER_CONSONANT;
  const lead = leadOf(first);
  if (lead) return fold(lead);
  const latin = first.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toUpperCase();
  return /^[A-Z]$/.test(latin) ? latin : OTHER_CONSONANT;
}

/** A key that sorts Korean names first, then Latin ones, then the rest (compare with code point order). */
export function sortKeyOf(name: string): string {
  const n = name.normalize("NFC").trim().toLowerCase();
  const c = consonantOf(n);
  const group = c === OTHER_CONSONANT ? "3" : /^[A-Z]$/.test(c) ? "2" : "1";
  return group + n;
}
