// Reads a backup archive from start to end and checks everything it can without a database: the header
// comes first and is of a format this code reads, table pieces come in order for tables the header names,
// every blob's bytes hash to its key, and the manifest at the end agrees with every entry's SHA-256, every
// table's row count and the blob count. The consumer sees each part as it streams past; nothing it did may
// be kept unless read() returns, since the last check is made at the very end.
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { createGunzip } from "node:zlib";
import { Buffer } from "node:buffer";
import type { SequenceValue } from "./catalogue.ts";
import { type ArchiveHeader, type ArchiveManifest, BLOB_NAME, CHUNK_NAME, FORMAT, FORMAT_VERSION } from "./format.ts";
import { ArchiveFormatError, readTar, type TarEntry } from "./tar.ts";

export { ArchiveFormatError };

export interface ArchiveConsumer {
  header?(header: ArchiveHeader): Promise<void>;
  /** The table's rows, a piece at a time, in COPY text format. */
  tableChunk?(table: string, body: AsyncIterable<Uint8Array>): Promise<void>;
  /** After the table's last piece. */
  tableEnd?(table: string): Promise<void>;
  sequences?(values: SequenceValue[]): Promise<void>;
  /** One blob; the consumer reads `entry.body` (or leaves it) and may not keep it before read() returns. */
  blob?(key: string, entry: TarEntry): Promise<void>;
}

export interface ArchiveSummary {
  header: ArchiveHeader;
  manifest: ArchiveManifest;
  rows: number;
}

const MAX_JSON = 64 * 1024 * 1024;

/** The archive file's bytes, un-gzipped; a file that is no gzip or is cut short throws ArchiveFormatError. */
export async function* archiveBytes(file: string): AsyncGenerator<Uint8Array> {
  const src = createReadStream(file);
  const gunzip = createGunzip({ chunkSize: 1 << 20 });
  src.on("error", (e) => gunzip.destroy(e));
  src.pipe(gunzip);
  try {
    for await (const chunk of gunzip) yield chunk as Uint8Array;
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (err.code === "ENOENT") throw new ArchiveFormatError(`no such file: ${file}`);
    if (err.code === "Z_BUF_ERROR" || /unexpected end/i.test(err.message)) {
      throw new ArchiveFormatError("the archive is truncated (it ends in the middle)");
    }
    if (typeof err.code === "string" && err.code.startsWith("Z_")) {
      throw new ArchiveFormatError(`the file is not a backup archive or is damaged (${err.message})`);
    }
    throw e;
  } finally {
    src.destroy();
  }
}

async function readJson<T>(entry: TarEntry): Promise<T> {
  if (entry.size > MAX_JSON) throw new ArchiveFormatError(`${entry.name} is too large`);
  const parts: Uint8Array[] = [];
  for await (const p of entry.body) parts.push(p);
  try {
    return JSON.parse(new TextDecoder().decode(Buffer.concat(parts)));
  } catch {
    throw new ArchiveFormatError(`${entry.name} is damaged (not JSON)`);
  }
}

/** Reads the whole archive through `consumer`; throws ArchiveFormatError on anything amiss. */
export async function readArchive(file: string, consumer: ArchiveConsumer = {}): Promise<ArchiveSummary> {
  const seen: Record<string, string> = {};
  const rowsOf: Record<string, number> = {};
  const chunksOf: Record<string, number> = {};
  let header: ArchiveHeader | null = null;
  let manifest: ArchiveManifest | null = null;
  let current: string | null = null;
  let blobs = 0;
  let blobBytes = 0;
  const keyList = createHash("sha256");
  const endTable = async () => {
    if (current) await consumer.tableEnd?.(current);
    current = null;
  };

  for await (const entry of readTar(archiveBytes(file))) {
    if (manifest) throw new ArchiveFormatError(`the archive has an entry after its manifest (${entry.name})`);
    if (!header) {
      if (entry.name !== "header.json") throw new ArchiveFormatError("the file is not a backup archive (no header first)");
      header = await readJson<ArchiveHeader>(entry);
      if (header.format !== FORMAT) throw new ArchiveFormatError("the file is not a backup archive of this suite");
      if (header.formatVersion > FORMAT_VERSION) {
        throw new ArchiveFormatError(`the archive's format ${header.formatVersion} is newer than this version of the suite reads`);
      }
      await consumer.header?.(header);
    } else if (CHUNK_NAME.test(entry.name)) {
      const [, table, n] = entry.name.match(CHUNK_NAME)!;
      if (!header.tables.some((t) => t.name === table)) throw new ArchiveFormatError(`the archive holds rows of an unknown table ${table}`);
      if (table !== current) {
        await endTable();
        if (chunksOf[table]) throw new ArchiveFormatError(`the rows of ${table} are out of order`);
        current = table;
      }
      if (Number(n) !== (chunksOf[table] ?? 0) + 1) throw new ArchiveFormatError(`a piece of ${table} is missing`);
      chunksOf[table] = Number(n);
      let rows = 0;
      const counted = (async function* () {
        for await (const part of entry.body) {
          for (let i = part.indexOf(10); i !== -1; i = part.indexOf(10, i + 1)) rows++;
          yield part;
        }
      })();
      if (consumer.tableChunk) await consumer.tableChunk(table, counted);
      for await (const _ of counted) { /* what the consumer left */ }
      rowsOf[table] = (rowsOf[table] ?? 0) + rows;
    } else if (entry.name === "sequences.json") {
      await endTable();
      const values = await readJson<SequenceValue[]>(entry);
      await consumer.sequences?.(values);
    } else if (BLOB_NAME.test(entry.name)) {
      await endTable();
      const key = entry.name.match(BLOB_NAME)![1];
      if (consumer.blob) await consumer.blob(key, entry);
      for await (const _ of entry.body) { /* what the consumer left */ }
      if (entry.sha256() !== key) throw new ArchiveFormatError(`the archive is damaged (blob ${key} does not match its bytes)`);
      keyList.update(`${key}\n`);
      blobs++;
      blobBytes += entry.size;
      continue; // checked by its name, not listed in the manifest's entries
    } else if (entry.name === "manifest.json") {
      await endTable();
      manifest = await readJson<ArchiveManifest>(entry);
      continue;
    } else {
      throw new ArchiveFormatError(`the archive holds an unexpected entry ${entry.name}`);
    }
    seen[entry.name] = entry.sha256();
  }
  if (!header) throw new ArchiveFormatError("the archive is empty");
  if (!manifest) throw new ArchiveFormatError("the archive is truncated (it has no manifest)");
  checkManifest(header, manifest, seen, rowsOf, { count: blobs, bytes: blobBytes, keysSha256: keyList.digest("hex") });
  const rows = Object.values(rowsOf).reduce((a, b) => a + b, 0);
  return { header, manifest, rows };
}

function checkManifest(
  header: ArchiveHeader,
  manifest: ArchiveManifest,
  seen: Record<string, string>,
  rowsOf: Record<string, number>,
  blobs: ArchiveManifest["blobs"],
): void {
  const listed = manifest.entries ?? {};
  for (const [name, sha] of Object.entries(seen)) {
    if (listed[name] !== sha) throw new ArchiveFormatError(`the archive is damaged (${name} does not match its checksum)`);
  }
  for (const name of Object.keys(listed)) {
    if (!(name in seen)) throw new ArchiveFormatError(`the archive is incomplete (${name} is missing)`);
  }
  for (const t of header.tables) {
    const want = manifest.tables?.[t.name]?.rows;
    if (want !== (rowsOf[t.name] ?? 0)) {
      throw new ArchiveFormatError(`the archive is damaged (${t.name} holds ${rowsOf[t.name] ?? 0} rows, the manifest says ${want})`);
    }
  }
  if (manifest.blobs?.count !== blobs.count || manifest.blobs?.bytes !== blobs.bytes || manifest.blobs?.keysSha256 !== blobs.keysSha256) {
    throw new ArchiveFormatError("the archive is damaged (its blobs do not match the manifest)");
  }
}
