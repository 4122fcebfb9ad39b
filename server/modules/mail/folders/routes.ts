import { Hono } from "hono";
import type { AppEnv } from "../../../lib/context.ts";

export function folderRoutes() {
  return new Hono<AppEnv>();
}
