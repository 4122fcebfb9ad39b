// Who may do what on a wiki document (001 §6; the rules: shared/wiki/permissions.ts). Every wiki call asks here
// first, and lists and search filter with the same SQL (accessCtes + levelOf), so no call can disagree.
//
// The caller's level on a document d, NONE < READ < WRITE < OWNER:
//   - OWNER: a company admin (ROLE_ADMIN), or d's creator;
//   - d.acl_from null (no document up the tree has permissions of its own): WRITE (the company default);
//   - otherwise the caller's own row on the document acl_from names (even NONE), else the best row there of an
//     organisation the caller is in (or, with include_children, one above it), else NONE.
// wiki_docs.path and acl_from are kept by refreshSubtree after a move and after permissions change.
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { type AccessLevel, ACCESS_LEVELS, accessRank, type DocStatus, type DocType } from "../../../shared/wiki/constants.ts";
import { WIKI_ERRORS } from "../../../shared/wiki/errors.ts";
import type { AuthInfo, Caller } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";

export type WikiAuth = Pick<AuthInfo, "userId" | "companyId" | "role">;

export const isCompanyAdmin = (auth: Pick<AuthInfo, "role">) => auth.role === "ROLE_ADMIN";

/**
 * The common table expressions the level needs: wiki_up (the caller's organisations and those above them) and
 * wiki_acl (per document with permissions, the caller's own row's rank and their organisations' best). Use as
 * `with recursive ${accessCtes(auth)} select … ${levelOf(auth, sql`d`)} … from wiki_docs d`.
 */
export function accessCtes(auth: WikiAuth): SQL {
  return sql`wiki_up as (
      select o.id, o.parent_id, true as direct
        from organization_members om join organizations o on o.id = om.organ_id
       where om.user_id = ${auth.userId} and om.company_id = ${auth.companyId}
      union
      select p.id, p.parent_id, false from organizations p join wiki_up on p.id = wiki_up.parent_id
       where p.company_id = ${auth.companyId}
    ), wiki_acl as (
      select p.doc_id,
             max(${rankSql(sql`p.access_level`)}) filter (where p.user_id = ${auth.userId}) as user_rank,
             max(${rankSql(sql`p.access_level`)}) filter (
               where p.organ_id in (select u.id from wiki_up u where u.direct or p.include_children)) as organ_rank
        from wiki_permissions p
       where p.company_id = ${auth.companyId}
         and (p.user_id = ${auth.userId} or p.organ_id in (select id from wiki_up))
       group by p.doc_id
    )`;
}

function rankSql(level: SQL): SQL {
  return sql`(case ${level} when 'OWNER' then 3 when 'WRITE' then 2 when 'READ' then 1 else 0 end)`;
}

/** The caller's rank (0 NONE … 3 OWNER) on the document aliased `d` (needs accessCtes in the same statement). */
export function levelOf(auth: WikiAuth, d: SQL): SQL<number> {
  if (isCompanyAdmin(auth)) return sql<number>`3`;
  return sql<number>`(case when ${d}.created_by = ${auth.userId} then 3
      when ${d}.acl_from is null then 2
      else coalesce((select coalesce(a.user_rank, a.organ_rank) from wiki_acl a where a.doc_id = ${d}.acl_from), 0) end)`;
}

export const levelName = (rank: number | string): AccessLevel => ACCESS_LEVELS[Number(rank)] ?? "NONE";

export interface DocAccess {
  id: number;
  companyId: number;
  parentId: number | null;
  type: DocType;
  status: DocStatus;
  title: string;
  path: string;
  depth: number;
  aclFrom: number | null;
  createdBy: number | null;
  removedWith: number | null;
  level: AccessLevel;
}

interface Row extends Record<string, unknown> {
  id: string;
  company_id: string;
  parent_id: string | null;
  type: DocType;
  status: DocStatus;
  title: string;
  path: string;
  depth: number;
  acl_from: string | null;
  created_by: string | null;
  removed_with: string | null;
  rank: number;
}

const num = (v: string | number | null) => (v === null ? null : Number(v));

/** The documents of the caller's company matching `where` (over wiki_docs d) with the caller's level. */
export async function docsWithAccess(db: DbOrTx, auth: WikiAuth, where: SQL): Promise<DocAccess[]> {
  const rows = await db.execute<Row>(sql`
    with recursive ${accessCtes(auth)}
    select d.id, d.company_id, d.parent_id, d.type, d.status, d.title, d.path, d.depth, d.acl_from, d.created_by,
           d.removed_with, ${levelOf(auth, sql`d`)} as rank
      from wiki_docs d
     where d.company_id = ${auth.companyId} and ${where}`);
  return rows.map((r) => ({
    id: Number(r.id),
    companyId: Number(r.company_id),
    parentId: num(r.parent_id),
    type: r.type,
    status: r.status,
    title: r.title,
    path: r.path,
    depth: Number(r.depth),
    aclFrom: num(r.acl_from),
    createdBy: num(r.created_by),
    removedWith: num(r.removed_with),
    level: levelName(r.rank),
  }));
}

/** One document of the caller's company with the caller's level; null when missing or another company's. */
export async function docAccess(db: DbOrTx, auth: WikiAuth, id: number): Promise<DocAccess | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const [row] = await docsWithAccess(db, auth, sql`d.id = ${id}`);
  return row ?? null;
}

/**
 * The document when the caller has at least `need` on it: 404 wiki.not_found when missing or another
 * company's, 403 wiki.no_access below `need`; with `published`, 409 wiki.not_editable when it is REMOVED.
 */
export async function requireDoc(
  caller: Caller,
  id: number,
  need: AccessLevel,
  opts: { published?: boolean; db?: DbOrTx } = {},
): Promise<DocAccess> {
  const d = await docAccess(opts.db ?? caller.deps.db, caller.auth, id);
  if (!d) throw new AppError(404, WIKI_ERRORS.notFound);
  if (accessRank(d.level) < accessRank(need)) throw new AppError(403, WIKI_ERRORS.noAccess);
  if (opts.published && d.status !== "PUBLISHED") throw new AppError(409, WIKI_ERRORS.notEditable);
  return d;
}

/** The ids of a path ("12/40/41"), root first. */
export const pathIds = (path: string): number[] => path.split("/").map(Number);

/**
 * Rewrites path, depth and acl_from of `docId` and every document under it from its parent's (after a create,
 * a move, or a change of permissions). One statement; run it in the writer's transaction.
 */
export async function refreshSubtree(tx: DbOrTx, companyId: number, docId: number): Promise<void> {
  await tx.execute(sql`
    with recursive sub as (
      select d.id, d.parent_id,
             coalesce(p.path || '/', '') || d.id::text as path,
             coalesce(p.depth, 0) + 1 as depth,
             case when exists (select 1 from wiki_permissions w where w.doc_id = d.id) then d.id else p.acl_from end as acl_from
        from wiki_docs d left join wiki_docs p on p.id = d.parent_id
       where d.id = ${docId} and d.company_id = ${companyId}
      union all
      select c.id, c.parent_id, sub.path || '/' || c.id::text, sub.depth + 1,
             case when exists (select 1 from wiki_permissions w where w.doc_id = c.id) then c.id else sub.acl_from end
        from wiki_docs c join sub on c.parent_id = sub.id
    )
    update wiki_docs d set path = sub.path, depth = sub.depth, acl_from = sub.acl_from
      from sub where d.id = sub.id and (d.path, d.depth, d.acl_from) is distinct from (sub.path, sub.depth, sub.acl_from)`);
}

/** The PUBLISHED documents among `ids` the caller may read (order kept). */
export async function readableIds(db: DbOrTx, auth: WikiAuth, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await docsWithAccess(db, auth, sql`d.id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)}) and d.status = 'PUBLISHED'`);
  const ok = new Set(rows.filter((r) => r.level !== "NONE").map((r) => r.id));
  return ids.filter((i) => ok.has(i));
}
