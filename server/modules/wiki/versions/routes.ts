// Versions (shared/wiki/versions.ts).
import { Hono } from "hono";
import type { AppEnv } from "../../../lib/context.ts";

export function versionRoutes() {
  const r = new Hono<AppEnv>();
  return r;
}
