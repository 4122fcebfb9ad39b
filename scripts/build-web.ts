// Builds the UI into web/dist with Vite (run by Node, which every machine with npm has).
//   deno task web:build          always build
//   deno task web:build --if-missing   only when web/dist/index.html is missing (used by `npm start`)
//   deno task web:build --if-changed   only when the UI's sources changed since the build in the folder (the
//                                      test runs: a run's second project, and the next run, reuse a build)
//   deno task web:build --out DIR      build into DIR instead (the test run's TEST_WEB_DIR)
import { existsSync } from "node:fs";
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { WEB_DIST } from "../server/web.ts";
import { webSourceHash } from "./lib/web-source-hash.ts";

const KNOWN = new Set(["--if-missing", "--if-changed", "--out"]);
const outAt = Deno.args.indexOf("--out");
const outDir = outAt >= 0 ? Deno.args[outAt + 1] : undefined;
const unknown = Deno.args.filter((a, i) => !KNOWN.has(a) && i !== outAt + 1);
if (unknown.length || (outAt >= 0 && (!outDir || outDir.startsWith("--")))) {
  console.error(`${unknown.length ? `unknown argument ${unknown[0]}` : "--out needs a folder"}\n` +
    "usage: deno task web:build [--if-missing | --if-changed] [--out DIR]");
  Deno.exit(2);
}
const dir = outDir ?? WEB_DIST;
// The hash of the sources the build was made from, written after a build that succeeded.
const stamp = join(dir, ".source-hash");

if (Deno.args.includes("--if-missing") && existsSync(join(dir, "index.html"))) Deno.exit(0);
const root = new URL("../", import.meta.url).pathname;
const hash = await webSourceHash(root);
if (Deno.args.includes("--if-changed") && existsSync(join(dir, "index.html"))) {
  const built = await readFile(stamp, "utf8").catch(() => "");
  if (built.trim() === hash) {
    console.log(`the web UI in ${outDir ?? "web/dist"} is built from the current sources (${hash.slice(0, 12)})`);
    Deno.exit(0);
  }
}
console.log(`building the web UI into ${outDir ?? "web/dist"} …`);
await rm(stamp, { force: true });
const { code } = await new Deno.Command("node", {
  args: ["node_modules/vite/bin/vite.js", "build", "--config", "web/vite.config.ts", "--logLevel", "warn", ...(outDir ? ["--outDir", outDir] : [])],
  cwd: root,
  // Always the production build users get: run from the tests, NODE_ENV is vitest's "test", with which Vite
  // bundled React's development build (slower, and not what `npm start` serves).
  env: { NODE_ENV: "production" },
  stdout: "inherit",
  stderr: "inherit",
}).output();
if (code === 0) await writeFile(stamp, `${hash}\n`);
Deno.exit(code);
