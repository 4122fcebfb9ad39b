// Leave and HR's HTTP API (002 §7 "Leave": api/leaves and api/hr/leaves; the calls and their shapes:
// shared/leave/leave.ts). Every call needs a signed-in user of a company with leave switched on
// (companies.use_leave): otherwise 403 leave.disabled.
//
// Layout (each folder mounts its own calls under /api):
//   settings/   policy, leave types (templates), HR user data and attendance, the first-use defaults, the roles
//   ledger/     allocations and usages (apply, edit, cancel, decide, HR status), approvers, balances, the
//               calendar's leave events, the approval module's 휴가신청서
//   accrual/    근로기준법 §60 annual leave (a pure engine), the daily grant job, expiry, carry-over, settlement
//   dashboards/ the member and members dashboards, pending counts, untracked usages
//   reports/    the leave ledger and usage report (.xlsx), §61 사용촉진 notices (job and HR view)
import { Hono } from "hono";
import { LEAVE_ERRORS } from "../../../shared/leave/errors.ts";
import { requireAuth } from "../../lib/auth.ts";
import type { AppEnv } from "../../lib/context.ts";
import { moduleGate } from "../../lib/module-gate.ts";
import { accrualRoutes } from "./accrual/routes.ts";
import { dashboardRoutes } from "./dashboards/routes.ts";
import { ledgerRoutes } from "./ledger/routes.ts";
import { reportRoutes } from "./reports/routes.ts";
import { settingsRoutes } from "./settings/routes.ts";

export const leaveEnabled = moduleGate("useLeave", LEAVE_ERRORS.disabled);

export function leaveRoutes() {
  const r = new Hono<AppEnv>();
  r.use("/api/leaves/*", requireAuth, leaveEnabled);
  r.use("/api/hr/leaves/*", requireAuth, leaveEnabled);
  r.route("/api", settingsRoutes());
  r.route("/api", ledgerRoutes());
  r.route("/api", accrualRoutes());
  r.route("/api", dashboardRoutes());
  r.route("/api", reportRoutes());
  return r;
}
