// Starts one PostgreSQL for each project of the run (vitest.config.ts: the database tests, shared and isolated,
// and the browser journeys): DATABASE_URL when set, otherwise an embedded one in a temp folder;
// DATABASE_TESTS_URL, when set, for the database tests alone (CI: Debian's PostgreSQL 15, while the journeys run on the embedded one). It
// migrates a template database once and hands its name to the test files, which clone it. Builds the UI when
// its sources changed and launches the browser of the journeys (not for the database tests, nor in the
// database-only run, TEST_SCOPE=database), side by side with the database.
import type { TestProject } from "vitest/node";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { connect } from "../../db/client.ts";
import { startEmbedded } from "../../db/embedded.ts";
import { runMigrations } from "../../db/migrate.ts";
import { loadSecrets } from "../../server/lib/secrets.ts";
import { launchBrowserServer } from "./browser-server.ts";

/** vitest.config.ts's project of the browser journeys; its other projects are database tests. */
const JOURNEYS = "journeys";

declare module "vitest" {
  export interface ProvidedContext {
    pgServerUrl: string;
    templateDb: string;
    /** The run's browser server (tests/support/browser-server.ts); empty when there is none. */
    browserWsEndpoint: string;
    /** Why there is no browser server, when there is none. */
    browserError: string;
  }
}

/**
 * Builds the UI the browser tests load, from the current sources: into web/dist, or into TEST_WEB_DIR when it
 * is set (so several test runs on one working tree do not rebuild each other's UI mid-run). A build from the
 * same sources is kept (--if-changed): the run's second project, and a run after a server-only change, build nothing.
 */
async function buildWeb() {
  const dir = Deno.env.get("TEST_WEB_DIR");
  const args = ["task", "web:build", "--if-changed", ...(dir ? ["--out", dir] : [])];
  const out = await new Deno.Command(Deno.execPath(), { args, stdout: "piped", stderr: "piped" }).output();
  if (!out.success) throw new Error(`web build failed:\n${new TextDecoder().decode(out.stderr)}`);
}

export default async function setup(project: TestProject) {
  // vitest runs this for each project of vitest.config.ts and once more for the root, which has no test files
  // of its own: nothing to start for it (it made a database and a browser nobody used).
  if (!project.name) return;
  const web = buildWeb();
  const browser = process.env.TEST_SCOPE === "database"
    ? Promise.resolve({ server: undefined, error: "this run leaves the browser tests out (TEST_SCOPE=database)" })
    : project.name !== JOURNEYS
    ? Promise.resolve({ server: undefined, error: `the ${project.name} project has no browser tests` })
    : launchBrowserServer();
  // A failed set-up leaves no browser behind.
  const closeBrowser = async () => await (await browser).server?.close();
  try {
    return await prepare(project, web, browser, closeBrowser);
  } catch (e) {
    await closeBrowser();
    throw e;
  }
}

async function prepare(
  project: TestProject,
  web: Promise<void>,
  browser: ReturnType<typeof launchBrowserServer>,
  closeBrowser: () => Promise<void>,
) {
  // An external server (any PostgreSQL 15+) when DATABASE_URL is set; DATABASE_TESTS_URL for the database tests.
  let serverUrl = (project.name !== JOURNEYS && process.env.DATABASE_TESTS_URL) || process.env.DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | undefined;
  let tmp: string | undefined;
  if (!serverUrl) {
    tmp = await mkdtemp(join(tmpdir(), "gw-test-pg-"));
    await chmod(tmp, 0o755);
    const pg = await startEmbedded({ dir: tmp, port: 0, ephemeral: true });
    serverUrl = pg.url;
    stopEmbedded = pg.stop;
  }
  const templateDb = `gw_template_${process.pid}_${Date.now()}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${templateDb}"`);
  const u = new URL(serverUrl);
  u.pathname = `/${templateDb}`;
  const tpl = connect(u.toString(), 1);
  await runMigrations(tpl.db);
  // The server's secrets (token key, password-transport RSA key) are made once, in the template: a clone
  // without them generated its own 2048-bit RSA key at createDeps, 0.5-1 s of CPU in every test file.
  await loadSecrets(tpl.db);
  await tpl.close();
  await web;
  const { server: browserServer, error: browserError } = await browser;
  project.provide("pgServerUrl", serverUrl);
  project.provide("templateDb", templateDb);
  project.provide("browserWsEndpoint", browserServer?.wsEndpoint() ?? "");
  project.provide("browserError", browserError ?? "");

  return async () => {
    await closeBrowser();
    const leftovers = await admin<{ datname: string }[]>`
      select datname from pg_database where datname like ${templateDb.replace("gw_template_", "gw_t_") + "_%"} or datname = ${templateDb}`;
    for (const { datname } of leftovers) await admin.unsafe(`drop database if exists "${datname}" with (force)`);
    await admin.end({ timeout: 5 });
    if (stopEmbedded) await stopEmbedded();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  };
}
