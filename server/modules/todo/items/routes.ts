// Calls of to-do's items/ (shared/todo/). Filled in by issue 30's build.
import { Hono } from "hono";
import type { AppEnv } from "../../../lib/context.ts";

export function itemRoutes() {
  const r = new Hono<AppEnv>();
  return r;
}
