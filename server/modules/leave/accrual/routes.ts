// The accrual calls of api/leaves and api/hr/leaves (shared/leave/leave.ts). Mounted by ../routes.ts under /api.
//   POST /hr/leaves/accrual/run   200 { granted, expired }: the accrual of the caller's company up to today, now (HR only,
//                                 else 403 leave.hr_only); the job does the same every hour on its own.
import { Hono } from "hono";
import { LEAVE_ERRORS } from "../../../../shared/leave/errors.ts";
import { callerOf, type AppEnv } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { registerNextGrant } from "../ledger/advance.ts";
import { isHr } from "../settings/roles.ts";
import { nextGrantDays } from "./next-grant.ts";
import { runCompanyAccrual } from "./service.ts";

export function accrualRoutes() {
  const r = new Hono<AppEnv>();
  // The ledger's advance use borrows against the next grant this engine computes.
  registerNextGrant(nextGrantDays);
  r.post("/hr/leaves/accrual/run", async (c) => {
    const caller = callerOf(c);
    if (!isHr(caller)) throw new AppError(403, LEAVE_ERRORS.hrOnly);
    const run = await runCompanyAccrual(caller.deps, caller.auth.companyId);
    return c.json({ granted: run.granted, expired: run.expired });
  });
  return r;
}
