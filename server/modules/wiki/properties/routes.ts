// Database properties, options and row values (shared/wiki/properties.ts).
import { Hono } from "hono";
import type { AppEnv } from "../../../lib/context.ts";

export function propertyRoutes() {
  const r = new Hono<AppEnv>();
  return r;
}
