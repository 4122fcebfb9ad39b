// The list queries: a folder's page (folders first, then files from the per-sort partial indexes of
// db/schema/drive.ts) and the views over a user's items (recent, important, shared, search, trash).
import { and, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { driveItems } from "../../../../db/schema/index.ts";
import type { DriveSortField } from "../../../../shared/drive/constants.ts";
import type { ItemRow } from "../repo.ts";

export interface Page {
  offset: number;
  limit: number;
  sort: DriveSortField;
  dir: "asc" | "desc";
}

function orderOf(p: Page): SQL[] {
  const d = p.dir === "asc" ? sql`asc` : sql`desc`;
  const col = p.sort === "fileName" ? sql`${driveItems.sortName} collate "C"`
    : p.sort === "fileSize" ? sql`${driveItems.size}`
    : p.sort === "deleteTimeMillis" ? sql`${driveItems.deletedAt}`
    : sql`${driveItems.usedAt}`;
  return [sql`${col} ${d}`, sql`${driveItems.id} ${d}`];
}

/** A live folder's page: its folders (few, sorted here), then its files and shortcuts from the index. */
export async function folderPage(db: DbOrTx, companyId: number, parentId: number, p: Page): Promise<{ rows: ItemRow[]; total: number }> {
  const live = and(eq(driveItems.companyId, companyId), eq(driveItems.parentId, parentId), isNull(driveItems.deletedAt));
  // Files sorted by deletion time (a trash sort) fall back to use time in a live folder.
  const fileSort: Page = p.sort === "deleteTimeMillis" ? { ...p, sort: "usedTimeMillis" } : p;
  const [folders, [{ n }]] = await Promise.all([
    db.select().from(driveItems).where(and(live, eq(driveItems.kind, "folder"))).orderBy(...orderOf(fileSort)),
    db.select({ n: sql<number>`count(*)::int` }).from(driveItems).where(and(live, sql`${driveItems.kind} <> 'folder'`)),
  ]);
  const rows = folders.slice(p.offset, p.offset + p.limit);
  const room = p.limit - rows.length;
  if (room > 0 && Number(n) > 0) {
    // The page's ids first (an index-only scan, also past a deep offset), then only their rows.
    const fileOffset = Math.max(0, p.offset - folders.length);
    const ids = (await db.select({ id: driveItems.id }).from(driveItems).where(and(live, sql`${driveItems.kind} <> 'folder'`))
      .orderBy(...orderOf(fileSort)).limit(room).offset(fileOffset)).map((r) => r.id);
    const byId = new Map(ids.length === 0 ? [] : (await db.select().from(driveItems).where(and(eq(driveItems.companyId, companyId), inArray(driveItems.id, ids))))
      .map((r) => [r.id, r] as const));
    rows.push(...ids.map((id) => byId.get(id)!).filter(Boolean));
  }
  return { rows, total: folders.length + Number(n) };
}

/** Any set of items (a view's condition), folders first, paged. */
export async function viewPage(db: DbOrTx, where: SQL, p: Page): Promise<{ rows: ItemRow[]; total: number }> {
  const [rows, [{ n }]] = await Promise.all([
    db.select().from(driveItems).where(where)
      .orderBy(sql`(${driveItems.kind} = 'folder') desc`, ...orderOf(p)).limit(p.limit).offset(p.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(driveItems).where(where),
  ]);
  return { rows, total: Number(n) };
}
