// Mail config (paths in shared/mail/config.ts): GET the whole config; PUT one setting or group.
import { Hono } from "hono";
import { requireAuth } from "../../../lib/auth.ts";
import { type AppEnv, callerOf } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { readBody } from "../../../lib/validate.ts";
import { getConfig, isSetting, saveSetting } from "./service.ts";

export function configRoutes() {
  const r = new Hono<AppEnv>();
  r.get("/api/mail/config", requireAuth, async (c) => c.json(await getConfig(callerOf(c))));
  r.put("/api/mail/config/:setting", requireAuth, async (c) => {
    const setting = c.req.param("setting");
    if (!isSetting(setting)) throw new AppError(404, "mail.config_setting_unknown");
    return c.json(await saveSetting(callerOf(c), setting, await readBody(c)));
  });
  return r;
}
