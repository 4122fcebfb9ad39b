// GET /api/company and GET api/company/config/{module} for every signed-in user.
import { Hono } from "hono";
import { requireAuth } from "../../lib/auth.ts";
import type { AppEnv } from "../../lib/context.ts";
import * as service from "./service.ts";

export function companyRoutes() {
  const r = new Hono<AppEnv>();
  r.use("/api/company", requireAuth);
  r.use("/api/company/*", requireAuth);
  r.get("/api/company", async (c) => c.json(await service.companyInfo(c.get("deps"), c.get("auth").companyId)));
  r.get("/api/company/config/:module", async (c) => {
    const config = await service.companyConfig(c.get("deps"), c.get("auth").companyId, c.req.param("module"));
    return c.json({ result: "SUCCESS", config });
  });
  return r;
}
