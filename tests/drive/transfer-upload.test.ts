// Resumable uploads (tus 1.0.0 under /api/drive/tus/, shared/drive/transfer.ts): creation with metadata,
// the checks before any byte (413 drive.74, 507 drive.73, folder permission, bad metadata), a PATCH cut in
// the middle that keeps what arrived and resumes from HEAD's offset to the same bytes, offset mismatches,
// termination and expiry leaving nothing behind, another user's or company's upload answering 404, and the
// blob taken over by rename (no copy left in the upload folder).
import { describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { readdir } from "node:fs/promises";
import { MAX_FILE_SIZE } from "../../shared/drive/constants.ts";
import { TUS_FILE_ID_HEADER, TUS_PATH, TUS_VERSION } from "../../shared/drive/transfer.ts";
import { readableFile } from "../../server/modules/drive/files/service.ts";
import { uploadStoreOf } from "../../server/modules/drive/transfer/upload-store.ts";
import { createTestApp } from "../support/test-app.ts";
import { callerOf, driveCast, setQuota, usedSize } from "./helpers.ts";

const t = await createTestApp();
const { api, A, B, member: alice, root } = await driveCast(t, "tus");
const rootA = root.id;

const b64 = (s: string) => btoa(String.fromCharCode(...new TextEncoder().encode(s)));
const meta = (m: Record<string, string | number>) => Object.entries(m).map(([k, v]) => `${k} ${b64(String(v))}`).join(",");

function bytesOf(n: number, seed = 1): Uint8Array<ArrayBuffer> {
  const b = new Uint8Array(n);
  let x = seed;
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    b[i] = x >>> 24;
  }
  return b;
}

async function tus(method: string, path: string, who: { token: string }, headers: Record<string, string> = {}, data?: BodyInit | Uint8Array) {
  const body = data instanceof Uint8Array ? new Blob([data as Uint8Array<ArrayBuffer>]) : data;
  return await t.app.request(path, {
    method,
    headers: { "Tus-Resumable": TUS_VERSION, authorization: `Bearer ${who.token}`, ...headers },
    body,
    // @ts-ignore Deno's fetch needs it for a stream body
    duplex: body instanceof ReadableStream ? "half" : undefined,
  });
}

async function create(who: { token: string }, length: number, m: Record<string, string | number>) {
  return await tus("POST", TUS_PATH, who, { "Upload-Length": String(length), "Upload-Metadata": meta(m) });
}

const patchHeaders = (offset: number) => ({ "Content-Type": "application/offset+octet-stream", "Upload-Offset": String(offset) });

/** A body that sends `bytes` in pieces and then breaks (a cut connection), never ending cleanly. */
function cutStream(bytes: Uint8Array, piece = 64 * 1024): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(c) {
      if (at >= bytes.length) return c.error(new Error("connection reset"));
      c.enqueue(bytes.slice(at, at + piece));
      at += piece;
    },
  });
}

/** The same as a byte stream, as a real server's request bodies are (the store reads those with a BYOB reader). */
function cutByteStream(bytes: Uint8Array, piece = 64 * 1024): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    type: "bytes",
    pull(c) {
      if (at >= bytes.length) return c.error(new Error("connection reset"));
      c.enqueue(bytes.slice(at, at + piece));
      at += piece;
    },
  });
}

describe("tus: discovery and creation", () => {
  it("answers OPTIONS with the version, extensions and the largest size", async () => {
    const r = await t.app.request(TUS_PATH, { method: "OPTIONS" });
    expect(r.status).toBe(204);
    expect(r.headers.get("tus-version")).toBe("1.0.0");
    expect(r.headers.get("tus-extension")).toBe("creation,termination");
    expect(r.headers.get("tus-max-size")).toBe(String(MAX_FILE_SIZE));
  });

  it("refuses, before any byte, a file over the largest size (413 drive.74 with the size)", async () => {
    const r = await create(A.admin, MAX_FILE_SIZE + 1, { filename: "big.iso", folderId: rootA });
    expect(r.status).toBe(413);
    expect(await r.json()).toMatchObject({ code: "drive.74", params: { size: MAX_FILE_SIZE } });
  });

  it("refuses an upload past the quota shared with mail (507 drive.73)", async () => {
    const u = await A.user("quota");
    const root = (await api.root(u)).id;
    const used = await usedSize(t, u.id);
    await setQuota(t, u.id, used + 1000);
    const r = await create(u, 1001, { filename: "a.bin", folderId: root });
    expect(r.status).toBe(507);
    expect((await r.json()).code).toBe("drive.73");
    expect((await create(u, 1000, { filename: "a.bin", folderId: root })).status).toBe(201);
  });

  it("needs the metadata, a valid name and a folder the caller may write (404 for another company's)", async () => {
    const noName = await create(A.admin, 10, { folderId: rootA });
    expect(noName.status).toBe(400);
    expect((await noName.json()).code).toBe("drive.name_required");
    const noFolder = await create(A.admin, 10, { filename: "a.txt" });
    expect(noFolder.status).toBe(400);
    expect((await noFolder.json()).code).toBe("common.validation");
    const slash = await create(A.admin, 10, { filename: "a/b.txt", folderId: rootA });
    expect((await slash.json()).code).toBe("drive.name_invalid");
    const badLength = await tus("POST", TUS_PATH, A.admin, { "Upload-Length": "-5", "Upload-Metadata": meta({ filename: "x", folderId: rootA }) });
    expect(badLength.status).toBe(400);
    const foreign = await create(B.admin, 10, { filename: "a.txt", folderId: rootA });
    expect(foreign.status).toBe(404);
    expect((await foreign.json()).code).toBe("drive.not_found");
    const member = await create(alice, 10, { filename: "a.txt", folderId: rootA });
    expect(member.status).toBe(403);
    const noAuth = await t.app.request(TUS_PATH, { method: "POST", headers: { "Upload-Length": "1", "Upload-Metadata": meta({ filename: "a", folderId: rootA }) } });
    expect(noAuth.status).toBe(401);
  });
});

describe("tus: upload, cut, resume", () => {
  it("keeps what arrived of a cut PATCH, resumes from HEAD's offset and stores the same bytes", async () => {
    const bytes = bytesOf(5 * 1024 * 1024 + 123, 7);
    const before = await usedSize(t, A.admin.id);
    const created = await create(A.admin, bytes.length, { filename: "회의 녹음.m4a".normalize("NFD"), folderId: rootA, filetype: "audio/mp4" });
    expect(created.status).toBe(201);
    expect(created.headers.get("tus-resumable")).toBe("1.0.0");
    const location = created.headers.get("location")!;
    expect(location).toMatch(new RegExp(`^${TUS_PATH}[0-9a-f]{32}$`));

    // The first request breaks after about half of the bytes.
    const cutAt = 2_600_000;
    const first = await tus("PATCH", location, A.admin, patchHeaders(0), cutStream(bytes.subarray(0, cutAt)));
    expect(first.status).toBe(204);
    const head = await tus("HEAD", location, A.admin);
    expect(head.status).toBe(200);
    expect(head.headers.get("upload-length")).toBe(String(bytes.length));
    const offset = Number(head.headers.get("upload-offset"));
    expect(offset).toBe(cutAt);
    expect(head.headers.get(TUS_FILE_ID_HEADER)).toBeNull();

    // A PATCH from the wrong offset is refused and changes nothing.
    const wrong = await tus("PATCH", location, A.admin, patchHeaders(offset - 10), bytes.subarray(offset - 10, offset + 10));
    expect(wrong.status).toBe(409);
    expect((await wrong.json()).code).toBe("drive.upload_offset_mismatch");

    const rest = await tus("PATCH", location, A.admin, patchHeaders(offset), bytes.subarray(offset));
    expect(rest.status).toBe(204);
    expect(rest.headers.get("upload-offset")).toBe(String(bytes.length));
    const fileId = Number(rest.headers.get(TUS_FILE_ID_HEADER));
    expect(fileId).toBeGreaterThan(0);

    const item = (await t.call("GET", `/api/drive/${fileId}`, { token: A.admin.token })).body;
    expect(item).toMatchObject({ fileName: "회의 녹음.m4a", fileSize: bytes.length, parentId: rootA, extension: "m4a" });
    const file = await readableFile(callerOf(t, A.admin, A.companyId), fileId, { touch: false });
    expect(file.mimeType).toBe("audio/mp4");
    expect(file.blobKey).toBe(createHash("sha256").update(bytes).digest("hex"));
    expect(Buffer.from(await t.deps.blobs.get(file.blobKey)).equals(Buffer.from(bytes))).toBe(true);
    expect(await usedSize(t, A.admin.id)).toBe(before + bytes.length);

    // The part file was moved into the store: only the small record of the finished upload is left.
    const left = await readdir(uploadStoreOf(t.dataDir).dir);
    expect(left.filter((n) => n.startsWith(location.slice(-32)))).toEqual([`${location.slice(-32)}.json`]);
    // A client that lost the last answer asks again and learns the file's id.
    const again = await tus("HEAD", location, A.admin);
    expect(again.headers.get("upload-offset")).toBe(String(bytes.length));
    expect(again.headers.get(TUS_FILE_ID_HEADER)).toBe(String(fileId));
    const repeat = await tus("PATCH", location, A.admin, patchHeaders(bytes.length), new Uint8Array(0));
    expect(repeat.status).toBe(204);
    expect(repeat.headers.get(TUS_FILE_ID_HEADER)).toBe(String(fileId));
  });

  it("keeps every byte that arrived when a byte-stream body breaks, not only the ones already written", async () => {
    const bytes = bytesOf(3 * 1024 * 1024, 11);
    const location = (await create(A.admin, bytes.length, { filename: "cut.bin", folderId: rootA })).headers.get("location")!;
    // 2 MiB are written in two 1 MiB writes; the last 502,848 bytes wait in the write buffer when the body breaks.
    const cutAt = 2_600_000;
    const first = await tus("PATCH", location, A.admin, patchHeaders(0), cutByteStream(bytes.subarray(0, cutAt)));
    expect(first.status).toBe(204);
    expect(Number((await tus("HEAD", location, A.admin)).headers.get("upload-offset"))).toBe(cutAt);
    const rest = await tus("PATCH", location, A.admin, patchHeaders(cutAt), bytes.subarray(cutAt));
    expect(rest.status).toBe(204);
    const file = await readableFile(callerOf(t, A.admin, A.companyId), Number(rest.headers.get(TUS_FILE_ID_HEADER)), { touch: false });
    expect(file.blobKey).toBe(createHash("sha256").update(bytes).digest("hex"));
  });

  it("hashes by reading the file when the running hash was lost (a restart between two PATCHes)", async () => {
    const bytes = bytesOf(300_000, 3);
    const created = await create(A.admin, bytes.length, { filename: "restart.bin", folderId: rootA });
    const location = created.headers.get("location")!;
    await tus("PATCH", location, A.admin, patchHeaders(0), bytes.subarray(0, 100_000));
    // As after a restart: the process's running hash is gone, the part file stays.
    uploadStoreOf(t.dataDir).keyOf(location.slice(-32), -1);
    const rest = await tus("PATCH", location, A.admin, patchHeaders(100_000), bytes.subarray(100_000));
    expect(rest.status).toBe(204);
    const file = await readableFile(callerOf(t, A.admin, A.companyId), Number(rest.headers.get(TUS_FILE_ID_HEADER)), { touch: false });
    expect(file.blobKey).toBe(createHash("sha256").update(bytes).digest("hex"));
  });

  it("numbers a name taken meanwhile and makes an empty file at creation", async () => {
    const empty = await create(A.admin, 0, { filename: "빈 파일.txt", folderId: rootA });
    expect(empty.status).toBe(201);
    const id = Number(empty.headers.get(TUS_FILE_ID_HEADER));
    expect((await t.call("GET", `/api/drive/${id}`, { token: A.admin.token })).body).toMatchObject({ fileName: "빈 파일.txt", fileSize: 0 });
    const second = await create(A.admin, 0, { filename: "빈 파일.txt", folderId: rootA });
    const id2 = Number(second.headers.get(TUS_FILE_ID_HEADER));
    expect((await t.call("GET", `/api/drive/${id2}`, { token: A.admin.token })).body.fileName).toBe("빈 파일 (1).txt");
  });

  it("refuses more bytes than the length and keeps nothing of that upload", async () => {
    const created = await create(A.admin, 10, { filename: "ten.bin", folderId: rootA });
    const location = created.headers.get("location")!;
    const r = await tus("PATCH", location, A.admin, { ...patchHeaders(0), "Content-Length": "20" }, bytesOf(20));
    expect(r.status).toBe(400);
    expect((await tus("HEAD", location, A.admin)).status).toBe(404);
  });

  it("refuses at completion when the quota filled up meanwhile, leaving no upload and no row", async () => {
    const u = await A.user("late");
    const root = (await api.root(u)).id;
    await setQuota(t, u.id, (await usedSize(t, u.id)) + 1000);
    const created = await create(u, 800, { filename: "late.bin", folderId: root });
    const location = created.headers.get("location")!;
    await api.uploadOk(u, root, "other.bin", bytesOf(500));
    const r = await tus("PATCH", location, u, patchHeaders(0), bytesOf(800));
    expect(r.status).toBe(507);
    expect((await r.json()).code).toBe("drive.73");
    expect((await tus("HEAD", location, u)).status).toBe(404);
    expect(await api.names(u, { folderId: root })).toEqual(["other.bin"]);
  });
});

describe("tus: ownership, termination, expiry", () => {
  it("answers 404 to another user's and another company's calls on an upload", async () => {
    const created = await create(A.admin, 100, { filename: "mine.bin", folderId: rootA });
    const location = created.headers.get("location")!;
    for (const who of [alice, B.admin]) {
      expect((await tus("HEAD", location, who)).status).toBe(404);
      expect((await tus("PATCH", location, who, patchHeaders(0), bytesOf(100))).status).toBe(404);
      expect((await tus("DELETE", location, who)).status).toBe(404);
    }
    expect((await tus("HEAD", `${TUS_PATH}not-an-id`, A.admin)).status).toBe(404);
    expect((await tus("HEAD", location, A.admin)).headers.get("upload-offset")).toBe("0");
  });

  it("DELETE removes a cancelled upload and its bytes", async () => {
    const created = await create(A.admin, 1000, { filename: "cancel.bin", folderId: rootA });
    const location = created.headers.get("location")!;
    await tus("PATCH", location, A.admin, patchHeaders(0), cutStream(bytesOf(600), 100));
    const id = location.slice(-32);
    expect((await readdir(uploadStoreOf(t.dataDir).dir)).some((n) => n.startsWith(id))).toBe(true);
    expect((await tus("DELETE", location, A.admin)).status).toBe(204);
    expect((await readdir(uploadStoreOf(t.dataDir).dir)).some((n) => n.startsWith(id))).toBe(false);
    expect((await tus("HEAD", location, A.admin)).status).toBe(404);
  });

  it("the sweep removes uploads untouched for a day, and keeps recent ones", async () => {
    const old = (await create(A.admin, 1000, { filename: "old.bin", folderId: rootA })).headers.get("location")!;
    await tus("PATCH", old, A.admin, patchHeaders(0), bytesOf(10));
    const fresh = (await create(A.admin, 1000, { filename: "fresh.bin", folderId: rootA })).headers.get("location")!;
    const store = uploadStoreOf(t.dataDir);
    const dayAgo = new Date(Date.now() - 25 * 3600_000);
    for (const ext of ["part", "json"]) await Deno.utime(`${store.dir}/${old.slice(-32)}.${ext}`, dayAgo, dayAgo);
    expect(await store.sweep()).toBeGreaterThanOrEqual(1);
    expect((await tus("HEAD", old, A.admin)).status).toBe(404);
    expect((await tus("HEAD", fresh, A.admin)).status).toBe(200);
  });
});
