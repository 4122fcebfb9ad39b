import { Hono } from "hono";
import type { AppEnv } from "../../../lib/context.ts";

export function composeRoutes() {
  return new Hono<AppEnv>();
}
