// What every benchmark starts from: a database of its own on DATABASE_URL's server or on an embedded
// PostgreSQL 17 in a temporary folder, migrated, with the app's dependencies around it (blobs in a DATA_DIR of
// its own). With `keepDir`, the cluster, database and blobs stay there for the next run (a seeded mailbox).
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { connect, type Database, ensureDatabase } from "../../db/client.ts";
import { startEmbedded } from "../../db/embedded.ts";
import { runMigrations } from "../../db/migrate.ts";
import { parseConfig } from "../../server/config.ts";
import { createDeps } from "../../server/deps.ts";
import type { AppDeps } from "../../server/lib/context.ts";
import { createLogger } from "../../server/lib/logger.ts";

export interface BenchEnv {
  database: Database;
  deps: AppDeps;
  /** The benchmark database's URL. */
  url: string;
  /** True when the bench started its own embedded PostgreSQL (its processes can be measured). */
  embedded: boolean;
  close(): Promise<void>;
}

export async function openBench(name: string, opts: { keepDir?: string } = {}): Promise<BenchEnv> {
  const keep = opts.keepDir;
  const tmp = keep ?? await mkdtemp(join(tmpdir(), `gw-bench-${name}-`));
  await mkdir(tmp, { recursive: true });
  await Deno.chmod(tmp, 0o755);
  let serverUrl = Deno.env.get("DATABASE_URL");
  let stopPg: (() => Promise<void>) | undefined;
  if (!serverUrl) {
    // fsync on, as the server runs it: a commit a benchmark counts is on disk, not only in the page cache.
    const pg = await startEmbedded({ dir: join(tmp, "pg"), port: 0, ephemeral: !keep, fsync: true });
    serverUrl = pg.url;
    stopPg = pg.stop;
  }
  const u = new URL(serverUrl);
  const dbName = keep ? `gw_bench_${name}` : `gw_bench_${name}_${Deno.pid}`;
  u.pathname = `/${dbName}`;
  const url = u.toString();
  await ensureDatabase(url);
  const database = connect(url, 10);
  await runMigrations(database.db);
  // SMTP_PREPARE_WORKERS passes through, so the ingest bench can be run with other worker counts.
  const workers = Deno.env.get("SMTP_PREPARE_WORKERS");
  const config = parseConfig({
    LOG_LEVEL: "error", PUBLIC_URL: "http://localhost:8080", DATA_DIR: join(tmp, "data"),
    ...(workers ? { SMTP_PREPARE_WORKERS: workers } : {}),
  });
  const deps = await createDeps(config, database, createLogger("error"));
  return {
    database,
    deps,
    url,
    embedded: !!stopPg,
    async close() {
      await database.close();
      if (!keep) {
        const admin = connect(serverUrl, 1);
        await admin.sql.unsafe(`drop database if exists "${dbName}" with (force)`);
        await admin.close();
      }
      if (stopPg) await stopPg();
      if (keep) return;
      // BENCH_LEAVE_FILES=1 leaves the folder for a later, quiet delete: on a file system that takes long to
      // reuse freshly freed inodes (this machine's ext4 without a journal), deleting thousands of blobs
      // slows every file created for minutes after, and so the next run (see RESULTS.md, ingest).
      if (Deno.env.get("BENCH_LEAVE_FILES") === "1") console.error(`left in place: ${tmp}`);
      else await rm(tmp, { recursive: true, force: true });
    },
  };
}

/** Nearest-rank percentiles of timings (ms): p50, p95, p99 and the largest. */
export function stats(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)];
  return { n: s.length, p50: q(0.5), p95: q(0.95), p99: q(0.99), max: s.at(-1)! };
}

/**
 * Runs a benchmark on a bench database (openBench) and exits: /tmp/bench-running holds this process's pid
 * meanwhile, so other work on the machine waits; the database is closed and the mark removed after.
 */
export async function runBench(name: string, run: (bench: BenchEnv) => Promise<void>, opts: { keepDir?: string } = {}): Promise<never> {
  await Deno.writeTextFile(BENCH_MARK, String(Deno.pid));
  const bench = await openBench(name, opts);
  try {
    await run(bench);
  } finally {
    await bench.close();
    await Deno.remove(BENCH_MARK).catch(() => {});
  }
  Deno.exit(0);
}

/** The file a running benchmark marks itself with. */
export const BENCH_MARK = "/tmp/bench-running";
