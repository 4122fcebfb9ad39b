// Runs the test suite (vitest under Deno) and exits non-zero when any test failed, any error went unhandled,
// or the run did not finish: read from the summary the reporter writes (tests/support/summary-reporter.ts).
//   deno task test [--database-only] [vitest filters and options]
//   --database-only   leave out the browser journeys and the UI's unit tests (TEST_SCOPE=database, see
//                     vitest.config.ts), e.g. against another PostgreSQL through DATABASE_URL
import { readFile, rm } from "node:fs/promises";
import { SUMMARY_DIR } from "../tests/support/summary-reporter.ts";

// A file of this run's own: two runs side by side must not read each other's counts.
const SUMMARY_FILE = `${SUMMARY_DIR}summary-${Deno.pid}.json`;
await rm(SUMMARY_FILE, { force: true });
const root = new URL("../", import.meta.url).pathname;
const databaseOnly = Deno.args.includes("--database-only");
const { code } = await new Deno.Command(Deno.execPath(), {
  args: ["run", "-A", "node_modules/vitest/vitest.mjs", "run", ...Deno.args.filter((a) => a !== "--database-only")],
  cwd: root,
  env: {
    TEST_SUMMARY_FILE: SUMMARY_FILE,
    ...(databaseOnly ? { TEST_SCOPE: "database" } : {}),
    // globalThis.gc in every test worker: memory tests collect while they sample (tests/lib/multipart-body.ts).
    DENO_V8_FLAGS: [Deno.env.get("DENO_V8_FLAGS"), "--expose-gc"].filter(Boolean).join(","),
  },
  stdout: "inherit",
  stderr: "inherit",
}).output();

let summary: { failed: number; unhandledErrors: number; reason: string } | null = null;
try {
  summary = JSON.parse(await readFile(SUMMARY_FILE, "utf8"));
} catch { /* the run ended before reporting */ }
await rm(SUMMARY_FILE, { force: true });
const ok = code === 0 && summary !== null && summary.failed === 0 && summary.unhandledErrors === 0 && summary.reason === "passed";
if (!ok && summary === null) console.error("test run did not report a summary: it ended early");
Deno.exit(ok ? 0 : 1);
