// Restore and backup (000 §7: POST api/mails/import with part and folderId; GET
// api/mail/download/backup/folder/{id}/info; the part download is designed: ?part=N, from 1).
import { Hono } from "hono";
import { backupPartQuery, importFolderField, RESTORE_MAX_BYTES } from "../../../../shared/mail/transfer.ts";
import { requireAuth } from "../../../lib/auth.ts";
import { fileHeaders } from "../../../lib/downloads.ts";
import { type AppEnv, callerOf } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { fileLike, readStreamingForm } from "../../../lib/multipart/stream-form.ts";
import { tempDirOf } from "../../../lib/multipart/temp-files.ts";
import { idParam, parseWith, query } from "../../../lib/validate.ts";
import { backupInfo, backupPart } from "./backup.ts";
import { importMail } from "./import.ts";

/** The restore upload's own limit: the file and the form around it. */
export const IMPORT_BODY_LIMIT = RESTORE_MAX_BYTES + 1024 * 1024;

export function transferRoutes() {
  const r = new Hono<AppEnv>();
  r.use("/api/mails/import", requireAuth);
  r.use("/api/mail/download/backup/*", requireAuth);

  // Streamed: the file goes to a temporary file (cut off with mail.restore_size the moment it passes 500 MB),
  // is read from there and removed at the end, whatever the outcome.
  r.post("/api/mails/import", async (c) => {
    const form = await readStreamingForm(c.req.raw, {
      tmpDir: await tempDirOf(c.get("deps").config.DATA_DIR),
      maxBodyBytes: IMPORT_BODY_LIMIT,
      maxFileBytes: RESTORE_MAX_BYTES,
      tooLarge: () => new AppError(413, "mail.restore_size"),
      malformed: () => new AppError(400, "common.400"),
    });
    try {
      const part = form.file("part");
      if (!part) throw new AppError(400, "mail.restore_type");
      const folderId = parseWith(importFolderField, form.fields.get("folderId"));
      return c.json(await importMail(callerOf(c), folderId, fileLike(part)));
    } finally {
      await form.dispose();
    }
  });

  r.get("/api/mail/download/backup/folder/:id/info", async (c) => c.json(await backupInfo(callerOf(c), idParam(c))));
  r.get("/api/mail/download/backup/folder/:id", async (c) => {
    const { fileName, stream } = await backupPart(callerOf(c), idParam(c), query(c, backupPartQuery).part);
    return c.body(stream, 200, fileHeaders("application/zip", fileName, { cache: "no-store" }));
  });
  return r;
}
