// Mounted by ../routes.ts under /api/board: post/{postId}/view, post/read, post/unread, post/{postId}/readers,
// post/{postId}/remind (shared/board/posts.ts).
import { Hono } from "hono";
import type { AppEnv } from "../../../lib/context.ts";

export function readRoutes() {
  const r = new Hono<AppEnv>();
  return r;
}
