// GET /api/wiki/docs/{id}/collab: the live editor's WebSocket (shared/wiki/collab.ts). Mounted before the auth
// middleware: the caller is checked here, before the upgrade, as the realtime socket does (the subprotocols
// ["bearer", token] or an Authorization header), and refused with a plain HTTP answer: 401 without a valid
// session, 403 wiki.disabled, 404 wiki.not_found (missing or another company's), 403 wiki.no_access.
import { Hono } from "hono";
import { upgradeWebSocket } from "hono/deno";
import { WIKI_ERRORS } from "../../../../shared/wiki/errors.ts";
import { resolveBearer } from "../../../lib/auth.ts";
import type { AppEnv } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { socketToken } from "../../../realtime/session.ts";
import { companyInfo } from "../../company/service.ts";
import { docAccess } from "../access.ts";
import { canEdit, CollabSocket } from "./socket.ts";

export function collabRoutes() {
  const r = new Hono<AppEnv>();

  r.get("/api/wiki/docs/:id{[0-9]+}/collab", async (c) => {
    const deps = c.get("deps");
    const token = socketToken((n) => c.req.header(n));
    if (!token) throw new AppError(401, "common.401");
    const auth = await resolveBearer(deps, token);
    if (!auth) throw new AppError(401, "auth.token_expired");
    if (!(await companyInfo(deps, auth.companyId)).useWiki) throw new AppError(403, WIKI_ERRORS.disabled);
    const docId = Number(c.req.param("id"));
    const doc = await docAccess(deps.db, auth, docId);
    if (!doc) throw new AppError(404, WIKI_ERRORS.notFound);
    if (doc.level === "NONE") throw new AppError(403, WIKI_ERRORS.noAccess);
    if (c.req.header("upgrade")?.toLowerCase() !== "websocket") throw new AppError(426, "realtime.upgrade_required");
    const socket = new CollabSocket(deps, auth, token, docId, canEdit(doc));
    return await upgradeWebSocket(c, {
      onOpen: (_e, ws) => {
        const raw = ws.raw as WebSocket | undefined;
        if (raw) raw.binaryType = "arraybuffer";
        socket.open({ send: (d) => ws.send(d as Uint8Array<ArrayBuffer>), close: (code, why) => ws.close(code, why) });
      },
      onMessage: (e) => socket.receive(e.data),
      onClose: () => socket.closed(),
    });
  });

  return r;
}
