// The blob store's folder layout, made current once per data folder: stores written before the one-level
// layout (<root>/ab/cd/<key>, 65,536 leaf folders) are moved to <root>/ab/<key> (blobs.ts). A file in the
// root records that the layout is current, so a start looks at nothing else. Each move is a rename within one
// file system, so an interrupted upgrade leaves every blob in one place or the other and the next start
// finishes it; while it runs the server does not serve yet.
import { join } from "node:path";
import { syncFolder } from "./blobs.ts";

const MARKER = ".layout-v2";
const HEX2 = /^[0-9a-f]{2}$/;
const KEY = /^[0-9a-f]{64}$/;

/** Moves blobs of the older layout into the current one; answers how many were moved. */
export async function upgradeBlobLayout(root: string): Promise<number> {
  try {
    await Deno.stat(join(root, MARKER));
    return 0;
  } catch { /* not upgraded yet, or a new store */ }
  await Deno.mkdir(root, { recursive: true });
  let moved = 0;
  for (const top of await entries(root)) {
    if (!top.isDirectory || !HEX2.test(top.name)) continue;
    const upper = join(root, top.name);
    for (const sub of await entries(upper)) {
      if (!sub.isDirectory || !HEX2.test(sub.name)) continue;
      const lower = join(upper, sub.name);
      for (const f of await entries(lower)) {
        if (f.isFile && KEY.test(f.name)) await Deno.rename(join(lower, f.name), join(upper, f.name)), moved++;
      }
      await Deno.remove(lower).catch(() => {}); // kept when something else is in it (a crash's temporary file)
    }
    await syncFolder(upper);
  }
  await Deno.writeTextFile(join(root, MARKER), "blobs in <root>/<first two hex digits>/<key>\n");
  await syncFolder(root);
  return moved;
}

async function entries(dir: string): Promise<Deno.DirEntry[]> {
  const out: Deno.DirEntry[] = [];
  for await (const e of Deno.readDir(dir)) out.push(e);
  return out;
}
