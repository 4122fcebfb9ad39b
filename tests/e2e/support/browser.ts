// Browser tests: the real app (HTTP API + built UI) served on loopback, Debian's chromium driven by
// playwright-core, a screenshot per step kept under test-results/e2e/, and axe-core checks. The chromium is the
// run's one browser (launched by the global set-up, tests/support/browser-server.ts): a file connects to it and
// works in browser contexts of its own, which it closes with its connection at its end.
import { afterAll, inject, test, vi } from "vitest";
import { mkdir, rm } from "node:fs/promises";
import { type Browser, type BrowserContext, chromium, type Download, type Page } from "playwright-core";
import { createTestApp, type TestApp } from "../../support/test-app.ts";
import { CHROMIUM, CHROMIUM_ARGS } from "../../support/browser-server.ts";
import { boundedShutdown } from "../../support/bounded-shutdown.ts";
import { stopCollab } from "../../../server/modules/wiki/collab/rooms.ts";
import { endLocalAnswers } from "../../../server/modules/assistant/generation.ts";

export { axe, seriousViolations } from "./axe.ts";

const SCREENSHOTS_OFF = Deno.env.get("TEST_SCREENSHOTS") === "off";
const ARTIFACTS = new URL("../../../test-results/e2e/", import.meta.url).pathname;

export interface E2E {
  t: TestApp;
  base: string;
  browser: Browser;
  /** A fresh browser context (own storage) with one page. */
  newPage(opts?: { width?: number; height?: number }): Promise<{ context: BrowserContext; page: Page }>;
  /**
   * Saves a full-page screenshot as test-results/e2e/<suite>/<nn>-<name>.png and answers its path; none is taken
   * when TEST_SCREENSHOTS=off (CI, where nobody looks at them: 558 of them cost about 3 minutes of its time).
   */
  shot(page: Page, name: string): Promise<string>;
}

/**
 * A browser test's time limit. A browser step costs about twice what it does alone when three test files share
 * the machine's two cores (the run's workers), and the heaviest tests here took 25-31 s under that load; a
 * step that hangs still fails on its own wait (playwright's 10-30 s).
 */
const BROWSER_TEST_TIMEOUT = 60_000;

/**
 * The step function of a journey (one test per step, sharing pages): when a step fails, each page of `shots` is
 * photographed under its name, then `after` runs (e.g. Escape, so a list left open does not hide the next step's
 * screen), and the failure stands.
 */
export function journeySteps(e: E2E, shots: Record<string, Page>, after?: () => Promise<void>) {
  return (name: string, fn: () => Promise<void>) =>
    test(name, async () => {
      try {
        await fn();
      } catch (err) {
        for (const [shot, page] of Object.entries(shots)) await e.shot(page, shot);
        await after?.();
        throw err;
      }
    });
}

/** How long a file's teardown waits for its HTTP server's open requests to end. */
const SHUTDOWN_WAIT_MS = 15_000;

/**
 * `fullBrowser`: the file launches Debian's chromium of its own instead of using the run's headless shell
 * (tests/support/browser-server.ts), for what only the full browser has: its PDF viewer, and the Notification
 * API (the shell has neither: a PDF in a frame is not shown, a Notification is never made).
 */
export async function startE2E(suite: string, env: Record<string, string> = {}, opts: { fullBrowser?: boolean } = {}): Promise<E2E> {
  vi.setConfig({ testTimeout: BROWSER_TEST_TIMEOUT });
  const wsEndpoint = inject("browserWsEndpoint");
  if (!wsEndpoint && !opts.fullBrowser) throw new Error(inject("browserError") || "the test run has no browser");
  const t = await createTestApp(env);
  // The requests in flight, so a teardown that waits too long can name them.
  const open = new Set<{ what: string }>();
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, (req, info) => {
    const entry = { what: `${req.method} ${new URL(req.url).pathname}` };
    open.add(entry);
    const done = () => void open.delete(entry);
    info.completed.then(done, done); // an aborted response rejects it: that too ends the request
    return t.app.fetch(req, { remoteAddr: info.remoteAddr as Deno.NetAddr });
  });
  const base = `http://127.0.0.1:${server.addr.port}`;
  const browser = opts.fullBrowser
    ? await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
    : await chromium.connect(wsEndpoint!);
  const dir = `${ARTIFACTS}${suite}/`;
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  let n = 0;
  afterAll(async () => {
    await browser.close(); // this file's contexts and connection (the run's browser serves the other files on), or its own browser
    // Stopped as server/main.ts stops the real server: the wiki's live documents, the assistant's running answers
    // and the open websockets end first, since the HTTP server's shutdown waits for every open connection (two
    // wiki journeys' shutdowns outwaited the 60 s hook limit in a loaded CI run with only the browser gone).
    await stopCollab(t.deps);
    await endLocalAnswers(t.deps);
    t.deps.realtime.hub.closeAll();
    // The teardown waits for the requests it tracks, not for the whole shutdown (tests/support/bounded-shutdown.ts).
    await boundedShutdown(server, { ms: SHUTDOWN_WAIT_MS, label: suite, idle: () => open.size === 0, open: () => [...open].map((o) => o.what) });
  });
  return {
    t,
    base,
    browser,
    async newPage(opts = {}) {
      const context = await browser.newContext({ viewport: { width: opts.width ?? 1280, height: opts.height ?? 800 }, locale: "ko-KR" });
      const page = await context.newPage();
      page.on("pageerror", (e) => console.error(`[${suite}] page error: ${e.message}`));
      return { context, page };
    },
    async shot(page, name) {
      const file = `${dir}${String(++n).padStart(2, "0")}-${name}.png`;
      if (!SCREENSHOTS_OFF) await page.screenshot({ path: file, fullPage: true });
      return file;
    },
  };
}

/**
 * The bytes of a finished download, read through the browser connection (the files the browser saves stay with
 * the run's browser server; download.path() is not for a connected browser).
 */
export async function downloadBytes(download: Download): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Uint8Array);
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  chunks.reduce((at, c) => (out.set(c, at), at + c.length), 0);
  return out;
}

/** A finished download's text (UTF-8). */
export async function downloadText(download: Download): Promise<string> {
  return new TextDecoder().decode(await downloadBytes(download));
}
