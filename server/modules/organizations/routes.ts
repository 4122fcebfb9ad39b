import { Hono } from "hono";
import type { AppEnv } from "../../lib/context.ts";

export function organizationRoutes() {
  const r = new Hono<AppEnv>();
  return r;
}
