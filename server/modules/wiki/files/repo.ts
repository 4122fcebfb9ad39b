// wiki_files rows (db/schema/wiki.ts): a document's attached files and images. The uploader's users.used_size
// follows these rows through migration 0053's triggers; the bytes are in the blob store under blob_key.
import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { wikiFiles } from "../../../../db/schema/wiki.ts";

export type WikiFileRow = typeof wikiFiles.$inferSelect;
export type NewWikiFile = typeof wikiFiles.$inferInsert;

export async function insertFile(db: DbOrTx, row: NewWikiFile): Promise<WikiFileRow> {
  const [r] = await db.insert(wikiFiles).values(row).returning();
  return r;
}

/** A file of the company; null when missing or another company's. */
export async function fileRow(db: DbOrTx, companyId: number, fileId: number): Promise<WikiFileRow | null> {
  if (!Number.isSafeInteger(fileId) || fileId <= 0) return null;
  const [r] = await db.select().from(wikiFiles).where(and(eq(wikiFiles.id, fileId), eq(wikiFiles.companyId, companyId)));
  return r ?? null;
}

/** The files of some documents of the company, oldest first. */
export async function filesOfDocs(db: DbOrTx, companyId: number, docIds: number[]): Promise<WikiFileRow[]> {
  if (!docIds.length) return [];
  return await db.select().from(wikiFiles)
    .where(and(eq(wikiFiles.companyId, companyId), inArray(wikiFiles.docId, docIds)))
    .orderBy(wikiFiles.id);
}

/** Files of the company by id (missing and foreign ones left out). */
export async function filesOfIds(db: DbOrTx, companyId: number, ids: number[]): Promise<WikiFileRow[]> {
  if (!ids.length) return [];
  return await db.select().from(wikiFiles).where(and(eq(wikiFiles.companyId, companyId), inArray(wikiFiles.id, ids)));
}
