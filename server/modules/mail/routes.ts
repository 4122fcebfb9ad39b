// The mail module's HTTP API (000 §7 "Mail files and compose", "Mail reading and actions", "Folders and
// tags", "Mail settings"): folders and tags, reading and acting on mails, composing and sending, restore and
// backup, the mail config.
import { Hono } from "hono";
import type { AppEnv } from "../../lib/context.ts";
import { aliasRoutes } from "./aliases/routes.ts";
import { composeRoutes } from "./compose/routes.ts";
import { configRoutes } from "./config/routes.ts";
import { folderRoutes } from "./folders/routes.ts";
import { readingRoutes } from "./reading/routes.ts";
import { signatureRoutes } from "./signatures/routes.ts";
import { transferRoutes } from "./transfer/routes.ts";
import { spamRoutes } from "./spam/routes.ts";
import { spamListRoutes } from "./spam/lists-routes.ts";
import { ruleRoutes } from "./rules/routes.ts";
import { forwardRoutes } from "./forward/routes.ts";
import { awayRoutes } from "./away/routes.ts";
import { externalRoutes } from "./external/routes.ts";
import { clientRoutes } from "./clients/routes.ts";
import { mailDriveRoutes } from "./drive/routes.ts";

export function mailRoutes() {
  const r = new Hono<AppEnv>();
  r.route("/", folderRoutes());
  r.route("/", mailDriveRoutes()); // before reading: /api/mails/view/{id}/attach/{position}/drive
  r.route("/", readingRoutes());
  r.route("/", composeRoutes());
  r.route("/", transferRoutes());
  r.route("/", spamRoutes());
  r.route("/", spamListRoutes());
  // Settings with paths of their own under /api/mail/config/... (sign, rule, external, forward, away) go
  // ABOVE this line: configRoutes' PUT /api/mail/config/:setting answers 404 for any setting it does not know.
  r.route("/", aliasRoutes());
  r.route("/", signatureRoutes());
  r.route("/", ruleRoutes());
  r.route("/", forwardRoutes());
  r.route("/", awayRoutes());
  r.route("/", externalRoutes());
  r.route("/", clientRoutes());
  r.route("/", configRoutes());
  return r;
}
