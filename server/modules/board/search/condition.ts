// The keyword conditions of the board search over posts, replies and files: the words and their rules are
// server/lib/search-words.ts (the mail module's design, shared with the wiki); here, which columns and weights
// each search field looks at, and the writer search.
import { and, type SQL, sql } from "drizzle-orm";
import type { SearchField } from "../../../../shared/board/constants.ts";
import { inColumns, tsqueryAll, type Word, wordsOf } from "../../../lib/search-words.ts";

export { normalizeWord, wordsOf } from "../../../lib/search-words.ts";

/** Whether the keyword holds something to search for (a keyword of punctuation only finds nothing). */
export const hasKeyword = (keyword: string) => keyword.trim() !== "";

const norm = (column: SQL) => sql`lower(normalize(${column}, NFKC))`;

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
