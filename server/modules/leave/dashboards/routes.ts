// The dashboards calls of api/leaves and api/hr/leaves (shared/leave/leave.ts). Mounted by ../routes.ts under /api.
import { Hono } from "hono";
import type { AppEnv } from "../../../lib/context.ts";

export function dashboardRoutes() {
  const r = new Hono<AppEnv>();
  return r;
}
