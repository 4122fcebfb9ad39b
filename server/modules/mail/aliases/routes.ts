// Aliases of the signed-in user (000 §7 "GET api/alias/me"); paths in shared/mail/aliases.ts. The
// administrator's calls (/api/admin/users/{id}/aliases) are registered with the admin API.
import { Hono } from "hono";
import { requireAuth } from "../../../lib/auth.ts";
import { type AppEnv, callerOf } from "../../../lib/context.ts";
import { myAliases } from "./service.ts";

export function aliasRoutes() {
  const r = new Hono<AppEnv>();
  r.get("/api/alias/me", requireAuth, async (c) => c.json(await myAliases(callerOf(c))));
  return r;
}
