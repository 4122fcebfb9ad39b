// A document's permission members (shared/wiki/permissions.ts).
import { Hono } from "hono";
import type { AppEnv } from "../../../lib/context.ts";

export function permissionRoutes() {
  const r = new Hono<AppEnv>();
  return r;
}
