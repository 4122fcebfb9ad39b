// The keyword conditions of the board search, with the mail module's design (server/lib/search-tokens.ts:
// Korean as overlapping two-syllable grams found anywhere, other words at a word's start). Every word of the
// keyword must match. The GIN index of search_vector (vectors.ts) finds the candidates; the real text,
// normalised as the lexemes are (NFKC, lower case), confirms them, so "회의록" does not match "회의 … 의록"
// and a word's grams split between a title and a text do not make a match either.
import { and, or, type SQL, sql } from "drizzle-orm";
import type { SearchField } from "../../../../shared/board/constants.ts";
import { escapeLike } from "../../../lib/like.ts";
import { queryTerm, tsqueryOf } from "../../../lib/search-tokens.ts";

export const normalizeWord = (word: string) => word.normalize("NFKC").toLowerCase();

/** The words of a keyword (split on spaces), each with its tsquery; words of punctuation only are left out. */
export interface Word {
  text: string;
  like: string;
}

export function wordsOf(keyword: string): Word[] {
  return keyword.split(/\s+/).filter((w) => w && tsqueryOf(queryTerm(w), "") !== null)
    .map((w) => ({ text: w, like: `%${escapeLike(normalizeWord(w))}%` }));
}

/** Whether the keyword holds something to search for (a keyword of punctuation only finds nothing). */
export const hasKeyword = (keyword: string) => keyword.trim() !== "";

/** One tsquery for all the words, restricted to a weight ("" any): the index answers them at once. */
function tsqueryAll(words: Word[], weights: string): string {
  return words.map((w) => `(${tsqueryOf(queryTerm(w.text), weights)})`).join(" & ");
}

const norm = (column: SQL) => sql`lower(normalize(${column}, NFKC))`;

/** Each word in `column` (confirming the index's candidates). */
const inColumn = (column: SQL, words: Word[]) => and(...words.map((w) => sql`${norm(column)} like ${w.like}`))!;

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
      return sql`p.search_vector @@ ${tsqueryAll(words, "A")}::tsquery and ${inColumn(sql`p.title`, words)}`;
    case "CONTENT":
      return sql`p.search_vector @@ ${tsqueryAll(words, "B")}::tsquery and ${inColumn(sql`p.text`, words)}`;
    case "ALL": {
      const each = words.map((w) => or(sql`${norm(sql`p.title`)} like ${w.like}`, sql`${norm(sql`p.text`)} like ${w.like}`)!);
      return sql`p.search_vector @@ ${tsqueryAll(words, "")}::tsquery and ${and(...each)}`;
    }
  }
}

/** The keyword condition on replies r (their text; WRITER: the reply's author); null without a keyword. */
export function replyMatch(companyId: number, keyword: string, field: SearchField): SQL | null {
  if (!hasKeyword(keyword)) return null;
  const words = wordsOf(keyword);
  if (!words.length) return sql`false`;
  if (field === "WRITER") return sql`r.user_id in ${writers(companyId, words)}`;
  return sql`r.search_vector @@ ${tsqueryAll(words, "")}::tsquery and ${inColumn(sql`r.content`, words)}`;
}

/** The keyword condition on files f (their name; WRITER: the uploader); null without a keyword. */
export function fileMatch(companyId: number, keyword: string, field: SearchField): SQL | null {
  if (!hasKeyword(keyword)) return null;
  const words = wordsOf(keyword);
  if (!words.length) return sql`false`;
  if (field === "WRITER") return sql`f.uploader_id in ${writers(companyId, words)}`;
  return sql`f.search_vector @@ ${tsqueryAll(words, "")}::tsquery and ${inColumn(sql`f.name`, words)}`;
}
