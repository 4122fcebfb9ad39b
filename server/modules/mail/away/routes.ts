// Away reply API (paths in shared/mail/away.ts).
import { Hono } from "hono";
import { awayInput } from "../../../../shared/mail/away.ts";
import { requireAuth } from "../../../lib/auth.ts";
import { type AppEnv, callerOf } from "../../../lib/context.ts";
import { body } from "../../../lib/validate.ts";
import { getAway, saveAway } from "./service.ts";

export function awayRoutes() {
  const r = new Hono<AppEnv>();
  r.get("/api/mail/config/away", requireAuth, async (c) => c.json(await getAway(callerOf(c))));
  r.put("/api/mail/config/away", requireAuth, async (c) => c.json(await saveAway(callerOf(c), await body(c, awayInput))));
  return r;
}
