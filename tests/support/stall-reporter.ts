// Ends a run in which no test file has finished for TEST_STALL_MINUTES (10 by default; the slowest file takes
// about a minute, a few on a loaded machine): it names the files started and not finished, and exits 1, which
// scripts/test.ts reports as a run that did not finish. Without it a stuck run waits for CI's own time limit.
// Seen once (2026-12-07, a fresh-clone run): a journeys worker forked at the start never reported its file
// (board-post, which passes alone), held one of the two worker slots for the whole run (the rest took twice as
// long on the other) and kept the run from ending after the last file.
import process from "node:process";
import type { Reporter, TestModule, TestSpecification } from "vitest/node";

const STALL_MS = Number(process.env.TEST_STALL_MINUTES || 10) * 60_000;

export default class StallReporter implements Reporter {
  #total = 0;
  #ended = 0;
  #last = Date.now();
  #started = new Map<string, number>();
  #timer: ReturnType<typeof setInterval> | undefined;

  onTestRunStart(specifications: ReadonlyArray<TestSpecification>) {
    this.#total = specifications.length;
    this.#last = Date.now();
    this.#timer = setInterval(() => this.#check(), Math.min(30_000, STALL_MS / 4));
    // Not keeping the process alive on its own account.
    (this.#timer as { unref?: () => void }).unref?.();
  }

  onTestModuleQueued(m: TestModule) {
    this.#started.set(m.relativeModuleId, Date.now());
  }

  onTestModuleEnd(m: TestModule) {
    this.#started.delete(m.relativeModuleId);
    this.#ended++;
    this.#last = Date.now();
  }

  onTestRunEnd() {
    clearInterval(this.#timer);
  }

  #check() {
    if (Date.now() - this.#last < STALL_MS) return;
    const running = [...this.#started].map(([f, at]) => `${f} (started ${Math.round((Date.now() - at) / 60_000)} min ago)`);
    console.error(
      `\ntest run stalled: no test file has finished for ${STALL_MS / 60_000} minutes; ${this.#ended} of ${this.#total} finished. ` +
        `Started and not finished: ${running.length ? running.join(", ") : "none (the rest never started in their worker)"}`,
    );
    process.exit(1);
  }
}
