// The query of the wiki search: the matching PUBLISHED documents the caller may read (the level from
// access.ts in the same statement), title matches first, then the newest changed, one page and the count.
import { type SQL, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../../../db/client.ts";
import { bigintArray } from "../../../lib/sql-array.ts";
import { accessCtes, levelOf, type WikiAuth } from "../access.ts";

export interface HitIds {
  ids: number[];
  total: number;
}

/**
 * The page of hits and their count. A document's vector is large enough to live in TOAST, and PostgreSQL does
 * not count reading it: for a frequent word (회의 in 90% of the documents) it would scan every document and read
 * each vector again (about 5 µs a document, 110 ms at 20,000), where the GIN bitmap settles the word without
 * them (an unweighted tsquery needs no recheck). So the statement runs with sequential and plain index scans
 * off, which leaves the bitmap of the word index (tests/bench/wiki.ts, RESULTS.md "Wiki").
 */
export async function hitIds(db: Db, auth: WikiAuth, match: SQL, inTitle: SQL | null, page: { limit: number; offset: number }): Promise<HitIds> {
  const scope = sql`d.company_id = ${auth.companyId} and d.status = 'PUBLISHED' and ${match} and ${levelOf(auth, sql`d`)} >= 1`;
  return await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`);
    const rows = await tx.execute<{ id: string; total: string }>(sql`
      with recursive ${accessCtes(auth)},
      hits as (select d.id, d.updated_at, ${inTitle ?? sql`false`} as in_title from wiki_docs d where ${scope})
      select id, count(*) over () as total from hits
       order by in_title desc, updated_at desc, id desc
       limit ${page.limit} offset ${page.offset}`);
    if (rows.length || page.offset === 0) return { ids: rows.map((r) => Number(r.id)), total: rows.length ? Number(rows[0].total) : 0 };
    // A page past the end still answers the count.
    const [n] = await tx.execute<{ n: string }>(sql`with recursive ${accessCtes(auth)} select count(*) as n from wiki_docs d where ${scope}`);
    return { ids: [], total: Number(n?.n ?? 0) };
  });
}

/** The title and plain text of the hits (for their highlights). */
export async function texts(db: DbOrTx, companyId: number, ids: number[]): Promise<Map<number, { title: string; plain: string }>> {
  if (!ids.length) return new Map();
  const rows = await db.execute<{ id: string; title: string; plain: string }>(sql`
    select id, title, plain from wiki_docs where company_id = ${companyId} and id = any(${bigintArray(ids)})`);
  return new Map(rows.map((r) => [Number(r.id), { title: r.title, plain: r.plain }]));
}
