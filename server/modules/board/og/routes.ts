// Mounted by ../routes.ts under /api/board (shared/board/posts.ts: GET og?url → OgPreview).
import { Hono } from "hono";
import { ogQuery } from "../../../../shared/board/posts.ts";
import { type AppEnv, callerOf } from "../../../lib/context.ts";
import { query } from "../../../lib/validate.ts";
import { ogPreview } from "./service.ts";

export function ogRoutes() {
  const r = new Hono<AppEnv>();
  r.get("/og", async (c) => {
    const { url } = query(c, ogQuery);
    c.header("cache-control", "private, max-age=3600");
    return c.json(await ogPreview(callerOf(c), url));
  });
  return r;
}
