// Calls of to-do's workspaces/ (shared/todo/). Filled in by issue 30's build.
import { Hono } from "hono";
import type { AppEnv } from "../../../lib/context.ts";

export function workspaceRoutes() {
  const r = new Hono<AppEnv>();
  return r;
}
