// The documents' reads (SQL only): summaries with the caller's level and readable child count, one document's
// full row, and the pieces the answers are built from. Every query is scoped by the caller's company; levels
// come from access.ts (accessCtes + levelOf) so lists and single reads agree.
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import type { DocStatus, DocType } from "../../../../shared/wiki/constants.ts";
import type { WikiUserRef } from "../../../../shared/wiki/documents.ts";
import { accessCtes, levelOf, type WikiAuth } from "../access.ts";

export const ms = (v: Date | string | null): number | null => (v === null ? null : new Date(v).getTime());
export const num = (v: string | number | null): number | null => (v === null ? null : Number(v));

export function userRef(id: string | number | null, username: string | null, accountName: string | null): WikiUserRef | null {
  return id === null ? null : { id: Number(id), username: username ?? "", accountName: accountName ?? "" };
}

export interface SummaryRow extends Record<string, unknown> {
  id: string;
  parent_id: string | null;
  title: string;
  type: DocType;
  status: DocStatus;
  sort_order: number;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
  path: string;
  rank: number;
  child_count: string;
  mb_id: string | null;
  mb_username: string | null;
  mb_name: string | null;
  db_id: string | null;
  db_username: string | null;
  db_name: string | null;
  total: string;
}

/** The readable PUBLISHED children of the document aliased `d` (one scalar subquery; needs accessCtes). */
const childCount = (auth: WikiAuth) => sql`(select count(*) from wiki_docs c
   where c.company_id = ${auth.companyId} and c.parent_id = d.id and c.status = 'PUBLISHED'
     and ${levelOf(auth, sql`c`)} >= 1)`;

/**
 * Documents of the caller's company matching `where` (over d) on which the caller has at least `minRank`,
 * ordered, one page, each with its readable child count, last editor, deleter and the total matching.
 */
export async function summaryRows(
  db: DbOrTx,
  auth: WikiAuth,
  q: { where: SQL; orderBy: SQL; limit: number; offset: number; minRank?: number },
): Promise<SummaryRow[]> {
  return await db.execute<SummaryRow>(sql`
    with recursive ${accessCtes(auth)}
    select d.id, d.parent_id, d.title, d.type, d.status, d.sort_order, d.created_at, d.updated_at, d.deleted_at, d.path,
           l.rank, ${childCount(auth)} as child_count,
           mb.id as mb_id, mb.username as mb_username, mb.account_name as mb_name,
           xb.id as db_id, xb.username as db_username, xb.account_name as db_name,
           count(*) over () as total
      from wiki_docs d
      cross join lateral (select ${levelOf(auth, sql`d`)} as rank) l
      left join users mb on mb.id = d.updated_by
      left join users xb on xb.id = d.deleted_by
     where d.company_id = ${auth.companyId} and ${q.where} and l.rank >= ${q.minRank ?? 1}
     order by ${q.orderBy}
     limit ${q.limit} offset ${q.offset}`);
}

export interface DocRow extends Record<string, unknown> {
  id: string;
  parent_id: string | null;
  parent_type: DocType | null;
  type: DocType;
  status: DocStatus;
  title: string;
  text: string;
  sort_order: number;
  path: string;
  depth: number;
  acl_from: string | null;
  view_config: unknown;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
  rank: number;
  cb_id: string | null;
  cb_username: string | null;
  cb_name: string | null;
  mb_id: string | null;
  mb_username: string | null;
  mb_name: string | null;
}

/** One document of the caller's company, whole, with the caller's level; undefined when missing or foreign. */
export async function docRow(db: DbOrTx, auth: WikiAuth, id: number): Promise<DocRow | undefined> {
  const [row] = await db.execute<DocRow>(sql`
    with recursive ${accessCtes(auth)}
    select d.id, d.parent_id, p.type as parent_type, d.type, d.status, d.title, d.text, d.sort_order, d.path, d.depth,
           d.acl_from, d.view_config, d.created_at, d.updated_at, d.deleted_at, ${levelOf(auth, sql`d`)} as rank,
           cb.id as cb_id, cb.username as cb_username, cb.account_name as cb_name,
           mb.id as mb_id, mb.username as mb_username, mb.account_name as mb_name
      from wiki_docs d
      left join wiki_docs p on p.id = d.parent_id
      left join users cb on cb.id = d.created_by
      left join users mb on mb.id = d.updated_by
     where d.company_id = ${auth.companyId} and d.id = ${id}`);
  return row;
}

/** Records that the caller read the document now (users/recent, users/last-read). */
export async function recordRead(db: DbOrTx, auth: WikiAuth, docId: number, at: Date): Promise<void> {
  await db.execute(sql`
    insert into wiki_reads (user_id, doc_id, company_id, read_at) values (${auth.userId}, ${docId}, ${auth.companyId}, ${at.toISOString()}::timestamptz)
    on conflict (user_id, doc_id) do update set read_at = excluded.read_at`);
}
