// The caller's contact cards (type CONTACT) and the cards of the customer groups they read (type CUSTOMER) as
// recipients of GET api/autocomplete/email, through the organisations module's provider seam
// (organizations/autocomplete-providers.ts). One candidate per address
// of a card. Matching as the list's search (cards/list.ts): the name, addresses, phones and company, Korean
// as two-syllable grams, and a query of initial consonants only ("ㄱㅁ") on the name's initials. Rank 0 when
// the name or an address starts with the query (or the initials do).
import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import { contactCards } from "../../../db/schema/contacts.ts";
import { foldInitials, isInitialsQuery, sortKeyOf } from "../../../shared/contacts/hangul.ts";
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
/** Candidates counted at most: the total of a broad query ("a") is "1,000 or more", not counted to the end. */
const COUNT_CAP = 1000;

type Row = {
  id: number;
  name: string;
  email: string;
  rank: number;
  sort_name: string;
  detail: string;
};

/**
 * Where the cards are: scope names them for the search; groupIds (the customer book) lets the name-prefix
 * path walk each group's name index in order, since one index range over several groups has no order.
 */
interface Scope {
  where: SQL;
  groupIds?: number[];
}

async function cardsMatching(caller: Caller, scopeOf: Scope, query: string, limit: number): Promise<{ rows: ProviderRow[]; total: number }> {
  const scope = scopeOf.where;
  const q = query.trim();
  const initials = isInitialsQuery(q);
  const prefix = `${escapeLike(initials ? foldInitials(q) : normalizeText(q))}%`;
  const live = and(scope, isNull(contactCards.deletedAt), sql`cardinality(${contactCards.emails}) > 0`);
  const where = and(live, searchCondition(q));
  const rank = initials
    ? sql<number>`case when ${contactCards.initials} like ${prefix} then 0 else 1 end`
    : sql<number>`case when lower(${contactCards.userName}) like ${prefix} or e.email like ${prefix} then 0 else 1 end`;
  const { db } = caller.deps;
  const select = (cond: SQL | undefined, order: SQL) =>
    db.execute<Row>(sql`
      select ${contactCards.id} as id, ${contactCards.userName} as name, e.email as email, ${rank} as rank,
        lower(${contactCards.userName}) as sort_name, ${contactCards.company} as detail
      from ${contactCards} cross join lateral unnest(${contactCards.emails}) as e(email)
      where ${cond}
      order by ${order}
      limit ${limit}`);
  const total = db.execute<{ n: number }>(sql`
    select coalesce(sum(x.n), 0)::int as n from (
      select cardinality(${contactCards.emails}) as n from ${contactCards} where ${where} limit ${COUNT_CAP}) x`).then(([r]) => Number(r.n));
  // Names that start with the query come first; when they fill the page they are found as a range of the name
  // index (in name order), without ranking every card that matches somewhere (a broad query matches thousands).
  let rows: Row[] | null = null;
  if (!initials) {
    const key = sortKeyOf(q);
    const names = sql`${contactCards.sortKey} collate "C" >= ${key} and ${contactCards.sortKey} collate "C" < ${`${key}\uffff`}`;
    const fast = scopeOf.groupIds
      ? await db.execute<Row>(sql`
          select c.id, c.user_name as name, e.email, 0 as rank, lower(c.user_name) as sort_name, c.company as detail
          from unnest(${bigintArray(scopeOf.groupIds)}) as g(id) cross join lateral (
            select ${contactCards.id} as id, ${contactCards.userName} as user_name, ${contactCards.company} as company,
              ${contactCards.emails} as emails, ${contactCards.sortKey} as sort_key
            from ${contactCards} where ${and(live, names)} and ${contactCards.customerGroupId} = g.id
            order by ${contactCards.sortKey} collate "C", ${contactCards.id} limit ${limit}) c
          cross join lateral unnest(c.emails) as e(email)
          order by c.sort_key collate "C", c.id, e.email
          limit ${limit}`)
      : await select(and(live, names), sql`${contactCards.sortKey} collate "C", ${contactCards.id}, e.email`);
    if (fast.length >= limit) rows = fast;
  }
  rows ??= await select(where, sql`4, lower(${contactCards.userName}) collate "C", ${contactCards.id}, e.email`);
  return {
    rows: rows.map((r) => ({ id: Number(r.id), name: r.name, email: r.email, rank: Number(r.rank) === 0 ? 0 : 1, sortName: r.sort_name, detail: r.detail || null })),
    total: await total,
  };
}

export const contactAutocomplete: AutocompleteProvider = {
  type: "CONTACT",
  async search(caller, query, limit) {
    if (!(await companyInfo(caller.deps, caller.auth.companyId)).useContact) return { rows: [], total: 0 };
    return await cardsMatching(caller, { where: mine(ownerOf(caller))! }, query, limit);
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
    return await cardsMatching(caller, { where: scope, groupIds: ids }, query, limit);
  },
};
