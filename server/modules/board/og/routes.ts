// Mounted by ../routes.ts under /api/board (see the folder's part of shared/board/).
import { Hono } from "hono";
import type { AppEnv } from "../../../lib/context.ts";

export function ogRoutes() {
  const r = new Hono<AppEnv>();
  return r;
}
