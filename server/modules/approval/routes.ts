// Electronic approval's HTTP API (002 §7 "Approval", /api/approval; the calls and their shapes: shared/approval/).
// Every call needs a signed-in user of a company with approval switched on (companies.use_approval): otherwise
// 403 approval.disabled.
//
// Layout (each folder mounts its own calls under /api/approval):
//   forms/     form boxes, forms and versions, templates, the starter set, the admin's form calls
//   config/    basic config, document managers, line presets, deputies
//   lines/     line validation (shared by drafting, presets, upper and share) and the line actions
//   documents/ drafting, the document view and its access rule, files, opinions, numbering, notifications
//   boxes/     the boxes, the ledger, the dashboard and the Excel export
import { Hono } from "hono";
import { APPROVAL_ERRORS } from "../../../shared/approval/errors.ts";
import { requireAuth } from "../../lib/auth.ts";
import type { AppEnv } from "../../lib/context.ts";
import { moduleGate } from "../../lib/module-gate.ts";
import { boxRoutes } from "./boxes/routes.ts";
import { configRoutes } from "./config/routes.ts";
import { documentRoutes } from "./documents/routes.ts";
import { formRoutes } from "./forms/routes.ts";
import { lineRoutes } from "./lines/routes.ts";

export const approvalEnabled = moduleGate("useApproval", APPROVAL_ERRORS.disabled);

export function approvalRoutes() {
  const r = new Hono<AppEnv>();
  r.use("/api/approval/*", requireAuth, approvalEnabled);
  r.route("/api/approval", formRoutes());
  r.route("/api/approval", configRoutes());
  r.route("/api/approval", lineRoutes());
  r.route("/api/approval", documentRoutes());
  r.route("/api/approval", boxRoutes());
  return r;
}
