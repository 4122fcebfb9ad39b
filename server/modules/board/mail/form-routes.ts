// GET /api/mails/share/board/form/{mailId} (000 §7; shared/board/config.ts), mounted by ../routes.ts.
import { Hono } from "hono";
import type { AppEnv } from "../../../lib/context.ts";

export function boardMailFormRoutes() {
  const r = new Hono<AppEnv>();
  return r;
}
