// The wiki's trash (shared/wiki/documents.ts): the documents removed by a delete (removed_with = id; their
// sub-documents went with them), restore (exactly what went with it), purge now (OWNER), and the hourly job that
// purges what has been in trash TRASH_DAYS. A purge deletes the rows (sub-documents, versions, values, files by
// cascade; the files' storage is given back by wiki_files' triggers); the blobs are then unreferenced and the
// blob collector (server/jobs/blob-collector.ts, which finds every *_blob_key column) removes them.
import { sql } from "drizzle-orm";
import type { z } from "zod";
import { TRASH_DAYS } from "../../../../shared/wiki/constants.ts";
import type { TrashedDoc, trashQuery, WikiDocument } from "../../../../shared/wiki/documents.ts";
import { WIKI_ERRORS } from "../../../../shared/wiki/errors.ts";
import { type Page, pageOf } from "../../../../shared/paging.ts";
import type { AppDeps, Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { queryTerm, tsqueryOf } from "../../../lib/search-tokens.ts";
import { refreshSubtree, requireDoc } from "../access.ts";
import { publishWikiChanged } from "../realtime.ts";
import { ancestorCrumbs, crumbsOf, getDocument, toSummary } from "./read.ts";
import { ms, summaryRows, userRef } from "./repo.ts";
import { placeAmongSiblings } from "./write.ts";

const notInTrash = () => new AppError(409, WIKI_ERRORS.notInTrash);

/** GET trash/docs: what the caller may restore (WRITE), newest first. */
export async function listTrash(caller: Caller, q: z.infer<typeof trashQuery>): Promise<Page<TrashedDoc>> {
  const { auth, deps } = caller;
  const keyword = q.keyword?.trim();
  const tsq = keyword ? tsqueryOf(queryTerm(keyword), "A") : null;
  if (keyword && !tsq) return pageOf([], 0, { page: q.page, pageSize: q.size });
  const rows = await summaryRows(deps.db, auth, {
    where: sql`d.status = 'REMOVED' and d.removed_with = d.id${tsq ? sql` and d.search_vector @@ ${tsq}::tsquery` : sql``}`,
    orderBy: sql`d.deleted_at desc, d.id desc`,
    limit: q.size,
    offset: q.page * q.size,
    minRank: 2,
  });
  const crumbs = await ancestorCrumbs(deps.db, auth, rows.map((r) => r.path));
  const content = rows.map((r): TrashedDoc => ({
    ...toSummary(r),
    deletedTime: ms(r.deleted_at)!,
    deletedBy: userRef(r.db_id, r.db_username, r.db_name),
    breadcrumbs: crumbsOf(r.path, crumbs),
  }));
  return pageOf(content, rows.length ? Number(rows[0].total) : 0, { page: q.page, pageSize: q.size });
}

/** PATCH trash/docs/{id}/restore: back with what went with it; at the top level when its parent is in trash. */
export async function restoreDoc(caller: Caller, id: number): Promise<WikiDocument> {
  const { auth, deps } = caller;
  const doc = await deps.db.transaction(async (tx) => {
    const d = await requireDoc(caller, id, "WRITE", { db: tx });
    if (d.status !== "REMOVED" || d.removedWith !== id) throw notInTrash();
    await tx.execute(sql`
      update wiki_docs set status = 'PUBLISHED', deleted_at = null, deleted_by = null, removed_with = null
       where company_id = ${auth.companyId} and removed_with = ${id}`);
    let parentGone = false;
    if (d.parentId !== null) {
      const [p] = await tx.execute<{ status: string }>(sql`select status from wiki_docs where id = ${d.parentId}`);
      parentGone = p?.status !== "PUBLISHED";
    }
    if (parentGone) {
      await tx.execute(sql`update wiki_docs set parent_id = null where id = ${id}`);
      await placeAmongSiblings(tx, auth.companyId, null, id, "last");
      await refreshSubtree(tx, auth.companyId, id);
    }
    return await getDocument(caller, id, { db: tx });
  });
  await publishWikiChanged(deps, auth.companyId, { docId: id, parentId: doc.parentId, kind: "restored" });
  return doc;
}

/** DELETE trash/docs/{id}: purged now, with everything under it. */
export async function purgeDoc(caller: Caller, id: number): Promise<{ id: number }> {
  const { auth, deps } = caller;
  const parentId = await deps.db.transaction(async (tx) => {
    const d = await requireDoc(caller, id, "OWNER", { db: tx });
    if (d.status !== "REMOVED" || d.removedWith !== id) throw notInTrash();
    await tx.execute(sql`delete from wiki_docs where id = ${id} and company_id = ${auth.companyId}`);
    return d.parentId;
  });
  await publishWikiChanged(deps, auth.companyId, { docId: id, parentId, kind: "purged" });
  return { id };
}

const PURGE_BATCH = 100;

/** One pass of the trash job: purges what was removed TRASH_DAYS ago or earlier; answers how many. */
export async function purgeExpiredTrash(deps: AppDeps): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - TRASH_DAYS * 24 * 60 * 60_000);
  let purged = 0;
  for (;;) {
    const gone = await deps.db.transaction(async (tx) => {
      const rows = await tx.execute<{ id: string; company_id: string; parent_id: string | null }>(sql`
        select id, company_id, parent_id from wiki_docs
         where status = 'REMOVED' and removed_with = id and deleted_at <= ${cutoff.toISOString()}::timestamptz
         order by deleted_at limit ${PURGE_BATCH} for update skip locked`);
      if (rows.length) {
        await tx.execute(sql`delete from wiki_docs where id = any(${`{${rows.map((r) => r.id).join(",")}}`}::bigint[])`);
      }
      return rows;
    });
    for (const r of gone) {
      await publishWikiChanged(deps, Number(r.company_id), { docId: Number(r.id), parentId: r.parent_id === null ? null : Number(r.parent_id), kind: "purged" });
    }
    purged += gone.length;
    if (gone.length < PURGE_BATCH) return purged;
  }
}
