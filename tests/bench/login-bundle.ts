// Measures what the browser downloads for /#/login: every JS (and CSS) response, compressed as served.
//   ./node_modules/.bin/deno run -A tests/bench/login-bundle.ts
// Builds the UI, serves web/dist with the server's own static routes (gzip on), opens /#/login in Debian's
// chromium with an empty cache, and sums the encoded sizes the browser received.
import { chromium } from "playwright-core";
import { Hono } from "hono";
import { webRoutes } from "../../server/web.ts";
import type { AppEnv } from "../../server/lib/context.ts";

const build = await new Deno.Command(Deno.execPath(), { args: ["task", "web:build"], stdout: "null", stderr: "inherit" }).output();
if (!build.success) Deno.exit(1);

const app = new Hono<AppEnv>();
app.route("/", webRoutes()!);
const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, app.fetch);
const base = `http://127.0.0.1:${server.addr.port}`;

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
const page = await browser.newPage();
const sizes: { url: string; type: string; bytes: number }[] = [];
page.on("response", async (res) => {
  const type = res.request().resourceType();
  if (type !== "script" && type !== "stylesheet" && type !== "fetch" && type !== "document") return;
  const sizesInfo = await res.request().sizes();
  sizes.push({ url: res.url().replace(base, ""), type, bytes: sizesInfo.responseBodySize });
});
await page.goto(`${base}/#/login`);
await page.getByRole("button", { name: /로그인|Sign in/ }).waitFor();
await page.waitForLoadState("networkidle");
await browser.close();
await server.shutdown();

const sum = (t: string[]) => sizes.filter((s) => t.includes(s.type)).reduce((a, s) => a + s.bytes, 0);
for (const s of sizes.sort((a, b) => b.bytes - a.bytes)) console.log(`${(s.bytes / 1024).toFixed(1).padStart(7)} KB  ${s.type.padEnd(10)} ${s.url}`);
console.log(`\nJS for /#/login (gzip, as transferred): ${(sum(["script"]) / 1024).toFixed(1)} KB in ${sizes.filter((s) => s.type === "script").length} files`);
console.log(`CSS: ${(sum(["stylesheet"]) / 1024).toFixed(1)} KB; translations and other fetches: ${(sum(["fetch"]) / 1024).toFixed(1)} KB`);
