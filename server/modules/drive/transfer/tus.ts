// Resumable uploads into the drive: the tus 1.0.0 protocol (core, creation, termination) under
// /api/drive/tus/, as shared/drive/transfer.ts describes it, for tus-js-client in the browser. Every call but
// OPTIONS needs the bearer token; an upload belongs to the user who created it (company and user checked on
// every call: another's id answers 404 like a missing one).
//
// Creation checks what can be checked before any byte arrives: the metadata, the size (413 drive.74), the
// folder (the core's checkUpload: permission, a folder that takes uploads, the owner's quota: 507 drive.73).
// PATCH streams the body to the upload's part file (upload-store.ts), never holding more than a write buffer;
// a cut request keeps what arrived and HEAD tells the client where to go on. The PATCH that brings the last
// byte completes the file: the core's checks again, the part file moved into the blob store by rename under
// the key hashed while it arrived, and the drive item made by the core (addUploadedFile). A refusal at that
// point removes the upload: nothing is left behind but a blob no row names, which the collector removes.
import { Hono } from "hono";
import { hashFile } from "../../../lib/blobs.ts";
import { requireAuth } from "../../../lib/auth.ts";
import { type AppContext, type AppEnv, type Caller, callerOf } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { DRIVE_ERRORS, MAX_FILE_SIZE } from "../../../../shared/drive/index.ts";
import {
  TUS_EXPIRY_MS, TUS_EXTENSIONS, TUS_FILE_ID_HEADER, TUS_MAX_OPEN_UPLOADS, TUS_META, TUS_PATH, TUS_VERSION,
} from "../../../../shared/drive/transfer.ts";
import { addUploadedFile, checkUploadable } from "../files/service.ts";
import { checkName } from "../names.ts";
import { transferEnabled } from "./gate.ts";
import { type UploadInfo, type UploadStore, uploadStoreOf } from "./upload-store.ts";

const notFound = () => new AppError(404, DRIVE_ERRORS.notFound);
const invalid = (field: string, message: string) =>
  new AppError(400, "common.validation", undefined, [{ field, code: "common.validation", message }]);

const BASE = TUS_PATH.replace(/\/$/, "");

/** Upload-Metadata: comma-separated "key base64value" pairs (a key alone has an empty value). */
export function parseMetadata(header: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const pair of (header ?? "").split(",")) {
    const [key, value = "", ...rest] = pair.trim().split(" ");
    if (!key) continue;
    if (rest.length || !/^[A-Za-z0-9+/=]*$/.test(value)) throw invalid("Upload-Metadata", `bad value of ${key}`);
    try {
      const bin = atob(value);
      out.set(key, new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(bin, (ch) => ch.charCodeAt(0))));
    } catch {
      throw invalid("Upload-Metadata", `bad value of ${key}`);
    }
  }
  return out;
}

function nonNegative(raw: string | undefined, field: string): number {
  if (raw === undefined || !/^\d{1,16}$/.test(raw)) throw invalid(field, "a whole number of bytes");
  return Number(raw);
}

/** Running PATCHes by upload id: a new one for the same upload stops the old one first. */
const running = new Map<string, { stop: AbortController; done: Promise<void> }>();

async function takeOver(id: string): Promise<() => void> {
  const held = running.get(id);
  if (held) {
    held.stop.abort();
    const freed = await Promise.race([held.done.then(() => true), new Promise<false>((ok) => setTimeout(() => ok(false), 5000))]);
    if (!freed || running.has(id)) throw new AppError(423, DRIVE_ERRORS.uploadBusy);
  }
  let release!: () => void;
  const done = new Promise<void>((ok) => (release = ok));
  running.set(id, { stop: new AbortController(), done });
  return () => {
    running.delete(id);
    release();
  };
}

function tusHeaders(extra: Record<string, string> = {}): Record<string, string> {
  return { "Tus-Resumable": TUS_VERSION, "Cache-Control": "no-store", ...extra };
}

function ownUpload(caller: Caller, info: UploadInfo | null): UploadInfo {
  if (!info || info.companyId !== caller.auth.companyId || info.userId !== caller.auth.userId) throw notFound();
  return info;
}

async function expiresOf(store: UploadStore, info: UploadInfo): Promise<string> {
  const s = await Deno.stat(store.partPath(info.id)).catch(() => null);
  const last = s?.mtime?.getTime() ?? info.createdAt;
  return new Date(last + TUS_EXPIRY_MS).toUTCString();
}

/**
 * Completes an upload whose part file holds all its bytes: checks, blob store, drive item. A refusal removes
 * the upload; any other failure before the file moved keeps it, so the client's retry completes it.
 */
async function complete(caller: Caller, store: UploadStore, info: UploadInfo): Promise<number> {
  try {
    await checkUploadable(caller, info.folderId, info.length);
  } catch (e) {
    if (e instanceof AppError) await store.remove(info.id);
    throw e;
  }
  const path = store.partPath(info.id);
  await store.settled(info.id);
  const key = store.keyOf(info.id, info.length) ?? (await hashFile(path)).key;
  const blob = await caller.deps.blobs.putFile(path, { key, size: info.length });
  try {
    const item = await addUploadedFile(caller, info.folderId, {
      name: info.name,
      size: blob.size,
      blobKey: blob.key,
      mimeType: info.type,
    });
    await store.markDone(info, item.id);
    return item.id;
  } catch (e) {
    await store.remove(info.id); // the bytes are in the store already: the collector takes them if unnamed
    throw e;
  }
}

export function tusRoutes() {
  const r = new Hono<AppEnv>();
  const store = (c: AppContext) => uploadStoreOf(c.get("deps").config.DATA_DIR);

  r.use(`${BASE}/*`, async (c, next) => {
    await next();
    c.res.headers.set("Tus-Resumable", TUS_VERSION);
  });
  r.use(BASE, async (c, next) => {
    await next();
    c.res.headers.set("Tus-Resumable", TUS_VERSION);
  });

  const options = (c: AppContext) =>
    c.body(null, 204, tusHeaders({ "Tus-Version": TUS_VERSION, "Tus-Extension": TUS_EXTENSIONS, "Tus-Max-Size": String(MAX_FILE_SIZE) }));
  r.options(BASE, options);
  r.options(`${BASE}/`, options);
  r.options(`${BASE}/:id`, options);

  const create = async (c: AppContext) => {
    const caller = callerOf(c);
    if (c.req.header("upload-defer-length")) throw invalid("Upload-Defer-Length", "not supported: give Upload-Length");
    const length = nonNegative(c.req.header("upload-length"), "Upload-Length");
    if (length > MAX_FILE_SIZE) throw new AppError(413, DRIVE_ERRORS.tooLarge, { size: MAX_FILE_SIZE });
    const meta = parseMetadata(c.req.header("upload-metadata"));
    const name = checkName(meta.get(TUS_META.fileName) ?? "", false); // NFC, allowed characters, length
    const folderRaw = meta.get(TUS_META.folderId) ?? "";
    if (!/^\d{1,15}$/.test(folderRaw)) throw invalid(TUS_META.folderId, "the folder's id is required");
    const folderId = Number(folderRaw);
    const type = meta.get(TUS_META.fileType) ?? "";
    await checkUploadable(caller, folderId, length);
    const s = store(c);
    if (await s.openCount(caller.auth.companyId, caller.auth.userId) >= TUS_MAX_OPEN_UPLOADS) {
      throw new AppError(429, DRIVE_ERRORS.tooManyUploads);
    }
    const info = await s.create({
      companyId: caller.auth.companyId,
      userId: caller.auth.userId,
      folderId,
      name,
      type: /^[\w.+-]+\/[\w.+-]+$/.test(type) ? type : "",
      length,
      createdAt: caller.deps.clock.now().getTime(),
    });
    const headers = tusHeaders({ Location: `${TUS_PATH}${info.id}`, "Upload-Expires": await expiresOf(s, info) });
    if (length === 0) headers[TUS_FILE_ID_HEADER] = String(await complete(caller, s, info));
    return c.body(null, 201, headers);
  };
  r.post(BASE, requireAuth, transferEnabled, create);
  r.post(`${BASE}/`, requireAuth, transferEnabled, create);

  // HEAD (Hono answers a HEAD with the GET route, without the body).
  r.get(`${BASE}/:id`, requireAuth, transferEnabled, async (c) => {
    const s = store(c);
    const info = ownUpload(callerOf(c), await s.info(c.req.param("id")));
    const headers = tusHeaders({ "Upload-Length": String(info.length) });
    if (info.fileId !== undefined) {
      headers["Upload-Offset"] = String(info.length);
      headers[TUS_FILE_ID_HEADER] = String(info.fileId);
    } else {
      const offset = await s.offset(info.id);
      if (offset === null) throw notFound();
      headers["Upload-Offset"] = String(offset);
      headers["Upload-Expires"] = await expiresOf(s, info);
    }
    return c.body(null, 200, headers);
  });

  r.patch(`${BASE}/:id`, requireAuth, transferEnabled, async (c) => {
    const caller = callerOf(c);
    const s = store(c);
    const info = ownUpload(caller, await s.info(c.req.param("id")));
    if ((c.req.header("content-type") ?? "").split(";")[0].trim().toLowerCase() !== "application/offset+octet-stream") {
      throw new AppError(415, "common.validation");
    }
    const offset = nonNegative(c.req.header("upload-offset"), "Upload-Offset");
    if (info.fileId !== undefined) {
      // Done already (the client lost the answer of the last PATCH): the same answer again.
      if (offset !== info.length) throw new AppError(409, DRIVE_ERRORS.uploadOffsetMismatch);
      return c.body(null, 204, tusHeaders({ "Upload-Offset": String(info.length), [TUS_FILE_ID_HEADER]: String(info.fileId) }));
    }
    const release = await takeOver(info.id);
    try {
      const current = await s.offset(info.id);
      if (current === null) throw notFound();
      if (offset !== current) throw new AppError(409, DRIVE_ERRORS.uploadOffsetMismatch);
      const declared = c.req.header("content-length");
      if (declared !== undefined && Number(declared) > info.length - current) {
        await s.remove(info.id);
        throw invalid("Upload-Length", "more bytes than the upload's length");
      }
      let now = current;
      if (current < info.length && c.req.raw.body) {
        const stop = running.get(info.id)!.stop.signal;
        const result = await s.append(info.id, current, c.req.raw.body, info.length - current, stop);
        if (result.overflow) {
          await s.remove(info.id);
          throw invalid("Upload-Length", "more bytes than the upload's length");
        }
        now = result.offset;
      }
      const headers = tusHeaders({ "Upload-Offset": String(now) });
      if (now === info.length) headers[TUS_FILE_ID_HEADER] = String(await complete(caller, s, info));
      else headers["Upload-Expires"] = await expiresOf(s, info);
      return c.body(null, 204, headers);
    } finally {
      release();
    }
  });

  r.delete(`${BASE}/:id`, requireAuth, transferEnabled, async (c) => {
    const s = store(c);
    const info = ownUpload(callerOf(c), await s.info(c.req.param("id")));
    if (info.fileId !== undefined) throw notFound(); // finished: the file is the drive's now
    const held = running.get(info.id);
    held?.stop.abort();
    await held?.done;
    await s.remove(info.id);
    return c.body(null, 204, tusHeaders());
  });

  return r;
}
