// PUT of a drive file over WebDAV: the body is streamed to a temporary file (hashed as it arrives, never held
// in memory), cut off with 413 past MAX_FILE_SIZE, then moved into the blob store as the uploads do
// (putFile with the hash known). A new name makes a file (201, through the upload seam: quota 507, names);
// an existing file gets its bytes replaced in place and keeps its id (204). Locks, the If header and
// If-Match / If-None-Match are checked before any byte is read.
import { createHash } from "node:crypto";
import { rm } from "node:fs/promises";
import { MAX_FILE_SIZE } from "../../../../shared/drive/constants.ts";
import { checkPreconditions } from "../../../dav/preconditions.ts";
import { DavError, type DavRequest } from "../../../dav/provider.ts";
import type { Caller } from "../../../lib/context.ts";
import { tempDirOf, tempPath } from "../../../lib/multipart/temp-files.ts";
import { replaceFileContent } from "../files/overwrite.ts";
import { addUploadedFile, checkUploadable, tooLarge } from "../files/service.ts";
import { childByName } from "../items/lookup.ts";
import { etagOf } from "./etag.ts";
import { checkWrite } from "./locks.ts";
import { isFolder, isSharedList, refuseAtSharedTop, type Resolved } from "./paths.ts";

/** The type a client claims, unless it is the generic one (then the drive's default applies). */
function claimedType(h: Headers): string | null {
  const t = h.get("content-type")?.split(";")[0].trim().toLowerCase();
  return t && t !== "application/octet-stream" && /^[a-z0-9.+-]+\/[a-z0-9.+-]+$/.test(t) ? t : null;
}

/** Streams `body` into a temporary file; answers its path, SHA-256 and size. */
async function receive(caller: Caller, body: ReadableStream<Uint8Array> | null): Promise<{ path: string; key: string; size: number }> {
  const path = tempPath(await tempDirOf(caller.deps.config.DATA_DIR));
  const file = await Deno.open(path, { write: true, createNew: true, mode: 0o600 });
  const hash = createHash("sha256");
  let size = 0;
  try {
    if (body) {
      for await (const chunk of body) {
        size += chunk.length;
        if (size > MAX_FILE_SIZE) throw tooLarge();
        hash.update(chunk);
        let at = 0;
        while (at < chunk.length) at += await file.write(chunk.subarray(at));
      }
    }
  } catch (e) {
    file.close();
    await rm(path, { force: true });
    throw e;
  }
  file.close();
  return { path, key: hash.digest("hex"), size };
}

/** Stores the body as the blob of a file; the temporary file is gone afterwards whatever happens. */
export async function storeBody(caller: Caller, body: ReadableStream<Uint8Array> | null): Promise<{ key: string; size: number }> {
  const got = await receive(caller, body);
  try {
    return await caller.deps.blobs.putFile(got.path, { key: got.key, size: got.size });
  } finally {
    await rm(got.path, { force: true });
  }
}

export async function put(r: DavRequest, res: Resolved): Promise<Response> {
  if ((res.item && isFolder(res.item)) || isSharedList(res)) {
    throw new DavError(405, undefined, { allow: "OPTIONS, PROPFIND, PROPPATCH, MKCOL, COPY, MOVE, DELETE, LOCK, UNLOCK" });
  }
  refuseAtSharedTop(res);
  if (!res.parent) throw new DavError(409);
  await checkWrite(r, res, [{ res, deep: false }]);
  checkPreconditions(r.headers, res.item ? etagOf(res.item) : null);
  const declared = Number(r.headers.get("content-length") ?? 0);
  if (declared > MAX_FILE_SIZE) throw tooLarge();
  if (!res.item) await checkUploadable(r.caller, res.parent.id, Number.isFinite(declared) ? declared : 0);
  const blob = await storeBody(r.caller, r.body());
  const mimeType = claimedType(r.headers);
  if (res.item) {
    const row = await replaceFileContent(r.caller, res.item.id, { size: blob.size, blobKey: blob.key, mimeType });
    return new Response(null, { status: 204, headers: { etag: etagOf(row) } });
  }
  await addUploadedFile(r.caller, res.parent.id, { name: res.names.at(-1)!, size: blob.size, blobKey: blob.key, mimeType });
  const row = await childByName(r.caller, res.parent.id, res.names.at(-1)!);
  return new Response(null, { status: 201, headers: row ? { etag: etagOf(row) } : {} });
}

/** An empty file at an unmapped name (LOCK on a name with no item). */
export async function putEmpty(caller: Caller, res: Resolved): Promise<void> {
  refuseAtSharedTop(res);
  if (!res.parent) throw new DavError(409);
  const blob = await caller.deps.blobs.put(new Uint8Array(0));
  await addUploadedFile(caller, res.parent.id, { name: res.names.at(-1)!, size: 0, blobKey: blob.key });
}
