// A blob store written in the older two-level layout (<root>/ab/cd/<key>) is moved to the one-level layout
// on start (server/lib/blob-layout.ts): every blob reads back, nothing is left in the old folders but what
// is no blob (a crash's temporary file), and a store marked current is not walked again.
import { afterAll, describe, expect, test } from "vitest";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { upgradeBlobLayout } from "../../server/lib/blob-layout.ts";
import { FileBlobStore } from "../../server/lib/blobs.ts";

const root = await Deno.makeTempDir({ prefix: "blob-layout-" });
afterAll(() => Deno.remove(root, { recursive: true }));

describe("blob store layout upgrade", () => {
  test("moves two-level blobs one level up, once", async () => {
    const blobs = Array.from({ length: 40 }, (_, i) => new TextEncoder().encode(`old blob ${i}`));
    const keys = blobs.map((b) => createHash("sha256").update(b).digest("hex"));
    for (const [i, key] of keys.entries()) {
      const dir = join(root, key.slice(0, 2), key.slice(2, 4));
      await Deno.mkdir(dir, { recursive: true });
      await Deno.writeFile(join(dir, key), blobs[i]);
    }
    // A crash's temporary file in an old folder is no blob: it stays where it is, and so does its folder.
    const stray = join(root, keys[0].slice(0, 2), keys[0].slice(2, 4), `${keys[0]}.0c1d.tmp`);
    await Deno.writeTextFile(stray, "half written");
    expect(await upgradeBlobLayout(root)).toBe(40);
    expect(await Deno.readTextFile(stray)).toBe("half written");
    await Deno.remove(stray);
    await Deno.remove(join(root, keys[0].slice(0, 2), keys[0].slice(2, 4)));
    const store = new FileBlobStore(root);
    for (const [i, key] of keys.entries()) expect(await store.get(key)).toEqual(blobs[i]);
    const listed = [];
    for await (const b of store.list()) listed.push(b.key);
    expect(listed.sort()).toEqual([...keys].sort());
    for (const key of keys) {
      await expect(Deno.stat(join(root, key.slice(0, 2), key.slice(2, 4)))).rejects.toBeInstanceOf(Deno.errors.NotFound);
    }
    // Marked current: a blob placed the old way now is not looked for.
    const late = "f".repeat(64);
    await Deno.mkdir(join(root, "ff", "ff"), { recursive: true });
    await Deno.writeTextFile(join(root, "ff", "ff", late), "late");
    expect(await upgradeBlobLayout(root)).toBe(0);
  });

  test("a new, empty store is marked current without moving anything", async () => {
    const fresh = join(root, "fresh");
    expect(await upgradeBlobLayout(fresh)).toBe(0);
    expect(await upgradeBlobLayout(fresh)).toBe(0);
  });
});
