// A table whose rows fill many archive pieces, read while the archive's writer makes the COPY stream wait
// (gzip and the file are slower than PostgreSQL), followed by more tables on the same connection: the backup
// must not stall after it (postgres.js leaves its socket paused when a COPY ends while its stream is full:
// backup.ts releaseCopySocket).
import { afterAll, expect, test } from "vitest";
import { join } from "node:path";
import { backupToFile } from "../../server/backup/backup.ts";
import { readArchive } from "../../server/backup/read-archive.ts";
import { createTestApp } from "../support/test-app.ts";

const t = await createTestApp();
const dir = await Deno.makeTempDir({ prefix: "gw-copy-stream-" });
afterAll(() => Deno.remove(dir, { recursive: true }).catch(() => {}));

test("a large table read by a slower writer, then the rest of the tables", async () => {
  // "a_large" sorts first among the tables without foreign keys: every other table is read after it.
  await t.deps.sql`create table a_large (id int primary key, filler text)`;
  await t.deps.sql`insert into a_large select g, md5(g::text) || repeat(md5((g * 7)::text), 40) from generate_series(1, 20000) g`;
  const file = join(dir, "large.tar.gz");
  const s = await backupToFile(file, { sql: t.deps.sql, blobs: t.deps.blobs });
  const { manifest } = await readArchive(file);
  expect(manifest.tables.a_large.rows).toBe(20000);
  expect(manifest.tables.a_large.chunks).toBeGreaterThan(4);
  expect(s.tables).toBe(Object.keys(manifest.tables).length);
  // The connections are all usable afterwards.
  expect((await Promise.all(Array.from({ length: 5 }, () => t.deps.sql`select 1 as one`))).flat()).toHaveLength(5);
});
