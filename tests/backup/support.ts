// Set-up of the backup and restore tests: the admin scripts run as real processes, every table read row for
// row (optionally at an exported snapshot), a fresh database on Debian's PostgreSQL 15, and the app built on
// a restored installation to sign in and read through its API.
import { afterAll, inject } from "vitest";
import postgres from "postgres";
import { connect, type Database } from "../../db/client.ts";
import { suiteTables } from "../../server/backup/catalogue.ts";
import { releaseCopySocket } from "../../server/backup/backup.ts";
import { buildApp } from "../../server/app.ts";
import { parseConfig } from "../../server/config.ts";
import { createDeps } from "../../server/deps.ts";
import { createLogger } from "../../server/lib/logger.ts";

const root = new URL("../../", import.meta.url).pathname;
const dec = new TextDecoder();

/** Runs scripts/<script>.ts as a child process with `env` (and nothing of this process's DATABASE_URL). */
export async function runScript(script: string, args: string[], env: Record<string, string>) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", `scripts/${script}.ts`, ...args],
    cwd: root,
    env: { DATABASE_URL: "", ...env },
    stdout: "piped",
    stderr: "piped",
  }).output();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

/** Every table of the suite as its sorted COPY lines (at `snapshot`, from pg_export_snapshot, when given). */
export async function dumpTables(sql: postgres.Sql, snapshot?: string): Promise<Record<string, string[]>> {
  return await sql.begin("isolation level repeatable read read only", async (tx) => {
    if (snapshot) await tx.unsafe(`set transaction snapshot '${snapshot}'`);
    const out: Record<string, string[]> = {};
    for (const table of await suiteTables(tx)) {
      const copy = await tx.unsafe(`copy "${table.name}" (${table.columns.map((c) => `"${c}"`).join(", ")}) to stdout`).readable();
      let text = "";
      for await (const chunk of copy) text += dec.decode(chunk as Uint8Array, { stream: true });
      releaseCopySocket(copy);
      out[table.name] = text.split("\n").filter(Boolean).sort();
    }
    return out;
  });
}

const PG15 = "/usr/lib/postgresql/15/bin";

/**
 * A new, empty database on Debian's PostgreSQL 15: on the test run's own server when that is a 15 (CI's
 * DATABASE_TESTS_URL), otherwise on a cluster started for this file (the machine needs the postgresql-15 package).
 */
export async function debianPostgresDatabase(): Promise<string> {
  const serverUrl = inject("pgServerUrl");
  const probe = postgres(serverUrl, { max: 1, onnotice: () => {} });
  const [{ v }] = await probe<{ v: string }[]>`select current_setting('server_version_num') as v`;
  await probe.end();
  const base = v.startsWith("15") ? serverUrl : await (cluster ??= startCluster());
  const name = `gw_restore_${crypto.randomUUID().slice(0, 8)}`;
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  afterAll(async () => {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end({ timeout: 5 });
  });
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
}

/** This file's own PostgreSQL 15, started once when first needed. */
let cluster: Promise<string> | undefined;
let stopCluster: (() => Promise<void>) | undefined;

/**
 * Stops the cluster debianPostgresDatabase started, if any: a file that calls it registers this with
 * afterAll at its top. Not here at import: test files share one worker's modules (vitest.config.ts, isolate:
 * false), so a hook registered at import would belong to the first file only, and the next file would be
 * given the stopped cluster's address; nor inside a test or hook, whose hooks are not run.
 */
export async function stopDebianPostgres() {
  const stop = stopCluster;
  cluster = undefined;
  stopCluster = undefined;
  await stop?.();
}

async function startCluster(): Promise<string> {
  try {
    await Deno.stat(`${PG15}/postgres`);
  } catch {
    throw new Error(`Debian's PostgreSQL 15 is not installed (${PG15}): apt-get install postgresql-15`);
  }
  const dir = await Deno.makeTempDir({ prefix: "gw-pg15-" });
  await Deno.chmod(dir, 0o777);
  const root = Deno.uid() === 0;
  const run = async (cmd: string[]) => {
    const argv = root ? ["su", "postgres", "-s", "/bin/sh", "-c", cmd.map((a) => `'${a}'`).join(" ")] : cmd;
    const out = await new Deno.Command(argv[0], { args: argv.slice(1), stdout: "piped", stderr: "piped" }).output();
    if (!out.success) throw new Error(`${cmd[0]} failed: ${dec.decode(out.stderr)}`);
  };
  const port = freePort();
  await run([`${PG15}/initdb`, "-D", `${dir}/data`, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--locale=C"]);
  await run([`${PG15}/pg_ctl`, "-D", `${dir}/data`, "-l", `${dir}/log`, "-w", "-o",
    `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off`, "start"]);
  stopCluster = async () => {
    await run([`${PG15}/pg_ctl`, "-D", `${dir}/data`, "-m", "immediate", "stop"]).catch(() => {});
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  };
  return `postgres://postgres@127.0.0.1:${port}/postgres`;
}

function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

/** The app on an existing installation (a restored one), for calls through its API. */
export async function appOn(databaseUrl: string, dataDir: string, env: Record<string, string> = {}) {
  const db: Database = connect(databaseUrl, 3);
  const config = parseConfig({ LOG_LEVEL: "error", DATA_DIR: dataDir, PUBLIC_URL: "http://localhost:8080", ...env });
  const deps = await createDeps(config, db, createLogger("error"));
  const app = buildApp(deps);
  return {
    db,
    // deno-lint-ignore no-explicit-any -- a test reads any JSON body
    async call(method: string, path: string, opts: { token?: string; form?: Record<string, string>; headers?: Record<string, string> } = {}): Promise<{ status: number; body: any; bytes: Uint8Array }> {
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      let body: BodyInit | undefined;
      if (opts.form) {
        headers["content-type"] = "application/x-www-form-urlencoded";
        body = new URLSearchParams(opts.form);
      }
      const res = await app.request(path, { method, headers, body }, { remoteAddr: { hostname: "127.0.0.1" } });
      const bytes = new Uint8Array(await res.arrayBuffer());
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(dec.decode(bytes));
      } catch { /* not JSON */ }
      return { status: res.status, body: parsed, bytes };
    },
    async close() {
      (deps.blobs as { client?: { destroy(): void } }).client?.destroy();
      await db.close();
    },
  };
}
