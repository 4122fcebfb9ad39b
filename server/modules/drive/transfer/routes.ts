// The drive's file transfer (issue 25; shared/drive/transfer.ts): resumable uploads (tus.ts), downloads with
// Range, previews (download.ts), the zip of several items (zip.ts) and download tickets (ticket.ts). Mounted
// by the drive's routes before its /api/drive/{id} routes ("download" is not an id). The resumable uploads'
// PATCH bodies pass the app's 2 MB body limit (app.ts: TUS_PATH), their size is held to the upload's length.
import { Hono } from "hono";
import { z } from "zod";
import { requireAuth } from "../../../lib/auth.ts";
import { type AppContext, type AppEnv, callerOf } from "../../../lib/context.ts";
import { contentDisposition } from "../../../lib/downloads.ts";
import { body, idParam, query } from "../../../lib/validate.ts";
import { idsBody, idsQuery } from "../../../../shared/drive/items.ts";
import { download, type FileRequest, preview } from "./download.ts";
import { bearerOrTicket, issueTicket } from "./ticket.ts";
import { transferEnabled } from "./gate.ts";
import { tusRoutes } from "./tus.ts";
import { zipOf } from "./zip.ts";

const fileRequest = (c: AppContext): FileRequest => ({
  method: c.req.method,
  range: c.req.header("range"),
  ifRange: c.req.header("if-range"),
  ifNoneMatch: c.req.header("if-none-match"),
});

/** The id of a {id}/download path, for the ticket check (anything not a number names nothing). */
const pathId = (_url: URL, param: (name: string) => string | undefined) => {
  const raw = param("id") ?? "";
  return /^\d{1,15}$/.test(raw) ? [Number(raw)] : [];
};

/** The ids of a zip's query (fileIds[]=1&fileIds[]=2 or fileIds=1&fileIds=2). */
const queryIds = (url: URL) => {
  const raw = [...url.searchParams.getAll("fileIds[]"), ...url.searchParams.getAll("fileIds")];
  return raw.every((v) => /^\d{1,15}$/.test(v)) ? raw.map(Number) : [];
};

const ticketQuery = z.object({ ticket: z.string().max(4000).optional() });

export function transferRoutes() {
  const r = new Hono<AppEnv>();
  r.route("/", tusRoutes());

  r.post("/api/drive/download/ticket", requireAuth, transferEnabled, async (c) => {
    const b = await body(c, idsBody);
    return c.json(await issueTicket(callerOf(c), b.fileIds));
  });

  r.get("/api/drive/download", bearerOrTicket(queryIds), transferEnabled, async (c) => {
    const q = query(c, idsQuery.extend(ticketQuery.shape));
    const { fileName, stream } = await zipOf(callerOf(c), q.fileIds);
    return new Response(stream, {
      headers: {
        "content-type": "application/zip",
        "content-disposition": contentDisposition(fileName),
        "content-security-policy": "default-src 'none'; sandbox",
        "cache-control": "no-store",
      },
    });
  });

  // GET and HEAD (Hono answers a HEAD with the GET route; c.req.method stays HEAD, so no bytes are read).
  r.get("/api/drive/:id/download", bearerOrTicket(pathId), transferEnabled, async (c) => await download(callerOf(c), idParam(c), fileRequest(c)));
  r.get("/api/drive/:id/preview", bearerOrTicket(pathId), transferEnabled, async (c) => await preview(callerOf(c), idParam(c), fileRequest(c)));
  return r;
}
