// The keyword of the wiki search as SQL (server/lib/search-tokens.ts, the design the boards and mail use:
// Korean as overlapping two-syllable grams found anywhere, other words at a word's start). Every word must
// match. The GIN index of wiki_docs.search_vector finds the candidates; a word of one lexeme (회의, report) is
// then exact; a word of several (회의록 = 회의 + 의록, 3분기) is confirmed against the real text (title, plain)
// as a substring, so "회의 … 의록" is no match, nor grams split between the title and the text. As in the
// boards (server/modules/board/search/condition.ts, whose word rules these are), stored text is read as is
// (LIKE, ILIKE for words with case), not NFKC-normalised per row.
import { and, or, type SQL, sql } from "drizzle-orm";
import type { SearchType } from "../../../../shared/wiki/constants.ts";
import { escapeLike } from "../../../lib/like.ts";
import { queryTerm, tsqueryOf } from "../../../lib/search-tokens.ts";

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

/** The words of a keyword (split on spaces); punctuation around a word is not part of it; nothing-words left out. */
export function wordsOf(keyword: string): Word[] {
  const trimmed = keyword.split(/\s+/).map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ""));
  return trimmed.filter((w) => w && tsqueryOf(queryTerm(w), "") !== null).map((w) => {
    const term = queryTerm(w);
    const n = normalizeWord(w);
    const exact = term.all.length + term.prefix.length === 1 && (term.all[0] ?? term.prefix[0]) === n;
    return { text: w, norm: n, like: `%${escapeLike(n)}%`, cased: n !== n.toUpperCase(), exact, prefix: term.all.length === 0 };
  });
}

/** One tsquery for all the words, restricted to a weight ("" any; A the title, B the text). */
function tsqueryAll(words: Word[], weights: string): string {
  return words.map((w) => `(${tsqueryOf(queryTerm(w.text), weights)})`).join(" & ");
}

const likeIn = (column: SQL, w: Word) => (w.cased ? sql`${column} ilike ${w.like}` : sql`${column} like ${w.like}`);

/** Each word its lexemes do not settle, in one of `columns`. */
function inColumns(columns: SQL[], words: Word[]): SQL {
  const checks = words.filter((w) => !w.exact).map((w) => or(...columns.map((c) => likeIn(c, w)))!);
  return checks.length ? and(...checks)! : sql`true`;
}

/** The keyword condition on documents d (words non-empty). */
export function docMatch(words: Word[], type: SearchType): SQL {
  switch (type) {
    case "title":
      // Any weight for the index (a weight makes it read every candidate's vector again), then the title.
      return sql`d.search_vector @@ ${tsqueryAll(words, "")}::tsquery and ${inTitle(words)}`;
    case "text":
      return sql`d.search_vector @@ ${tsqueryAll(words, "B")}::tsquery and ${inColumns([sql`d.plain`], words)}`;
    case "all":
      return sql`d.search_vector @@ ${tsqueryAll(words, "")}::tsquery and ${inColumns([sql`d.title`, sql`d.plain`], words)}`;
  }
}

/**
 * Whether every word is in the title of d (the order of "all": title matches first; the condition of "title").
 * A word matched anywhere (Korean grams) is in the title when it is a substring of it; the title is a short
 * column of the row, so this reads no vector. A word matched at a word's start (report) then needs the title's
 * lexemes, read only for a title holding every word as a substring.
 */
export function inTitle(words: Word[]): SQL {
  const likes = and(...words.map((w) => likeIn(sql`d.title`, w)))!;
  const starts = words.filter((w) => w.prefix);
  if (!starts.length) return sql`(${likes})`;
  return sql`(case when ${likes} then d.search_vector @@ ${tsqueryAll(starts, "A")}::tsquery else false end)`;
}
