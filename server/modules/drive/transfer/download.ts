// A drive file's bytes: the download (GET {id}/download, as an attachment, with Range) and the preview (GET
// {id}/preview, an image or a PDF inline). Streamed from the blob store a piece at a time, whatever the size.
//
// Range: one range (bytes=a-b, a-, -n); several ranges are answered with the whole file (200), as RFC 9110
// allows; a range past the end answers 416 with Content-Range: bytes */size. The ETag is the blob's key (the
// bytes' SHA-256: same bytes, same tag), so If-Range and If-None-Match need no extra state.
import { BlobMissingError } from "../../../lib/blobs.ts";
import type { Caller } from "../../../lib/context.ts";
import { fileHeaders } from "../../../lib/downloads.ts";
import { AppError } from "../../../lib/errors.ts";
import { DRIVE_ERRORS, PREVIEW_IMAGE_TYPES } from "../../../../shared/drive/index.ts";
import { PREVIEW_DOCUMENT_TYPES } from "../../../../shared/drive/transfer.ts";
import { type ReadableFile, readableFile } from "../files/service.ts";
import { parseRange } from "../../../lib/byte-range.ts";

const etagOf = (file: ReadableFile) => `"${file.blobKey}"`;

/** If-Range: the range applies only when the validator still names these bytes (a date never does: no Last-Modified). */
function rangeStillValid(ifRange: string | undefined, etag: string): boolean {
  if (!ifRange) return true;
  return ifRange.trim() === etag;
}

function matchesNoneOf(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((t) => t.trim() === "*" || t.trim().replace(/^W\//, "") === etag);
}

export interface FileRequest {
  method: string;
  range?: string;
  ifRange?: string;
  ifNoneMatch?: string;
}

/** The answer of a file's bytes (download or inline), honouring Range and the conditional headers. */
export async function fileResponse(caller: Caller, file: ReadableFile, req: FileRequest, opts: { inline: boolean; contentType: string }): Promise<Response> {
  const etag = etagOf(file);
  const base = fileHeaders(opts.contentType, file.name, { inline: opts.inline, cache: "private, no-cache" });
  base["etag"] = etag;
  base["accept-ranges"] = "bytes";
  if (matchesNoneOf(req.ifNoneMatch, etag)) {
    return new Response(null, { status: 304, headers: { etag, "cache-control": base["cache-control"] } });
  }
  const range = rangeStillValid(req.ifRange, etag) ? parseRange(req.range, file.size) : null;
  if (range === "unsatisfiable") {
    return new Response(null, { status: 416, headers: { ...base, "content-range": `bytes */${file.size}`, "content-length": "0" } });
  }
  const part = range ?? (file.size > 0 ? { start: 0, end: file.size - 1 } : null);
  const length = part ? part.end - part.start + 1 : 0;
  const headers: Record<string, string> = { ...base, "content-length": String(length) };
  if (range) headers["content-range"] = `bytes ${range.start}-${range.end}/${file.size}`;
  const status = range ? 206 : 200;
  if (req.method === "HEAD" || !part) return new Response(null, { status, headers });
  let body: ReadableStream<Uint8Array>;
  try {
    body = await caller.deps.blobs.stream(file.blobKey, part);
  } catch (e) {
    if (e instanceof BlobMissingError) {
      caller.deps.log.error(`drive file ${file.id}: blob ${file.blobKey} missing`);
      throw new AppError(404, DRIVE_ERRORS.notFound);
    }
    throw e;
  }
  return new Response(body, { status, headers });
}

/** GET {id}/download: the file as an attachment (its use time set to now, once per download, not per range). */
export async function download(caller: Caller, id: number, req: FileRequest): Promise<Response> {
  // A resumed download (a Range past 0) or a HEAD is not a new use of the file.
  const continued = req.method === "HEAD" || (req.range !== undefined && !/^bytes=0-/.test(req.range.trim()));
  const file = await readableFile(caller, id, { touch: !continued });
  return await fileResponse(caller, file, req, { inline: false, contentType: file.mimeType });
}

const PREVIEW_TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  bmp: "image/bmp",
  pdf: "application/pdf",
};
const PREVIEWABLE = new Set<string>([...PREVIEW_IMAGE_TYPES, ...PREVIEW_DOCUMENT_TYPES]);

/**
 * GET {id}/preview: an image of PREVIEW_IMAGE_TYPES or a PDF, inline, with the type of its extension (never
 * the uploader's claim: an .html called .png stays an image that does not decode), under a sandboxing CSP.
 * Anything else answers 400 drive.preview_unavailable. Previews do not count as a use of the file.
 */
export async function preview(caller: Caller, id: number, req: FileRequest): Promise<Response> {
  const file = await readableFile(caller, id, { touch: false });
  if (!PREVIEWABLE.has(file.extension)) throw new AppError(400, DRIVE_ERRORS.previewUnavailable);
  const res = await fileResponse(caller, file, req, { inline: true, contentType: PREVIEW_TYPES[file.extension] });
  // A PDF is shown by the browser's own viewer, which the CSP sandbox would block in Chromium: a PDF gets a
  // CSP that allows no scripts, forms or connections of the page itself, only the viewer's plugin frame.
  if (file.extension === "pdf") {
    res.headers.set("content-security-policy", "default-src 'none'; object-src 'self'; plugin-types application/pdf; frame-ancestors 'self'");
  } else {
    res.headers.set("content-security-policy", "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'self'");
  }
  return res;
}
