// Markdown export and import (shared/wiki/documents.ts).
import { Hono } from "hono";
import type { AppEnv } from "../../../lib/context.ts";

export function transferRoutes() {
  const r = new Hono<AppEnv>();
  return r;
}
