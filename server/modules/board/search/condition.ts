// The keyword conditions of the board search, with the mail module's design (server/lib/search-tokens.ts:
// Korean as overlapping two-syllable grams found anywhere, other words at a word's start). Every word of the
// keyword must match. The GIN index of search_vector (vectors.ts) finds the candidates. A word of one lexeme (a
// two-syllable Korean word, one English word) is then exact: that lexeme in the vector is that word in the
// text. A word of several lexemes (회의록 = 회의 + 의록) is confirmed against the real text as a substring, so
// "회의 … 의록" is not a match, nor grams split between a title and a text; as in the mail search, the text is
// read as stored (LIKE, or ILIKE when the word has letters with case), not NFKC-normalised per row, which
// would cost more than the rest of the search.
import { and, or, type SQL, sql } from "drizzle-orm";
import type { SearchField } from "../../../../shared/board/constants.ts";
import { escapeLike } from "../../../lib/like.ts";
import { queryTerm, tsqueryOf } from "../../../lib/search-tokens.ts";

export const normalizeWord = (word: string) => word.normalize("NFKC").toLowerCase();

/** A word of the keyword: its LIKE pattern, whether it has case, whether its lexemes alone are exact. */
export interface Word {
  text: string;
  like: string;
  cased: boolean;
  exact: boolean;
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
    return { text: w, like: `%${escapeLike(n)}%`, cased: n !== n.toUpperCase(), exact };
  });
}

/** Whether the keyword holds something to search for (a keyword of punctuation only finds nothing). */
export const hasKeyword = (keyword: string) => keyword.trim() !== "";

/** One tsquery for all the words, restricted to a weight ("" any): the index answers them at once. */
function tsqueryAll(words: Word[], weights: string): string {
  return words.map((w) => `(${tsqueryOf(queryTerm(w.text), weights)})`).join(" & ");
}

const norm = (column: SQL) => sql`lower(normalize(${column}, NFKC))`;

/** The word as a substring of a stored text column. */
const likeIn = (column: SQL, w: Word) => w.cased ? sql`${column} ilike ${w.like}` : sql`${column} like ${w.like}`;

/** Each word that its lexemes do not settle, in one of `columns` (confirming the index's candidates). */
function inColumns(columns: SQL[], words: Word[]): SQL {
  const checks = words.filter((w) => !w.exact).map((w) => or(...columns.map((c) => likeIn(c, w)))!);
  return checks.length ? and(...checks)! : sql`true`;
}

/** Users of the company whose name holds every word (the writer search). */
function writers(companyId: number, words: Word[]): SQL {
  const names = words.map((w) => sql`(${norm(sql`u.account_name`)} like ${w.like} or ${norm(sql`u.display_name`)} like ${w.like})`);
  return sql`(select u.id from users u where u.company_id = ${companyId} and ${and(...names)})`;
}

/**
 * The keyword condition on posts p (searchType: ALL the title or the text, TITLE, CONTENT, WRITER the author's
 * name); null when there is no keyword (a search by tags alone).
 */
export function postMatch(companyId: number, keyword: string, field: SearchField): SQL | null {
  if (!hasKeyword(keyword)) return null;
  const words = wordsOf(keyword);
  if (!words.length) return sql`false`;
  switch (field) {
    case "WRITER":
      return sql`p.user_id in ${writers(companyId, words)}`;
    case "TITLE":
      return sql`p.search_vector @@ ${tsqueryAll(words, "A")}::tsquery and ${inColumns([sql`p.title`], words)}`;
    case "CONTENT":
      return sql`p.search_vector @@ ${tsqueryAll(words, "B")}::tsquery and ${inColumns([sql`p.text`], words)}`;
    case "ALL":
      return sql`p.search_vector @@ ${tsqueryAll(words, "")}::tsquery and ${inColumns([sql`p.title`, sql`p.text`], words)}`;
  }
}

/** The keyword condition on replies r (their text; WRITER: the reply's author); null without a keyword. */
export function replyMatch(companyId: number, keyword: string, field: SearchField): SQL | null {
  if (!hasKeyword(keyword)) return null;
  const words = wordsOf(keyword);
  if (!words.length) return sql`false`;
  if (field === "WRITER") return sql`r.user_id in ${writers(companyId, words)}`;
  return sql`r.search_vector @@ ${tsqueryAll(words, "")}::tsquery and ${inColumns([sql`r.content`], words)}`;
}

/** The keyword condition on files f (their name; WRITER: the uploader); null without a keyword. */
export function fileMatch(companyId: number, keyword: string, field: SearchField): SQL | null {
  if (!hasKeyword(keyword)) return null;
  const words = wordsOf(keyword);
  if (!words.length) return sql`false`;
  if (field === "WRITER") return sql`f.uploader_id in ${writers(companyId, words)}`;
  return sql`f.search_vector @@ ${tsqueryAll(words, "")}::tsquery and ${inColumns([sql`f.name`], words)}`;
}
