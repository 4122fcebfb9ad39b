// Reading mail and acting on it (000 §7 "Mail reading and actions"; the designed paths are listed in
// shared/mail/reading.ts). Search and its history are mounted from ../search/routes.ts.
import { Hono } from "hono";
import {
  deleteStatusBody, importantStatusBody, mailIdsBody, mailListQuery, mailViewQuery, moveBody, pageOnlyQuery, readStatusBody,
  referencesQuery, tagsBody,
} from "../../../../shared/mail/reading.ts";
import { requireAuth } from "../../../lib/auth.ts";
import { type AppEnv, callerOf } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { body, idParam, query } from "../../../lib/validate.ts";
import { folderRef } from "../../../../shared/mail/reading.ts";
import { searchRoutes } from "../search/routes.ts";
import * as actions from "./actions.ts";
import { calendar } from "./calendar.ts";
import { mainSummary } from "./main.ts";
import { mailCalendarQuery } from "../../../../shared/mail/calendar.ts";
import { mailMainQuery } from "../../../../shared/mail/main.ts";
import * as service from "./service.ts";
import { attachedMessageRoutes } from "./attached-routes.ts";
import { inlineAttachment } from "./inline.ts";

function positionParam(raw: string | undefined): number {
  if (!/^\d{1,4}$/.test(raw ?? "")) throw new AppError(404, "mail.attach_not_found");
  return Number(raw);
}

export function readingRoutes() {
  const r = new Hono<AppEnv>();
  // Registered per route, never as /api/mails/*: /api/mail-inline is reached without a bearer header.
  r.route("/", searchRoutes());
  r.route("/", attachedMessageRoutes());

  r.get("/api/mails", requireAuth, async (c) => c.json(await service.list(callerOf(c), query(c, mailListQuery))));
  r.get("/api/mails/main", requireAuth, async (c) => c.json(await mainSummary(callerOf(c), query(c, mailMainQuery).size)));
  r.get("/api/mails/view/calendar", requireAuth, async (c) => c.json(await calendar(callerOf(c), query(c, mailCalendarQuery).mailId)));
  r.get("/api/mails/references", requireAuth, async (c) =>
    c.json(await service.references(callerOf(c), query(c, referencesQuery).mailId)));
  r.get("/api/mails/view/original/:id/:mode", requireAuth, async (c) =>
    await service.original(callerOf(c), idParam(c), c.req.param("mode")));
  r.get("/api/mails/view/:id/attach/:position", requireAuth, async (c) =>
    await service.attachment(callerOf(c), idParam(c), positionParam(c.req.param("position"))));
  r.get("/api/mails/view/:id", requireAuth, async (c) => {
    const id = idParam(c);
    const q = query(c, mailViewQuery);
    return c.json(await service.view(callerOf(c), id, { includesReference: q.includesReference, basedMailId: q.basedMailId, attachPosition: q.attachPosition }));
  });
  r.get("/api/mails/:id/history", requireAuth, async (c) => {
    const id = idParam(c);
    const q = query(c, pageOnlyQuery);
    return c.json(await service.history(callerOf(c), id, q.page, q.pageSize));
  });
  r.get("/api/mail-inline/:id/:position", async (c) =>
    await inlineAttachment(c.get("deps"), idParam(c), positionParam(c.req.param("position")), c.req.query("token") ?? ""));

  r.put("/api/mails/readStatus", requireAuth, async (c) => {
    const b = await body(c, readStatusBody);
    return c.json(await actions.setRead(callerOf(c), b.mailIds, b.readStatus));
  });
  r.put("/api/mails/importantStatus", requireAuth, async (c) => {
    const b = await body(c, importantStatusBody);
    return c.json(await actions.setImportant(callerOf(c), b.mailIds, b.importantStatus));
  });
  r.put("/api/mails/folderId", requireAuth, async (c) => {
    const b = await body(c, moveBody);
    return c.json(await actions.move(callerOf(c), b.mailIds, b.targetFolderId));
  });
  r.put("/api/mails/deleteStatus", requireAuth, async (c) => {
    const b = await body(c, deleteStatusBody);
    return c.json(await actions.deleteStatus(callerOf(c), b.mailIds));
  });
  r.put("/api/mails/tags", requireAuth, async (c) => {
    const b = await body(c, tagsBody);
    return c.json(await actions.tags(callerOf(c), b.type, b.tag, b.mailIds));
  });
  r.put("/api/mails/trash/:id/clean", requireAuth, async (c) => c.json(await actions.clean(callerOf(c), idParam(c))));
  r.put("/api/mails/:folder/read", requireAuth, async (c) => {
    const ref = folderRef.safeParse(c.req.param("folder")); // decoded once by Hono: "t_%25" is the tag "%"
    if (!ref.success) throw new AppError(404, "mail.folder_not_found");
    return c.json(await actions.readAll(callerOf(c), ref.data));
  });
  r.delete("/api/mails", requireAuth, async (c) => {
    const b = await body(c, mailIdsBody);
    await actions.deleteForever(callerOf(c), b.mailIds);
    return c.body(null, 204);
  });
  return r;
}
