// The mail module's HTTP API (000 §7 "Mail files and compose", "Mail reading and actions", "Folders and
// tags", "Mail settings"): folders and tags, reading and acting on mails, composing and sending, restore and
// backup, the mail config.
import { Hono } from "hono";
import type { AppEnv } from "../../lib/context.ts";
import { composeRoutes } from "./compose/routes.ts";
import { configRoutes } from "./config/routes.ts";
import { folderRoutes } from "./folders/routes.ts";
import { readingRoutes } from "./reading/routes.ts";
import { transferRoutes } from "./transfer/routes.ts";
import { spamRoutes } from "./spam/routes.ts";

export function mailRoutes() {
  const r = new Hono<AppEnv>();
  r.route("/", folderRoutes());
  r.route("/", readingRoutes());
  r.route("/", composeRoutes());
  r.route("/", transferRoutes());
  r.route("/", spamRoutes());
  r.route("/", configRoutes());
  return r;
}
