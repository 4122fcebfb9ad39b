// GET /api/search (shared/search.ts): the search across modules for a signed-in user.
import { Hono } from "hono";
import { searchQuery } from "../../../shared/search.ts";
import { requireAuth } from "../../lib/auth.ts";
import { type AppEnv, callerOf } from "../../lib/context.ts";
import { query } from "../../lib/validate.ts";
import { searchAll } from "./service.ts";

export function searchRoutes() {
  const r = new Hono<AppEnv>();
  r.get("/api/search", requireAuth, async (c) => c.json(await searchAll(callerOf(c), query(c, searchQuery))));
  return r;
}
