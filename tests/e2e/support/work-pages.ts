// Pages of the work modules' browser tests (to-do, flow): a signed-in page at a width, console errors and page
// errors gathered for the file's afterAll, and a look (axe, then a screenshot). `expected` is the console
// error a test provokes on purpose (the browser's own "Failed to load resource" line of a refused call the
// screen handles); every other error fails the file, and with failedRequests a request left without an answer.
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { PW } from "../../share/share-helpers.ts";
import { type E2E, seriousViolations } from "./browser.ts";
import { signIn } from "./mail.ts";

export function workPages(e: E2E, domain: string, opts: { expected?: RegExp; timeout?: number; failedRequests?: boolean } = {}) {
  const consoleErrors: string[] = [];
  const expected = opts.expected ?? /^Failed to load resource: the server responded with a status of 409 \(Conflict\)$/;

  /** A new page of `loginId` (password PW), signed in, at `#path`. */
  async function open(path: string, loginId: string, width = 1280): Promise<Page> {
    const { page } = await e.newPage({ width, height: width < 600 ? 844 : 800 });
    page.setDefaultTimeout(opts.timeout ?? 12_000);
    page.on("console", (m) => {
      if (m.type() === "error" && !expected.test(m.text())) consoleErrors.push(`${loginId}: ${m.text()}`);
    });
    page.on("pageerror", (err) => consoleErrors.push(`${loginId}: ${err.message}`));
    // A request that never got an answer (failedRequests: the page must not lose any).
    if (opts.failedRequests) page.on("requestfailed", (r) => consoleErrors.push(`${loginId}: failed ${r.url()} ${r.failure()?.errorText}`));
    await signIn(e, page, loginId, domain, PW, path);
    return page;
  }

  /** No serious axe violation, then a screenshot named `name`. */
  async function look(p: Page, name: string) {
    expect(await seriousViolations(p), name).toEqual([]);
    await e.shot(p, name);
  }

  return { open, look, consoleErrors };
}
