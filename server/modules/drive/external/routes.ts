// HTTP of the drive's Google Drive (calls and shapes in shared/drive/external.ts): the spec's token calls under
// /api/external/token and /api/external/auth/url, and the server's proxy of Drive v3 under /api/external/drive.
import { Hono } from "hono";
import { EXTERNAL_DRIVE_TYPES, type ExternalDriveType } from "../../../../shared/drive/external.ts";
import {
  externalDownloadQuery, externalFileId, externalFilesQuery, externalTokenCodeBody, externalTokenListQuery, externalTokenSaveBody,
} from "../../../../shared/drive/external-query.ts";
import { requireAuth } from "../../../lib/auth.ts";
import { type AppContext, type AppEnv, callerOf } from "../../../lib/context.ts";
import { fileHeaders } from "../../../lib/downloads.ts";
import { AppError } from "../../../lib/errors.ts";
import { body, query } from "../../../lib/validate.ts";
import * as service from "./service.ts";

/** {type}: GOOGLE_DRIVE; anything else answers 404 like an unknown route. */
function typeParam(c: AppContext): ExternalDriveType {
  const t = c.req.param("type") ?? "";
  if (!(EXTERNAL_DRIVE_TYPES as readonly string[]).includes(t)) throw new AppError(404, "common.404");
  return t as ExternalDriveType;
}

function fileIdParam(c: AppContext): string {
  const r = externalFileId.safeParse(c.req.param("id"));
  if (!r.success) throw new AppError(404, "drive.not_found");
  return r.data;
}

export function externalDriveRoutes() {
  const r = new Hono<AppEnv>();
  r.use("/api/external/token", requireAuth);
  r.use("/api/external/token/*", requireAuth);
  r.use("/api/external/auth/url/*", requireAuth);
  r.use("/api/external/drive/*", requireAuth);

  r.get("/api/external/auth/url/:type", async (c) => c.json(await service.authUrl(callerOf(c), typeParam(c))));
  r.get("/api/external/token", async (c) => {
    query(c, externalTokenListQuery);
    return c.json(await service.tokens(callerOf(c)));
  });
  r.post("/api/external/token", async (c) => {
    const b = await body(c, externalTokenSaveBody);
    return c.json(await service.saveWithCode(callerOf(c), b.externalType, b.code, b.state), 201);
  });
  r.get("/api/external/token/:type", async (c) => c.json(await service.token(callerOf(c), typeParam(c))));
  r.post("/api/external/token/:type", async (c) => {
    const type = typeParam(c);
    const b = await body(c, externalTokenCodeBody);
    return c.json(await service.saveWithCode(callerOf(c), type, b.code, b.state), 201);
  });
  r.put("/api/external/token/:type", async (c) => c.json(await service.refreshToken(callerOf(c), typeParam(c))));
  r.delete("/api/external/token/:type", async (c) => {
    await service.disconnect(callerOf(c), typeParam(c));
    return c.body(null, 204);
  });

  r.get("/api/external/drive/files", async (c) => c.json(await service.files(callerOf(c), query(c, externalFilesQuery))));
  r.get("/api/external/drive/files/:id", async (c) => c.json(await service.file(callerOf(c), fileIdParam(c))));
  r.get("/api/external/drive/files/:id/download", async (c) => {
    const { format } = query(c, externalDownloadQuery);
    const d = await service.download(callerOf(c), fileIdParam(c), format);
    return new Response(d.body, { headers: fileHeaders(d.contentType, d.name, { length: d.length, cache: "private, no-store" }) });
  });
  return r;
}
