// Attached files (shared/wiki/documents.ts): attach, attach info (fileRoutes, under /api/wiki behind the auth
// middleware) and the bytes by signed token (fileBytesRoutes, mounted before it: GET /api/wiki/files/{fileId}).
// The attach path is kept off the app's general body limit (upload-paths.ts); the form reader limits it.
import { Hono } from "hono";
import { ATTACH_MAX_BYTES } from "../../../../shared/wiki/constants.ts";
import { WIKI_ERRORS } from "../../../../shared/wiki/errors.ts";
import { type AppContext, type AppEnv, callerOf } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { withOneFile } from "../../../lib/multipart/one-file.ts";
import { requireDoc } from "../access.ts";
import { attachFile, fileBytes, fileNotFound, fileTooLarge, getAttachInfo, requireSpace } from "./service.ts";


function idOf(c: AppContext, name: string, missing: () => AppError): number {
  const raw = c.req.param(name) ?? "";
  if (!/^\d{1,15}$/.test(raw)) throw missing();
  return Number(raw);
}
const docNotFound = () => new AppError(404, WIKI_ERRORS.notFound);

export function fileRoutes() {
  const r = new Hono<AppEnv>();
  // Streamed to a temporary file, cut off with 413 wiki.file_too_large the moment it passes ATTACH_MAX_BYTES.
  r.post("/docs/:id{[0-9]+}/attach", async (c) => {
    const caller = callerOf(c);
    const docId = idOf(c, "id", docNotFound);
    await requireDoc(caller, docId, "WRITE", { published: true }); // before the body is read
    await requireSpace(caller);
    return await withOneFile(c.req.raw, { dataDir: caller.deps.config.DATA_DIR, maxFileBytes: ATTACH_MAX_BYTES, tooLarge: fileTooLarge, field: "file" }, async (part) => {
      const info = await attachFile(caller, docId, { name: part.name, contentType: part.type, size: part.size }, () => caller.deps.blobs.putFile(part.path));
      return c.json(info, 201);
    });
  });
  r.get("/docs/:id{[0-9]+}/attach/:fileId{[0-9]+}/info", async (c) =>
    c.json(await getAttachInfo(callerOf(c), idOf(c, "id", docNotFound), idOf(c, "fileId", fileNotFound))));
  return r;
}

/** GET /api/wiki/files/{fileId}?token=: an <img> or a download link (no bearer; the token stands for it). */
export function fileBytesRoutes() {
  const r = new Hono<AppEnv>();
  r.get("/api/wiki/files/:fileId{[0-9]+}", async (c) =>
    await fileBytes(c.get("deps"), idOf(c, "fileId", fileNotFound), c.req.query("token") ?? "", { method: c.req.method, range: c.req.header("range") }));
  return r;
}
