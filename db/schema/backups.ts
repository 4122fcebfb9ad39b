// The nightly backups the server writes into BACKUP_DIR (server/jobs/backup.ts): one row per day, claimed with
// FOR UPDATE SKIP LOCKED so that of several instances exactly one writes it; a failed try is recorded and
// retried a few times.
import { bigint, date, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const backupRuns = pgTable("backup_runs", {
  /** The server's local date the backup is for. */
  day: date("day").primaryKey(),
  attempts: integer("attempts").notNull().default(0),
  startedAt: timestamp("started_at", { withTimezone: true }),
  finishedAt: timestamp("finished_at", { withTimezone: true }),
  /** The archive's file name in BACKUP_DIR. */
  file: text("file"),
  bytes: bigint("bytes", { mode: "number" }),
  /** Why the last try failed. */
  error: text("error"),
});
