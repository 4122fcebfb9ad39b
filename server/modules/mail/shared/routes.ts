// Shared mail folders (000 §7 "GET shared/folders and sharing/folders", "shared variants under
// api/share/mails"); the designed paths and rules are in shared/mail/shared.ts.
import { Hono } from "hono";
import {
  sharedDeleteStatusBody, sharedImportantStatusBody, sharedListQuery, sharedOwnerQuery, sharedReadStatusBody, sharedSendBody,
  sharedViewQuery,
} from "../../../../shared/mail/shared.ts";
import { requireAuth } from "../../../lib/auth.ts";
import { type AppEnv, callerOf } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { body, idParam, query } from "../../../lib/validate.ts";
import { sendFromShared } from "./send.ts";
import { sharedCalendar } from "../reading/calendar.ts";
import { sharedMailCalendarQuery } from "../../../../shared/mail/calendar.ts";
import * as service from "./service.ts";

function positionParam(raw: string | undefined): number {
  if (!/^\d{1,4}$/.test(raw ?? "")) throw new AppError(404, "mail.attach_not_found");
  return Number(raw);
}

export function sharedMailRoutes() {
  const r = new Hono<AppEnv>();
  r.get("/api/mails/shared/folders", requireAuth, async (c) => c.json(await service.sharedFolders(c.get("deps"), c.get("auth"))));
  r.get("/api/mails/sharing/folders", requireAuth, async (c) => c.json(await service.sharingFolders(c.get("deps"), c.get("auth"))));

  r.get("/api/share/mails", requireAuth, async (c) => {
    const q = query(c, sharedListQuery);
    return c.json(await service.list(callerOf(c), q.folderId, q.page, q.pageSize, q.ownerId));
  });
  r.get("/api/share/mails/view/original/:id/:mode", requireAuth, async (c) =>
    await service.original(callerOf(c), idParam(c), c.req.param("mode"), query(c, sharedOwnerQuery).ownerId));
  r.get("/api/share/mails/view/calendar", requireAuth, async (c) => {
    const q = query(c, sharedMailCalendarQuery);
    return c.json(await sharedCalendar(callerOf(c), q.mailId, q.ownerId));
  });
  r.get("/api/share/mails/view/:id/attach/:position", requireAuth, async (c) =>
    await service.attachment(callerOf(c), idParam(c), positionParam(c.req.param("position")), query(c, sharedOwnerQuery).ownerId));
  r.get("/api/share/mails/view/:id", requireAuth, async (c) => {
    const id = idParam(c);
    const q = query(c, sharedViewQuery);
    const folderId = q.folderId === undefined ? undefined : Number(q.folderId);
    if (folderId !== undefined && !(Number.isSafeInteger(folderId) && folderId > 0)) throw new AppError(404, "mail.not_found");
    return c.json(await service.view(callerOf(c), id, q.ownerId, folderId, q.attachPosition));
  });

  r.put("/api/share/mails/readStatus", requireAuth, async (c) => {
    const b = await body(c, sharedReadStatusBody);
    return c.json(await service.setRead(callerOf(c), b, b.readStatus));
  });
  r.put("/api/share/mails/importantStatus", requireAuth, async (c) => {
    const b = await body(c, sharedImportantStatusBody);
    return c.json(await service.setImportant(callerOf(c), b, b.importantStatus));
  });
  r.put("/api/share/mails/deleteStatus", requireAuth, async (c) => c.json(await service.trash(callerOf(c), await body(c, sharedDeleteStatusBody))));

  r.post("/api/share/mails/v2/send", requireAuth, async (c) => c.json(await sendFromShared(callerOf(c), await body(c, sharedSendBody))));
  return r;
}
