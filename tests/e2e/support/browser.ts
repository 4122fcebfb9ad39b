// Browser tests: the real app (HTTP API + built UI) served on loopback, Debian's chromium driven by
// playwright-core, a screenshot per step kept under test-results/e2e/, and axe-core checks. The chromium is the
// run's one browser (launched by the global set-up, tests/support/browser-server.ts): a file connects to it and
// works in browser contexts of its own, which it closes with its connection at its end.
import { afterAll, inject } from "vitest";
import { mkdir, rm } from "node:fs/promises";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { AxeBuilder } from "@axe-core/playwright";
import { createTestApp, type TestApp } from "../../support/test-app.ts";

const ARTIFACTS = new URL("../../../test-results/e2e/", import.meta.url).pathname;

export interface E2E {
  t: TestApp;
  base: string;
  browser: Browser;
  /** A fresh browser context (own storage) with one page. */
  newPage(opts?: { width?: number; height?: number }): Promise<{ context: BrowserContext; page: Page }>;
  /** Saves a full-page screenshot as test-results/e2e/<suite>/<nn>-<name>.png. */
  shot(page: Page, name: string): Promise<string>;
}

export async function startE2E(suite: string): Promise<E2E> {
  const wsEndpoint = inject("browserWsEndpoint");
  if (!wsEndpoint) throw new Error(inject("browserError") || "the test run has no browser");
  const t = await createTestApp();
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, (req, info) =>
    t.app.fetch(req, { remoteAddr: info.remoteAddr as Deno.NetAddr }));
  const base = `http://127.0.0.1:${server.addr.port}`;
  const browser = await chromium.connect(wsEndpoint);
  const dir = `${ARTIFACTS}${suite}/`;
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  let n = 0;
  afterAll(async () => {
    await browser.close(); // this file's contexts and connection; the browser serves the other files on
    await server.shutdown();
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
      await page.screenshot({ path: file, fullPage: true });
      return file;
    },
  };
}

/**
 * axe-core on the current page: the serious and critical violations, as readable lines. Sandboxed frames (a
 * mail's own HTML in the reader, the compose preview and quote) are left out: without scripts in them axe
 * cannot run inside and would wait for them until the test times out.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).exclude("iframe[sandbox]").analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
}
