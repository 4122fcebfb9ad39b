// Calls of flow's tasks/ (shared/flow/). Filled in by issue 30's build.
import { Hono } from "hono";
import type { AppEnv } from "../../../lib/context.ts";

export function taskRoutes() {
  const r = new Hono<AppEnv>();
  return r;
}
