// Applies pending database migrations: deno task migrate
import { runScript } from "./lib/cli.ts";
import { MIGRATIONS_DIR } from "../db/migrate.ts";

await runScript((deps) => {
  // runScript has already migrated; report where the database stands.
  return deps.sql<{ n: number }[]>`select count(*)::int as n from drizzle.__drizzle_migrations`.then(([r]) => {
    console.log(`migrations applied from ${MIGRATIONS_DIR}: ${r.n} in total, database up to date`);
  });
});
