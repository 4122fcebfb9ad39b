import { Hono } from "hono";
import type { AppEnv } from "../../lib/context.ts";

export function accountRoutes() {
  const r = new Hono<AppEnv>();
  return r;
}
