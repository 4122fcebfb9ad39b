// The documents calls of /api/approval (shared/approval/documents.ts): drafting, one document, delete,
// retrieve, open type, files, opinions. Mounted by ../routes.ts.
import { Hono } from "hono";
import { FILE_MAX_BYTES } from "../../../../shared/approval/constants.ts";
import { draftBody, opinionBody, openTypeBody, versionBody } from "../../../../shared/approval/documents.ts";
import { type AppContext, type AppEnv, callerOf } from "../../../lib/context.ts";
import { fileHeaders } from "../../../lib/downloads.ts";
import { withOneFile } from "../../../lib/multipart/one-file.ts";
import { body, query } from "../../../lib/validate.ts";
import { z } from "zod";
import { approvalNotFound } from "./access.ts";
import { draft } from "./draft.ts";
import { addFile, fileTooLarge, readableFile } from "./files.ts";
import { deleteOpinion, listOpinions, saveOpinion } from "./opinions.ts";
import { deleteDocument, documentSummary, getDocument, retrieve, setOpenType } from "./service.ts";

/** The upload path: the app's global 2 MB body limit skips it (server/app.ts); the form reader limits it. */
export const APPROVAL_UPLOAD_PATH = "/api/approval/document/file";

/** A numeric path parameter; anything else answers 404 approval.not_found like a missing document. */
function idOf(c: AppContext, name = "id"): number {
  const raw = c.req.param(name) ?? "";
  if (!/^\d{1,15}$/.test(raw)) throw approvalNotFound();
  return Number(raw);
}

const opinionListQuery = z.object({ docId: z.coerce.number().int().positive() });

export function documentRoutes() {
  const r = new Hono<AppEnv>();
  r.post("/document/draft", async (c) => c.json(await draft(callerOf(c), await body(c, draftBody), true), 201));
  r.post("/document/draft/temp", async (c) => c.json(await draft(callerOf(c), await body(c, draftBody), false), 201));

  // Streamed to a temporary file, cut off with 413 approval.file_too_large the moment it passes FILE_MAX_BYTES.
  r.post("/document/file", async (c) => {
    const deps = c.get("deps");
    return await withOneFile(c.req.raw, { dataDir: deps.config.DATA_DIR, maxFileBytes: FILE_MAX_BYTES, tooLarge: fileTooLarge, field: "part" }, async (part) => {
      if (part.size > FILE_MAX_BYTES) throw fileTooLarge();
      const blob = await deps.blobs.putFile(part.path);
      return c.json(await addFile(callerOf(c), { name: part.name, size: blob.size, contentType: part.type, blobKey: blob.key }), 201);
    });
  });
  r.get("/document/:id/file/:fileId", async (c) => {
    const f = await readableFile(callerOf(c), idOf(c), idOf(c, "fileId"));
    const stream = await c.get("deps").blobs.stream(f.blobKey);
    return new Response(stream, { headers: fileHeaders(f.contentType, f.name, { length: f.size }) });
  });

  r.get("/document/:id/simple", async (c) => c.json(await documentSummary(callerOf(c), idOf(c))));
  r.put("/document/:id/retrieve", async (c) => c.json(await retrieve(callerOf(c), idOf(c), (await body(c, versionBody)).version)));
  r.put("/document/:id/openType", async (c) => {
    const { openType, version } = await body(c, openTypeBody);
    return c.json(await setOpenType(callerOf(c), idOf(c), openType, version));
  });
  r.get("/document/:id", async (c) => c.json(await getDocument(callerOf(c), idOf(c))));
  r.delete("/document/:id", async (c) => {
    await deleteDocument(callerOf(c), idOf(c));
    return c.json({ id: idOf(c) });
  });

  r.get("/opinion/list", async (c) => c.json(await listOpinions(callerOf(c), query(c, opinionListQuery).docId)));
  r.put("/opinion", async (c) => c.json(await saveOpinion(callerOf(c), await body(c, opinionBody))));
  r.delete("/opinion/:id", async (c) => {
    await deleteOpinion(callerOf(c), idOf(c));
    return c.json({ id: idOf(c) });
  });
  return r;
}
