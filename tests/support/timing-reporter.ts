// Prints, at the end of every run, the 20 slowest test files with their seconds and the run's total, so a test
// that grows slow is seen on the run that made it so (CI's budget: .ci/run within 30 minutes, issue 21).
// A file's seconds are its own elapsed time in its worker (set-up, import with its top-level awaits, hooks and
// tests); with several workers they add up to more than the run's wall time. TEST_TIMINGS_FILE=path also writes
// every file's seconds there as JSON (import with its top-level set-up, then hooks and tests), for the notes.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import process from "node:process";
import type { Reporter, TestModule, TestSpecification } from "vitest/node";

const SLOWEST = 20;

/** A file's own seconds: environment, harness, import (top-level awaits included), hooks and tests. */
export function fileSeconds(m: TestModule): number {
  const d = m.diagnostic();
  return (d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration) / 1000;
}

export function timingLines(modules: ReadonlyArray<TestModule>, wallSeconds: number, setupSeconds: number | undefined): string[] {
  const files = modules.map((m) => ({ name: m.relativeModuleId, seconds: fileSeconds(m) }))
    .sort((a, b) => b.seconds - a.seconds);
  const sum = files.reduce((s, f) => s + f.seconds, 0);
  const width = Math.max(0, ...files.slice(0, SLOWEST).map((f) => f.name.length));
  return [
    `slowest ${Math.min(SLOWEST, files.length)} of ${files.length} test files (seconds):`,
    ...files.slice(0, SLOWEST).map((f) => `  ${f.name.padEnd(width)} ${f.seconds.toFixed(1).padStart(7)}`),
    `run: ${wallSeconds.toFixed(1)} s wall` + (setupSeconds === undefined ? "" : ` (global set-up ${setupSeconds.toFixed(1)} s)`) +
    `, ${sum.toFixed(1)} s in test files`,
  ];
}

export default class TimingReporter implements Reporter {
  #start = 0;
  #firstFile: number | undefined;

  onTestRunStart(_specifications: ReadonlyArray<TestSpecification>) {
    this.#start = performance.now();
    this.#firstFile = undefined;
  }

  onTestModuleStart() {
    this.#firstFile ??= performance.now();
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const wall = (performance.now() - this.#start) / 1000;
    const setup = this.#firstFile === undefined ? undefined : (this.#firstFile - this.#start) / 1000;
    console.log(`\n${timingLines(modules, wall, setup).join("\n")}`);
    const file = process.env.TEST_TIMINGS_FILE;
    if (!file) return;
    const files = modules.map((m) => {
      const d = m.diagnostic();
      return { file: m.relativeModuleId, seconds: fileSeconds(m), importSeconds: d.collectDuration / 1000, testSeconds: d.duration / 1000 };
    }).sort((a, b) => b.seconds - a.seconds);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify({ wallSeconds: wall, setupSeconds: setup, files }, null, 1));
  }
}
