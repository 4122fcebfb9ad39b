// The rows Markdown export reads and import writes (wiki_docs; the files are files/repo.ts's).
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import type { DocType } from "../../../../shared/wiki/constants.ts";

export interface DocText {
  id: number;
  parentId: number | null;
  type: DocType;
  title: string;
  text: string;
  path: string;
  sortOrder: number;
}

/** Title and text of some documents of the company, in tree order (depth, sortOrder, id). */
export async function docTexts(db: DbOrTx, companyId: number, ids: number[]): Promise<DocText[]> {
  if (!ids.length) return [];
  const rows = await db.execute<{ id: string; parent_id: string | null; type: DocType; title: string; text: string; path: string; sort_order: number }>(sql`
    select id, parent_id, type, title, text, path, sort_order from wiki_docs
     where company_id = ${companyId} and id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})
     order by depth, sort_order, id`);
  return rows.map((r) => ({
    id: Number(r.id),
    parentId: r.parent_id === null ? null : Number(r.parent_id),
    type: r.type,
    title: r.title,
    text: r.text,
    path: r.path,
    sortOrder: Number(r.sort_order),
  }));
}

export interface NewDoc {
  companyId: number;
  parentId: number | null;
  title: string;
  sortOrder: number;
  userId: number;
  at: Date;
}

/**
 * A new PUBLISHED document with no text yet (writeContent gives it its text and first version). path and depth
 * are placeholders until refreshSubtree runs on the top of what was inserted.
 */
export async function insertDoc(tx: DbOrTx, d: NewDoc): Promise<number> {
  const [r] = await tx.execute<{ id: string }>(sql`
    insert into wiki_docs (company_id, parent_id, type, status, title, sort_order, path, depth, created_by, updated_by, created_at, updated_at)
    values (${d.companyId}, ${d.parentId}, 'document', 'PUBLISHED', '', ${d.sortOrder}, '', 1, ${d.userId}, ${d.userId}, ${d.at.toISOString()}, ${d.at.toISOString()})
    returning id`);
  return Number(r.id);
}
