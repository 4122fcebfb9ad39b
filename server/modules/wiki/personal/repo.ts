// Queries of each person's favourites and reads (wiki_favorites, wiki_reads): always the caller's own rows, in
// the caller's company.
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { bigintArray } from "../../../lib/sql-array.ts";
import { accessCtes, levelOf, type WikiAuth } from "../access.ts";

export interface FavoriteRow {
  id: number;
  docId: number;
  sortOrder: number;
}

const favorite = (r: { id: string; doc_id: string; sort_order: number }): FavoriteRow => ({
  id: Number(r.id),
  docId: Number(r.doc_id),
  sortOrder: Number(r.sort_order),
});

/** The caller's favourites by sortOrder. */
export async function favorites(db: DbOrTx, auth: WikiAuth): Promise<FavoriteRow[]> {
  const rows = await db.execute<{ id: string; doc_id: string; sort_order: number }>(sql`
    select id, doc_id, sort_order from wiki_favorites
     where user_id = ${auth.userId} and company_id = ${auth.companyId} order by sort_order, id`);
  return rows.map(favorite);
}

/** One of the caller's favourites (null: missing or someone else's). */
export async function favoriteById(db: DbOrTx, auth: WikiAuth, id: number): Promise<FavoriteRow | null> {
  const [row] = await db.execute<{ id: string; doc_id: string; sort_order: number }>(sql`
    select id, doc_id, sort_order from wiki_favorites where id = ${id} and user_id = ${auth.userId} and company_id = ${auth.companyId}`);
  return row ? favorite(row) : null;
}

/** Serialises one person's changes of their favourites. */
export async function lockFavorites(tx: DbOrTx, auth: WikiAuth): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`wiki-favorites:${auth.userId}`}))`);
}

export async function favoriteCount(tx: DbOrTx, auth: WikiAuth): Promise<number> {
  const [row] = await tx.execute<{ n: number }>(sql`
    select count(*)::int as n from wiki_favorites where user_id = ${auth.userId} and company_id = ${auth.companyId}`);
  return Number(row?.n ?? 0);
}

/** Adds the document last among the caller's favourites; null when it is one already. */
export async function insertFavorite(tx: DbOrTx, auth: WikiAuth, docId: number, at: Date): Promise<FavoriteRow | null> {
  const [row] = await tx.execute<{ id: string; doc_id: string; sort_order: number }>(sql`
    insert into wiki_favorites (company_id, user_id, doc_id, sort_order, created_at)
    values (${auth.companyId}, ${auth.userId}, ${docId},
            (select coalesce(max(sort_order), -1) + 1 from wiki_favorites where user_id = ${auth.userId}), ${at.toISOString()}::timestamptz)
    on conflict (user_id, doc_id) do nothing
    returning id, doc_id, sort_order`);
  return row ? favorite(row) : null;
}

/** Numbers the caller's favourites 0, 1, 2 … in the order of `ids` (all of them). */
export async function renumber(tx: DbOrTx, auth: WikiAuth, ids: number[]): Promise<void> {
  await tx.execute(sql`
    update wiki_favorites f set sort_order = v.ord::int - 1
      from unnest(${bigintArray(ids)}) with ordinality as v(id, ord)
     where f.id = v.id and f.user_id = ${auth.userId} and f.sort_order <> v.ord::int - 1`);
}

export async function deleteFavorite(db: DbOrTx, auth: WikiAuth, id: number): Promise<boolean> {
  const rows = await db.execute<{ id: string }>(sql`
    delete from wiki_favorites where id = ${id} and user_id = ${auth.userId} and company_id = ${auth.companyId} returning id`);
  return rows.length > 0;
}

export interface ReadRow {
  docId: number;
  readAt: number;
}

/**
 * The caller's reads of PUBLISHED documents they may still read, newest first, `limit` of them (walked along
 * wiki_reads_recent_idx; the level is access.ts's, in the same statement).
 */
export async function readableReads(db: DbOrTx, auth: WikiAuth, limit: number): Promise<ReadRow[]> {
  const rows = await db.execute<{ doc_id: string; read_at: Date }>(sql`
    with recursive ${accessCtes(auth)}
    select r.doc_id, r.read_at from wiki_reads r join wiki_docs d on d.id = r.doc_id
     where r.user_id = ${auth.userId} and r.company_id = ${auth.companyId} and d.company_id = ${auth.companyId}
       and d.status = 'PUBLISHED' and ${levelOf(auth, sql`d`)} >= 1
     order by r.read_at desc, r.doc_id desc limit ${limit}`);
  return rows.map((r) => ({ docId: Number(r.doc_id), readAt: new Date(r.read_at).getTime() }));
}
