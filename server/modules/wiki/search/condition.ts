// The keyword of the wiki search as SQL over documents d: the words and their rules are server/lib/search-words.ts
// (the design the boards and mail use); here, which columns and weights each search type looks at.
import { and, type SQL, sql } from "drizzle-orm";
import type { SearchType } from "../../../../shared/wiki/constants.ts";
import { inColumns, likeIn, tsqueryAll, type Word } from "../../../lib/search-words.ts";

export { normalizeWord, type Word, wordsOf } from "../../../lib/search-words.ts";

/**
 * The keyword condition on documents d (words non-empty) in two parts: `index`, what the GIN index and the row's
 * short columns answer, and `confirm`, the words its lexemes do not settle as substrings of the stored text
 * (null when every word is exact). The search applies `confirm` to the candidates in their order, as far as a
 * page and the count need (repo.ts), since reading each candidate's text is the costly part.
 */
export function docMatch(words: Word[], type: SearchType): { index: SQL; confirm: SQL | null } {
  const inexact = words.some((w) => !w.exact);
  switch (type) {
    case "title":
      // Any weight for the index (a weight makes it read every candidate's vector again), then the title.
      return { index: sql`d.search_vector @@ ${tsqueryAll(words, "")}::tsquery and ${inTitle(words)}`, confirm: null };
    case "text":
      return { index: sql`d.search_vector @@ ${tsqueryAll(words, "B")}::tsquery`, confirm: inexact ? inColumns([sql`d.plain`], words) : null };
    case "all":
      return {
        index: sql`d.search_vector @@ ${tsqueryAll(words, "")}::tsquery`,
        confirm: inexact ? inColumns([sql`d.title`, sql`d.plain`], words) : null,
      };
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
