// axe-core as the browser tests run it: axe.run in the page, reaching the page's same-origin frames itself (what
// @axe-core/playwright calls its "legacy mode"), with only violations collected in full (resultTypes: the tests
// read nothing else, and the passing nodes of the WCAG rules made a result of almost 1 MB per check).
// axe-core's source (the minified one, 0.55 MB) goes into a page's frames once, and stays there for the page's
// later checks: @axe-core/playwright's builder sent it twice into every frame at every check, which made a check
// of the leave dashboard take 600-990 ms against 190-360 ms here.
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import type { AxeResults, RunOptions } from "axe-core";

const AXE_MIN = readFileSync(new URL("../../../node_modules/axe-core/axe.min.js", import.meta.url), "utf8");

// Frames reach each other's axe by postMessage, same origin only (the builder's legacy-mode setting).
const CONFIGURE = `axe.configure({ allowedOrigins: ["<same_origin>"], branding: { application: "playwright" } })`;

/**
 * axe-core into each frame of the page that does not have it yet. A child frame that cannot take it within a
 * second (one that runs no scripts) is left without, as the builder did; a check excludes such frames (iframe[sandbox]).
 */
async function inject(page: Page, frames: boolean) {
  for (const frame of frames ? page.frames() : [page.mainFrame()]) {
    const load = (async () => {
      if (await frame.evaluate(() => "axe" in globalThis)) return;
      await frame.evaluate(AXE_MIN);
      await frame.evaluate(CONFIGURE);
    })();
    // The page's own document always runs scripts: it gets axe-core however long a loaded machine takes (a
    // second was not always enough: "Cannot read properties of undefined (reading 'run')").
    if (frame === page.mainFrame()) {
      await load;
      continue;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise((_, reject) => timer = setTimeout(() => reject(new Error("axe-core not loaded in time")), 1_000));
    await Promise.race([load, late]).catch(() => {}).finally(() => clearTimeout(timer));
  }
}

/** The builder's calls the tests use (include, exclude, withTags, analyze), and withRules and withoutFrames. */
export class PageAxe {
  private readonly includes: string[] = [];
  private readonly excludes: string[] = [];
  private runOnly?: RunOptions["runOnly"];
  private frames = true;
  constructor(private readonly page: Page) {}

  include(selector: string): this {
    this.includes.push(selector);
    return this;
  }

  exclude(selector: string): this {
    this.excludes.push(selector);
    return this;
  }

  withTags(tags: string[]): this {
    this.runOnly = { type: "tag", values: tags };
    return this;
  }

  withRules(rules: string[]): this {
    this.runOnly = { type: "rule", values: rules };
    return this;
  }

  /** The top document only: no frame gets axe-core, and axe.run reaches into none (iframes: false). */
  withoutFrames(): this {
    this.frames = false;
    return this;
  }

  async analyze(): Promise<AxeResults> {
    // A page that navigates while it is checked (a reload into another language) is checked again once loaded.
    for (let attempt = 1;; attempt++) {
      try {
        return await this.analyzeOnce();
      } catch (e) {
        if (attempt >= 3 || !String(e).includes("Execution context was destroyed")) throw e;
        await this.page.waitForLoadState("load");
      }
    }
  }

  private async analyzeOnce(): Promise<AxeResults> {
    await inject(this.page, this.frames);
    const context = { include: this.includes, exclude: this.excludes };
    const options: RunOptions = { resultTypes: ["violations"], iframes: this.frames, ...(this.runOnly ? { runOnly: this.runOnly } : {}) };
    const out = await this.page.evaluate(async ({ context, options }) => {
      const axe = (globalThis as unknown as { axe: { run(c: unknown, o: unknown): Promise<AxeResults> } }).axe;
      try {
        return { results: await axe.run(context.include.length ? context : { exclude: context.exclude }, options) };
      } catch (e) {
        return { error: (e as Error).message };
      }
    }, { context, options });
    if ("error" in out) throw new Error(`axe-core: ${out.error}`);
    return out.results as AxeResults;
  }
}

/** axe-core for a page (see the top of this file). */
export function axe(page: Page): PageAxe {
  return new PageAxe(page);
}

/**
 * axe-core on the current page: the serious and critical violations, as readable lines. Sandboxed frames (a
 * mail's own HTML in the reader, the compose preview and quote) are left out: without scripts in them axe
 * cannot run inside and would wait for them until the test times out.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const result = await axe(page).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).exclude("iframe[sandbox]").analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
}
