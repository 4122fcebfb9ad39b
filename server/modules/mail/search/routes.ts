// Mail search and search history (paths in shared/mail/search.ts).
import { Hono } from "hono";
import { deleteHistoryBody, searchQuery } from "../../../../shared/mail/search.ts";
import { requireAuth } from "../../../lib/auth.ts";
import { type AppEnv, callerOf } from "../../../lib/context.ts";
import { body, query } from "../../../lib/validate.ts";
import { search } from "./service.ts";
import { deleteHistory, listHistory } from "./history.ts";

export function searchRoutes() {
  const r = new Hono<AppEnv>();
  r.get("/api/mails/search", requireAuth, async (c) => {
    const { page, pageSize, ...opts } = query(c, searchQuery);
    return c.json(await search(callerOf(c), opts, page, pageSize));
  });
  r.get("/api/mail/history", requireAuth, async (c) => c.json(await listHistory(callerOf(c))));
  r.delete("/api/mail/history", requireAuth, async (c) => {
    await deleteHistory(callerOf(c), await body(c, deleteHistoryBody));
    return c.body(null, 204);
  });
  return r;
}
