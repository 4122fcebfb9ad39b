// Downloads of the attachments of an attached message (attached-message.ts): through the parent mail, with
// the bearer or with the parent's inline token (the reader frame and its download links send no bearer).
import { Hono } from "hono";
import { requireAuth } from "../../../lib/auth.ts";
import { type AppEnv, callerOf } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { idParam } from "../../../lib/validate.ts";
import { parseAttachPath } from "../../../../shared/mail/attach-path.ts";
import { inlineNestedAttachment } from "./inline.ts";
import * as service from "./service.ts";

function positionOf(raw: string | undefined): number {
  if (!/^\d{1,4}$/.test(raw ?? "")) throw new AppError(404, "mail.attach_not_found");
  return Number(raw);
}

/** The attached message's path (shared/mail/attach-path.ts: "1" or "1.0"). */
function pathOf(raw: string | undefined): number[] {
  const path = parseAttachPath(raw);
  if (!path) throw new AppError(404, "mail.attach_not_found");
  return path;
}

export function attachedMessageRoutes() {
  const r = new Hono<AppEnv>();
  r.get("/api/mails/view/:id/attach/:position/:sub", requireAuth, async (c) =>
    await service.nestedAttachment(callerOf(c), idParam(c), pathOf(c.req.param("position")), positionOf(c.req.param("sub"))));
  r.get("/api/mail-inline/:id/:position/:sub", async (c) =>
    await inlineNestedAttachment(
      c.get("deps"),
      idParam(c),
      pathOf(c.req.param("position")),
      positionOf(c.req.param("sub")),
      c.req.query("token") ?? "",
    ));
  return r;
}
