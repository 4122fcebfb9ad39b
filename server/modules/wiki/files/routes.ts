// Attached files (shared/wiki/documents.ts): attach, attach info (fileRoutes, under /api/wiki behind the auth
// middleware) and the bytes by signed token (fileBytesRoutes, mounted before it: GET /api/wiki/files/{fileId}).
import { Hono } from "hono";
import type { AppEnv } from "../../../lib/context.ts";

export function fileRoutes() {
  const r = new Hono<AppEnv>();
  return r;
}

export function fileBytesRoutes() {
  const r = new Hono<AppEnv>();
  return r;
}
