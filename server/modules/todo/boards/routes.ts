// Calls of to-do's boards/ (shared/todo/). Filled in by issue 30's build.
import { Hono } from "hono";
import type { AppEnv } from "../../../lib/context.ts";

export function boardRoutes() {
  const r = new Hono<AppEnv>();
  return r;
}
