// OAuth endpoints (000 §7): POST /oauth/key, POST /oauth/token, GET /oauth/logout, GET /api/tokenChecker.
import { Hono } from "hono";
import { tokenRequest } from "../../../shared/auth.ts";
import { requireAuth } from "../../lib/auth.ts";
import type { AppEnv } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";
import { parseWith, readBody } from "../../lib/validate.ts";
import * as service from "./service.ts";

export function authRoutes() {
  const r = new Hono<AppEnv>();

  r.post("/oauth/key", (c) => c.json(service.passwordKey(c.get("deps"))));

  r.post("/oauth/token", async (c) => {
    service.assertClient(c.req.header("authorization"));
    const raw = (await readBody(c)) as Record<string, unknown>;
    const grant = raw.grant_type ?? "password";
    if (grant !== "password" && grant !== "refresh_token") throw new AppError(400, "auth.unsupported_grant_type");
    const input = parseWith(tokenRequest, { ...raw, grant_type: grant });
    const deps = c.get("deps");
    c.header("Cache-Control", "no-store");
    if (input.grant_type === "password") {
      return c.json(await service.passwordGrant(deps, input, { ip: c.get("ip"), userAgent: c.get("userAgent") }));
    }
    return c.json(await service.refreshGrant(deps, input.refresh_token));
  });

  r.get("/oauth/logout", requireAuth, async (c) => {
    await service.logout(c.get("deps"), c.get("auth"), { ip: c.get("ip"), userAgent: c.get("userAgent") });
    return c.json({ url: "/#/login" });
  });

  r.get("/api/tokenChecker", requireAuth, (c) => {
    const a = c.get("auth");
    return c.json({ result: "SUCCESS", username: a.username, companyId: a.companyId });
  });

  return r;
}
