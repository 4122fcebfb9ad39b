// The file blob store on a real folder: bytes come back as stored, a key is the SHA-256 of the bytes, the
// same bytes twice keep one file (and count as written again), files are private to the server's user, no
// temporary file is left behind, an unfinished file under a key is replaced, concurrent puts of the same bytes
// all land, and a missing or malformed key answers "missing".
import { afterAll, describe, expect, test } from "vitest";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { BlobMissingError, FileBlobStore } from "../../server/lib/blobs.ts";

const root = await Deno.makeTempDir({ prefix: "blob-store-" });
const store = new FileBlobStore(root);
afterAll(() => Deno.remove(root, { recursive: true }));

const pathOf = (key: string) => store.pathOf(key);
const filesUnder = async (dir: string): Promise<string[]> => {
  const out: string[] = [];
  for await (const e of Deno.readDir(dir)) {
    if (e.isDirectory) out.push(...await filesUnder(join(dir, e.name)));
    else out.push(e.name);
  }
  return out;
};

describe("file blob store", () => {
  test("put stores the bytes under their SHA-256, privately, and get returns them", async () => {
    const bytes = new Uint8Array(300_000).map((_, i) => (i * 31) % 251);
    const { key, size } = await store.put(bytes);
    expect(key).toBe(createHash("sha256").update(bytes).digest("hex"));
    expect(size).toBe(bytes.length);
    expect(await store.get(key)).toEqual(bytes);
    expect(await store.size(key)).toBe(bytes.length);
    expect((await Deno.stat(pathOf(key))).mode! & 0o777).toBe(0o600);
  });

  test("the same bytes twice keep one file and refresh its time; no temporary file stays", async () => {
    const bytes = new TextEncoder().encode("same bytes twice");
    const a = await store.put(bytes);
    const old = new Date(Date.now() - 5 * 3600_000);
    await Deno.utime(pathOf(a.key), old, old);
    const b = await store.put(bytes);
    expect(b).toEqual(a);
    expect((await Deno.stat(pathOf(a.key))).mtime!.getTime()).toBeGreaterThan(old.getTime() + 3600_000);
    const names = await filesUnder(root);
    expect(names.filter((n) => n === a.key)).toHaveLength(1);
    expect(names.filter((n) => !/^[0-9a-f]{64}$/.test(n))).toEqual([]);
  });

  test("many concurrent puts into the same folders all land", async () => {
    const many = Array.from({ length: 64 }, (_, i) => new TextEncoder().encode(`blob number ${i}`));
    const keys = await Promise.all(many.map((b) => store.put(b)));
    for (const [i, k] of keys.entries()) expect(new TextDecoder().decode(await store.get(k.key))).toBe(`blob number ${i}`);
  });

  test("a blob removed behind the store's back is written again by the next put", async () => {
    const bytes = new TextEncoder().encode("collected meanwhile");
    const { key } = await store.put(bytes);
    await Deno.remove(join(root, key.slice(0, 2)), { recursive: true }); // its folders too
    await store.put(bytes);
    expect(new TextDecoder().decode(await store.get(key))).toBe("collected meanwhile");
  });

  test("a missing or malformed key answers missing", async () => {
    await expect(store.get("0".repeat(64))).rejects.toBeInstanceOf(BlobMissingError);
    await expect(store.get("../etc/passwd")).rejects.toBeInstanceOf(BlobMissingError);
    expect(await store.size("f".repeat(64))).toBeNull();
  });
});

describe("file blob store, writing", () => {
  test("blobs live one folder deep, named by the key's first two hex digits", async () => {
    const { key } = await store.put(new TextEncoder().encode("where does it go"));
    expect(store.pathOf(key)).toBe(join(root, key.slice(0, 2), key));
    expect((await Deno.stat(store.pathOf(key))).isFile).toBe(true);
  });

  test("a put that cannot write fails with the file system's error and leaves the next put working", async () => {
    const file = join(root, "not-a-folder");
    await Deno.writeTextFile(file, "x");
    const broken = new FileBlobStore(file);
    await expect(broken.put(new TextEncoder().encode("nowhere"))).rejects.toThrow();
    expect((await store.put(new TextEncoder().encode("still fine"))).size).toBe(10);
  });

  test("an unfinished file under a key (a crash's, cut short or never written) is replaced by the next put", async () => {
    const bytes = new Uint8Array(50_000).map((_, i) => (i * 7) % 253);
    const key = createHash("sha256").update(bytes).digest("hex");
    await Deno.mkdir(join(root, key.slice(0, 2)), { recursive: true });
    for (const unfinished of [bytes.subarray(0, 20_000), new Uint8Array(bytes.length)]) {
      await Deno.writeFile(pathOf(key), unfinished, { mode: 0o600 });
      expect(await store.put(bytes)).toEqual({ key, size: bytes.length });
      expect(await store.get(key)).toEqual(bytes);
    }
    expect((await filesUnder(join(root, key.slice(0, 2)))).filter((n) => n.startsWith(key))).toEqual([key]);
  });

  test("putFile moves the file over an unfinished one of the same key, and the same file twice keeps one copy", async () => {
    const bytes = new Uint8Array(70_000).map((_, i) => (i * 11) % 239);
    const key = createHash("sha256").update(bytes).digest("hex");
    await Deno.mkdir(join(root, key.slice(0, 2)), { recursive: true });
    await Deno.writeFile(pathOf(key), new Uint8Array(bytes.length), { mode: 0o600 }); // right size, never written
    for (let i = 0; i < 2; i++) {
      const source = join(root, `upload-${i}.part`);
      await Deno.writeFile(source, bytes);
      expect(await store.putFile(source)).toEqual({ key, size: bytes.length });
      await expect(Deno.stat(source)).rejects.toBeInstanceOf(Deno.errors.NotFound);
      expect(await store.get(key)).toEqual(bytes);
    }
    expect((await filesUnder(join(root, key.slice(0, 2)))).filter((n) => n.startsWith(key))).toEqual([key]);
  });

  test("concurrent puts of the same bytes all answer, and the key names the whole bytes", async () => {
    const bytes = new Uint8Array(2_000_000).map((_, i) => (i * 13) % 241);
    const answers = await Promise.all(Array.from({ length: 8 }, () => store.put(bytes)));
    expect(new Set(answers.map((a) => a.key)).size).toBe(1);
    expect(await store.get(answers[0].key)).toEqual(bytes);
    expect((await filesUnder(join(root, answers[0].key.slice(0, 2)))).filter((n) => !/^[0-9a-f]{64}$/.test(n))).toEqual([]);
  });
});
