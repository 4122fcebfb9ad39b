// The content hash of everything the web UI's build reads: web/ (but its build output), shared/ (imported as
// @shared), the installed packages as package.json and package-lock.json pin them, and the build script itself
// (how it runs Vite). Two builds from the same hash are the same build, so a test run can reuse one
// (scripts/build-web.ts --if-changed).
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";

const FOLDERS = ["web", "shared"];
const FILES = ["package.json", "package-lock.json", "scripts/build-web.ts"];
const SKIP = new Set(["web/dist", "node_modules"]);

async function walk(root: string, dir: string, out: string[]): Promise<void> {
  for (const entry of await readdir(join(root, dir), { withFileTypes: true })) {
    const rel = join(dir, entry.name);
    if (SKIP.has(rel) || SKIP.has(entry.name)) continue;
    if (entry.isDirectory()) await walk(root, rel, out);
    else if (entry.isFile()) out.push(rel);
  }
}

/** sha256 over the sorted paths and contents of the build's inputs under `root` (the repository). */
export async function webSourceHash(root: string): Promise<string> {
  const files = [...FILES];
  for (const folder of FOLDERS) await walk(root, folder, files);
  files.sort();
  const h = createHash("sha256");
  for (const file of files) {
    const body = await readFile(join(root, file)).catch(() => null);
    if (body === null) continue; // removed while we looked: its absence is what gets hashed
    h.update(`${file}\0${body.length}\0`);
    h.update(body);
  }
  return h.digest("hex");
}
