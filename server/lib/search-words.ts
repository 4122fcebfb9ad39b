// A search keyword's words as SQL, with the mail module's design (search-tokens.ts: Korean as overlapping
// two-syllable grams found anywhere, other words at a word's start), shared by the modules' searches (boards,
// the wiki). Every word must match. The GIN index of a search_vector finds the candidates. A word of one lexeme
// (a two-syllable Korean word, one English word) is then exact: that lexeme in the vector is that word in the
// text. A word of several lexemes (회의록 = 회의 + 의록, 3분기) is confirmed against the real text as a
// substring, so "회의 … 의록" is not a match, nor grams split between a title and a text; as in the mail search,
// the text is read as stored (LIKE, or ILIKE when the word has letters with case), not NFKC-normalised per row,
// which would cost more than the rest of the search.
import { and, or, type SQL, sql } from "drizzle-orm";
import { escapeLike } from "./like.ts";
import { queryTerm, tsqueryOf } from "./search-tokens.ts";

export const normalizeWord = (word: string) => word.normalize("NFKC").toLowerCase();

/** A word of the keyword: as typed, normalised, its LIKE pattern, whether it has case, whether its lexemes alone are exact. */
export interface Word {
  text: string;
  norm: string;
  like: string;
  cased: boolean;
  exact: boolean;
  /** Matched at a word's start only (not CJK): "port" finds "portal", not "report". */
  prefix: boolean;
}

/** The words of a keyword (split on spaces); words of punctuation only are left out. */
export function wordsOf(keyword: string): Word[] {
  // Punctuation around a word is not part of it ("회의," "(report)"), as in the mail search.
  const trimmed = keyword.split(/\s+/).map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ""));
  return trimmed.filter((w) => w && tsqueryOf(queryTerm(w), "") !== null).map((w) => {
    const term = queryTerm(w);
    const n = normalizeWord(w);
    // One lexeme that is the whole word (not "a.b" or "3분기", whose pieces must stand together in the text).
    const exact = term.all.length + term.prefix.length === 1 && (term.all[0] ?? term.prefix[0]) === n;
    return { text: w, norm: n, like: `%${escapeLike(n)}%`, cased: n !== n.toUpperCase(), exact, prefix: term.all.length === 0 };
  });
}

/** One tsquery for all the words, restricted to a weight ("" any): the index answers them at once. */
export function tsqueryAll(words: Word[], weights: string): string {
  return words.map((w) => `(${tsqueryOf(queryTerm(w.text), weights)})`).join(" & ");
}

/** The word as a substring of a stored text column. */
export const likeIn = (column: SQL, w: Word) => (w.cased ? sql`${column} ilike ${w.like}` : sql`${column} like ${w.like}`);

/** Each word that its lexemes do not settle, in one of `columns` (confirming the index's candidates). */
export function inColumns(columns: SQL[], words: Word[]): SQL {
  const checks = words.filter((w) => !w.exact).map((w) => or(...columns.map((c) => likeIn(c, w)))!);
  return checks.length ? and(...checks)! : sql`true`;
}
