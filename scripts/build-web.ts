// Builds the UI into web/dist with Vite (run by Node, which every machine with npm has).
//   deno task web:build          always build
//   deno task web:build --if-missing   only when web/dist/index.html is missing (used by `npm start`)
//   deno task web:build --out DIR      build into DIR instead (the test run's TEST_WEB_DIR)
import { existsSync } from "node:fs";
import { WEB_DIST } from "../server/web.ts";

if (Deno.args.includes("--if-missing") && existsSync(`${WEB_DIST}/index.html`)) Deno.exit(0);
const outAt = Deno.args.indexOf("--out");
const outDir = outAt >= 0 ? Deno.args[outAt + 1] : undefined;
if (outAt >= 0 && !outDir) throw new Error("--out needs a folder");
console.log(`building the web UI into ${outDir ?? "web/dist"} …`);
const root = new URL("../", import.meta.url).pathname;
const { code } = await new Deno.Command("node", {
  args: ["node_modules/vite/bin/vite.js", "build", "--config", "web/vite.config.ts", "--logLevel", "warn", ...(outDir ? ["--outDir", outDir] : [])],
  cwd: root,
  stdout: "inherit",
  stderr: "inherit",
}).output();
Deno.exit(code);
