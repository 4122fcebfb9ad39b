// Starts the PostgreSQL of each project of the run (vitest.config.ts): DATABASE_URL when set, otherwise an
// embedded one in a temp folder; DATABASE_TESTS_URL, when set, for the database tests alone (CI: Debian's
// PostgreSQL 15, while the browser journeys run on the embedded one, the README's default). It migrates a template
// database once per server and hands the names to the test files, which clone them. Builds the UI when its sources
// changed and launches the browser of the journeys (not in the database-only run, TEST_SCOPE=database), side by
// side with the databases.
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

import { SUITE } from "./projects.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The database tests' server and template (tests/support/test-app.ts). */
    pgServerUrl: string;
    templateDb: string;
    /** The browser journeys' server and template: the same as the database tests' unless DATABASE_TESTS_URL is set. */
    journeyPgServerUrl: string;
    journeyTemplateDb: string;
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
    : project.name !== SUITE
    ? Promise.resolve({ server: undefined, error: `the ${project.name} project has no browser tests` })
    : launchBrowserServer();
  const stops: (() => Promise<void>)[] = [];
  // A failed set-up leaves no browser nor database behind.
  const stopAll = async () => {
    await (await browser).server?.close();
    for (const stop of stops.reverse()) await stop().catch((e) => console.error("[global set-up] stopping:", e));
  };
  try {
    const journeysToo = project.name === SUITE && process.env.TEST_SCOPE !== "database";
    const testsUrl = process.env.DATABASE_TESTS_URL;
    const [tests, journeys] = await Promise.all([
      prepareDatabase(testsUrl || process.env.DATABASE_URL, stops),
      // A server of their own for the journeys only when the database tests have theirs (DATABASE_TESTS_URL).
      journeysToo && testsUrl ? prepareDatabase(process.env.DATABASE_URL, stops) : undefined,
    ]);
    await web;
    const { server: browserServer, error: browserError } = await browser;
    project.provide("pgServerUrl", tests.serverUrl);
    project.provide("templateDb", tests.templateDb);
    project.provide("journeyPgServerUrl", (journeys ?? tests).serverUrl);
    project.provide("journeyTemplateDb", (journeys ?? tests).templateDb);
    project.provide("browserWsEndpoint", browserServer?.wsEndpoint() ?? "");
    project.provide("browserError", browserError ?? "");
  } catch (e) {
    await stopAll();
    throw e;
  }
  return stopAll;
}

/**
 * A migrated template database on the server at `url`, or on an embedded PostgreSQL started for it when there is
 * none; what ends them (the template, the files' leftover clones, the embedded server) is added to `stops`.
 */
async function prepareDatabase(url: string | undefined, stops: (() => Promise<void>)[]) {
  let serverUrl = url;
  if (!serverUrl) {
    const tmp = await mkdtemp(join(tmpdir(), "gw-test-pg-"));
    await chmod(tmp, 0o755);
    const pg = await startEmbedded({ dir: tmp, port: 0, ephemeral: true });
    serverUrl = pg.url;
    stops.push(async () => {
      await pg.stop();
      await rm(tmp, { recursive: true, force: true });
    });
  }
  const templateDb = `gw_template_${process.pid}_${Date.now()}_${crypto.randomUUID().slice(0, 4)}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  stops.push(async () => {
    const leftovers = await admin<{ datname: string }[]>`
      select datname from pg_database where datname like ${templateDb.replace("gw_template_", "gw_t_") + "_%"} or datname = ${templateDb}`;
    for (const { datname } of leftovers) await admin.unsafe(`drop database if exists "${datname}" with (force)`);
    await admin.end({ timeout: 5 });
  });
  await admin.unsafe(`create database "${templateDb}"`);
  const u = new URL(serverUrl);
  u.pathname = `/${templateDb}`;
  const tpl = connect(u.toString(), 1);
  await runMigrations(tpl.db);
  // The server's secrets (token key, password-transport RSA key) are made once, in the template: a clone
  // without them generated its own 2048-bit RSA key at createDeps, 0.5-1 s of CPU in every test file.
  await loadSecrets(tpl.db);
  await tpl.close();
  return { serverUrl, templateDb };
}
