// GET docs/search (shared/wiki/search.ts).
import { Hono } from "hono";
import type { AppEnv } from "../../../lib/context.ts";

export function searchRoutes() {
  const r = new Hono<AppEnv>();
  return r;
}
