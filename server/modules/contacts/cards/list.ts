// The card list (GET api/contact/card), the print (GET api/contact/card/print) and the search behind both:
// one WHERE built from the group (special or own), the flags, the consonant tab and the search words.
//
// Search: each word of searchWord must match. A word of initial consonants only ("ㄱㅁ") matches the name's
// initials (contact_cards.initials, doubles folded: shared/contacts/hangul.ts); any other word matches the
// name, e-mail, phone, company or department as the mail module's search does (server/lib/search-tokens.ts:
// Korean as two-syllable grams found anywhere, other words at a word's start), the GIN index's candidates
// checked against the normalised text so grams of different words do not add up to a false hit.
import { and, asc, desc, eq, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { contactCardGroups, contactCards } from "../../../../db/schema/contacts.ts";
import { NEW_GROUP_SIZE, PRIVATE_ROOT_ID, type SortDir, type SortField, SPECIAL_GROUPS } from "../../../../shared/contacts/constants.ts";
import { foldInitials, isInitialsQuery } from "../../../../shared/contacts/hangul.ts";
import { escapeLike } from "../../../lib/like.ts";
import { bigintArray } from "../../../lib/sql-array.ts";
import { queryTerm, tsqueryOf } from "../../../lib/search-tokens.ts";
import type { Owner } from "../groups/repo.ts";
import { normalizeText } from "./normal.ts";
import { cardColumns, type CardView, mine } from "./repo.ts";

export interface ListFilter {
  groupId: number;
  trash: boolean;
  important?: boolean;
  unmapped?: boolean;
  consonant?: string;
  searchWord?: string;
  /** The "new" group's start. */
  newSince: Date;
}

/** The conditions of one search word (see the header); null when the word holds nothing searchable. */
export function wordCondition(word: string): SQL | null {
  if (isInitialsQuery(word)) {
    const initials = foldInitials(word);
    const tsq = tsqueryOf(queryTerm(initials), "A");
    return and(
      tsq ? sql`${contactCards.searchVector} @@ ${tsq}::tsquery` : undefined,
      sql`${contactCards.initials} like ${`%${escapeLike(initials)}%`}`,
    )!;
  }
  const tsq = tsqueryOf(queryTerm(word), "");
  if (!tsq) return null;
  return and(
    sql`${contactCards.searchVector} @@ ${tsq}::tsquery`,
    sql`${contactCards.searchText} like ${`%${escapeLike(normalizeText(word))}%`}`,
  )!;
}

export function searchCondition(searchWord: string): SQL {
  const words = searchWord.split(/\s+/).filter(Boolean);
  const parts = words.map(wordCondition).filter((c): c is SQL => c !== null);
  // A search of punctuation only finds nothing rather than everything.
  return parts.length ? and(...parts)! : sql`false`;
}

const inNoGroup = sql`not exists (select 1 from ${contactCardGroups} where ${contactCardGroups.cardId} = ${contactCards.id})`;

export function whereOf(o: Owner, f: ListFilter, joined = false): SQL {
  const g = f.groupId;
  return and(
    mine(o),
    f.trash ? isNotNull(contactCards.deletedAt) : isNull(contactCards.deletedAt),
    g === SPECIAL_GROUPS.important || f.important === true ? eq(contactCards.important, true) : undefined,
    f.important === false ? eq(contactCards.important, false) : undefined,
    g === SPECIAL_GROUPS.new ? sql`${contactCards.createdAt} > ${f.newSince.toISOString()}::timestamptz` : undefined,
    g === SPECIAL_GROUPS.unmapped || f.unmapped ? inNoGroup : undefined,
    // An own group: listPage joins the group's relations (see there); others (whereOf's callers) ask with exists.
    g > PRIVATE_ROOT_ID && !joined
      ? sql`exists (select 1 from ${contactCardGroups} where ${contactCardGroups.cardId} = ${contactCards.id} and ${contactCardGroups.groupId} = ${g})`
      : undefined,
    f.consonant ? eq(contactCards.consonant, f.consonant) : undefined,
    f.searchWord ? searchCondition(f.searchWord) : undefined,
  )!;
}

export function orderOf(sort: SortField, dir: SortDir): SQL[] {
  const d = dir === "desc" ? desc : asc;
  const col: Record<SortField, SQL> = {
    userName: sql`${contactCards.sortKey} collate "C"`,
    email: sql`${contactCards.sortEmail}`,
    company: sql`${contactCards.company}`,
    organ: sql`${contactCards.organ}`,
    position: sql`${contactCards.position}`,
    id: sql`${contactCards.id}`,
    createdAt: sql`${contactCards.createdAt}`,
    updatedAt: sql`${contactCards.updatedAt}`,
  };
  return sort === "id" ? [d(contactCards.id)] : [d(col[sort]), d(contactCards.id)];
}

/** One page of cards and the total (sort null: the trash's order); the "new" group is its newest NEW_GROUP_SIZE cards, newest first. */
export async function listPage(
  db: DbOrTx, o: Owner, f: ListFilter, sort: { sort: SortField; dir: SortDir } | null, limit: number, offset: number,
): Promise<{ rows: CardView[]; total: number }> {
  const { ids, total } = await listIds(db, o, f, sort, limit, offset);
  return { rows: await rowsByIds(db, ids), total };
}

/** The cards of ids, in that order. */
export async function rowsByIds(db: DbOrTx, ids: number[]): Promise<CardView[]> {
  const rows = ids.length ? await db.select(cardColumns).from(contactCards).where(sql`${contactCards.id} = any(${bigintArray(ids)})`) : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)!).filter(Boolean);
}

/** The ids of one page of cards, in order, and the total. */
export async function listIds(
  db: DbOrTx, o: Owner, f: ListFilter, sort: { sort: SortField; dir: SortDir } | null, limit: number, offset: number,
): Promise<{ ids: number[]; total: number }> {
  const where = whereOf(o, f);
  if (f.groupId === SPECIAL_GROUPS.new && !f.trash) {
    const newest = db.select({ id: contactCards.id }).from(contactCards).where(where)
      .orderBy(desc(contactCards.createdAt), desc(contactCards.id)).limit(NEW_GROUP_SIZE);
    const ids = (await newest).map((r) => r.id);
    return { ids: ids.slice(offset, offset + limit), total: ids.length };
  }
  // The trash lists the latest deletion first unless a sort is asked for.
  const order = sort ? orderOf(sort.sort, sort.dir) : [desc(contactCards.deletedAt), desc(contactCards.id)];
  // The page's ids (an index-only scan in name order, however deep the page); the caller reads only those rows.
  // An own group's list starts from the group's relations (a group holds a small part of the book), joined,
  // so the planner does not walk the whole book's index testing each card.
  const group = f.groupId > PRIVATE_ROOT_ID;
  if (group) {
    // One pass over the group's relations gives the page and, as a window count, the total.
    const inGroup = and(eq(contactCardGroups.cardId, contactCards.id), eq(contactCardGroups.groupId, f.groupId));
    const rows = await db.select({ id: contactCards.id, n: sql<number>`(count(*) over ())::int` })
      .from(contactCardGroups).innerJoin(contactCards, inGroup).where(whereOf(o, f, true))
      .orderBy(...order).limit(limit).offset(offset);
    const total = rows.length ? rows[0].n : offset === 0 ? 0 : await db.select({ n: sql<number>`count(*)::int` })
      .from(contactCardGroups).innerJoin(contactCards, inGroup).where(whereOf(o, f, true)).then(([r]) => r.n);
    return { ids: rows.map((r) => r.id), total };
  }
  const [idRows, [{ n }]] = await Promise.all([
    db.select({ id: contactCards.id }).from(contactCards).where(where).orderBy(...order).limit(limit).offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(contactCards).where(where),
  ]);
  return { ids: idRows.map((r) => r.id), total: n };
}
