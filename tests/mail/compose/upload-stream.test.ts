// The mail file upload (POST api/mail/file/upload) read as a stream over a real socket: a chunked body with
// boundaries split across small chunks lands in the blob store byte for byte; a file past its limit is cut
// off with 413 mail.131 while streaming (the rest never read, no temp file, no upload row); the same bytes
// twice share one blob.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { mailUploads } from "../../../db/schema/index.ts";
import { sha256Hex } from "../../../server/lib/encoding.ts";
import { upsertConfig } from "../../../server/modules/company/repo.ts";
import { createTestApp, signupCompany } from "../../support/test-app.ts";
import { multipartBody, postStream, randomBlock, repeatedBytes, serveApp, tempFiles } from "../../lib/multipart-body.ts";

const t = await createTestApp();
const server = serveApp(t);
let A: Awaited<ReturnType<typeof signupCompany>>;
const MB = 1024 * 1024;
const url = `${server.url}/api/mail/file/upload`;
const uploadCount = async () => (await t.db.sql`select count(*)::int as n from mail_uploads`)[0].n as number;

beforeAll(async () => {
  A = await signupCompany(t, { domain: "alpha.test" });
  // Large files may total 3 MB: the streaming limit is then the 20 MB of normal files.
  await upsertConfig(t.db.db, A.companyId, "mail", { largeFileMaxSize: 3, largeFileSizeUnit: "MB" }, t.clock.now());
});
afterAll(async () => {
  await server.close();
});

describe("streamed uploads", () => {
  test("a file sent in 1 KB chunks, the type after it, is stored byte for byte under its name", async () => {
    const content = randomBlock(3 * MB + 123);
    const body = multipartBody([
      { name: "part", filename: "견적서 (최종).pdf", type: "application/pdf", content },
      { name: "uploadType", value: "normal" },
    ], 1024);
    const r = await postStream(url, A.token, body);
    expect(r).toEqual({ status: 200, body: { id: expect.any(String), name: "견적서 (최종).pdf", size: content.length, uploadType: "normal" } });
    const [row] = await t.db.db.select().from(mailUploads).where(eq(mailUploads.id, r.body.id));
    expect(row).toMatchObject({ contentType: "application/pdf", size: content.length, blobKey: await sha256Hex(content) });
    expect(await sha256Hex(await t.deps.blobs.get(row.blobKey))).toBe(row.blobKey);
    expect(await tempFiles(t.dataDir)).toEqual([]);
  });

  test("a normal file past 20 MB is cut off with 413 mail.131: the rest is never read, no temp file, no row", async () => {
    const before = await uploadCount();
    const body = multipartBody([
      { name: "uploadType", value: "normal" },
      { name: "part", filename: "huge.bin", content: repeatedBytes(300 * MB, randomBlock(MB)) },
    ], 64 * 1024);
    const r = await postStream(url, A.token, body);
    expect(r.status).toBe(413);
    expect(r.body.code).toBe("mail.131");
    expect(body.pulled()).toBeLessThan(100 * MB); // 20 MB and what the socket buffers held, not 300 MB
    expect(await tempFiles(t.dataDir)).toEqual([]);
    expect(await uploadCount()).toBe(before);
  });

  test("with the type after the file, the file is held to the larger limit, then to its type's", async () => {
    const before = await uploadCount();
    const body = multipartBody([
      { name: "part", filename: "four.bin", content: randomBlock(4 * MB) },
      { name: "uploadType", value: "large" },
    ], 16 * 1024);
    const r = await postStream(url, A.token, body);
    expect(r.status).toBe(413);
    expect(r.body.code).toBe("mail.131");
    expect(await tempFiles(t.dataDir)).toEqual([]);
    expect(await uploadCount()).toBe(before);
  });

  test("the same bytes uploaded twice share one blob; no part is 400 and leaves nothing", async () => {
    const content = randomBlock(200_000);
    const first = await postStream(url, A.token, multipartBody([{ name: "part", filename: "a.bin", content }], 4096));
    const second = await postStream(url, A.token, multipartBody([{ name: "part", filename: "b.bin", content }], 333));
    const keys = await t.db.sql`select blob_key from mail_uploads where id in (${first.body.id}, ${second.body.id})`;
    expect(keys).toHaveLength(2);
    expect(keys[0].blob_key).toBe(keys[1].blob_key);
    const none = await postStream(url, A.token, multipartBody([{ name: "uploadType", value: "normal" }], 100));
    expect(none).toMatchObject({ status: 400, body: { code: "mail.upload_missing" } });
    expect(await tempFiles(t.dataDir)).toEqual([]);
  });
});
