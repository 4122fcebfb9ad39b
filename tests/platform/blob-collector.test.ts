// The blob collector removes only blobs that no row refers to and that nobody wrote or reused within the
// grace period; a blob reused by put() while the collector judges it survives.
import { describe, expect, test } from "vitest";
import { utimes } from "node:fs/promises";
import { collectBlobs } from "../../server/jobs/blob-collector.ts";
import { FileBlobStore } from "../../server/lib/blobs.ts";
import { createTestApp, signupCompany } from "../support/test-app.ts";
import { fileMessage } from "../../server/modules/mail/store/deliver.ts";

const t = await createTestApp();
const co = await signupCompany(t, { domain: "blobs.test" });
const store = t.deps.blobs as FileBlobStore;
const enc = new TextEncoder();
const pathOf = (key: string) => store.pathOf(key);
const age = (key: string, hours: number) => {
  const when = new Date(Date.now() - hours * 3600_000);
  return utimes(pathOf(key), when, when);
};

describe("blob collector", () => {
  test("an old unreferenced blob goes; a referenced one and a fresh one stay", async () => {
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
    const b = await store.put(enc.encode("reused bytes"));
    await age(b.key, 7);
    await store.put(enc.encode("reused bytes"));
    expect(await store.deleteIfUntouchedSince(b.key, new Date(Date.now() - 3600_000))).toBe(false);
    expect(await store.get(b.key)).toEqual(enc.encode("reused bytes"));
  });

  test("a blob collected just before a put() is written again by that put", async () => {
    const b = await store.put(enc.encode("again bytes"));
    await age(b.key, 7);
    expect(await store.deleteIfUntouchedSince(b.key, new Date(Date.now() - 3600_000))).toBe(true);
    expect(await store.put(enc.encode("again bytes"))).toEqual(b);
    expect(await store.get(b.key)).toEqual(enc.encode("again bytes"));
  });
});
