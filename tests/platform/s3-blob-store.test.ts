// What only the S3 blob store has (the shared contract is in blob-store.test.ts), on s3rver: the layout under the
// prefix, multipart uploads of big files, the reuse-versus-collector hand-over forced into its two dangerous
// orders (a put answering just before the collector's DELETE; a collector dying half-way), and opening the store
// from the configuration (BLOB_STORE=s3) with a clear error for a bucket that cannot be used.
import { afterAll, describe, expect, test } from "vitest";
import { Buffer } from "node:buffer";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { ListObjectsCommand } from "@aws-sdk/client-s3";
import { parseConfig } from "../../server/config.ts";
import { BlobMissingError } from "../../server/lib/blobs.ts";
import { openBlobStore, s3StoreOf } from "../../server/lib/open-blob-store.ts";
import { S3BlobStore } from "../../server/lib/s3-blobs.ts";
import { startS3Server } from "../support/s3-server.ts";

const s3 = await startS3Server(["layout"]);
const config = (env: Record<string, string>) => parseConfig({ ...s3.env("layout"), ...env });
const store = s3StoreOf(config({ S3_PREFIX: "tenant/a" })); // "/" added
const opened: S3BlobStore[] = [store];
afterAll(async () => {
  for (const s of opened) s.client.destroy();
  await s3.close();
});

const enc = (s: string) => new TextEncoder().encode(s);
const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000);
const objects = async () => {
  const r = await store.client.send(new ListObjectsCommand({ Bucket: "layout" }));
  return (r.Contents ?? []).map((o) => o.Key!);
};
const age = async (key: string, h: number) => {
  await s3.backdate("layout", `tenant/a/blobs/${key}`, hoursAgo(h));
  await s3.backdate("layout", `tenant/a/touched/${key}`, hoursAgo(h));
};

/** Runs `hook` before each request of the named command the store sends (a real request follows it). */
function intercept(target: S3BlobStore, command: string, hook: (input: { Key?: string }) => Promise<void> | void) {
  const name = `test-${command}-${crypto.randomUUID()}`;
  target.client.middlewareStack.add((next, context) => async (args) => {
    if (context.commandName === command) await hook(args.input as { Key?: string });
    return next(args);
  }, { step: "initialize", name });
  return () => target.client.middlewareStack.remove(name);
}

describe("S3 blob store", () => {
  test("blobs lie under the prefix in blobs/; a reuse leaves a marker in touched/; nothing else", async () => {
    const a = await store.put(enc("laid out"));
    expect(await objects()).toEqual([`tenant/a/blobs/${a.key}`]);
    await store.put(enc("laid out"));
    expect(await objects()).toEqual([`tenant/a/blobs/${a.key}`, `tenant/a/touched/${a.key}`]);
  });

  test("a file above one part goes up as a multipart upload, part by part", async () => {
    const big = new S3BlobStore({ ...optionsOf(), partSize: 5 * 1024 * 1024 });
    opened.push(big);
    const parts: number[] = [];
    intercept(big, "UploadPartCommand", (input) => void parts.push((input as { PartNumber?: number }).PartNumber!));
    const bytes = new Uint8Array(11 * 1024 * 1024);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 5) % 251;
    const dir = await Deno.makeTempDir();
    const source = join(dir, "big.upload");
    await Deno.writeFile(source, bytes);
    const { key, size } = await big.putFile(source);
    await Deno.remove(dir, { recursive: true });
    expect(parts).toEqual([1, 2, 3]);
    expect(size).toBe(bytes.length);
    expect(key).toBe(createHash("sha256").update(bytes).digest("hex"));
    expect(Buffer.compare(await big.get(key), bytes)).toBe(0);
  });

  test("a put that found the blob just before the collector's DELETE: the collector puts the bytes back", async () => {
    const bytes = enc("reused while collected");
    const { key } = await store.put(bytes);
    await age(key, 7);
    let answered = false;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const stop = intercept(store, "DeleteObjectCommand", async (input) => {
      if (input.Key !== `tenant/a/blobs/${key}`) return;
      await store.put(bytes); // finds the blob still there (the marker first, then the look) and answers
      answered = true;
      release();
    });
    try {
      expect(await store.deleteIfUntouchedSince(key, hoursAgo(6))).toBe(false);
    } finally {
      stop();
    }
    await gate;
    expect(answered).toBe(true);
    expect(new TextDecoder().decode(await store.get(key))).toBe("reused while collected");
    expect((await objects()).filter((k) => k.includes("collecting/"))).toEqual([]);
  });

  test("a put just after the collector's DELETE finds no blob and uploads the bytes itself; they stay", async () => {
    const bytes = enc("put after the delete");
    const { key } = await store.put(bytes);
    await age(key, 7);
    let puts = 0;
    const stopPut = intercept(store, "PutObjectCommand", (input) => void (input.Key === `tenant/a/blobs/${key}` && puts++));
    const stop = intercept(store, "HeadObjectCommand", async (input) => {
      // The collector's look at the marker after its DELETE: the put runs just before it and finds no blob.
      if (input.Key === `tenant/a/touched/${key}` && (await objects()).includes(`tenant/a/collecting/${key}`) && !puts) {
        await store.put(bytes);
      }
    });
    try {
      // The old blob is removed (true); the put's new upload is another object and is not touched.
      expect(await store.deleteIfUntouchedSince(key, hoursAgo(6))).toBe(true);
    } finally {
      stop();
      stopPut();
    }
    expect(puts).toBe(1);
    expect(new TextDecoder().decode(await store.get(key))).toBe("put after the delete");
  });

  test("a collector that died half-way: reads use the copy aside, list keeps the key, a later judgement puts it back", async () => {
    const bytes = enc("half collected");
    const { key } = await store.put(bytes);
    await age(key, 7);
    const stop = intercept(store, "HeadObjectCommand", async (input) => {
      if (input.Key === `tenant/a/touched/${key}` && (await objects()).includes(`tenant/a/collecting/${key}`)) throw new Error("died");
    });
    await expect(store.deleteIfUntouchedSince(key, hoursAgo(6))).rejects.toThrow("died");
    stop();
    expect(await objects()).toContain(`tenant/a/collecting/${key}`);
    expect(await objects()).not.toContain(`tenant/a/blobs/${key}`);
    expect(new TextDecoder().decode(await store.get(key))).toBe("half collected");
    expect(await store.size(key)).toBe(bytes.length);
    const listed: string[] = [];
    for await (const b of store.list()) listed.push(b.key);
    expect(listed).toContain(key);
    // Young: maybe another instance's collection still running, so left to it.
    expect(await store.deleteIfUntouchedSince(key, hoursAgo(6))).toBe(false);
    expect(await objects()).not.toContain(`tenant/a/blobs/${key}`);
    const later = new S3BlobStore({ ...optionsOf(), abandonedAfterMs: 0 });
    opened.push(later);
    expect(await later.deleteIfUntouchedSince(key, hoursAgo(6))).toBe(false);
    expect(await objects()).toContain(`tenant/a/blobs/${key}`);
    expect(await objects()).not.toContain(`tenant/a/collecting/${key}`);
    expect(new TextDecoder().decode(await store.get(key))).toBe("half collected");
  });

  test("openBlobStore opens the configured bucket, and names a bucket that cannot be used", async () => {
    const s = await openBlobStore(config({ S3_PREFIX: "tenant/a/" })) as S3BlobStore;
    opened.push(s);
    const { key } = await store.put(enc("seen through the config"));
    expect(new TextDecoder().decode(await s.get(key))).toBe("seen through the config");
    await expect(openBlobStore(config({ S3_BUCKET: "no-such-bucket" }))).rejects.toThrow(/bucket "no-such-bucket" cannot be used: no such bucket/);
    await expect(openBlobStore(config({ S3_SECRET_ACCESS_KEY: "wrong" }))).rejects.toThrow(/bucket "layout" cannot be used/);
    await expect(s.get("0".repeat(64))).rejects.toBeInstanceOf(BlobMissingError);
  });
});

function optionsOf() {
  return {
    endpoint: s3.endpoint,
    bucket: "layout",
    region: "us-east-1",
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    forcePathStyle: true,
    prefix: "tenant/a/",
  };
}
