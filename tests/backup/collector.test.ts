// The blob collector and the backup: the columns that hold blob keys are found in the catalogue (a module
// added later is protected without being listed), and no pass runs while a backup holds its lock, since a row
// its snapshot still sees may be gone from the live tables.
import { describe, expect, test } from "vitest";
import { utimes } from "node:fs/promises";
import { collectBlobs } from "../../server/jobs/blob-collector.ts";
import { BACKUP_LOCK } from "../../server/backup/backup.ts";
import { FileBlobStore } from "../../server/lib/blobs.ts";
import { createTestApp } from "../support/test-app.ts";

const t = await createTestApp();
const store = t.deps.blobs as FileBlobStore;
const enc = new TextEncoder();
const old = (key: string) => {
  const when = new Date(Date.now() - 7 * 3600_000);
  return utimes(store.pathOf(key), when, when);
};

describe("blob collector", () => {
  test("a blob referred to by a new module's *_blob_key column is kept; an orphan goes", async () => {
    await t.deps.sql`create table later_module_files (id serial primary key, thumbnail_blob_key text)`;
    const kept = await store.put(enc.encode("a later module's thumbnail"));
    const orphan = await store.put(enc.encode("nobody's bytes"));
    await t.deps.sql`insert into later_module_files (thumbnail_blob_key) values (${kept.key})`;
    await old(kept.key);
    await old(orphan.key);
    expect(await collectBlobs(t.deps)).toBe(1);
    expect(await store.size(kept.key)).not.toBeNull();
    expect(await store.size(orphan.key)).toBeNull();
  });

  test("no pass while a backup runs; the next one after it collects", async () => {
    const orphan = await store.put(enc.encode("collected after the backup"));
    await old(orphan.key);
    const backup = await t.deps.sql.reserve();
    try {
      await backup`begin`;
      await backup`select pg_advisory_xact_lock_shared(${BACKUP_LOCK})`;
      expect(await collectBlobs(t.deps)).toBe(0);
      expect(await store.size(orphan.key)).not.toBeNull();
      await backup`commit`;
    } finally {
      backup.release();
    }
    expect(await collectBlobs(t.deps)).toBe(1);
    expect(await store.size(orphan.key)).toBeNull();
  });
});
