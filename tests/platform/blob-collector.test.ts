// The blob collector removes only blobs that no row refers to and that nobody wrote or reused within the
// grace period; a blob reused by put() while the collector judges it survives. Run on the folder store and on
// the S3 store (s3rver on loopback: BLOB_STORE=s3 through the configuration, as a server would).
import { afterAll, describe, expect, test } from "vitest";
import { utimes } from "node:fs/promises";
import { collectBlobs } from "../../server/jobs/blob-collector.ts";
import { FileBlobStore } from "../../server/lib/blobs.ts";
import { S3BlobStore } from "../../server/lib/s3-blobs.ts";
import { createTestApp, signupCompany, type TestApp } from "../support/test-app.ts";
import { startS3Server } from "../support/s3-server.ts";
import { fileMessage } from "../../server/modules/mail/store/deliver.ts";

const s3 = await startS3Server(["collector"]);
afterAll(() => s3.close());
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000);

const folder = await createTestApp();
const onS3 = await createTestApp(s3.env("collector", "gw"));
afterAll(() => (onS3.deps.blobs as S3BlobStore).client.destroy());
const apps: { name: string; t: TestApp; age: (key: string, hours: number) => Promise<unknown> }[] = [
  {
    name: "folder",
    t: folder,
    age: (key, hours) => utimes((folder.deps.blobs as FileBlobStore).pathOf(key), hoursAgo(hours), hoursAgo(hours)),
  },
  {
    name: "S3",
    t: onS3,
    age: async (key, hours) => {
      expect(await s3.backdate("collector", `gw/blobs/${key}`, hoursAgo(hours))).toBe(true);
      await s3.backdate("collector", `gw/touched/${key}`, hoursAgo(hours));
    },
  },
];
const enc = new TextEncoder();

describe.each(apps)("blob collector: $name", ({ t, age }) => {
  test("the app's store is the configured one", () => {
    expect(t.deps.blobs).toBeInstanceOf(t === folder ? FileBlobStore : S3BlobStore);
  });

  test("an old unreferenced blob goes; a referenced one and a fresh one stay", async () => {
    const store = t.deps.blobs;
    const co = await signupCompany(t, { domain: "blobs.test" });
    const orphan = await store.put(enc.encode("orphan bytes"));
    const fresh = await store.put(enc.encode("fresh bytes"));
    const userId = (await t.call("GET", "/api/users/detail", { token: co.token })).body.id;
    const raw = enc.encode("From: a@x.example\r\nTo: admin@blobs.test\r\nSubject: kept\r\n\r\nkept\r\n");
    await fileMessage(t.deps, { companyId: co.companyId, raw, receivedAt: t.clock.now(), targets: [{ userId, folder: "INBOX" }] });
    const kept = await store.put(raw);
    await age(orphan.key, 7);
    await age(kept.key, 7);

    expect(await collectBlobs(t.deps)).toBe(1);
    expect(await store.size(orphan.key)).toBeNull();
    expect(await store.size(kept.key)).toBe(raw.length);
    expect(await store.size(fresh.key)).not.toBeNull();
  });

  test("a blob reused by put() counts as fresh again and survives", async () => {
    const store = t.deps.blobs;
    const b = await store.put(enc.encode("reused bytes"));
    await age(b.key, 7);
    await store.put(enc.encode("reused bytes"));
    expect(await store.deleteIfUntouchedSince(b.key, new Date(Date.now() - 3600_000))).toBe(false);
    expect(await store.get(b.key)).toEqual(enc.encode("reused bytes"));
  });

  test("a blob collected just before a put() is written again by that put", async () => {
    const store = t.deps.blobs;
    const b = await store.put(enc.encode("again bytes"));
    await age(b.key, 7);
    expect(await store.deleteIfUntouchedSince(b.key, new Date(Date.now() - 3600_000))).toBe(true);
    expect(await store.put(enc.encode("again bytes"))).toEqual(b);
    expect(await store.get(b.key)).toEqual(enc.encode("again bytes"));
  });
});
