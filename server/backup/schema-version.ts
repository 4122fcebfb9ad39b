// The schema version an archive was taken at, and migrating a database to exactly that version inside the
// restore's own transaction. Drizzle's migrator applies every migration in a transaction of its own, which a
// restore cannot roll back with the rest; this applies the same files the same way (each statement in order,
// then a row in drizzle.__drizzle_migrations with the migration's hash and time, which is all drizzle reads
// back), so the server's runMigrations later carries on from where the restore stopped.
import { readMigrationFiles } from "drizzle-orm/migrator";
import { readFileSync } from "node:fs";
import type { Queries } from "../../db/client.ts";
import { MIGRATIONS_DIR } from "../../db/migrate.ts";

export interface SchemaVersion {
  /** How many migrations were applied. */
  count: number;
  /** The last one's name (its file, e.g. 0014_mail_large_file_password) and time, drizzle's identity for it. */
  tag: string;
  millis: number;
}

interface Migration {
  tag: string;
  millis: number;
  hash: string;
  statements: string[];
}

let cached: Migration[] | null = null;

/** The migrations this code ships, in order. */
export function shippedMigrations(): Migration[] {
  if (cached) return cached;
  const journal = JSON.parse(readFileSync(`${MIGRATIONS_DIR}/meta/_journal.json`, "utf8")) as { entries: { tag: string }[] };
  const files = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR });
  return cached = files.map((m, i) => ({ tag: journal.entries[i].tag, millis: m.folderMillis, hash: m.hash, statements: m.sql }));
}

/** Where a database stands: null when it was never migrated. */
export async function schemaVersionOf(sql: Queries): Promise<SchemaVersion | null> {
  const [table] = await sql`select to_regclass('drizzle.__drizzle_migrations') as t`;
  if (!table.t) return null;
  const rows = await sql<{ n: number; millis: string | null }[]>`
    select count(*)::int as n, max(created_at)::text as millis from drizzle.__drizzle_migrations`;
  if (!rows[0].n) return null;
  const millis = Number(rows[0].millis);
  const known = shippedMigrations().find((m) => m.millis === millis);
  return { count: rows[0].n, tag: known?.tag ?? `unknown (${millis})`, millis };
}

/** How many of the shipped migrations make up `version`; throws when this code does not know it. */
export function migrationsUpTo(version: SchemaVersion): number {
  const list = shippedMigrations();
  const i = list.findIndex((m) => m.millis === version.millis);
  if (i < 0) {
    const newest = list[list.length - 1];
    throw new Error(
      version.millis > newest.millis
        ? `the archive comes from a newer version of the suite (schema ${version.tag}); upgrade this installation first`
        : `the archive's schema version (${version.tag}) is not one this version of the suite knows`,
    );
  }
  return i + 1;
}

/** Applies the first `count` shipped migrations to an empty database, on `tx` (an open transaction). */
export async function migrateTo(tx: Queries, count: number): Promise<void> {
  await tx`create schema if not exists drizzle`;
  await tx`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`;
  for (const m of shippedMigrations().slice(0, count)) {
    for (const statement of m.statements) if (statement.trim()) await tx.unsafe(statement);
    await tx`insert into drizzle.__drizzle_migrations (hash, created_at) values (${m.hash}, ${m.millis})`;
  }
}
