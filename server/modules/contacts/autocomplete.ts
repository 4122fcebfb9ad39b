// The caller's contact cards (type CONTACT) and the cards of the customer groups they read (type CUSTOMER) as
// recipients of GET api/autocomplete/email, through the organisations module's provider seam
// (organizations/autocomplete-providers.ts). One candidate per address
// of a card. Matching as the list's search (cards/list.ts): the name, addresses, phones and company, Korean
// as two-syllable grams, and a query of initial consonants only ("ㄱㅁ") on the name's initials. Rank 0 when
// the name or an address starts with the query (or the initials do).
import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import { contactCards } from "../../../db/schema/contacts.ts";
import { foldInitials, isInitialsQuery } from "../../../shared/contacts/hangul.ts";
import type { Caller } from "../../lib/context.ts";
import { escapeLike } from "../../lib/like.ts";
import { bigintArray } from "../../lib/sql-array.ts";
import { companyInfo } from "../company/service.ts";
import type { AutocompleteProvider, ProviderRow } from "../organizations/autocomplete-providers.ts";
import { searchCondition } from "./cards/list.ts";
import { normalizeText } from "./cards/normal.ts";
import { mine } from "./cards/repo.ts";
import { loadBook, readableIds } from "./customers/access.ts";
import { ownerOf } from "./groups/service.ts";

/** Cards of `scope` (the caller's private book, or customer groups) matching the query, as candidates. */
async function cardsMatching(caller: Caller, scope: SQL, query: string, limit: number): Promise<{ rows: ProviderRow[]; total: number }> {
  const q = query.trim();
  const initials = isInitialsQuery(q);
  const prefix = `${escapeLike(initials ? foldInitials(q) : normalizeText(q))}%`;
  const where = and(scope, isNull(contactCards.deletedAt), searchCondition(q), sql`cardinality(${contactCards.emails}) > 0`);
  const rank = initials
    ? sql<number>`case when ${contactCards.initials} like ${prefix} then 0 else 1 end`
    : sql<number>`case when lower(${contactCards.userName}) like ${prefix} or e.email like ${prefix} then 0 else 1 end`;
  const { db } = caller.deps;
  const [rows, [{ n }]] = await Promise.all([
    db.execute<{ id: number; name: string; email: string; rank: number; sort_name: string; detail: string }>(sql`
      select ${contactCards.id} as id, ${contactCards.userName} as name, e.email as email, ${rank} as rank,
        lower(${contactCards.userName}) as sort_name, ${contactCards.company} as detail
      from ${contactCards} cross join lateral unnest(${contactCards.emails}) as e(email)
      where ${where}
      order by 4, lower(${contactCards.userName}) collate "C", ${contactCards.id}, e.email
      limit ${limit}`),
    db.select({ n: sql<number>`coalesce(sum(cardinality(${contactCards.emails})), 0)::int` }).from(contactCards).where(where),
  ]);
  return {
    rows: rows.map((r) => ({ id: Number(r.id), name: r.name, email: r.email, rank: Number(r.rank) === 0 ? 0 : 1, sortName: r.sort_name, detail: r.detail || null })),
    total: n,
  };
}

export const contactAutocomplete: AutocompleteProvider = {
  type: "CONTACT",
  async search(caller, query, limit) {
    if (!(await companyInfo(caller.deps, caller.auth.companyId)).useContact) return { rows: [], total: 0 };
    return await cardsMatching(caller, mine(ownerOf(caller))!, query, limit);
  },
};

/** Cards of the customer groups the caller reads (type CUSTOMER). */
export const customerAutocomplete: AutocompleteProvider = {
  type: "CUSTOMER",
  async search(caller, query, limit) {
    if (!(await companyInfo(caller.deps, caller.auth.companyId)).useCustomer) return { rows: [], total: 0 };
    const ids = readableIds(await loadBook(caller));
    if (ids.length === 0) return { rows: [], total: 0 };
    const scope = and(eq(contactCards.companyId, caller.auth.companyId), sql`${contactCards.customerGroupId} = any(${bigintArray(ids)})`)!;
    return await cardsMatching(caller, scope, query, limit);
  },
};
