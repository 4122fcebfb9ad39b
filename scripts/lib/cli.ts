// Shared plumbing of the admin scripts: argument parsing, opening the database the way the server does
// (DATABASE_URL, else the running server's embedded PostgreSQL, else start the embedded one for the script),
// and clear failures.
import { parseArgs } from "node:util";
import { connect, type Database, openDatabase } from "../../db/client.ts";
import { runMigrations } from "../../db/migrate.ts";
import { ConfigError, loadConfig, type Config } from "../../server/config.ts";
import type { AppDeps } from "../../server/lib/context.ts";
import { dataDirBusy, readRuntime } from "../../server/lib/data-dir.ts";
import { createDeps } from "../../server/deps.ts";
import { AppError, messageOf } from "../../server/lib/errors.ts";
import { createLogger } from "../../server/lib/logger.ts";

export class UsageError extends Error {}

export function args<T extends Record<string, { type: "string" | "boolean"; short?: string }>>(options: T, usage: string) {
  try {
    const { values } = parseArgs({ args: Deno.args, options, strict: true, allowPositionals: false });
    if ((values as Record<string, unknown>).help) {
      console.log(usage);
      Deno.exit(0);
    }
    return values;
  } catch (e) {
    throw new UsageError(`${(e as Error).message}\n\n${usage}`);
  }
}

async function open(config: Config): Promise<Database> {
  if (config.DATABASE_URL) return connect(config.DATABASE_URL, 2);
  if (await dataDirBusy(config.DATA_DIR)) {
    const rt = await readRuntime(config.DATA_DIR);
    if (!rt) throw new Error(`A server runs on ${config.DATA_DIR} but left no database address; stop it and retry.`);
    return connect(rt.databaseUrl, 2);
  }
  return await openDatabase({ dataDir: config.DATA_DIR, embeddedPort: 0, log: () => {} });
}

/** Runs `work` with the app's dependencies on a migrated database; prints errors plainly and sets the exit code. */
export async function runScript(work: (deps: AppDeps) => Promise<void>): Promise<void> {
  await runDatabaseScript(async (database, config) => {
    await runMigrations(database.db);
    await work(await createDeps(config, database, createLogger("warn")));
  });
}

/**
 * Runs `work` on the database as it is (not migrated, nothing created in it: the restore's own way in);
 * prints errors plainly and sets the exit code.
 */
export async function runDatabaseScript(work: (database: Database, config: Config) => Promise<void>): Promise<void> {
  let database: Database | undefined;
  let code = 0;
  try {
    const config = loadConfig();
    database = await open(config);
    await work(database, config);
  } catch (e) {
    code = 1;
    if (e instanceof UsageError) {
      console.error(e.message);
      code = 2;
    } else if (e instanceof AppError) {
      const detail = e.errors?.map((x) => `  ${x.field}: ${x.message}`).join("\n");
      console.error(`error: ${e.code}: ${messageOf(e.code)}${detail ? "\n" + detail : ""}`);
    } else if (e instanceof ConfigError) {
      console.error(e.message);
    } else {
      console.error(`error: ${(e as Error).message}`);
    }
  } finally {
    await database?.close();
  }
  Deno.exit(code);
}
