// The search -4 condition: every word of the search must be in the item's name or in its file's extracted
// content. The GIN indexes (search_vector of drive_items and drive_item_contents, lexemes of
// server/lib/search-tokens.ts: two-character grams for Korean, word prefixes for the rest) find candidates;
// the normalised text confirms them, so "회의록" does not match "회의 ... 의록".
import { and, type SQL, sql } from "drizzle-orm";
import { driveItems } from "../../../../db/schema/index.ts";
import { escapeLike } from "../../../lib/like.ts";
import { queryTerm, tsqueryOf } from "../../../lib/search-tokens.ts";
import { normalizeSearchText } from "./columns.ts";

function wordCondition(companyId: number, ownerUserId: number, word: string): SQL | null {
  const tsq = tsqueryOf(queryTerm(word), "");
  if (!tsq) return null;
  const like = `%${escapeLike(normalizeSearchText(word))}%`;
  // The ids each GIN index finds (the owner's live names: ANDed with the owner index; contents), as one set
  // the caller's rows are joined to: an OR of the two conditions on the caller's rows would read all of them.
  return sql`${driveItems.id} in (
    select x.id from drive_items x where x.company_id = ${companyId} and x.owner_user_id = ${ownerUserId} and x.deleted_at is null
      and x.search_vector @@ ${tsq}::tsquery and x.search_text like ${like}
    union all
    select c.item_id from drive_item_contents c
      where c.company_id = ${companyId} and c.search_vector @@ ${tsq}::tsquery and c.search_text like ${like})`;
}

/** The condition on the owner's items for a search of one or more words. */
export function searchCondition(companyId: number, ownerUserId: number, searchWord: string): SQL {
  const parts = searchWord.split(/\s+/).filter(Boolean).map((w) => wordCondition(companyId, ownerUserId, w))
    .filter((c): c is SQL => c !== null);
  // A search of punctuation only finds nothing rather than everything.
  return parts.length ? and(...parts)! : sql`false`;
}
