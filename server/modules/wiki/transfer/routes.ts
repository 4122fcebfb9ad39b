// Markdown export and import (shared/wiki/documents.ts): GET docs/{id}/export?subtree= (export.ts) and
// POST docs/import (import.ts; its path is kept off the app's general body limit, upload-paths.ts).
import { Hono } from "hono";
import { IMPORT_MAX_BYTES } from "../../../../shared/wiki/constants.ts";
import { exportQuery } from "../../../../shared/wiki/documents.ts";
import { WIKI_ERRORS } from "../../../../shared/wiki/errors.ts";
import { type AppEnv, callerOf } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { readStreamingForm } from "../../../lib/multipart/stream-form.ts";
import { tempDirOf } from "../../../lib/multipart/temp-files.ts";
import { query } from "../../../lib/validate.ts";
import { exportOne, exportTree } from "./export.ts";
import { importMarkdown } from "./import.ts";

const FORM_OVERHEAD = 64 * 1024;
const invalid = (field: string, message: string) => new AppError(400, "common.validation", undefined, [{ field, code: "common.validation", message }]);

export function transferRoutes() {
  const r = new Hono<AppEnv>();
  r.get("/docs/:id{[0-9]+}/export", async (c) => {
    const caller = callerOf(c);
    const id = Number(c.req.param("id"));
    if (!Number.isSafeInteger(id)) throw new AppError(404, WIKI_ERRORS.notFound);
    const out = query(c, exportQuery).subtree ? await exportTree(caller, id) : await exportOne(caller, id);
    return new Response(out.body as Uint8Array<ArrayBuffer>, { status: 200, headers: { ...out.headers, "content-length": String(out.body.length) } });
  });
  // Streamed to a temporary file, cut off with 413 wiki.file_too_large past IMPORT_MAX_BYTES.
  r.post("/docs/import", async (c) => {
    const caller = callerOf(c);
    const form = await readStreamingForm(c.req.raw, {
      tmpDir: await tempDirOf(caller.deps.config.DATA_DIR),
      maxBodyBytes: IMPORT_MAX_BYTES + FORM_OVERHEAD,
      maxFileBytes: IMPORT_MAX_BYTES,
      maxFiles: 1,
      tooLarge: () => new AppError(413, WIKI_ERRORS.fileTooLarge, { size: IMPORT_MAX_BYTES }),
      malformed: () => new AppError(400, "common.400"),
    });
    try {
      const part = form.file("file");
      if (!part) throw invalid("file", "a file is required");
      const raw = (form.fields.get("parentId") ?? "").trim();
      if (raw !== "" && !/^\d{1,15}$/.test(raw)) throw invalid("parentId", "a document id");
      const parentId = raw === "" ? null : Number(raw);
      return c.json(await importMarkdown(caller, { name: part.name, path: part.path }, parentId), 201);
    } finally {
      await form.dispose();
    }
  });
  return r;
}
