// Nightly backups into BACKUP_DIR: once the server's local clock passes BACKUP_AT, the day's archive is
// written (groupware-YYYY-MM-DD.tar.gz, the same archive as `deno task backup`) by exactly one instance: the
// day's backup_runs row is claimed FOR UPDATE SKIP LOCKED and held while the archive is written, so another
// instance's tick passes it by, and an instance that dies mid-way releases it to the next tick. A failed try
// is recorded; after MAX_ATTEMPTS the day is given up (the log says why) rather than retried all day. Only the
// newest BACKUP_KEEP archives are kept.
import { mkdir, readdir, rm } from "node:fs/promises";
import { join } from "node:path";
import type { AppDeps } from "../lib/context.ts";
import { backupToFile } from "../backup/backup.ts";
import type { Job } from "./runner.ts";

const MAX_ATTEMPTS = 3;
const ARCHIVE = /^groupware-\d{4}-\d{2}-\d{2}\.tar\.gz$/;

/** The server's local date of `now` as YYYY-MM-DD, and whether its local time is at or past HH:MM. */
function localDay(now: Date, at: string): { day: string; due: boolean } {
  const pad = (n: number) => String(n).padStart(2, "0");
  const day = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  const [h, m] = at.split(":").map(Number);
  return { day, due: now.getHours() * 60 + now.getMinutes() >= h * 60 + m };
}

export type BackupTick = { written: string } | { skipped: "not-due" | "done" | "taken" | "given-up" } | { failed: string };

/** One look at the schedule: writes today's archive when it is due and nobody has. */
export async function runScheduledBackup(deps: AppDeps): Promise<BackupTick> {
  const dir = deps.config.BACKUP_DIR;
  if (!dir) return { skipped: "not-due" };
  const { day, due } = localDay(deps.clock.now(), deps.config.BACKUP_AT);
  if (!due) return { skipped: "not-due" };
  await deps.sql`insert into backup_runs (day) values (${day}) on conflict do nothing`;
  return await deps.sql.begin(async (tx) => {
    const [run] = await tx<{ attempts: number; finished: boolean }[]>`
      select attempts, finished_at is not null as finished from backup_runs where day = ${day} for update skip locked`;
    if (!run) return { skipped: "taken" as const };
    if (run.finished) return { skipped: "done" as const };
    if (run.attempts >= MAX_ATTEMPTS) return { skipped: "given-up" as const };
    const file = `groupware-${day}.tar.gz`;
    const started = deps.clock.now().toISOString();
    try {
      await mkdir(dir, { recursive: true });
      const s = await backupToFile(join(dir, file), { sql: deps.sql, blobs: deps.blobs });
      await tx`update backup_runs set attempts = attempts + 1, started_at = ${started}, finished_at = ${deps.clock.now().toISOString()},
        file = ${file}, bytes = ${s.archiveBytes}, error = null where day = ${day}`;
      deps.log.info(`nightly backup written: ${join(dir, file)} (${s.rows} rows, ${s.blobs} blobs, ${s.archiveBytes} bytes)`);
      if (s.missingBlobs) deps.log.warn(`nightly backup: ${s.missingBlobs} blob(s) the rows refer to are missing from the store`);
      await prune(dir, deps.config.BACKUP_KEEP);
      return { written: file };
    } catch (e) {
      const reason = (e as Error).message;
      await tx`update backup_runs set attempts = attempts + 1, started_at = ${started}, error = ${reason} where day = ${day}`;
      deps.log.error(`nightly backup ${file} failed (try ${run.attempts + 1} of ${MAX_ATTEMPTS})`, e);
      return { failed: reason };
    }
  });
}

/** Removes all but the newest `keep` archives of the schedule (files of other names are left alone). */
async function prune(dir: string, keep: number): Promise<void> {
  const names = (await readdir(dir)).filter((n) => ARCHIVE.test(n)).sort();
  for (const name of names.slice(0, Math.max(0, names.length - keep))) await rm(join(dir, name), { force: true });
}

export function backupJob(deps: AppDeps): Job {
  return { name: "nightly-backup", intervalMs: 5 * 60_000, tick: () => runScheduledBackup(deps) };
}
