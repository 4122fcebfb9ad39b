// The query of the wiki search: the matching PUBLISHED documents the caller may read (the level from
// access.ts in the same statement), title matches first, then the newest changed, one page and the count (up to
// SEARCH_COUNT_MAX).
import { type SQL, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../../../db/client.ts";
import { bigintArray } from "../../../lib/sql-array.ts";
import { SEARCH_COUNT_MAX } from "../../../../shared/wiki/constants.ts";
import { accessCtes, levelOf, type WikiAuth } from "../access.ts";

export interface HitIds {
  ids: number[];
  /** Up to SEARCH_COUNT_MAX. */
  total: number;
  capped: boolean;
}

/**
 * The page of hits and their count. A document's vector is large enough to live in TOAST, and PostgreSQL does
 * not count reading it: for a frequent word (회의 in 90% of the documents) it would scan every document and read
 * each vector again (about 5 µs a document, 110 ms at 20,000), where the GIN bitmap settles the word without
 * them (an unweighted tsquery needs no recheck). So the statement runs with sequential and plain index scans
 * off, which leaves the bitmap of the word index (tests/bench/wiki.ts, RESULTS.md "Wiki").
 *
 * With a `confirm` condition (words the lexemes do not settle: 회의록), reading each candidate's stored text is
 * the costly part (about 4.5 µs a candidate; 15,000 candidates of 회의록 took 80 ms). So the candidates are put
 * in their order first (title matches, then the newest; nothing but the row's short columns), and the text is
 * read in that order only until the page is full and SEARCH_COUNT_MAX + 1 hits are counted: `hits` reads the
 * materialised `cand` in the order it was written (by rn) and stops at its LIMIT; an ORDER BY there would make
 * PostgreSQL confirm every candidate before sorting. Each candidate's row is found again by its ctid (a TID scan,
 * which the switched-off index scans do not touch).
 */
export async function hitIds(
  db: Db,
  auth: WikiAuth,
  match: { index: SQL; confirm: SQL | null },
  inTitle: SQL | null,
  page: { limit: number; offset: number },
): Promise<HitIds> {
  const scope = sql`d.company_id = ${auth.companyId} and d.status = 'PUBLISHED' and ${match.index} and ${levelOf(auth, sql`d`)} >= 1`;
  return await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`);
    const cap = SEARCH_COUNT_MAX + 1;
    const rows = match.confirm
      ? await tx.execute<{ id: string | null; total: string }>(sql`
          with recursive ${accessCtes(auth)},
          cand as materialized (
            select d.id, d.ctid as tid, row_number() over (order by ${inTitle ?? sql`false`} desc, d.updated_at desc, d.id desc) as rn
              from wiki_docs d where ${scope}
             order by rn
          ),
          hits as materialized (
            select c.id, c.rn from cand c
             where exists (select 1 from wiki_docs d where d.ctid = c.tid and ${match.confirm})
             limit ${Math.max(cap, page.offset + page.limit)}
          )
          select p.id, (select count(*) from hits) as total
            from (select 1) one left join lateral (select id, rn from hits order by rn limit ${page.limit} offset ${page.offset}) p on true
           order by p.rn`)
      : await tx.execute<{ id: string | null; total: string }>(sql`
          with recursive ${accessCtes(auth)},
          hits as (select d.id, d.updated_at, ${inTitle ?? sql`false`} as in_title from wiki_docs d where ${scope}),
          counted as (select count(*) as n from (select 1 from hits limit ${cap}) x)
          select p.id, (select n from counted) as total
            from (select 1) one left join lateral (
              select id, in_title, updated_at from hits order by in_title desc, updated_at desc, id desc limit ${page.limit} offset ${page.offset}
            ) p on true
           order by p.in_title desc, p.updated_at desc, p.id desc`);
    const n = Number(rows[0]?.total ?? 0);
    return { ids: rows.filter((r) => r.id !== null).map((r) => Number(r.id)), total: Math.min(n, SEARCH_COUNT_MAX), capped: n > SEARCH_COUNT_MAX };
  });
}

/** The title and plain text of the hits (for their highlights). */
export async function texts(db: DbOrTx, companyId: number, ids: number[]): Promise<Map<number, { title: string; plain: string }>> {
  if (!ids.length) return new Map();
  const rows = await db.execute<{ id: string; title: string; plain: string }>(sql`
    select id, title, plain from wiki_docs where company_id = ${companyId} and id = any(${bigintArray(ids)})`);
  return new Map(rows.map((r) => [Number(r.id), { title: r.title, plain: r.plain }]));
}
