// Announcements (000 §7): list, one, recent and "is there something new" for every signed-in user of the
// company; create, edit and delete for administrators. A foreign id answers 404 as a missing one does.
import { Hono } from "hono";
import { announcementBody, announcementListQuery, announcementRecentQuery } from "../../../shared/announcements.ts";
import { requireAdmin, requireAuth } from "../../lib/auth.ts";
import { type AppEnv, callerOf } from "../../lib/context.ts";
import { body, idParam, query } from "../../lib/validate.ts";
import * as service from "./service.ts";

export function announcementRoutes() {
  const r = new Hono<AppEnv>();
  r.use("/api/announce/*", requireAuth);
  r.use("/api/admin/announcements", requireAuth, requireAdmin);
  r.use("/api/admin/announcements/*", requireAuth, requireAdmin);

  r.get("/api/announce/list", async (c) => c.json(await service.list(callerOf(c), query(c, announcementListQuery))));
  r.get("/api/announce/recent", async (c) =>
    c.json(await service.recent(callerOf(c), query(c, announcementRecentQuery).timeMillis)));
  r.get("/api/announce/recent/isUpdated", async (c) =>
    c.json(await service.isUpdated(callerOf(c), query(c, announcementRecentQuery).timeMillis)));
  r.get("/api/announce/:id", async (c) => c.json(await service.get(callerOf(c), idParam(c))));

  r.post("/api/admin/announcements", async (c) =>
    c.json(await service.create(callerOf(c), await body(c, announcementBody)), 201));
  r.put("/api/admin/announcements/:id", async (c) => {
    const id = idParam(c);
    return c.json(await service.update(callerOf(c), id, await body(c, announcementBody)));
  });
  r.delete("/api/admin/announcements/:id", async (c) => {
    await service.remove(callerOf(c), idParam(c));
    return c.body(null, 204);
  });

  return r;
}
