import { Hono } from "hono";
import type { AppEnv } from "../../../lib/context.ts";

export function readingRoutes() {
  return new Hono<AppEnv>();
}
