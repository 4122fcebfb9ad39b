// Collects blobs no row refers to any more. Rows never delete the bytes they point at (the same bytes may be
// shared by other rows, content addressing), so removing mail, uploads or large files leaves garbage that
// this job clears: a blob is removed only when no table lists its key AND it was neither written nor reused
// for a grace period (put() refreshes a reused blob's time), so one a new row is about to refer to survives.
import type { AppDeps } from "../lib/context.ts";
import type { Job } from "./runner.ts";

/** Every column that holds blob keys. A module that stores blobs adds its own here. */
export const BLOB_REFERENCES: { table: string; column: string }[] = [
  { table: "mail_messages", column: "blob_key" },
  { table: "mail_uploads", column: "blob_key" },
  { table: "mail_large_files", column: "blob_key" },
];

export const BLOB_GRACE_MS = 6 * 60 * 60 * 1000;
const BATCH = 500;

/** One pass over the store; answers how many blobs were removed. */
export async function collectBlobs(deps: AppDeps, graceMs = BLOB_GRACE_MS): Promise<number> {
  // File times are the file system's: compared with the real time, not the app clock.
  const cutoff = new Date(Date.now() - graceMs);
  let removed = 0;
  let batch: string[] = [];
  const flush = async () => {
    if (!batch.length) return;
    const referenced = new Set<string>();
    for (const ref of BLOB_REFERENCES) {
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
