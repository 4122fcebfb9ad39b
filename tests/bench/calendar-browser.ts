// Calendar "next month" in the browser (issue 23: the month view interactive within 300 ms of a click on "next
// month"; not part of the test suite):
//   ./node_modules/.bin/deno run -A tests/bench/calendar-browser.ts [events=20000] [series=500] [rounds=2]
// The company of calendar-seed.ts (BENCH_DIR keeps it; calendar-month.ts seeds the same one). The suite's server
// (this process, the built UI) and Debian's chromium on loopback; the viewer signs in and opens the month view
// of January 2026 with all 30 calendars. Each step is timed inside the page, from the click on "다음 달" until
// the new month is on screen and the page can take input: the title names the new month, the grid shows its
// days, no month is loading (aria-busy), then a frame is drawn and a task after it runs (the main thread is
// free). Two ways of clicking:
//   paced: a click every 1.5 s, as someone reading each month (the neighbours' prefetch has finished);
//   quick: the next click as soon as the month is shown (the prefetch of the month after may still run).
import { chromium } from "playwright-core";
import { buildApp } from "../../server/app.ts";
import { CHROMIUM, CHROMIUM_ARGS } from "../support/browser-server.ts";
import { DOMAIN, PASSWORD, seedCalendarCompany } from "./calendar-seed.ts";
import { openBench, stats } from "./support.ts";
import { signInOnLoginPage } from "../e2e/support/login-page.ts";

const [EVENTS = 20_000, SERIES = 500, ROUNDS = 2] = Deno.args.map(Number);
const WEB_DIR = "/tmp/gw-bench-web";

const build = await new Deno.Command(Deno.execPath(), { args: ["task", "web:build", "--if-changed", "--out", WEB_DIR] }).output();
if (!build.success) throw new Error(`web build failed:\n${new TextDecoder().decode(build.stderr)}`);

const bench = await openBench("calendar", { keepDir: Deno.env.get("BENCH_DIR") });
const { deps } = bench;
const app = buildApp({ ...deps, webDir: WEB_DIR });
await seedCalendarCompany(deps, app, EVENTS, SERIES);
await deps.sql`analyze`;
const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, (req, info) =>
  app.fetch(req, { remoteAddr: info.remoteAddr as Deno.NetAddr }));
const base = `http://127.0.0.1:${server.addr.port}`;

const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "ko-KR" });
const page = await context.newPage();
page.setDefaultTimeout(30_000);
await signInOnLoginPage(page, base, { loginId: "viewer", domain: DOMAIN, password: PASSWORD });
await page.waitForURL(/#\/mail\//);

/** One click on "next month", timed in the page until the month after `from` ("YYYY-MM") is shown and idle. */
function step(from: string): Promise<number> {
  return page.evaluate(async (from) => {
    const [y, m] = from.split("-").map(Number);
    const next = new Date(Date.UTC(y, m, 1));
    const title = new Intl.DateTimeFormat("ko", { year: "numeric", month: "long", timeZone: "UTC" }).format(next);
    // The grid starts on the Sunday on or before the 1st.
    const first = new Date(next.getTime() - next.getUTCDay() * 86_400_000).toISOString().slice(0, 10);
    const button = document.querySelector<HTMLElement>('.cal-toolbar button[aria-label="다음 달"]')!;
    const shown = () =>
      document.querySelector(".cal-title")?.textContent === title &&
      document.querySelector(`.cal-day-num[data-day="${first}"]`) !== null &&
      document.querySelector(".cal-content[aria-busy]") === null &&
      document.querySelector(".cal-month .cal-item") !== null;
    const t0 = performance.now();
    button.click();
    await new Promise<void>((done) => {
      const check = () => (shown() ? done() : requestAnimationFrame(check));
      check();
    });
    await new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done, 0)));
    return performance.now() - t0;
  }, from);
}

const months = (n: number) => Array.from({ length: n }, (_, i) => `${2026 + Math.floor(i / 12)}-${String(i % 12 + 1).padStart(2, "0")}`);

async function run(pauseMs: number): Promise<number[]> {
  const times: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    await page.goto(`${base}/#/cal/month/2026-01-15`);
    await page.locator(".cal-month .cal-item").first().waitFor();
    await page.waitForFunction(() => document.querySelector(".cal-content[aria-busy]") === null);
    await page.waitForTimeout(pauseMs);
    for (const from of months(23)) {
      times.push(await step(from));
      await page.waitForTimeout(pauseMs);
    }
  }
  return times;
}

for (const [name, pause] of [["paced (1.5 s between clicks)", 1500], ["quick (next click at once)", 0]] as const) {
  const s = stats(await run(pause));
  console.log(`next month, ${name}: p50 ${s.p50.toFixed(0)} ms  p95 ${s.p95.toFixed(0)} ms  max ${s.max.toFixed(0)} ms ` +
    `(${ROUNDS} x 23 clicks, Jan 2026 to Dec 2027)`);
}
const shown = await page.evaluate(() => document.querySelectorAll(".cal-month .cal-item").length);
console.log(`(${shown} event buttons in the last month's grid)`);

await browser.close();
await server.shutdown();
await bench.close();
Deno.exit(0);
