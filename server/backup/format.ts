// The backup archive's layout, shared by the writer (backup.ts), the checker (verify.ts) and restore.ts.
// A gzip-compressed POSIX tar stream holding, in this order:
//   header.json               what the archive is: format, when, the schema version, tables and their columns
//   tables/<table>/<n>.tsv    the table's rows in COPY text format, in pieces of at most CHUNK_BYTES, tables in
//                             foreign-key order
//   sequences.json            where each sequence stood
//   blobs/<key>               every blob the rows refer to (its key is the SHA-256 of its bytes)
//   manifest.json             row counts, the SHA-256 of every entry above but the blobs (a blob's name is its
//                             SHA-256), the blobs' count, bytes and the SHA-256 of their list of keys
// Everything the restore needs to check comes before it is committed: the manifest is last because its
// counts are known only at the end.
import type { SchemaVersion } from "./schema-version.ts";
import type { BlobColumn, SequenceValue, TableInfo } from "./catalogue.ts";

export const FORMAT = "groupware-backup";
export const FORMAT_VERSION = 1;
export const CHUNK_BYTES = 4 * 1024 * 1024;

export interface ArchiveHeader {
  format: typeof FORMAT;
  formatVersion: number;
  createdAt: string;
  schema: SchemaVersion;
  tables: TableInfo[];
  blobColumns: BlobColumn[];
}

export interface ArchiveManifest {
  tables: Record<string, { rows: number; chunks: number }>;
  /**
   * Each blob is checked by its own name (its key is the SHA-256 of its bytes), so the manifest holds no entry
   * per blob: their count, bytes, and the SHA-256 of their keys in archive order (one per line), which a
   * reader recomputes in constant memory.
   */
  blobs: { count: number; bytes: number; keysSha256: string };
  /** Keys rows refer to whose bytes were not in the blob store when the backup was taken. */
  missingBlobs: string[];
  /** SHA-256 of every entry before the manifest but the blobs, by entry name. */
  entries: Record<string, string>;
}

export type Sequences = SequenceValue[];

export const chunkName = (table: string, n: number) => `tables/${table}/${String(n).padStart(6, "0")}.tsv`;
export const CHUNK_NAME = /^tables\/([a-z0-9_]+)\/(\d{6})\.tsv$/;
export const BLOB_NAME = /^blobs\/([0-9a-f]{64})$/;

export const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value, null, 1) + "\n");
