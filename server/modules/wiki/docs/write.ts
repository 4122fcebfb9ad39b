// Changing documents (shared/wiki/documents.ts): create, patch (title, text, a database's view), move, rollback
// to a version, delete (to trash with its sub-documents). Each runs in one transaction; after it committed the
// live editors follow a replaced text (collab/replace.ts) and open pages hear of it (realtime.ts).
import { sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../../../db/client.ts";
import { DEPTH_MAX } from "../../../../shared/wiki/constants.ts";
import type { CreateDocBody, PatchDocBody, WikiDocument } from "../../../../shared/wiki/documents.ts";
import { WIKI_ERRORS } from "../../../../shared/wiki/errors.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { bigintArray } from "../../../lib/sql-array.ts";
import { refreshSubtree, requireDoc } from "../access.ts";
import { replaceLiveContent } from "../collab/replace.ts";
import { writeContent } from "../content/store.ts";
import { publishWikiChanged } from "../realtime.ts";
import { getDocument } from "./read.ts";

export const moveInvalid = () => new AppError(409, WIKI_ERRORS.moveInvalid);

/** Serialises sibling orderings under one parent (the top level has no row to lock). */
async function lockSiblings(tx: DbOrTx, companyId: number, parentId: number | null) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`wiki-siblings:${companyId}:${parentId ?? 0}`}))`);
}

/**
 * Gives `docId` its place among the PUBLISHED children of `parentId`: last, first (after null) or right after
 * the sibling `after` (409 wiki.move_invalid when that is not one). Renumbers the siblings that must move.
 */
export async function placeAmongSiblings(
  tx: DbOrTx,
  companyId: number,
  parentId: number | null,
  docId: number,
  after: number | null | "last",
): Promise<void> {
  await lockSiblings(tx, companyId, parentId);
  const under = parentId === null ? sql`parent_id is null` : sql`parent_id = ${parentId}`;
  if (after === "last") {
    await tx.execute(sql`
      update wiki_docs set sort_order = (select coalesce(max(sort_order), -1) + 1 from wiki_docs
                                          where company_id = ${companyId} and ${under} and status = 'PUBLISHED' and id <> ${docId})
       where id = ${docId}`);
    return;
  }
  const rows = await tx.execute<{ id: string }>(sql`
    select id from wiki_docs where company_id = ${companyId} and ${under} and status = 'PUBLISHED' and id <> ${docId}
     order by sort_order, id`);
  const ids = rows.map((r) => Number(r.id));
  const at = after === null ? 0 : ids.indexOf(after) + 1;
  if (at === 0 && after !== null) throw moveInvalid();
  ids.splice(at, 0, docId);
  await tx.execute(sql`
    update wiki_docs d set sort_order = v.ord::int - 1
      from unnest(${bigintArray(ids)}) with ordinality as v(id, ord)
     where d.id = v.id and d.sort_order <> v.ord::int - 1`);
}

/** POST docs. */
export async function createDoc(caller: Caller, b: CreateDocBody): Promise<WikiDocument> {
  const { auth, deps } = caller;
  const now = deps.clock.now();
  const out = await deps.db.transaction(async (tx) => {
    let parent: { path: string; depth: number; aclFrom: number | null } | null = null;
    if (b.parentId !== null) {
      parent = await requireDoc(caller, b.parentId, "WRITE", { published: true, db: tx });
      if (parent.depth + 1 > DEPTH_MAX) throw moveInvalid();
    }
    const [row] = await tx.execute<{ id: string }>(sql`
      insert into wiki_docs (company_id, parent_id, type, path, depth, acl_from, created_by, updated_by, created_at, updated_at)
      values (${auth.companyId}, ${b.parentId}, ${b.type}, '', ${(parent?.depth ?? 0) + 1}, ${parent?.aclFrom ?? null},
              ${auth.userId}, ${auth.userId}, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
      returning id`);
    const id = Number(row.id);
    await tx.execute(sql`update wiki_docs set path = ${parent ? `${parent.path}/` : ""} || id::text where id = ${id}`);
    await placeAmongSiblings(tx, auth.companyId, b.parentId, id, b.prevId ?? "last");
    await writeContent(tx, id, auth.userId, { title: b.title, html: b.text }, now);
    return await getDocument(caller, id, { db: tx });
  });
  await publishWikiChanged(deps, auth.companyId, { docId: out.id, parentId: out.parentId, kind: "created" });
  return out;
}

/** PATCH docs/{id}: title and text when present (or flagged), a database's view. */
export async function patchDoc(caller: Caller, id: number, b: PatchDocBody): Promise<WikiDocument> {
  const { auth, deps } = caller;
  const now = deps.clock.now();
  const setTitle = b.title !== undefined || b.titlePresent === true;
  const setText = b.text !== undefined || b.textPresent === true;
  const { doc, textChanged, changed } = await deps.db.transaction(async (tx) => {
    const d = await requireDoc(caller, id, "WRITE", { published: true, db: tx });
    let changed = false;
    if (b.viewConfig !== undefined) {
      if (d.type !== "database") throw new AppError(409, WIKI_ERRORS.notDatabase);
      await tx.execute(sql`update wiki_docs set view_config = ${JSON.stringify(b.viewConfig)}::jsonb where id = ${id}`);
      changed = true;
    }
    let textChanged = false;
    if (setTitle || setText) {
      const [before] = setText ? await tx.execute<{ text: string }>(sql`select text from wiki_docs where id = ${id}`) : [];
      const wrote = await writeContent(tx, id, auth.userId, {
        title: setTitle ? b.title ?? "" : undefined,
        html: setText ? b.text ?? "" : undefined,
      }, now);
      if (wrote && setText) {
        const [after] = await tx.execute<{ text: string }>(sql`select text from wiki_docs where id = ${id}`);
        textChanged = after.text !== before.text;
      }
      changed ||= wrote;
    }
    return { doc: await getDocument(caller, id, { db: tx }), textChanged, changed };
  });
  if (textChanged) await replaceLiveContent(deps, id);
  if (changed) await publishWikiChanged(deps, auth.companyId, { docId: id, parentId: doc.parentId, kind: "updated" });
  return doc;
}

/** PATCH docs/{id}/move. */
export async function moveDoc(caller: Caller, id: number, b: { parentId: number | null; prevId: number | null }): Promise<WikiDocument> {
  const { auth, deps } = caller;
  const { doc, oldParent } = await deps.db.transaction(async (tx: Tx) => {
    const d = await requireDoc(caller, id, "WRITE", { published: true, db: tx });
    let parentDepth = 0;
    if (b.parentId !== null) {
      if (b.parentId === id) throw moveInvalid();
      const p = await requireDoc(caller, b.parentId, "WRITE", { published: true, db: tx });
      if (p.path.startsWith(`${d.path}/`)) throw moveInvalid();
      parentDepth = p.depth;
    }
    if (b.prevId === id) throw moveInvalid();
    const [{ deepest }] = await tx.execute<{ deepest: number }>(sql`
      select max(depth) as deepest from wiki_docs
       where company_id = ${auth.companyId} and (id = ${id} or path like ${`${d.path}/%`})`);
    if (parentDepth + 1 + (Number(deepest) - d.depth) > DEPTH_MAX) throw moveInvalid();
    await tx.execute(sql`update wiki_docs set parent_id = ${b.parentId} where id = ${id}`);
    await placeAmongSiblings(tx, auth.companyId, b.parentId, id, b.prevId);
    await refreshSubtree(tx, auth.companyId, id);
    return { doc: await getDocument(caller, id, { db: tx }), oldParent: d.parentId };
  });
  await publishWikiChanged(deps, auth.companyId, { docId: id, parentId: doc.parentId, kind: "moved" });
  if (oldParent !== doc.parentId) await publishWikiChanged(deps, auth.companyId, { docId: id, parentId: oldParent, kind: "moved" });
  return doc;
}

/** POST docs/{id}/rollback: the version's title and text become the document's. */
export async function rollbackDoc(caller: Caller, id: number, versionId: number): Promise<WikiDocument> {
  const { auth, deps } = caller;
  const now = deps.clock.now();
  const doc = await deps.db.transaction(async (tx) => {
    await requireDoc(caller, id, "WRITE", { published: true, db: tx });
    const [v] = await tx.execute<{ title: string; text: string }>(sql`
      select title, text from wiki_versions where id = ${versionId} and doc_id = ${id} and company_id = ${auth.companyId}`);
    if (!v) throw new AppError(404, WIKI_ERRORS.versionNotFound);
    await writeContent(tx, id, auth.userId, { title: v.title, html: v.text }, now);
    return await getDocument(caller, id, { db: tx });
  });
  await replaceLiveContent(deps, id);
  await publishWikiChanged(deps, auth.companyId, { docId: id, parentId: doc.parentId, kind: "updated" });
  return doc;
}

/** DELETE docs/{id}: the document and its PUBLISHED sub-documents to trash, removed with it. */
export async function deleteDoc(caller: Caller, id: number): Promise<{ id: number; deletedTime: number }> {
  const { auth, deps } = caller;
  const now = deps.clock.now();
  const parentId = await deps.db.transaction(async (tx) => {
    const d = await requireDoc(caller, id, "WRITE", { published: true, db: tx });
    await tx.execute(sql`
      update wiki_docs set status = 'REMOVED', deleted_at = ${now.toISOString()}::timestamptz, deleted_by = ${auth.userId}, removed_with = ${id}
       where company_id = ${auth.companyId} and status = 'PUBLISHED' and (id = ${id} or path like ${`${d.path}/%`})`);
    return d.parentId;
  });
  await publishWikiChanged(deps, auth.companyId, { docId: id, parentId, kind: "removed" });
  return { id, deletedTime: now.getTime() };
}
