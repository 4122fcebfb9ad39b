// Reading documents (shared/wiki/documents.ts): GET docs/{id} (the WikiDocument, few indexed queries: it is the
// page every open of the wiki shows), docs/{id}/summary and docs/summaries (the tree and a database's rows).
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { SUMMARIES_PAGE_SIZE } from "../../../../shared/wiki/constants.ts";
import type { Breadcrumb, SummariesQuery, SummaryPage, WikiDocument, WikiSummary } from "../../../../shared/wiki/documents.ts";
import { WIKI_ERRORS } from "../../../../shared/wiki/errors.ts";
import type { DatabaseView, Property, PropertyValue } from "../../../../shared/wiki/properties.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { bigintArray } from "../../../lib/sql-array.ts";
import { docsWithAccess, levelName, pathIds, requireDoc, type WikiAuth } from "../access.ts";
import { signFileToken } from "../files/token.ts";
import { propertiesOf, rowQuery, valuesByDoc } from "../properties/rows.ts";
import { docRow, ms, num, recordRead, type SummaryRow, summaryRows, userRef } from "./repo.ts";

export function toSummary(r: SummaryRow, values: PropertyValue[] = []): WikiSummary {
  return {
    id: Number(r.id),
    parentId: num(r.parent_id),
    title: r.title,
    type: r.type,
    status: r.status,
    accessLevel: levelName(r.rank),
    sortOrder: Number(r.sort_order),
    childCount: Number(r.child_count),
    createdTime: ms(r.created_at)!,
    lastModifiedTime: ms(r.updated_at)!,
    lastModifiedBy: userRef(r.mb_id, r.mb_username, r.mb_name),
    propertyValues: values,
  };
}

const notFound = () => new AppError(404, WIKI_ERRORS.notFound);
const noAccess = () => new AppError(403, WIKI_ERRORS.noAccess);

/** The breadcrumbs of the ancestors of `path` (not the document itself), root first. */
export async function ancestorCrumbs(db: DbOrTx, auth: WikiAuth, paths: string[]): Promise<Map<number, Breadcrumb>> {
  const ids = [...new Set(paths.flatMap((p) => pathIds(p).slice(0, -1)))];
  if (!ids.length) return new Map();
  const rows = await docsWithAccess(db, auth, sql`d.id = any(${bigintArray(ids)})`);
  return new Map(rows.map((a) => {
    const readable = a.level !== "NONE";
    return [a.id, { id: a.id, type: a.type, title: readable ? a.title : "", readable }];
  }));
}

export const crumbsOf = (path: string, known: Map<number, Breadcrumb>): Breadcrumb[] =>
  pathIds(path).slice(0, -1).map((id) => known.get(id)).filter((b): b is Breadcrumb => !!b);

/** The readable PUBLISHED children of `parentId` (null: the top level), with row values under a database. */
async function childPage(
  caller: Caller,
  parent: { id: number; type: string } | null,
  q: { page: number; size: number; sort?: string; dir?: SummariesQuery["dir"]; filter?: string },
  db: DbOrTx = caller.deps.db,
): Promise<{ documents: WikiSummary[]; total: number }> {
  const auth = caller.auth;
  let where = parent ? sql`d.parent_id = ${parent.id}` : sql`d.parent_id is null`;
  let orderBy = sql`d.sort_order, d.id`;
  const isDatabase = parent?.type === "database";
  if (isDatabase && (q.sort || q.filter)) {
    const rq = await rowQuery(db, auth.companyId, parent!.id, { sort: q.sort ?? null, dir: q.dir ?? "asc", filter: q.filter });
    where = sql`${where} and ${rq.where}`;
    if (rq.orderBy) orderBy = rq.orderBy;
  }
  const rows = await summaryRows(db, auth, {
    where: sql`${where} and d.status = 'PUBLISHED'`,
    orderBy,
    limit: q.size,
    offset: q.page * q.size,
  });
  const values = isDatabase && rows.length ? await valuesByDoc(db, auth.companyId, rows.map((r) => Number(r.id))) : null;
  return {
    documents: rows.map((r) => toSummary(r, values?.get(Number(r.id)) ?? [])),
    total: rows.length ? Number(rows[0].total) : 0,
  };
}

/** GET docs/summaries. */
export async function listSummaries(caller: Caller, q: SummariesQuery): Promise<SummaryPage> {
  let parent: { id: number; type: string } | null = null;
  if (q.parentId !== undefined) {
    const p = await requireDoc(caller, q.parentId, "READ");
    parent = { id: p.id, type: p.type };
  }
  let { documents, total } = await childPage(caller, parent, q);
  // A page past the end still answers the total.
  if (!documents.length && q.page > 0) total = (await childPage(caller, parent, { ...q, page: 0, size: 1 })).total;
  return {
    parentId: parent?.id ?? null,
    documents,
    page: q.page,
    size: q.size,
    totalElements: total,
    allChildrenFetched: q.page * q.size + documents.length >= total,
  };
}

/** GET docs/{id}/summary. */
export async function getSummary(caller: Caller, id: number): Promise<WikiSummary> {
  const [row] = await summaryRows(caller.deps.db, caller.auth, { where: sql`d.id = ${id}`, orderBy: sql`d.id`, limit: 1, offset: 0, minRank: 0 });
  if (!row) throw notFound();
  if (Number(row.rank) < 1) throw noAccess();
  const values = await rowValues(caller.deps.db, caller.auth.companyId, row.parent_id, Number(row.id));
  return toSummary(row, values);
}

async function rowValues(db: DbOrTx, companyId: number, parentId: string | null, id: number): Promise<PropertyValue[]> {
  if (parentId === null) return [];
  const [p] = await db.execute<{ type: string }>(sql`select type from wiki_docs where id = ${Number(parentId)}`);
  if (p?.type !== "database") return [];
  return (await valuesByDoc(db, companyId, [id])).get(id) ?? [];
}

/** GET docs/{id}: the whole document as the caller sees it. */
export async function getDocument(caller: Caller, id: number, opts: { trackRecent?: boolean; db?: DbOrTx } = {}): Promise<WikiDocument> {
  const db = opts.db ?? caller.deps.db;
  const { auth, deps } = caller;
  const d = await docRow(db, auth, id);
  if (!d) throw notFound();
  if (Number(d.rank) < 1) throw noAccess();
  const now = deps.clock.now();
  const isDatabase = d.type === "database";
  const isRow = d.parent_type === "database";
  const [crumbs, children, properties, values, fileToken] = await Promise.all([
    d.depth > 1 ? ancestorCrumbs(db, auth, [d.path]) : Promise.resolve(new Map<number, Breadcrumb>()),
    childPage(caller, { id, type: d.type }, { page: 0, size: SUMMARIES_PAGE_SIZE }, db),
    isDatabase || isRow ? propertiesOf(db, auth.companyId, isDatabase ? id : Number(d.parent_id)) : Promise.resolve([] as Property[]),
    isRow ? valuesByDoc(db, auth.companyId, [id]).then((m) => m.get(id) ?? []) : Promise.resolve([] as PropertyValue[]),
    signFileToken(deps.secrets.tokenKey, auth.companyId, auth.userId, now),
    opts.trackRecent ? recordRead(db, auth, id, now) : Promise.resolve(),
  ]);
  const level = levelName(d.rank);
  return {
    id,
    parentId: num(d.parent_id),
    title: d.title,
    type: d.type,
    status: d.status,
    accessLevel: level,
    sortOrder: Number(d.sort_order),
    childCount: children.total,
    createdTime: ms(d.created_at)!,
    lastModifiedTime: ms(d.updated_at)!,
    lastModifiedBy: userRef(d.mb_id, d.mb_username, d.mb_name),
    text: d.text,
    path: d.path,
    permissionFrom: num(d.acl_from),
    properties,
    propertyValues: values,
    propertyMap: Object.fromEntries(properties.map((p) => [String(p.id), p])),
    propertyValueMap: Object.fromEntries(values.map((v) => [String(v.propertyId), v])),
    breadcrumbs: [...crumbsOf(d.path, crumbs), { id, type: d.type, title: d.title, readable: true }],
    deletedTime: ms(d.deleted_at),
    createdBy: userRef(d.cb_id, d.cb_username, d.cb_name),
    viewConfig: isDatabase ? (d.view_config as DatabaseView | null) ?? null : null,
    children: children.documents,
    allChildrenFetched: children.documents.length >= children.total,
    editable: d.status === "PUBLISHED" && Number(d.rank) >= 2,
    fileToken,
  };
}
