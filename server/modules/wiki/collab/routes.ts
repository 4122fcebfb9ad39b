// The live editor's WebSocket (shared/wiki/collab.ts).
import { Hono } from "hono";
import type { AppEnv } from "../../../lib/context.ts";

export function collabRoutes() {
  const r = new Hono<AppEnv>();
  return r;
}
