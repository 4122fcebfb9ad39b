// The bell's HTTP API under /api/notifications (the call list: shared/notifications/api.ts). Every call needs a
// signed-in user; a notification id that is not digits answers 404 notifications.not_found, as a missing one does.
import { Hono } from "hono";
import { listQuery, readBody, settingsBody } from "../../../shared/notifications/api.ts";
import { NOTIFICATION_ERRORS } from "../../../shared/notifications/errors.ts";
import { requireAuth } from "../../lib/auth.ts";
import { type AppEnv, callerOf } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";
import { body, query } from "../../lib/validate.ts";
import * as service from "./service.ts";

export function notificationRoutes() {
  const r = new Hono<AppEnv>();
  r.use("/api/notifications", requireAuth);
  r.use("/api/notifications/*", requireAuth);
  r.get("/api/notifications", async (c) => c.json(await service.list(callerOf(c), query(c, listQuery))));
  r.get("/api/notifications/unread-count", async (c) => c.json(await service.unreadCount(callerOf(c))));
  r.post("/api/notifications/read", async (c) => c.json(await service.read(callerOf(c), await body(c, readBody))));
  r.get("/api/notifications/settings", async (c) => c.json(await service.settings(callerOf(c))));
  r.put("/api/notifications/settings", async (c) => c.json(await service.saveSettings(callerOf(c), await body(c, settingsBody))));
  r.delete("/api/notifications/:id", async (c) => {
    const raw = c.req.param("id");
    if (!/^\d{1,15}$/.test(raw) || Number(raw) <= 0) throw new AppError(404, NOTIFICATION_ERRORS.notFound);
    await service.remove(callerOf(c), Number(raw));
    return c.body(null, 204);
  });
  return r;
}
