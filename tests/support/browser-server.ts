// One Debian chromium per test run: the global set-up launches it as a playwright browser server on loopback,
// and each browser test file connects to it and works in contexts of its own (tests/e2e/support/browser.ts),
// instead of launching and closing a browser per file.
import { existsSync } from "node:fs";
import { type BrowserServer, chromium } from "playwright-core";

export const CHROMIUM = Deno.env.get("CHROMIUM_PATH") ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync", "--lang=ko-KR"];

export const NO_CHROMIUM = `Browser tests need Debian's chromium at ${CHROMIUM} (apt-get install chromium); .ci/run installs it.`;

/** The browser server, or why there is none (no chromium here, or it did not start). */
export async function launchBrowserServer(): Promise<{ server?: BrowserServer; error?: string }> {
  if (!existsSync(CHROMIUM)) return { error: NO_CHROMIUM };
  try {
    return { server: await chromium.launchServer({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, host: "127.0.0.1" }) };
  } catch (e) {
    return { error: `chromium at ${CHROMIUM} did not start: ${(e as Error).message}` };
  }
}
