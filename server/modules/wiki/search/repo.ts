// The query of the wiki search: the matching PUBLISHED documents the caller may read (the level from
// access.ts in the same statement), title matches first, then the newest changed, one page and the count.
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { bigintArray } from "../../../lib/sql-array.ts";
import { accessCtes, levelOf, type WikiAuth } from "../access.ts";

export interface HitIds {
  ids: number[];
  total: number;
}

export async function hitIds(db: DbOrTx, auth: WikiAuth, match: SQL, inTitle: SQL | null, page: { limit: number; offset: number }): Promise<HitIds> {
  const rows = await db.execute<{ id: string; total: string }>(sql`
    with recursive ${accessCtes(auth)},
    hits as (
      select d.id, d.updated_at, ${inTitle ?? sql`false`} as in_title
        from wiki_docs d
       where d.company_id = ${auth.companyId} and d.status = 'PUBLISHED' and ${match} and ${levelOf(auth, sql`d`)} >= 1
    )
    select id, count(*) over () as total from hits
     order by in_title desc, updated_at desc, id desc
     limit ${page.limit} offset ${page.offset}`);
  if (rows.length || page.offset === 0) return { ids: rows.map((r) => Number(r.id)), total: rows.length ? Number(rows[0].total) : 0 };
  // A page past the end still answers the count.
  const [n] = await db.execute<{ n: string }>(sql`
    with recursive ${accessCtes(auth)}
    select count(*) as n from wiki_docs d
     where d.company_id = ${auth.companyId} and d.status = 'PUBLISHED' and ${match} and ${levelOf(auth, sql`d`)} >= 1`);
  return { ids: [], total: Number(n?.n ?? 0) };
}

/** The title and plain text of the hits (for their highlights). */
export async function texts(db: DbOrTx, companyId: number, ids: number[]): Promise<Map<number, { title: string; plain: string }>> {
  if (!ids.length) return new Map();
  const rows = await db.execute<{ id: string; title: string; plain: string }>(sql`
    select id, title, plain from wiki_docs where company_id = ${companyId} and id = any(${bigintArray(ids)})`);
  return new Map(rows.map((r) => [Number(r.id), { title: r.title, plain: r.plain }]));
}
