// Queries of the contacts' CardDAV adapter: the live cards of an address book with the counter value of their
// last change (their ETag) and the name a client gave them, one card by its resource name or UID, the
// changes since a sync-token's value (tombstones included), a book's counter, and the adapter's own rows (a
// card's resource name, its kept extra vCard properties). Cards are written only through the contacts
// services; the rows of db/schema/contacts-dav.ts are kept by triggers (migrations/0028_contacts_dav.sql),
// except the name and the extras written here. Every query is scoped by company.
import { and, eq, gt, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { contactCards, contactDavBooks, contactDavCards, contactDavExtras } from "../../../../db/schema/index.ts";
import { containsPattern } from "../../../lib/like.ts";
import { bigintArray } from "../../../lib/sql-array.ts";
import { cardColumns, type CardView } from "../cards/repo.ts";
import type { Prefilter } from "./filter.ts";

export const VCF = ".vcf";

export interface Entry {
  card: CardView;
  /** The counter value of the card's last change in this book. */
  seq: number;
  /** Its resource name: the client's, or "<card id>.vcf". */
  name: string;
}

export const defaultName = (cardId: number) => `${cardId}${VCF}`;

const entryColumns = { ...cardColumns, seq: contactDavCards.seq, davName: contactDavCards.name };

function entryOf(r: CardView & { seq: number; davName: string | null }): Entry {
  const { seq, davName, ...card } = r;
  return { card, seq: Number(seq), name: davName ?? defaultName(card.id) };
}

function liveIn(companyId: number, book: string) {
  return and(
    eq(contactDavCards.companyId, companyId), eq(contactDavCards.book, book), eq(contactDavCards.deleted, false),
    eq(contactCards.companyId, companyId), isNull(contactCards.deletedAt),
  );
}

async function entriesWhere(db: DbOrTx, companyId: number, book: string, where?: ReturnType<typeof and>): Promise<Entry[]> {
  const rows = await db.select(entryColumns).from(contactDavCards)
    .innerJoin(contactCards, eq(contactCards.id, contactDavCards.cardId))
    .where(and(liveIn(companyId, book), where))
    .orderBy(contactCards.id);
  return rows.map(entryOf);
}

/** Every live card of the book; with a prefilter (filter.ts), those whose search_text may match. */
export async function entries(db: DbOrTx, companyId: number, book: string, pre?: Prefilter): Promise<Entry[]> {
  return await entriesWhere(db, companyId, book, pre ? and(searchCondition(pre)) : undefined);
}

function searchCondition(p: Prefilter): SQL {
  const parts = p.parts.map((x) => (typeof x === "string" ? sql`${contactCards.searchText} like ${containsPattern(x)}` : searchCondition(x)));
  return (p.all ? and(...parts) : or(...parts))!;
}

export async function entriesByIds(db: DbOrTx, companyId: number, book: string, ids: number[]): Promise<Entry[]> {
  if (!ids.length) return [];
  return await entriesWhere(db, companyId, book, and(sql`${contactCards.id} = any(${bigintArray(ids)})`));
}

/** Live cards of the book with one of these resource names. */
export async function entriesByNames(db: DbOrTx, companyId: number, book: string, names: string[]): Promise<Entry[]> {
  if (!names.length) return [];
  const ids = names.map((n) => /^(\d{1,15})\.vcf$/.exec(n)?.[1]).filter((x): x is string => !!x).map(Number);
  const rows = await entriesWhere(db, companyId, book, or(
    inArray(contactDavCards.name, names),
    ids.length ? and(isNull(contactDavCards.name), sql`${contactDavCards.cardId} = any(${bigintArray(ids)})`) : undefined,
  ));
  const wanted = new Set(names);
  return rows.filter((e) => wanted.has(e.name));
}

export async function entryByName(db: DbOrTx, companyId: number, book: string, name: string): Promise<Entry | undefined> {
  return (await entriesByNames(db, companyId, book, [name]))[0];
}

/** A live card of the book with this UID. */
export async function entryByUid(db: DbOrTx, companyId: number, book: string, uid: string): Promise<Entry | undefined> {
  return (await entriesWhere(db, companyId, book, and(eq(contactCards.uid, uid))))[0];
}

/** The book's counter: its sync-token (0 before its first card). */
export async function bookSeq(db: DbOrTx, companyId: number, book: string): Promise<number> {
  const [row] = await db.select({ seq: contactDavBooks.seq }).from(contactDavBooks)
    .where(and(eq(contactDavBooks.companyId, companyId), eq(contactDavBooks.book, book)));
  return row ? Number(row.seq) : 0;
}

/** The book's counter and the newest value pruned from it (tokens older than that are refused). */
export async function bookState(db: DbOrTx, companyId: number, book: string): Promise<{ seq: number; prunedSeq: number }> {
  const [row] = await db.select({ seq: contactDavBooks.seq, prunedSeq: contactDavBooks.prunedSeq }).from(contactDavBooks)
    .where(and(eq(contactDavBooks.companyId, companyId), eq(contactDavBooks.book, book)));
  return { seq: Number(row?.seq ?? 0), prunedSeq: Number(row?.prunedSeq ?? 0) };
}

/** The counters of several books at once. */
export async function bookSeqs(db: DbOrTx, companyId: number, books: string[]): Promise<Map<string, number>> {
  if (!books.length) return new Map();
  const rows = await db.select({ book: contactDavBooks.book, seq: contactDavBooks.seq }).from(contactDavBooks)
    .where(and(eq(contactDavBooks.companyId, companyId), inArray(contactDavBooks.book, books)));
  return new Map(rows.map((r) => [r.book, Number(r.seq)]));
}

/** The cards of the book changed after `seq`: live ones (their id) and gone ones (their last name). */
export async function changesSince(db: DbOrTx, companyId: number, book: string, seq: number) {
  const rows = await db.select({ cardId: contactDavCards.cardId, name: contactDavCards.name, deleted: contactDavCards.deleted })
    .from(contactDavCards)
    .where(and(eq(contactDavCards.companyId, companyId), eq(contactDavCards.book, book), gt(contactDavCards.seq, seq)));
  return rows.map((r) => ({ cardId: r.cardId, name: r.name ?? defaultName(r.cardId), deleted: r.deleted }));
}

/** Keeps the name a client gave a card it made (null: the default). */
export async function setName(db: DbOrTx, companyId: number, book: string, cardId: number, name: string | null) {
  await db.update(contactDavCards).set({ name })
    .where(and(eq(contactDavCards.companyId, companyId), eq(contactDavCards.book, book), eq(contactDavCards.cardId, cardId)));
}

export async function extrasOf(db: DbOrTx, companyId: number, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ cardId: contactDavExtras.cardId, lines: contactDavExtras.lines }).from(contactDavExtras)
    .where(and(eq(contactDavExtras.companyId, companyId), sql`${contactDavExtras.cardId} = any(${bigintArray(ids)})`));
  return new Map(rows.map((r) => [r.cardId, r.lines]));
}

/** The card's kept properties become `lines` ("" : none); nothing is written when they are unchanged. */
export async function setExtras(db: DbOrTx, companyId: number, cardId: number, lines: string) {
  const before = (await extrasOf(db, companyId, [cardId])).get(cardId) ?? "";
  if (before === lines) return;
  if (!lines) {
    await db.delete(contactDavExtras).where(and(eq(contactDavExtras.companyId, companyId), eq(contactDavExtras.cardId, cardId)));
    return;
  }
  await db.insert(contactDavExtras).values({ cardId, companyId, lines })
    .onConflictDoUpdate({ target: contactDavExtras.cardId, set: { lines } });
}
