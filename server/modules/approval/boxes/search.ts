// The title search of the boxes (keywordFlag TITLE) with the mail module's design (server/lib/search-tokens.ts:
// Korean as overlapping two-syllable grams found anywhere in the title, other words at a word's start).
// approval_documents.search_vector holds the title's lexemes: whoever writes a title (drafting, editing, the
// test seeds) stores titleSearchVector(title) with it. The GIN index finds the candidates; the title itself,
// normalised the same way, confirms them, so "회의록" does not match "회의 ... 의록".
import { and, type SQL, sql } from "drizzle-orm";
import { TITLE_MAX } from "../../../../shared/approval/constants.ts";
import { escapeLike } from "../../../lib/like.ts";
import { lexemes, queryTerm, tsqueryOf, vectorLiteral } from "../../../lib/search-tokens.ts";

/** A title's tsvector literal, to be stored as search_vector (cast with ::tsvector). */
export function titleSearchVector(title: string): string {
  return vectorLiteral([[lexemes(title, TITLE_MAX), "A"]]);
}

/** The condition of one search word on the documents aliased `d`; null when it holds nothing searchable. */
function wordCondition(word: string): SQL | null {
  const tsq = tsqueryOf(queryTerm(word), "");
  if (!tsq) return null;
  const like = `%${escapeLike(word.normalize("NFKC").toLowerCase())}%`;
  return and(sql`d.search_vector @@ ${tsq}::tsquery`, sql`lower(normalize(d.title, NFKC)) like ${like}`)!;
}

/** Every word of the keyword must be in the title; a keyword of punctuation only finds nothing. */
export function titleCondition(keyword: string): SQL {
  const parts = keyword.split(/\s+/).filter(Boolean).map(wordCondition).filter((c): c is SQL => c !== null);
  return parts.length ? and(...parts)! : sql`false`;
}
