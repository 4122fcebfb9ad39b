// Collects blobs no row refers to any more. Rows never delete the bytes they point at (the same bytes may be
// shared by other rows, content addressing), so removing mail, uploads or large files leaves garbage that
// this job clears: a blob is removed only when no table lists its key AND it was neither written nor reused
// for a grace period (put() refreshes a reused blob's time), so one a new row is about to refer to survives.
// The columns that hold blob keys are found in the catalogue (named blob_key or *_blob_key: backup/catalogue.ts),
// so a new module's blobs are protected with no change here. A pass waits for no backup: while one runs (it
// holds BACKUP_LOCK shared) the pass is skipped, since a row the backup's snapshot still sees may be gone; so is
// a pass while another instance's collector holds the lock (it is doing the same work).
import type { AppDeps } from "../lib/context.ts";
import { blobColumns } from "../backup/catalogue.ts";
import { BACKUP_LOCK } from "../backup/backup.ts";
import type { Job } from "./runner.ts";

export const BLOB_GRACE_MS = 6 * 60 * 60 * 1000;
const BATCH = 500;

/** One pass over the store; answers how many blobs were removed (0 when a backup is running). */
export async function collectBlobs(deps: AppDeps, graceMs = BLOB_GRACE_MS): Promise<number> {
  const conn = await deps.sql.reserve();
  try {
    const [{ free }] = await conn<{ free: boolean }[]>`select pg_try_advisory_lock(${BACKUP_LOCK}) as free`;
    if (!free) {
      deps.log.info("blob collector: a backup or another instance's collection is running, pass skipped");
      return 0;
    }
    try {
      return await collectPass(deps, graceMs);
    } finally {
      await conn`select pg_advisory_unlock(${BACKUP_LOCK})`;
    }
  } finally {
    conn.release();
  }
}

async function collectPass(deps: AppDeps, graceMs: number): Promise<number> {
  // File times are the file system's: compared with the real time, not the app clock.
  const cutoff = new Date(Date.now() - graceMs);
  const references = await blobColumns(deps.sql);
  let removed = 0;
  let batch: string[] = [];
  const flush = async () => {
    if (!batch.length) return;
    const referenced = new Set<string>();
    for (const ref of references) {
      const rows = await deps.sql<{ k: string }[]>`
        select distinct ${deps.sql(ref.column)} as k from ${deps.sql(ref.table)} where ${deps.sql(ref.column)} = any(${batch})`;
      for (const r of rows) referenced.add(r.k);
    }
    for (const key of batch) {
      if (!referenced.has(key) && await deps.blobs.deleteIfUntouchedSince(key, cutoff)) removed++;
    }
    batch = [];
  };
  for await (const b of deps.blobs.list()) {
    if (b.touchedAt >= cutoff) continue;
    batch.push(b.key);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  if (removed) deps.log.info(`blob collector removed ${removed} unreferenced blob(s)`);
  return removed;
}

export function blobCollectorJob(deps: AppDeps): Job {
  return { name: "blob-collector", intervalMs: 60 * 60 * 1000, tick: () => collectBlobs(deps) };
}
