// The lines calls of /api/approval (shared/approval/). Mounted by ../routes.ts.
import { Hono } from "hono";
import type { AppEnv } from "../../../lib/context.ts";

export function lineRoutes() {
  const r = new Hono<AppEnv>();
  return r;
}
