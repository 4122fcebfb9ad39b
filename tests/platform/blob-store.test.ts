// The blob stores' contract, run against the folder store and the S3 store (on s3rver, a real S3 API on
// loopback): bytes come back as stored (get, stream, size), a key is the SHA-256 of the bytes, the same bytes
// twice keep one blob and count as touched again, putFile takes a file over (a big one goes up in parts),
// list() yields every blob once (across pages), concurrent puts all land, a put racing the collector never
// answers for a key whose bytes then vanish, and a missing or malformed key answers "missing".
// Then what only the folder store has: private files, its layout, crash leftovers under a key.
import { afterAll, describe, expect, test } from "vitest";
import { createHash } from "node:crypto";
import { utimes } from "node:fs/promises";
import { join } from "node:path";
import { Buffer } from "node:buffer";
import { BlobMissingError, type BlobStore, FileBlobStore } from "../../server/lib/blobs.ts";
import { S3BlobStore } from "../../server/lib/s3-blobs.ts";
import { S3_ACCESS_KEY, S3_SECRET_KEY, startS3Server } from "../support/s3-server.ts";

const root = await Deno.makeTempDir({ prefix: "blob-store-" });
const store = new FileBlobStore(root);
const s3 = await startS3Server(["contract"]);
// Small parts and pages, so a few megabytes exercise multipart uploads, part-by-part copies and paging.
const s3Store = new S3BlobStore({
  endpoint: s3.endpoint,
  bucket: "contract",
  region: "us-east-1",
  credentials: { accessKeyId: S3_ACCESS_KEY, secretAccessKey: S3_SECRET_KEY },
  forcePathStyle: true,
  prefix: "gw/",
  partSize: 5 * 1024 * 1024,
  singleCopyMax: 1024 * 1024,
  pageSize: 7,
});
afterAll(async () => {
  s3Store.client.destroy();
  await s3.close();
  await Deno.remove(root, { recursive: true });
});

const hours = (h: number) => new Date(Date.now() - h * 3600_000);
const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const enc = (s: string) => new TextEncoder().encode(s);
const pattern = (n: number, a: number, m: number) => new Uint8Array(n).map((_, i) => (i * a) % m);
/** Byte-for-byte equality (vitest's toEqual walks a typed array element by element: seconds per megabyte). */
const expectBytes = (actual: Uint8Array, expected: Uint8Array) => {
  expect(actual.length).toBe(expected.length);
  expect(Buffer.compare(actual, expected)).toBe(0);
};
const readAll = async (s: ReadableStream<Uint8Array>) => new Uint8Array(await new Response(s).arrayBuffer());
const keysOf = async (st: BlobStore) => {
  const out: { key: string; touchedAt: Date }[] = [];
  for await (const b of st.list()) out.push(b);
  return out;
};

interface Subject {
  name: string;
  store: BlobStore;
  /** Makes a blob look written (and last reused) `h` hours ago. */
  age(key: string, h: number): Promise<void>;
}

const subjects: Subject[] = [
  { name: "folder", store, age: (key, h) => utimes(store.pathOf(key), hours(h), hours(h)) },
  {
    name: "S3",
    store: s3Store,
    age: async (key, h) => {
      expect(await s3.backdate("contract", `gw/blobs/${key}`, hours(h))).toBe(true);
      await s3.backdate("contract", `gw/touched/${key}`, hours(h));
    },
  },
];

describe.each(subjects)("blob store contract: $name", ({ store, age }) => {
  test("put stores the bytes under their SHA-256; get, stream and size return them", async () => {
    const bytes = pattern(300_000, 31, 251);
    const { key, size } = await store.put(bytes);
    expect(key).toBe(sha(bytes));
    expect(size).toBe(bytes.length);
    expectBytes(await store.get(key), bytes);
    expectBytes(await readAll(await store.stream(key)), bytes);
    expect(await store.size(key)).toBe(bytes.length);
  });

  test("the same bytes twice keep one blob, and the reuse counts as touched again", async () => {
    const reused = await store.put(enc("reused by a second put"));
    const left = await store.put(enc("put once, left alone"));
    await age(reused.key, 7);
    await age(left.key, 7);
    expect(await store.put(enc("reused by a second put"))).toEqual(reused);
    const listed = (await keysOf(store)).filter((b) => b.key === reused.key);
    expect(listed).toHaveLength(1);
    expect(listed[0].touchedAt.getTime()).toBeGreaterThan(hours(1).getTime());
    expect(await store.deleteIfUntouchedSince(reused.key, hours(6))).toBe(false);
    expect(await store.deleteIfUntouchedSince(left.key, hours(6))).toBe(true);
    expectBytes(await store.get(reused.key), enc("reused by a second put"));
    expect(await store.size(left.key)).toBeNull();
    await expect(store.get(left.key)).rejects.toBeInstanceOf(BlobMissingError);
  });

  test("a fresh blob is kept by deleteIfUntouchedSince; a collected one is written again by the next put", async () => {
    const { key } = await store.put(enc("collected meanwhile"));
    expect(await store.deleteIfUntouchedSince(key, hours(6))).toBe(false);
    expect(await store.deleteIfUntouchedSince(key, new Date(Date.now() + 5_000))).toBe(true);
    expect(await store.size(key)).toBeNull();
    expect(await store.deleteIfUntouchedSince(key, new Date(Date.now() + 5_000))).toBe(false); // nothing left to remove
    await store.put(enc("collected meanwhile"));
    expect(new TextDecoder().decode(await store.get(key))).toBe("collected meanwhile");
  });

  test("many concurrent puts all land", async () => {
    const many = Array.from({ length: 64 }, (_, i) => enc(`blob number ${i}`));
    const keys = await Promise.all(many.map((b) => store.put(b)));
    for (const [i, k] of keys.entries()) expect(new TextDecoder().decode(await store.get(k.key))).toBe(`blob number ${i}`);
  });

  test("concurrent puts of the same bytes all answer, and the key names the whole bytes", async () => {
    const bytes = pattern(2_000_000, 13, 241);
    const answers = await Promise.all(Array.from({ length: 8 }, () => store.put(bytes)));
    expect(new Set(answers.map((a) => a.key)).size).toBe(1);
    expectBytes(await store.get(answers[0].key), bytes);
  });

  test("a missing or malformed key answers missing", async () => {
    await expect(store.get("0".repeat(64))).rejects.toBeInstanceOf(BlobMissingError);
    await expect(store.stream("0".repeat(64))).rejects.toBeInstanceOf(BlobMissingError);
    await expect(store.get("../etc/passwd")).rejects.toBeInstanceOf(BlobMissingError);
    expect(await store.size("f".repeat(64))).toBeNull();
  });

  test("putFile takes the file over, a big one comes back whole, and the same file twice keeps one blob", async () => {
    const bytes = pattern(12 * 1024 * 1024 + 123, 7, 253); // three parts of 5 MiB on S3
    const dir = await Deno.makeTempDir({ prefix: "blob-upload-" });
    try {
      for (let i = 0; i < 2; i++) {
        const source = join(dir, `upload-${i}.part`);
        await Deno.writeFile(source, bytes);
        expect(await store.putFile(source)).toEqual({ key: sha(bytes), size: bytes.length });
        await expect(Deno.stat(source)).rejects.toBeInstanceOf(Deno.errors.NotFound);
      }
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
    expectBytes(await store.get(sha(bytes)), bytes);
    expectBytes(await readAll(await store.stream(sha(bytes))), bytes);
    expect((await keysOf(store)).filter((b) => b.key === sha(bytes))).toHaveLength(1);
  });

  test("list yields every blob once, with its time", async () => {
    const put = await Promise.all(Array.from({ length: 20 }, (_, i) => store.put(enc(`listed ${i}`))));
    const listed = await keysOf(store);
    const keys = listed.map((b) => b.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const p of put) expect(keys).toContain(p.key);
    for (const b of listed) expect(b.touchedAt.getTime()).toBeGreaterThan(hours(48).getTime());
  });

  test("a put racing the collector: every key a put answered for has its bytes afterwards", async () => {
    // Blobs of 1.5 MB: above the S3 store's single-copy size here, so its copies aside go part by part too.
    const blobs = Array.from({ length: 12 }, (_, i) => pattern(1_500_000 + i, 3 + i, 251));
    const keys = await Promise.all(blobs.map((b) => store.put(b)));
    for (const k of keys) await age(k.key, 7);
    await Promise.all(blobs.map((b, i) =>
      Promise.all([
        new Promise((r) => setTimeout(r, i * 7)).then(() => store.deleteIfUntouchedSince(keys[i].key, hours(6))),
        new Promise((r) => setTimeout(r, (11 - i) * 7)).then(() => store.put(b)),
      ])
    ));
    for (const [i, k] of keys.entries()) expectBytes(await store.get(k.key), blobs[i]);
  });
});

describe("folder store", () => {
  const pathOf = (key: string) => store.pathOf(key);
  const filesUnder = async (dir: string): Promise<string[]> => {
    const out: string[] = [];
    for await (const e of Deno.readDir(dir)) {
      if (e.isDirectory) out.push(...await filesUnder(join(dir, e.name)));
      else out.push(e.name);
    }
    return out;
  };

  test("blob files are private to the server's user", async () => {
    const { key } = await store.put(pattern(300_000, 31, 251));
    expect((await Deno.stat(pathOf(key))).mode! & 0o777).toBe(0o600);
  });

  test("the same bytes twice keep one file and refresh its time; no temporary file stays", async () => {
    const bytes = enc("same bytes twice");
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

  test("a blob removed behind the store's back is written again by the next put", async () => {
    const bytes = enc("removed behind its back");
    const { key } = await store.put(bytes);
    await Deno.remove(join(root, key.slice(0, 2)), { recursive: true }); // its folders too
    await store.put(bytes);
    expect(new TextDecoder().decode(await store.get(key))).toBe("removed behind its back");
  });

  test("blobs live one folder deep, named by the key's first two hex digits", async () => {
    const { key } = await store.put(enc("where does it go"));
    expect(store.pathOf(key)).toBe(join(root, key.slice(0, 2), key));
    expect((await Deno.stat(store.pathOf(key))).isFile).toBe(true);
  });

  test("a put that cannot write fails with the file system's error and leaves the next put working", async () => {
    const file = join(root, "not-a-folder");
    await Deno.writeTextFile(file, "x");
    const broken = new FileBlobStore(file);
    await expect(broken.put(enc("nowhere"))).rejects.toThrow();
    expect((await store.put(enc("still fine"))).size).toBe(10);
    await Deno.remove(file);
  });

  test("an unfinished file under a key (a crash's, cut short or never written) is replaced by the next put", async () => {
    const bytes = pattern(50_000, 7, 253);
    const key = sha(bytes);
    await Deno.mkdir(join(root, key.slice(0, 2)), { recursive: true });
    for (const unfinished of [bytes.subarray(0, 20_000), new Uint8Array(bytes.length)]) {
      await Deno.writeFile(pathOf(key), unfinished, { mode: 0o600 });
      expect(await store.put(bytes)).toEqual({ key, size: bytes.length });
      expectBytes(await store.get(key), bytes);
    }
    expect((await filesUnder(join(root, key.slice(0, 2)))).filter((n) => n.startsWith(key))).toEqual([key]);
  });

  test("putFile moves the file over an unfinished one of the same key, and the same file twice keeps one copy", async () => {
    const bytes = pattern(70_000, 11, 239);
    const key = sha(bytes);
    await Deno.mkdir(join(root, key.slice(0, 2)), { recursive: true });
    await Deno.writeFile(pathOf(key), new Uint8Array(bytes.length), { mode: 0o600 }); // right size, never written
    for (let i = 0; i < 2; i++) {
      const source = join(root, `upload-${i}.part`);
      await Deno.writeFile(source, bytes);
      expect(await store.putFile(source)).toEqual({ key, size: bytes.length });
      await expect(Deno.stat(source)).rejects.toBeInstanceOf(Deno.errors.NotFound);
      expectBytes(await store.get(key), bytes);
    }
    expect((await filesUnder(join(root, key.slice(0, 2)))).filter((n) => n.startsWith(key))).toEqual([key]);
  });

  test("concurrent puts of the same bytes leave no temporary file", async () => {
    const bytes = pattern(2_000_000, 17, 241);
    const answers = await Promise.all(Array.from({ length: 8 }, () => store.put(bytes)));
    expectBytes(await store.get(answers[0].key), bytes);
    expect((await filesUnder(join(root, answers[0].key.slice(0, 2)))).filter((n) => !/^[0-9a-f]{64}$/.test(n))).toEqual([]);
  });
});
