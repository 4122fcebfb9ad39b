// Calls of flow's mail-tasks/ (shared/flow/). Filled in by issue 30's build.
import { Hono } from "hono";
import type { AppEnv } from "../../../lib/context.ts";

export function mailTaskRoutes() {
  const r = new Hono<AppEnv>();
  return r;
}
