// Restores a backup archive into an empty installation (DATABASE_URL, or the embedded database of DATA_DIR),
// all or nothing:  deno task restore --in FILE [--force]
import { args, runDatabaseScript, UsageError } from "./lib/cli.ts";
import { restoreFromFile } from "../server/backup/restore.ts";
import { runMigrations } from "../db/migrate.ts";
import { openBlobStore } from "../server/lib/open-blob-store.ts";
import { tempDirOf } from "../server/lib/multipart/temp-files.ts";

const USAGE = `Usage: deno task restore --in FILE [--force]
  --force   replace an installation that holds data (everything in it is replaced by the archive's)`;

await runDatabaseScript(async (database, config) => {
  const { in: file, force } = args({ in: { type: "string" }, force: { type: "boolean" }, help: { type: "boolean" } }, USAGE);
  if (!file) throw new UsageError(`--in is required\n\n${USAGE}`);
  const [{ n }] = await database.sql<{ n: number }[]>`
    select count(*)::int as n from pg_stat_activity
     where datname = current_database() and application_name = 'groupware' and pid <> pg_backend_pid()`;
  if (n > 0) throw new Error(`a server is connected to the target database (${n} connection(s)); stop it before restoring`);
  const started = Date.now();
  const s = await restoreFromFile(file, {
    sql: database.sql,
    blobs: await openBlobStore(config),
    tmpDir: await tempDirOf(config.DATA_DIR),
    force: !!force,
    migrate: () => runMigrations(database.db),
    progress: (line) => console.log(line),
  });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`restored ${file}: ${s.tables} tables, ${s.rows} rows, ${s.blobs} blobs (schema ${s.schema}), in ${secs} s`);
});
