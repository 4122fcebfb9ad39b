// Favourites, recent documents, last read (shared/wiki/personal.ts).
import { Hono } from "hono";
import type { AppEnv } from "../../../lib/context.ts";

export function personalRoutes() {
  const r = new Hono<AppEnv>();
  return r;
}
