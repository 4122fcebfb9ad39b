// GET /api/drive/download?fileIds[]=: the named files and folders as one zip, streamed (zip-writer.ts). Each
// named item needs the caller's read permission (a folder's covers its sub-tree: shares inherit downwards);
// the sub-trees are their live items (the trash left out), shortcuts are left out everywhere. The tree's
// rows (names, sizes, blob keys: no bytes) are read before the first byte goes out, so a missing or foreign id
// fails the request with 404 instead of cutting a zip short; the bytes are read one file at a time as the
// client takes them.
import { sql } from "drizzle-orm";
import { DRIVE_PERMISSION, MAX_ITEMS_PER_CALL } from "../../../../shared/drive/constants.ts";
import { DRIVE_ERRORS } from "../../../../shared/drive/errors.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { requireAccess } from "../access.ts";
import { type ZipEntry, zipStream } from "./zip-writer.ts";

/** Entries one zip may hold (a folder tree larger than this is refused, not cut). */
export const ZIP_MAX_ENTRIES = 100_000;

interface TreeRow {
  id: number;
  parentId: number | null;
  kind: string;
  name: string;
  size: number;
  blobKey: string | null;
  updatedAt: Date;
}

/** The live folders and files under these folders (not the folders themselves), any depth. */
async function subTrees(caller: Caller, folderIds: number[]): Promise<TreeRow[]> {
  if (!folderIds.length) return [];
  const companyId = caller.auth.companyId;
  const ids = sql.join(folderIds.map((id) => sql`${id}`), sql`, `);
  const rows = await caller.deps.db.execute<{ id: string; parent_id: string; kind: string; name: string; size: string; blob_key: string | null; updated_at: string }>(sql`
    with recursive down(id, parent_id, kind, name, size, blob_key, updated_at) as (
      select id, parent_id, kind, name, size, blob_key, updated_at from drive_items
       where company_id = ${companyId} and parent_id in (${ids}) and deleted_at is null and kind in ('folder', 'file')
      union all
      select d.id, d.parent_id, d.kind, d.name, d.size, d.blob_key, d.updated_at from drive_items d join down on d.parent_id = down.id
       where d.company_id = ${companyId} and d.deleted_at is null and d.kind in ('folder', 'file') and down.kind = 'folder'
    ) select * from down limit ${ZIP_MAX_ENTRIES + 1}`);
  if (rows.length > ZIP_MAX_ENTRIES) throw new AppError(413, "common.413");
  return rows.map((r) => ({
    id: Number(r.id),
    parentId: Number(r.parent_id),
    kind: r.kind,
    name: r.name,
    size: Number(r.size),
    blobKey: r.blob_key,
    updatedAt: new Date(r.updated_at),
  }));
}

/** A name not yet used in the set (compared ignoring case, as the drive does): "a.txt" → "a (2).txt". */
function unique(name: string, used: Set<string>): string {
  let candidate = name;
  for (let n = 2; used.has(candidate.toLowerCase()); n++) {
    const dot = name.lastIndexOf(".");
    candidate = dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
  }
  used.add(candidate.toLowerCase());
  return candidate;
}

/** The archive's file name: the one folder's or file's name, otherwise "drive-<date>.zip". */
function archiveName(caller: Caller, tops: { name: string; kind: string }[]): string {
  if (tops.length === 1) {
    const only = tops[0];
    return only.kind === "folder" ? `${only.name}.zip` : `${only.name.replace(/\.[^.]*$/, "") || only.name}.zip`;
  }
  return `drive-${caller.deps.clock.now().toISOString().slice(0, 10)}.zip`;
}

/** The zip of the items: its file name and the stream (nothing is read from the blob store before it is pulled). */
export async function zipOf(caller: Caller, ids: number[]): Promise<{ fileName: string; stream: ReadableStream<Uint8Array> }> {
  const unique_ids = [...new Set(ids)];
  if (!unique_ids.length || unique_ids.length > MAX_ITEMS_PER_CALL) throw new AppError(400, "common.validation");
  const tops = [];
  for (const id of unique_ids) {
    const { row } = await requireAccess(caller, id, DRIVE_PERMISSION.read);
    if (row.kind === "ROOT") throw new AppError(404, DRIVE_ERRORS.notFound);
    if (row.kind === "shortcut") continue;
    tops.push(row);
  }
  const below = await subTrees(caller, tops.filter((t) => t.kind === "folder").map((t) => t.id));
  const children = new Map<number, TreeRow[]>();
  for (const r of below) {
    const list = children.get(r.parentId!) ?? [];
    list.push(r);
    children.set(r.parentId!, list);
  }
  const entries: ZipEntry[] = [];
  const add = (row: TreeRow, prefix: string, used: Set<string>) => {
    const name = unique(row.name.replace(/[/\\]/g, "_"), used);
    if (row.kind === "folder") {
      entries.push({ name: `${prefix}${name}/`, folder: true, size: 0, modified: row.updatedAt });
      const inner = new Set<string>();
      const list = (children.get(row.id) ?? []).sort((a, b) => (a.kind === b.kind ? a.name.localeCompare(b.name) : a.kind === "folder" ? -1 : 1));
      for (const child of list) add(child, `${prefix}${name}/`, inner);
    } else if (row.blobKey) {
      const key = row.blobKey;
      entries.push({ name: `${prefix}${name}`, size: row.size, modified: row.updatedAt, open: () => caller.deps.blobs.stream(key, row.size ? { start: 0, end: row.size - 1 } : undefined) });
    }
  };
  const used = new Set<string>();
  for (const t of tops) {
    add({ id: t.id, parentId: t.parentId, kind: t.kind, name: t.name, size: t.size, blobKey: t.blobKey, updatedAt: t.updatedAt }, "", used);
  }
  return { fileName: archiveName(caller, tops), stream: zipStream(entries) };
}
