// Restores a backup archive into an installation, all or nothing. One transaction wipes the suite's schema,
// migrates it to exactly the archive's schema version, loads every table in foreign-key order (with the
// tables' own triggers off: the counters they keep are restored as they were), sets the sequences, and
// commits only once the archive has been read to its end and every checksum and count agrees; the blobs are
// stored on the way and removed again if anything fails. An interrupted or failed restore so leaves the
// target as it was (empty, or with its old data under --force). Newer migrations are applied after the
// commit, as the server would at start.
import { Buffer } from "node:buffer";
import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { finished } from "node:stream/promises";
import { once } from "node:events";
import type { Writable } from "node:stream";
import type { Queries, Sql } from "../../db/client.ts";
import type { BlobStore } from "../lib/blobs.ts";
import { tempPath } from "../lib/multipart/temp-files.ts";
import { holdsData, SUITE_SCHEMA } from "./catalogue.ts";
import { ArchiveFormatError, readArchive } from "./read-archive.ts";
import { migrateTo, migrationsUpTo } from "./schema-version.ts";
import type { ArchiveHeader } from "./format.ts";

export class RestoreRefusedError extends Error {}

export interface RestoreOptions {
  sql: Sql;
  blobs: BlobStore;
  /** A folder for blobs too large to hold in memory on their way into the store. */
  tmpDir: string;
  /** Replace an installation that holds data. */
  force?: boolean;
  /** Applies the migrations newer than the archive's (runMigrations). */
  migrate: () => Promise<void>;
  progress?: (line: string) => void;
}

export interface RestoreSummary {
  tables: number;
  rows: number;
  blobs: number;
  schema: string;
}

/** Blobs up to this size go into the store from memory; larger ones through a temporary file. */
const IN_MEMORY_BLOB = 8 * 1024 * 1024;

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

export async function restoreFromFile(file: string, opts: RestoreOptions): Promise<RestoreSummary> {
  const say = opts.progress ?? (() => {});
  if (!opts.force && await holdsData(opts.sql)) {
    throw new RestoreRefusedError(
      "the target installation holds data; restore into an empty one, or pass --force to replace everything in it",
    );
  }
  const added: string[] = [];
  const stored = (expected: string, key: string) => {
    added.push(key);
    if (key !== expected) throw new ArchiveFormatError(`the archive is damaged (blob ${expected} does not match its bytes)`);
    if (added.length % 1000 === 0) say(`blobs: ${added.length}`);
  };
  const puts = new Bounded(16);
  try {
    const summary = await opts.sql.begin(async (tx) => {
      let header: ArchiveHeader | null = null;
      let copy: Writable | null = null;
      const result = await readArchive(file, {
        header: async (h) => {
          header = h;
          const count = migrationsUpTo(h.schema);
          await wipe(tx);
          await migrateTo(tx, count);
          say(`schema migrated to ${h.schema.tag}`);
          for (const t of h.tables) await tx.unsafe(`alter table ${ident(t.name)} disable trigger user`);
        },
        tableChunk: async (table, body) => {
          if (!copy) {
            const cols = header!.tables.find((t) => t.name === table)!.columns;
            copy = await tx.unsafe(`copy ${ident(table)} (${cols.map(ident).join(", ")}) from stdin`).writable();
          }
          for await (const part of body) if (!copy.write(part)) await once(copy, "drain");
        },
        tableEnd: async (table) => {
          if (!copy) return;
          const c = copy;
          copy = null;
          c.end();
          await finished(c);
          say(`table ${table} loaded`);
        },
        sequences: async (values) => {
          for (const s of values) {
            await tx`select setval(${`${ident(SUITE_SCHEMA)}.${ident(s.name)}`}::regclass, ${s.value}::bigint, ${s.called})`;
          }
        },
        blob: async (key, entry) => {
          if (await opts.blobs.size(key) !== null) return; // the same bytes are there already
          if (entry.size <= IN_MEMORY_BLOB) {
            const parts: Uint8Array[] = [];
            for await (const p of entry.body) parts.push(p);
            // Several puts at once: each one's syncs overlap the others' and the reading of what follows.
            await puts.add(() => opts.blobs.put(Buffer.concat(parts)).then((r) => stored(key, r.key)));
          } else {
            const tmp = tempPath(opts.tmpDir);
            try {
              const out = createWriteStream(tmp);
              for await (const p of entry.body) if (!out.write(p)) await once(out, "drain");
              out.end();
              await finished(out);
              stored(key, (await opts.blobs.putFile(tmp)).key);
            } finally {
              await rm(tmp, { force: true });
            }
          }
        },
      });
      if (!header) throw new ArchiveFormatError("the archive is empty");
      await puts.drain();
      for (const t of result.header.tables) await tx.unsafe(`alter table ${ident(t.name)} enable trigger user`);
      return {
        tables: result.header.tables.length,
        rows: result.rows,
        blobs: result.manifest.blobs.count,
        schema: result.header.schema.tag,
      };
    });
    say(`rows committed; applying newer migrations`);
    await opts.migrate();
    return summary;
  } catch (e) {
    await puts.settle();
    // Nothing the rows could refer to stays behind: the blobs this restore added go again.
    for (const key of added) await opts.blobs.deleteIfUntouchedSince(key, new Date(8.64e15)).catch(() => {});
    throw e;
  }
}

/** Runs at most `limit` tasks at once; add() waits for a free place; the first failure is thrown by the next call. */
class Bounded {
  #running = new Set<Promise<unknown>>();
  #failure: unknown = null;
  constructor(private readonly limit: number) {}

  async add(task: () => Promise<unknown>): Promise<void> {
    this.#check();
    while (this.#running.size >= this.limit) await Promise.race(this.#running);
    this.#check();
    const p: Promise<unknown> = task().catch((e) => void (this.#failure ??= e)).finally(() => this.#running.delete(p));
    this.#running.add(p);
  }

  /** Waits for every task; throws the first failure. */
  async drain(): Promise<void> {
    await this.settle();
    this.#check();
  }

  /** Waits for every task, whatever their outcome. */
  async settle(): Promise<void> {
    while (this.#running.size) await Promise.race(this.#running);
  }

  #check(): void {
    if (this.#failure) throw this.#failure;
  }
}

/** Drops everything of the suite's (its schema and drizzle's record of migrations), inside `tx`. */
async function wipe(tx: Queries): Promise<void> {
  await tx.unsafe(`drop schema if exists drizzle cascade`);
  await tx.unsafe(`drop schema if exists ${ident(SUITE_SCHEMA)} cascade`);
  await tx.unsafe(`create schema ${ident(SUITE_SCHEMA)}`);
}
