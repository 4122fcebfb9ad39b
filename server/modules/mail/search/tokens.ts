// Search lexemes for mail. Korean (and Chinese and Japanese) text has no spaces between the parts people
// search for, and PostgreSQL's trigram index cannot answer a two-syllable pattern, so text is indexed as
// overlapping two-character grams for those scripts and as whole words for the rest. A query is turned into
// the same grams (all must be present) and words (as prefixes), and the candidate rows the GIN index finds
// are then checked against the real text, so "회의록" does not match "회의 ... 의록".
//
// Lexemes are built here, not by a text-search configuration: mails.search_vector is written as a tsvector
// literal (every lexeme quoted, one position per field so it carries the field's weight: a positionless
// lexeme would match any weight) and queries as tsquery literals, so the database's locale never changes
// what is indexed or found.

const CJK = /[\p{Script=Hangul}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const RUN = /[\p{L}\p{N}]+/gu;
const MAX_WORD = 40;
/** Lexemes per field at most; bodies beyond this are not searchable past their start. */
const MAX_LEXEMES = 4000;

function normalize(text: string): string {
  return text.normalize("NFKC").toLowerCase();
}

/** No character below U+1100 (the first Hangul jamo) is of a CJK script: most words need no regex test. */
const FIRST_CJK = 0x1100;

/** Splits a run of letters and digits into pieces of one kind: CJK or not (slices, no per-character strings). */
function pieces(run: string): { cjk: boolean; text: string }[] {
  let i = 0;
  while (i < run.length && run.charCodeAt(i) < FIRST_CJK) i++;
  if (i === run.length) return [{ cjk: false, text: run }];
  const out: { cjk: boolean; text: string }[] = [];
  let start = 0;
  let kind = false;
  for (let at = 0; at < run.length;) {
    const code = run.codePointAt(at)!;
    const width = code > 0xffff ? 2 : 1;
    const cjk = code >= FIRST_CJK && CJK.test(run.slice(at, at + width));
    if (at > 0 && cjk !== kind) {
      out.push({ cjk: kind, text: run.slice(start, at) });
      start = at;
    }
    kind = cjk;
    at += width;
  }
  out.push({ cjk: kind, text: run.slice(start) });
  return out;
}

function grams(text: string): string[] {
  const chars = [...text];
  if (chars.length === 1) return chars;
  const out: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i] + chars[i + 1]);
  return out;
}

/** The distinct lexemes of a text, for the index. */
export function lexemes(text: string, limit = MAX_LEXEMES): string[] {
  const seen = new Set<string>();
  for (const m of normalize(text).matchAll(RUN)) {
    for (const p of pieces(m[0])) {
      const add = p.cjk ? grams(p.text) : [p.text.slice(0, MAX_WORD)];
      for (const l of add) {
        seen.add(l);
        if (seen.size >= limit) return [...seen];
      }
    }
  }
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
  for (const m of normalize(word).matchAll(RUN)) {
    for (const p of pieces(m[0])) {
      if (!p.cjk) prefix.push(p.text.slice(0, MAX_WORD));
      else if ([...p.text].length === 1) prefix.push(p.text);
      else all.push(...grams(p.text));
    }
  }
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

function quote(lexeme: string): string {
  if (!lexeme.includes("\\") && !lexeme.includes("'")) return `'${lexeme}'`;
  return `'${lexeme.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;
}

/** The text fields of a message, by the weight they are indexed under. */
export interface SearchFields {
  subject: string;
  /** From, To and Cc names and addresses. */
  addresses: string;
  body: string;
  attachmentNames: string;
}

const FIELD_POSITION = { A: 1, B: 2, C: 3, D: 4 } as const;

/** The tsvector literal of a message's fields: A subject, B addresses, C body, D attachment names. */
export function searchVectorLiteral(f: SearchFields): string {
  const parts: string[] = [];
  const add = (lexemeList: string[], weight: keyof typeof FIELD_POSITION) => {
    for (const l of lexemeList) parts.push(`${quote(l)}:${FIELD_POSITION[weight]}${weight}`);
  };
  add(lexemes(f.subject, 500), "A");
  add(lexemes(f.addresses, 1000), "B");
  add(lexemes(f.body.slice(0, 200_000)), "C");
  add(lexemes(f.attachmentNames, 500), "D");
  return parts.join(" ");
}
