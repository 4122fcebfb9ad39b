// The lines calls of /api/approval (shared/approval/lines.ts). Mounted by ../routes.ts. The validation calls
// live in ./validate-routes.ts; the line actions (approve, reject, cancel, receive, return, upper, share, list)
// are added here.
import { Hono } from "hono";
import type { AppEnv } from "../../../lib/context.ts";
import { lineActionRoutes } from "./action-routes.ts";
import { lineValidateRoutes } from "./validate-routes.ts";

export function lineRoutes() {
  const r = new Hono<AppEnv>();
  r.route("/", lineValidateRoutes());
  r.route("/", lineActionRoutes());
  return r;
}
