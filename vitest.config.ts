import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import MixedSequencer from "./tests/support/sequencer.ts";
import { SUITE } from "./tests/support/projects.ts";

// TEST_SCOPE=database (`deno task test --database-only`, e.g. against another PostgreSQL through DATABASE_URL) runs
// every test that touches the database: all of tests/ but these folders, the browser journeys and the UI's own
// unit tests, which the first pass runs. A folder is left out here by name; a new module's tests are in.
const NOT_DATABASE = ["tests/e2e/**", "tests/web/**"];

// The server's own code (server/, db/, shared/) is imported by Deno itself, as it runs in production, not
// through Vite's transform: Deno's compiled-code cache spares each worker about a second of CPU spent
// transforming and evaluating the server's modules again.
const ROOT = new URL(".", import.meta.url).pathname;
const SERVER_CODE = new RegExp(`^${ROOT.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(server|db|shared)/`);

// Test files run side by side, one per core (vitest's own default is one fewer): much of a file's time is
// waiting on PostgreSQL, servers and the browser. On the 2-core CI machine a sample of 39 files took 395 s with 1
// worker, 245 s with 2 and 223 s with 3, all passing; 3 was not kept because files that start processes or hash
// passwords then came near their 30 s limits when the machine was busy (scripts, sign-in throttling). At most 8,
// for PostgreSQL's connections. `--maxWorkers=N` on the command line overrides it.
const WORKERS = Math.min(Math.max(availableParallelism(), 1), 8);

const ISOLATED = ["tests/mail/smtp/crash.test.ts"];

export default defineConfig({
  // The UI's own alias (web/vite.config.ts), for the UI modules tests/web imports.
  resolve: { alias: { "@shared": `${ROOT}shared` } },
  test: {
    maxWorkers: WORKERS,
    // Each project's include adds to this exclude (vitest merges the lists).
    exclude: ["tests/bench/**", "node_modules/**", ...(process.env.TEST_SCOPE === "database" ? NOT_DATABASE : [])],
    projects: [
      // One project for the database tests and the browser journeys, whose files share their worker's modules
      // (the server's code, playwright, the journeys' support: loaded once per worker instead of once per file).
      // vitest's pool hands a finished file's worker the next queued file only when that file is of the same
      // project: with the two kinds as two projects, interleaved by the sequencer, about half the files of a
      // full run started a fresh worker (import 5.6-11.5 s against 0.1-2.4 s; 1,455 s of a 3,443 s run's file
      // time was importing). Isolated: 51 files of tests/calendar, board and todo took 151 s (141 s of it
      // importing), shared 76 s. A file therefore keeps no state of its own in a module it shares: hooks at a
      // shared module's top run for the first file only (tests/backup/support.ts says how it stops its cluster),
      // and caches keyed by ids are per database (each file has its own). The global set-up gives this project
      // both databases (the journeys' and the database tests') and the browser (tests/support/global-setup.ts);
      // the sequencer interleaves the two kinds (tests/support/sequencer.ts). Each journey starts its own app,
      // server and browser connection (startE2E) and ends them in its afterAll.
      { extends: true, test: { name: SUITE, isolate: false, include: ["tests/**/*.test.ts"], exclude: ISOLATED } },
      // A fresh worker a file: the SMTP crash test, whose restarted server answered 451 to part of its senders
      // in both full runs that gave it a shared worker, one a fresh clone's (it passes alone either way; why is
      // not known yet). It runs on the database tests' server.
      { extends: true, test: { name: "isolated", include: ISOLATED } },
    ],
    server: { deps: { external: [SERVER_CODE] } },
    // Cheap argon2id parameters for the passwords tests set (server/lib/passwords.ts says why).
    env: { TEST_PASSWORD_HASH: "fast" },
    globalSetup: ["tests/support/global-setup.ts"],
    // The browser journeys and the database tests started side by side (tests/support/sequencer.ts).
    sequence: { sequencer: MixedSequencer },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ["default", "./tests/support/timing-reporter.ts", "./tests/support/summary-reporter.ts"],
  },
});
