// The streaming multipart reader (server/lib/multipart): bodies fed in small chunks with boundaries split
// across them, files written to the data folder's tmp area, limits enforced while streaming (the rest of the
// body never read, no temp file left), and broken bodies refused without leftovers.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { mkdir, readFile, rm, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { readStreamingForm, type StreamFormOptions } from "../../server/lib/multipart/stream-form.ts";
import { tempDirOf } from "../../server/lib/multipart/temp-files.ts";
import { multipartBody, randomBlock, repeatedBytes, type StreamedBody, tempFiles } from "./multipart-body.ts";

class TooLarge extends Error {}
class Malformed extends Error {}

let dataDir: string;
let tmpDir: string;
beforeAll(async () => {
  dataDir = await Deno.makeTempDir({ prefix: "gw-multipart-" });
  tmpDir = await tempDirOf(dataDir);
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const MB = 1024 * 1024;
const options = (o: Partial<StreamFormOptions> = {}): StreamFormOptions => ({
  tmpDir,
  maxBodyBytes: 100 * MB,
  maxFileBytes: 60 * MB,
  tooLarge: () => new TooLarge(),
  malformed: () => new Malformed(),
  ...o,
});
const request = (body: StreamedBody, headers: Record<string, string> = {}) =>
  new Request("http://localhost/upload", {
    method: "POST",
    headers: { "content-type": body.contentType, ...headers },
    body: body.stream,
    // @ts-ignore: a streamed request body
    duplex: "half",
  });

describe("reading a streamed form", () => {
  const boundary = "----gwBoundaryX7";
  // Bytes that look like the start of a boundary but are not one, so a split match must be handled.
  const tricky = new TextEncoder().encode(`line\r\n--${boundary.slice(0, -1)}Y\r\n--\r\n-`);
  const content = new Uint8Array([...tricky, ...randomBlock(200_000), ...tricky]);

  for (const chunkSize of [1, 7, 4093, 65536]) {
    test(`chunks of ${chunkSize} bytes: fields as strings, the file on disk byte for byte`, async () => {
      const file = chunkSize === 1 ? content.subarray(0, 3000) : content;
      const body = multipartBody([
        { name: "uploadType", value: "normal" },
        { name: "note", value: "분기 보고서 / laporan" },
        { name: "part", filename: "보고서 2026.pdf", type: "application/pdf", content: file },
      ], chunkSize, boundary);
      const form = await readStreamingForm(request(body), options());
      expect(Object.fromEntries(form.fields)).toEqual({ uploadType: "normal", note: "분기 보고서 / laporan" });
      const part = form.file("part")!;
      expect(part).toMatchObject({ field: "part", name: "보고서 2026.pdf", type: "application/pdf", size: file.length });
      expect(new Uint8Array(await readFile(part.path))).toEqual(file);
      expect(part.path.startsWith(tmpDir)).toBe(true);
      await form.dispose();
      expect(await tempFiles(dataDir)).toEqual([]);
    });
  }

  test("a file past its limit stops the read at once: the limit's error, no temp file, the rest never pulled", async () => {
    const body = multipartBody([
      { name: "part", filename: "huge.bin", content: repeatedBytes(80 * MB, randomBlock(MB)) },
    ], 64 * 1024);
    await expect(readStreamingForm(request(body), options({ maxFileBytes: 2 * MB }))).rejects.toBeInstanceOf(TooLarge);
    expect(body.pulled()).toBeLessThan(10 * MB);
    expect(await tempFiles(dataDir)).toEqual([]);
  });

  test("the file's limit may depend on the fields sent before it", async () => {
    const maxFileBytes = (f: ReadonlyMap<string, string>) => (f.get("kind") === "big" ? 5000 : 1000);
    const send = (kind: string) =>
      readStreamingForm(
        request(multipartBody([{ name: "kind", value: kind }, { name: "part", filename: "a.bin", content: randomBlock(3000) }], 512)),
        options({ maxFileBytes }),
      );
    await expect(send("small")).rejects.toBeInstanceOf(TooLarge);
    const form = await send("big");
    expect(form.file("part")!.size).toBe(3000);
    await form.dispose();
    expect(await tempFiles(dataDir)).toEqual([]);
  });

  test("a body past its limit is refused; a Content-Length over it before anything is read", async () => {
    const fields = Array.from({ length: 10 }, (_, i) => ({ name: `f${i}`, value: "x".repeat(2000) }));
    await expect(readStreamingForm(request(multipartBody(fields, 1000)), options({ maxBodyBytes: 10_000 })))
      .rejects.toBeInstanceOf(TooLarge);
    const declared = multipartBody([{ name: "part", filename: "a.bin", content: randomBlock(20_000) }], 1000);
    await expect(readStreamingForm(request(declared, { "content-length": String(declared.size) }), options({ maxBodyBytes: 10_000 })))
      .rejects.toBeInstanceOf(TooLarge);
    expect(declared.pulled()).toBe(0);
  });

  test("broken bodies are malformed and leave no temp file", async () => {
    // Cut off in the middle of the file.
    const whole = multipartBody([{ name: "part", filename: "a.bin", content: randomBlock(100_000) }], 4096);
    const reader = whole.stream.getReader();
    let sent = 0;
    const cut = new ReadableStream<Uint8Array>({
      async pull(c) {
        const { value, done } = await reader.read();
        if (done || sent > 50_000) return c.close();
        sent += value.length;
        c.enqueue(value);
      },
    });
    await expect(readStreamingForm(request({ ...whole, stream: cut }), options())).rejects.toBeInstanceOf(Malformed);
    // The client's connection breaking mid-file.
    let n = 0;
    const failing = new ReadableStream<Uint8Array>({
      pull(c) {
        if (++n > 5) return c.error(new Error("connection reset"));
        c.enqueue(new TextEncoder().encode(n === 1 ? `--b\r\nContent-Disposition: form-data; name="part"; filename="x"\r\n\r\n` : "data".repeat(500)));
      },
    });
    await expect(readStreamingForm(request({ ...whole, stream: failing, contentType: "multipart/form-data; boundary=b" }), options()))
      .rejects.toBeInstanceOf(Malformed);
    // No boundary; not a form at all; more files than allowed.
    const plain = multipartBody([{ name: "a", value: "b" }], 100);
    await expect(readStreamingForm(request({ ...plain, contentType: "multipart/form-data" }), options())).rejects.toBeInstanceOf(Malformed);
    await expect(readStreamingForm(request({ ...plain, contentType: "application/json" }), options())).rejects.toBeInstanceOf(Malformed);
    const two = multipartBody([
      { name: "part", filename: "a.bin", content: randomBlock(10) },
      { name: "part", filename: "b.bin", content: randomBlock(10) },
    ], 100);
    await expect(readStreamingForm(request(two), options())).rejects.toBeInstanceOf(Malformed);
    expect(await tempFiles(dataDir)).toEqual([]);
  });
});

describe("the temporary folder", () => {
  test("leftovers older than a day (a crash's) are swept when a process first uses the folder", async () => {
    const other = await Deno.makeTempDir({ prefix: "gw-multipart-" });
    try {
      await mkdir(join(other, "tmp"));
      const old = join(other, "tmp", "upload-old.part");
      const fresh = join(other, "tmp", "upload-fresh.part");
      await writeFile(old, "x");
      await writeFile(fresh, "y");
      const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
      await utimes(old, twoDaysAgo, twoDaysAgo);
      expect(await tempDirOf(other)).toBe(join(other, "tmp"));
      expect(await tempFiles(other)).toEqual(["upload-fresh.part"]);
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });
});
