// One Debian chromium per test run: the global set-up launches it as a playwright browser server on loopback,
// and each browser test file connects to it and works in contexts of its own (tests/e2e/support/browser.ts),
// instead of launching and closing a browser per file.
import { existsSync } from "node:fs";
import { type BrowserServer, chromium } from "playwright-core";

/** Debian's chromium, the browser users run: the benchmarks in tests/bench measure with it. */
export const CHROMIUM = Deno.env.get("CHROMIUM_PATH") ?? "/usr/bin/chromium";

/**
 * The tests' browser: Debian's chromium-headless-shell, the same Blink and V8 (same package version) without the
 * browser's window, profile and GPU layers, the headless browser playwright itself runs by default. One journey
 * (tests/e2e/resource-screens, alone on the 2-core machine) took 65.7 s of CPU with chromium and 51.6 s with the
 * shell (renderers 37.2 → 29.3 s, the browser process 9.2 → 4.2 s), 51.2 → 46.2 s of wall time; the journeys
 * are most of the CI run's CPU, and a fresh-clone `.ci/run`'s tests took 1,643-1,665 s with the shell against
 * 3,408 s in the landing run before it (load average 3-4 through the run against 10-23 with chromium). Where the shell is not installed the tests fall back to chromium. What the shell
 * lacks (a PDF viewer, notifications) a journey gets from chromium itself (startE2E's fullBrowser).
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
export const TEST_CHROMIUM = Deno.env.get("CHROMIUM_PATH") ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM);

export const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync", "--lang=ko-KR"];

export const NO_CHROMIUM =
  `Browser tests need Debian's chromium-headless-shell or chromium at ${TEST_CHROMIUM} (apt-get install chromium-headless-shell); .ci/run installs it.`;

/** The browser server, or why there is none (no chromium here, or it did not start). */
export async function launchBrowserServer(): Promise<{ server?: BrowserServer; error?: string }> {
  if (!existsSync(TEST_CHROMIUM)) return { error: NO_CHROMIUM };
  try {
    return { server: await chromium.launchServer({ executablePath: TEST_CHROMIUM, args: CHROMIUM_ARGS, host: "127.0.0.1" }) };
  } catch (e) {
    return { error: `chromium at ${TEST_CHROMIUM} did not start: ${(e as Error).message}` };
  }
}
