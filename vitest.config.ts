import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import MixedSequencer from "./tests/support/sequencer.ts";

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

const JOURNEYS = ["tests/e2e/**/*.test.ts"];
const ISOLATED = ["tests/mail/smtp/crash.test.ts"];

export default defineConfig({
  // The UI's own alias (web/vite.config.ts), for the UI modules tests/web imports.
  resolve: { alias: { "@shared": `${ROOT}shared` } },
  test: {
    maxWorkers: WORKERS,
    // Each project's include adds to this exclude (vitest merges the lists).
    exclude: ["tests/bench/**", "node_modules/**", ...(process.env.TEST_SCOPE === "database" ? NOT_DATABASE : [])],
    projects: [
      // The files a worker runs share its modules (the server's code, loaded once per worker instead of once per
      // file): 51 files of tests/calendar, board and todo took 151 s isolated (141 s of it importing) and 76 s so.
      // A file therefore keeps no state of its own in a module it shares: hooks at a shared module's top run
      // for the first file only (tests/backup/support.ts says how it stops its cluster), and caches keyed by
      // ids are per database (each file has its own).
      { extends: true, test: { name: "shared", isolate: false, include: ["tests/**/*.test.ts"], exclude: [...JOURNEYS, ...ISOLATED] } },
      // The browser journeys share their worker's modules too (tests/support/global-setup.ts gives this project
      // the browser): a fresh worker a file spent 5-6 s of a quiet machine importing the server, playwright and
      // the journeys' support again (30-40 s on one loaded by others), and 3.2 s of CPU. Six one-step journeys
      // back to back, two workers, each way twice on the same loaded machine: 59 and 48 s of CPU (all processes)
      // isolated, 40 and 42 s shared; their import time 203 and 191 s isolated, 85 and 63 s shared. Each file
      // starts its own app, server and browser connection (startE2E) and ends them in its afterAll.
      // Caveat: vitest's pool keeps a finished file's worker only when the next queued file is of the
      // same project, and the sequencer interleaves the projects, so in a full run a worker of either project is
      // often ended: in a mixed run of 8 database tests and 4 journeys, 1 journey and 5 database tests of 12
      // kept their worker (imports of 0.1-2.4 s against 5.6-11.5 s). A pool preferring a queued file of the
      // finished worker's project, or the two projects as two runs side by side, would keep them all.
      { extends: true, test: { name: "journeys", isolate: false, include: JOURNEYS } },
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
    reporters: ["default", "./tests/support/timing-reporter.ts", "./tests/support/summary-reporter.ts", "./tests/support/stall-reporter.ts"],
  },
});
