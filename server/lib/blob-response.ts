// A stored file's bytes as an HTTP answer (boards' and the wiki's files): one byte range (206, or 416 past the
// end), the ETag of its content-addressed blob, inline or as an attachment, never sniffed (downloads.ts), HEAD
// without a body. A blob missing from the store is logged and answered as `missing()` (the module's 404).
import type { AppDeps } from "./context.ts";
import { parseRange } from "./byte-range.ts";
import { BlobMissingError } from "./blobs.ts";
import { fileHeaders } from "./downloads.ts";

export interface StoredFile {
  id: number;
  name: string;
  size: number;
  contentType: string;
  blobKey: string;
}

export interface BlobRequest {
  method: string;
  range?: string;
  inline: boolean;
  /** Names the file in the log ("board file", "wiki file"). */
  what: string;
}

export async function blobResponse(deps: Pick<AppDeps, "blobs" | "log">, f: StoredFile, req: BlobRequest, missing: () => Error): Promise<Response> {
  const headers = fileHeaders(f.contentType, f.name, { inline: req.inline, cache: "private, max-age=3600" });
  headers["accept-ranges"] = "bytes";
  headers["etag"] = `"${f.blobKey}"`;
  const range = parseRange(req.range, f.size);
  if (range === "unsatisfiable") {
    return new Response(null, { status: 416, headers: { ...headers, "content-range": `bytes */${f.size}`, "content-length": "0" } });
  }
  const part = range ?? (f.size > 0 ? { start: 0, end: f.size - 1 } : null);
  headers["content-length"] = String(part ? part.end - part.start + 1 : 0);
  if (range) headers["content-range"] = `bytes ${range.start}-${range.end}/${f.size}`;
  const status = range ? 206 : 200;
  if (req.method === "HEAD" || !part) return new Response(null, { status, headers });
  try {
    return new Response(await deps.blobs.stream(f.blobKey, part), { status, headers });
  } catch (e) {
    if (!(e instanceof BlobMissingError)) throw e;
    deps.log.error(`${req.what} ${f.id}: blob ${f.blobKey} missing`);
    throw missing();
  }
}
