// Documents (shared/wiki/documents.ts): get, summary, summaries, create, patch, move, rollback, delete, trash.
import { Hono } from "hono";
import type { AppEnv } from "../../../lib/context.ts";

export function docRoutes() {
  const r = new Hono<AppEnv>();
  return r;
}
