// Mail-program settings API (paths in shared/mail/clients.ts): the mail-program password and the server
// settings a desktop or phone client needs. Registered in mail/routes.ts above configRoutes, whose
// PUT /api/mail/config/:setting would otherwise take PUT .../pop3/password for an unknown setting.
import { Hono } from "hono";
import { requireAuth } from "../../../lib/auth.ts";
import { type AppEnv, callerOf } from "../../../lib/context.ts";
import { readBody } from "../../../lib/validate.ts";
import { passwordState, removePassword, serverSettings, setPassword } from "./service.ts";

export function clientRoutes() {
  const r = new Hono<AppEnv>();
  r.get("/api/mail/config/pop3/external/setting", requireAuth, async (c) => c.json(await serverSettings(callerOf(c))));
  r.get("/api/mail/config/pop3/password", requireAuth, async (c) => c.json(await passwordState(callerOf(c))));
  r.put("/api/mail/config/pop3/password", requireAuth, async (c) => c.json(await setPassword(callerOf(c), await readBody(c))));
  r.delete("/api/mail/config/pop3/password", requireAuth, async (c) => c.json(await removePassword(callerOf(c))));
  return r;
}
