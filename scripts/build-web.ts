// Builds the UI into web/dist with Vite (run by Node, which every machine with npm has).
//   deno task web:build          always build
//   deno task web:build --if-missing   only when web/dist/index.html is missing (used by `npm start`)
import { existsSync } from "node:fs";
import { WEB_DIST } from "../server/web.ts";

if (Deno.args.includes("--if-missing") && existsSync(`${WEB_DIST}/index.html`)) Deno.exit(0);
console.log("building the web UI into web/dist …");
const root = new URL("../", import.meta.url).pathname;
const { code } = await new Deno.Command("node", {
  args: ["node_modules/vite/bin/vite.js", "build", "--config", "web/vite.config.ts", "--logLevel", "warn"],
  cwd: root,
  stdout: "inherit",
  stderr: "inherit",
}).output();
Deno.exit(code);
