// The drive in backups: its tables are found in the catalogue like every module's, and a restore brings back
// the same rows (a folder made after the file moved into it, so a child's id is below its parent's; items in
// the trash; extracted content), the users' used sizes as they were (the quota triggers are off during the
// load, so the drive's bytes are not counted twice) and the files' blobs; the blob collector keeps a drive
// file's bytes while a row, trash included, names them.
import { describe, expect, test } from "vitest";
import { utimes } from "node:fs/promises";
import { join } from "node:path";
import { backupToFile } from "../../server/backup/backup.ts";
import { blobColumns } from "../../server/backup/catalogue.ts";
import { restoreFromFile } from "../../server/backup/restore.ts";
import { collectBlobs } from "../../server/jobs/blob-collector.ts";
import type { FileBlobStore } from "../../server/lib/blobs.ts";
import { createTestApp } from "../support/test-app.ts";
import { company, driveApi } from "../drive/helpers.ts";
import { dumpTables } from "./support.ts";

const source = await createTestApp();
const target = await createTestApp();
const api = driveApi(source);

describe("the drive in backups", () => {
  test("drive_items' blob keys are found by the collector, which keeps them while a row names them", async () => {
    expect(await blobColumns(source.deps.sql)).toContainEqual({ table: "drive_items", column: "blob_key" });
    const co = await company(source, "drive-blobs.test");
    const root = await api.root(co.admin);
    const kept = await api.uploadOk(co.admin, root.id, "kept.txt", "bytes kept in the trash");
    const gone = await api.uploadOk(co.admin, root.id, "gone.txt", "bytes deleted for good");
    await api.ok(204, "DELETE", "/api/drive", co.admin, { fileIds: [kept.id, gone.id] });
    await api.ok(204, "DELETE", `/api/drive/${gone.id}/clean`, co.admin);
    const keys = await source.db.sql<{ name: string; blob_key: string }[]>`
      select name, blob_key from drive_items where id = ${kept.id}`;
    const store = source.deps.blobs as FileBlobStore;
    const goneKey = (await store.put(new TextEncoder().encode("bytes deleted for good"))).key;
    const old = new Date(Date.now() - 7 * 3600_000);
    await utimes(store.pathOf(keys[0].blob_key), old, old);
    await utimes(store.pathOf(goneKey), old, old);
    await collectBlobs(source.deps);
    expect(await store.size(keys[0].blob_key)).not.toBeNull();
    expect(await store.size(goneKey)).toBeNull();
  });

  test("a restore brings back the same rows, used sizes and blobs", async () => {
    const co = await company(source, "drive-backup.test");
    const root = await api.root(co.admin);
    const early = await api.uploadOk(co.admin, root.id, "early.txt", "made before its folder");
    const folder = await api.folder(co.admin, root.id, "Later folder");
    await api.ok(200, "PUT", `/api/drive/${folder.id}/moved`, co.admin, { fileIds: [early.id] });
    expect(early.id).toBeLessThan(folder.id);
    const binned = await api.uploadOk(co.admin, folder.id, "binned.txt", "in the trash");
    await api.ok(204, "DELETE", "/api/drive", co.admin, { fileIds: [binned.id] });
    await source.db.sql`insert into drive_item_contents (item_id, company_id, search_text, search_vector)
      values (${early.id}, ${co.companyId}, 'made before its folder', '''made'':1A')`;

    const before = await dumpTables(source.deps.sql);
    const archive = join(source.dataDir, "drive.backup");
    const summary = await backupToFile(archive, { sql: source.deps.sql, blobs: source.deps.blobs });
    expect(summary.missingBlobs).toBe(0);
    await restoreFromFile(archive, {
      sql: target.deps.sql, blobs: target.deps.blobs, tmpDir: target.dataDir, force: true, migrate: async () => {},
    });
    const after = await dumpTables(target.deps.sql);
    for (const table of ["drive_items", "drive_item_contents", "users"]) expect(after[table], table).toEqual(before[table]);
    const [{ used }] = await target.db.sql<{ used: string }[]>`select used_size as used from users where id = ${co.admin.id}`;
    expect(Number(used)).toBe(early.fileSize + binned.fileSize);
    const [{ k }] = await target.db.sql<{ k: string }[]>`select blob_key as k from drive_items where id = ${early.id}`;
    expect(new TextDecoder().decode(await target.deps.blobs.get(k))).toBe("made before its folder");
  });
});
