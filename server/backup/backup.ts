// Writes a backup archive (format.ts) of the whole installation while it keeps running: every table of the
// suite read in one REPEATABLE READ snapshot, so rows that refer to each other agree even as mail arrives,
// then every blob those rows refer to, streamed so memory stays flat whatever the size. While it runs, the
// blob collector waits (BACKUP_LOCK), so no blob the snapshot still refers to is removed under it.
import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { rename, rm } from "node:fs/promises";
import { finished } from "node:stream/promises";
import { createGzip } from "node:zlib";
import type { Queries, Sql } from "../../db/client.ts";
import type { BlobStore } from "../lib/blobs.ts";
import { blobColumns, sequenceValues, suiteTables } from "./catalogue.ts";
import { type ArchiveHeader, type ArchiveManifest, CHUNK_BYTES, chunkName, FORMAT, FORMAT_VERSION, json } from "./format.ts";
import { schemaVersionOf } from "./schema-version.ts";
import { TarWriter } from "./tar.ts";

/** Advisory lock a backup holds shared and the blob collector takes exclusively. */
export const BACKUP_LOCK = 7_241_001;

export interface BackupOptions {
  sql: Sql;
  blobs: BlobStore;
  /** Called with the snapshot's id (pg_export_snapshot) before anything is read: tests compare against it. */
  onSnapshot?: (snapshotId: string) => Promise<void> | void;
  progress?: (line: string) => void;
}

export interface BackupSummary {
  tables: number;
  rows: number;
  blobs: number;
  blobBytes: number;
  missingBlobs: number;
  archiveBytes: number;
}

/**
 * Writes the archive to `file`: to `file.partial` first, renamed when complete, so a failed or interrupted
 * backup never leaves a file that looks whole.
 */
export async function backupToFile(file: string, opts: BackupOptions): Promise<BackupSummary> {
  const partial = `${file}.partial`;
  const out = createWriteStream(partial);
  // The fastest level: most of an archive is mail and files, which compress little; big steps, few trips to zlib.
  const gzip = createGzip({ level: 1, chunkSize: 1 << 20 });
  gzip.pipe(out);
  try {
    const summary = await writeArchive(new TarWriter(gzip), opts);
    gzip.end();
    await finished(out);
    await syncFile(partial);
    await rename(partial, file);
    return { ...summary, archiveBytes: (await Deno.stat(file)).size };
  } catch (e) {
    gzip.destroy();
    out.destroy();
    await rm(partial, { force: true });
    throw e;
  }
}

async function syncFile(path: string): Promise<void> {
  const f = await Deno.open(path, { read: true, write: true });
  try {
    await f.sync();
  } finally {
    f.close();
  }
}

async function writeArchive(tar: TarWriter, opts: BackupOptions): Promise<Omit<BackupSummary, "archiveBytes">> {
  const say = opts.progress ?? (() => {});
  return await opts.sql.begin("isolation level repeatable read read only", async (tx) => {
    await tx`select pg_advisory_xact_lock_shared(${BACKUP_LOCK})`;
    const [{ id }] = await tx<{ id: string }[]>`select pg_export_snapshot() as id`;
    await opts.onSnapshot?.(id);
    const schema = await schemaVersionOf(tx);
    if (!schema) throw new Error("the database has never been migrated: there is nothing to back up");
    const tables = await suiteTables(tx);
    const header: ArchiveHeader = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      schema,
      tables,
      blobColumns: await blobColumns(tx),
    };
    const manifest: ArchiveManifest = { tables: {}, blobs: { count: 0, bytes: 0, keysSha256: "" }, missingBlobs: [], entries: {} };
    const keyList = createHash("sha256");
    manifest.entries["header.json"] = await tar.file("header.json", json(header));

    let rows = 0;
    for (const t of tables) {
      const counted = await writeTable(tar, tx, t.name, t.columns, manifest);
      rows += counted;
      say(`table ${t.name}: ${counted} row(s)`);
    }
    manifest.entries["sequences.json"] = await tar.file("sequences.json", json(await sequenceValues(tx)));

    const cols = header.blobColumns;
    if (cols.length) {
      const union = cols.map((c) => `select ${ident(c.column)} as k from ${ident(c.table)} where ${ident(c.column)} is not null`).join(" union ");
      for await (const batch of tx.unsafe<{ k: string }[]>(`select k from (${union}) keys order by k`).cursor(500)) {
        // Read ahead: small blobs are fetched whole a few at a time while earlier ones are written, so the
        // store's per-blob latency (a file open, an S3 request) overlaps; large ones stream when their turn comes.
        const ahead = readAhead(batch.map((r) => r.k), opts.blobs);
        for (const next of ahead) {
          const { key, size, bytes } = await next;
          if (size === null) {
            manifest.missingBlobs.push(key);
            continue;
          }
          const name = `blobs/${key}`;
          const sha = bytes ? await tar.file(name, bytes) : await tar.stream(name, size, await opts.blobs.stream(key));
          if (sha !== key) throw new Error(`the blob store's ${key} does not hold the bytes of that key`);
          keyList.update(`${key}\n`);
          manifest.blobs.count++;
          manifest.blobs.bytes += size;
          if (manifest.blobs.count % 1000 === 0) say(`blobs: ${manifest.blobs.count}`);
        }
      }
    }
    manifest.blobs.keysSha256 = keyList.digest("hex");
    say(`blobs: ${manifest.blobs.count} (${manifest.blobs.bytes} bytes)`);
    await tar.file("manifest.json", json(manifest));
    await tar.end();
    return {
      tables: tables.length,
      rows,
      blobs: manifest.blobs.count,
      blobBytes: manifest.blobs.bytes,
      missingBlobs: manifest.missingBlobs.length,
    };
  });
}

/** Blobs up to this size are read whole, ahead of their turn. */
const READ_WHOLE = 1024 * 1024;
const READ_AHEAD = 16;

/** Each key's size (null: missing) and, when small, its bytes; at most READ_AHEAD fetches ahead of the reader. */
function* readAhead(keys: string[], blobs: BlobStore): Generator<Promise<{ key: string; size: number | null; bytes?: Uint8Array }>> {
  const fetch = async (key: string) => {
    const size = await blobs.size(key);
    if (size === null || size > READ_WHOLE) return { key, size };
    return { key, size, bytes: await blobs.get(key) };
  };
  const queue: Promise<{ key: string; size: number | null; bytes?: Uint8Array }>[] = [];
  let i = 0;
  while (i < keys.length || queue.length) {
    while (queue.length < READ_AHEAD && i < keys.length) {
      const p = fetch(keys[i++]);
      p.catch(() => {}); // awaited in turn by the reader; not an unhandled rejection meanwhile
      queue.push(p);
    }
    yield queue.shift()!;
  }
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** One table's rows in COPY text format, in pieces of at most CHUNK_BYTES; answers the row count. */
async function writeTable(tar: TarWriter, tx: Queries, table: string, columns: string[], manifest: ArchiveManifest): Promise<number> {
  const copy = await tx.unsafe(`copy ${ident(table)} (${columns.map(ident).join(", ")}) to stdout`).readable();
  let pieces: Uint8Array[] = [];
  let size = 0;
  let rows = 0;
  let n = 0;
  const flush = async () => {
    const name = chunkName(table, ++n);
    manifest.entries[name] = await tar.stream(name, size, pieces);
    pieces = [];
    size = 0;
  };
  for await (const chunk of copy as AsyncIterable<Uint8Array>) {
    // COPY's text format ends every row with a newline and escapes the ones inside values.
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) rows++;
    if (size + chunk.length > CHUNK_BYTES && size > 0) await flush();
    pieces.push(chunk);
    size += chunk.length;
  }
  if (size > 0) await flush();
  releaseCopySocket(copy);
  manifest.tables[table] = { rows, chunks: n };
  return rows;
}

/**
 * postgres.js (3.4) pauses the connection's socket when a COPY stream's buffer is full and resumes it when the
 * stream is read again; when the COPY's end arrives in the same network read, the stream ends with the
 * socket still paused and every later query on that connection waits for ever (porsager/postgres #499, fix
 * proposed in #1016). The stream's own read hook resumes the socket: called once the stream has ended.
 */
export function releaseCopySocket(copy: unknown): void {
  (copy as { _read?: (n: number) => void })._read?.(0);
}
