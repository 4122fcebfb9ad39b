// Search lexemes (moved here from server/modules/mail/search/tokens.ts so every module's search uses the
// same design: mail, the calendar, contacts). Korean (and Chinese and Japanese) text has no spaces between the parts people
// search for, and PostgreSQL's trigram index cannot answer a two-syllable pattern, so text is indexed as
// overlapping two-character grams for those scripts and as whole words for the rest. A query is turned into
// the same grams (all must be present) and words (as prefixes), and the candidate rows the GIN index finds
// are then checked against the real text, so "회의록" does not match "회의 ... 의록". So a Latin word matches
// at a word's start only ("port" finds "portal", not "report"), a Korean one of two syllables anywhere.
//
// Lexemes are built here, not by a text-search configuration: a search_vector column is written as a tsvector
// literal (every lexeme quoted, one position per field so it carries the field's weight: a positionless
// lexeme would match any weight) and queries as tsquery literals, so the database's locale never changes
// what is indexed or found.

const CJK = /[\p{Script=Hangul}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const LETTER_OR_NUMBER = /[\p{L}\p{N}]/u;
const MAX_WORD = 40;
/** Lexemes per field at most; bodies beyond this are not searchable past their start. */
const MAX_LEXEMES = 4000;

function normalize(text: string): string {
  return text.normalize("NFKC").toLowerCase();
}

// A text is read as pieces: the longest stretches of letters and digits of one kind, CJK (indexed as grams)
// or not (indexed as words). Everything else separates them.
const OTHER = 1;
const WORD = 2;
const CJK_CHAR = 3;

/** No character below U+1100 (the first Hangul jamo) is of a CJK script. */
const FIRST_CJK = 0x1100;

function classify(ch: string): number {
  if (!LETTER_OR_NUMBER.test(ch)) return OTHER;
  return ch.codePointAt(0)! >= FIRST_CJK && CJK.test(ch) ? CJK_CHAR : WORD;
}

/**
 * The kind of a character: the regexes' answer, kept per code point of the Basic Multilingual Plane once
 * asked (0 means not yet), since a body asks for the same few hundred characters thousands of times.
 * Characters beyond it (surrogate pairs) are rare enough to ask the regexes each time; a lone surrogate is
 * neither letter nor digit.
 */
const bmpKind = new Uint8Array(0x10000);
function kindOf(code: number): number {
  if (code > 0xffff) return classify(String.fromCodePoint(code));
  let kind = bmpKind[code];
  if (kind === 0) bmpKind[code] = kind = classify(String.fromCharCode(code));
  return kind;
}

/**
 * Calls `piece` for each piece of an already normalised text, in order, with whether it is CJK and whether it
 * holds a character beyond the Basic Multilingual Plane; stops when `piece` answers true.
 */
function eachPiece(text: string, piece: (text: string, cjk: boolean, astral: boolean) => boolean | void): void {
  let start = -1;
  let kind = OTHER;
  let astral = false;
  for (let at = 0; at < text.length;) {
    const unit = text.charCodeAt(at);
    // Letters and digits below U+0080 are the common case: no table needed.
    const code = unit >= 0xd800 && unit <= 0xdbff ? text.codePointAt(at)! : unit;
    const k = code < 0x80
      ? ((code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) ? WORD : OTHER)
      : kindOf(code);
    if (k !== kind) {
      if (kind !== OTHER && piece(text.slice(start, at), kind === CJK_CHAR, astral)) return;
      kind = k;
      start = at;
      astral = false;
    }
    const width = code > 0xffff ? 2 : 1;
    if (width === 2) astral = true;
    at += width;
  }
  if (kind !== OTHER) piece(text.slice(start), kind === CJK_CHAR, astral);
}

/** The overlapping two-character grams of a CJK piece (the piece itself when it is one character). */
function grams(text: string, astral: boolean): string[] {
  if (astral) {
    const chars = [...text];
    if (chars.length === 1) return chars;
    const out: string[] = [];
    for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i] + chars[i + 1]);
    return out;
  }
  if (text.length === 1) return [text];
  const out: string[] = [];
  for (let i = 0; i + 1 < text.length; i++) out.push(text.slice(i, i + 2));
  return out;
}

/** The distinct lexemes of a text, for the index. */
export function lexemes(text: string, limit = MAX_LEXEMES): string[] {
  const seen = new Set<string>();
  eachPiece(normalize(text), (piece, cjk, astral) => {
    if (!cjk) {
      seen.add(piece.length > MAX_WORD ? piece.slice(0, MAX_WORD) : piece);
      return seen.size >= limit;
    }
    if (!astral) {
      // Grams straight into the set: no array of them first.
      if (piece.length === 1) seen.add(piece);
      for (let i = 0; i + 1 < piece.length; i++) {
        seen.add(piece.slice(i, i + 2));
        if (seen.size >= limit) return true;
      }
      return seen.size >= limit;
    }
    for (const l of grams(piece, true)) {
      seen.add(l);
      if (seen.size >= limit) return true;
    }
  });
  return [...seen];
}

export interface QueryTerm {
  /** Lexemes that must all be present. */
  all: string[];
  /** Word lexemes matched as prefixes ("repo" finds "report"). */
  prefix: string[];
}

/** The lexemes a search word needs: CJK grams exactly, other words as prefixes. */
export function queryTerm(word: string): QueryTerm {
  const all: string[] = [];
  const prefix: string[] = [];
  eachPiece(normalize(word), (piece, cjk, astral) => {
    if (!cjk) prefix.push(piece.slice(0, MAX_WORD));
    else if ([...piece].length === 1) prefix.push(piece);
    else all.push(...grams(piece, astral));
  });
  return { all: [...new Set(all)], prefix: [...new Set(prefix)] };
}

/** A tsquery literal: every lexeme quoted (no parser involved), restricted to the given weights. */
export function tsqueryOf(term: QueryTerm, weights: string): string | null {
  const w = weights ? `:${weights}` : "";
  const parts = [
    ...term.all.map((l) => `${quote(l)}${w}`),
    ...term.prefix.map((l) => `${quote(l)}:*${weights}`),
  ];
  return parts.length ? parts.join(" & ") : null;
}

export function quote(lexeme: string): string {
  if (!lexeme.includes("\\") && !lexeme.includes("'")) return `'${lexeme}'`;
  return `'${lexeme.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;
}

const FIELD_POSITION = { A: 1, B: 2, C: 3, D: 4 } as const;
export type VectorWeight = keyof typeof FIELD_POSITION;

/**
 * A tsvector literal from lexeme lists by weight: every lexeme quoted, with one position per weight so it
 * carries the weight (a positionless lexeme would match any weight).
 */
export function vectorLiteral(fields: [lexemes: string[], weight: VectorWeight][]): string {
  const parts: string[] = [];
  for (const [lexemeList, weight] of fields) {
    for (const l of lexemeList) parts.push(`${quote(l)}:${FIELD_POSITION[weight]}${weight}`);
  }
  return parts.join(" ");
}
