// Report and unblock (000 §7: POST api/mails/report with mailId and reportContents; PATCH api/mails/{id}/unblock).
import { Hono } from "hono";
import { reportBody } from "../../../../shared/mail/spam.ts";
import { requireAuth } from "../../../lib/auth.ts";
import { type AppEnv, callerOf } from "../../../lib/context.ts";
import { body, idParam } from "../../../lib/validate.ts";
import { report, unblock } from "./report.ts";

export function spamRoutes() {
  const r = new Hono<AppEnv>();
  r.post("/api/mails/report", requireAuth, async (c) => c.json(await report(callerOf(c), await body(c, reportBody))));
  r.patch("/api/mails/:id/unblock", requireAuth, async (c) => c.json(await unblock(callerOf(c), idParam(c))));
  return r;
}
