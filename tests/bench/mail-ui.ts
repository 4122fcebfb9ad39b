// Mail in the browser on a 100,000-message mailbox (not part of the test suite):
//   ./node_modules/.bin/deno run -A tests/bench/mail-ui.ts [rounds=15]
// The mailbox of tests/bench/mailbox-seed.ts (BENCH_DIR keeps it between runs), the production UI build served
// by the server itself on loopback, Debian's chromium (headless) driven by playwright-core. Measured inside the
// page with performance.now(), so the figures are what a user waits for:
//   folder switch: a click on a folder in the tree until the new folder's first page of rows is in the list
//     (the first row is that folder's newest mail, the list is not busy) and the next frame has painted;
//     each folder's first visit after a page load, so the list always comes from the server (cold cache);
//   open a mail: a click on a row until the reader shows the subject and its body (frame loaded or text).
// Target (issue 6): the list is interactive within 200 ms of a folder click.
import { chromium } from "playwright-core";
import { eq } from "drizzle-orm";
import { mailFolders } from "../../db/schema/mail.ts";
import { buildApp } from "../../server/app.ts";
import { openBench, stats } from "./support.ts";
import { seededMailbox } from "./mailbox-seed.ts";

const [ROUNDS = 15] = Deno.args.map(Number);
const CHROMIUM = Deno.env.get("CHROMIUM_PATH") ?? "/usr/bin/chromium";
const WEB = await Deno.makeTempDir({ prefix: "gw-bench-web-" });

const build = await new Deno.Command(Deno.execPath(), { args: ["task", "web:build", "--out", WEB], stdout: "null", stderr: "inherit" }).output();
if (!build.success) Deno.exit(1);

const bench = await openBench("mailbox", { keepDir: Deno.env.get("BENCH_DIR") });
const { deps } = bench;
const box = await seededMailbox(deps, 100_000);
const app = buildApp({ ...deps, webDir: WEB });
const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, (req, info) => app.fetch(req, { remoteAddr: info.remoteAddr as Deno.NetAddr }));
const base = `http://127.0.0.1:${server.addr.port}`;

// The folders clicked, with the newest mail each shows first (what the list must show when it is done).
const privates = await deps.db.select({ id: mailFolders.id, name: mailFolders.name }).from(mailFolders)
  .where(eq(mailFolders.userId, box.userId));
const folderIds: number[] = [box.sys.INBOX, box.sys.SENT, -1, -3, -2, ...privates.filter((f) => ["Projects", "거래처", "Archive"].includes(f.name)).map((f) => f.id)];
const headers = { authorization: `Bearer ${box.tokens.access_token}` };
const firstOf = new Map<number, number>();
for (const id of folderIds) {
  const r = await app.request(`/api/mails?folderId=${id}&page=0&pageSize=20`, { headers });
  const body = await r.json();
  firstOf.set(id, body.mails[0]?.mailId);
}
const [inboxRow] = await deps.db.select().from(mailFolders).where(eq(mailFolders.id, box.sys.INBOX));
console.log(`mailbox: ${box.count} mails; inbox ${inboxRow.totalCount}; folders clicked: ${folderIds.join(", ")}`);

const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, locale: "ko-KR" });
await context.addInitScript((tokens) => {
  localStorage.setItem("gw.session", JSON.stringify(tokens));
  localStorage.setItem("gw.language", "ko");
}, { accessToken: box.tokens.access_token, refreshToken: box.tokens.refresh_token });
const page = await context.newPage();

/** Clicks `selector` and resolves with the ms until `done()` holds (checked after every DOM change) plus a frame. */
function timeClick(selector: string, doneSrc: string): Promise<number> {
  return page.evaluate(([sel, src]) =>
    new Promise<number>((resolve, reject) => {
      const done = new Function(`return (${src})`)() as () => boolean;
      const target = document.querySelector(sel) as HTMLElement | null;
      if (!target) return reject(new Error(`no ${sel}`));
      const t0 = performance.now();
      const check = () => {
        if (!done()) return false;
        obs.disconnect();
        clearTimeout(timer);
        requestAnimationFrame(() => resolve(performance.now() - t0));
        return true;
      };
      const obs = new MutationObserver(check);
      obs.observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
      const timer = setTimeout(() => (obs.disconnect(), reject(new Error(`timeout after ${sel}`))), 15_000);
      target.click();
      check();
    }), [selector, doneSrc] as const);
}

const listShows = (mailId: number) => `() => {
  const grid = document.querySelector(".mail-grid");
  const first = document.querySelector(".mail-row[data-mail-id]");
  return !!grid && grid.getAttribute("aria-busy") !== "true" && first?.getAttribute("data-mail-id") === "${mailId}";
}`;
const readerShows = (subject: string) => `() => {
  const h = document.querySelector(".mr-subject");
  if (!h || h.textContent !== ${JSON.stringify(subject)}) return false;
  const frame = document.querySelector("iframe.mr-frame");
  if (frame) return frame.contentDocument?.readyState === "complete" && !!frame.contentDocument.body?.childElementCount;
  return !!document.querySelector(".mr-text");
}`;

function summary(xs: number[]) {
  const s = stats(xs);
  return `n ${s.n}  p50 ${s.p50.toFixed(0)} ms  p95 ${s.p95.toFixed(0)} ms  max ${s.max.toFixed(0)} ms`;
}

const switches: number[] = [];
const opens: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  await page.goto(`${base}/#/mail/${box.sys.INBOX}/1`);
  await page.waitForSelector(`.mail-row[data-mail-id="${firstOf.get(box.sys.INBOX)}"]`);
  await page.waitForSelector("[data-folder-key]");
  // Every other folder once (its first visit on this page load), then back to the inbox (cached).
  for (const id of folderIds.slice(1)) {
    switches.push(await timeClick(`[data-folder-key="${id}"]`, listShows(firstOf.get(id)!)));
  }
  // Open the first three mails of the last folder shown (an unread one marks read: the real path).
  for (let i = 0; i < 3; i++) {
    const row = page.locator(".mail-row[data-mail-id]").nth(i);
    const mailId = await row.getAttribute("data-mail-id");
    const subject = (await row.locator(".mail-subject").textContent())!.trim();
    opens.push(await timeClick(`.mail-row[data-mail-id="${mailId}"] .mail-subject`, readerShows(subject)));
    await page.goBack();
    await page.waitForSelector(".mail-grid");
  }
}
console.log(`folder switch (click → rows of the new folder painted): ${summary(switches)}`);
console.log(`open a mail (click → subject and body shown):          ${summary(opens)}`);
console.log(`load average: ${(await Deno.readTextFile("/proc/loadavg")).trim()}`);

await browser.close();
await server.shutdown();
await bench.close();
await Deno.remove(WEB, { recursive: true });
