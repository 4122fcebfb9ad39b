// The ledger calls of api/leaves and api/hr/leaves (shared/leave/leave.ts): approvers, allocations, usages, HR's
// grants and status changes. Mounted by ../routes.ts under /api. Building them also connects the calendar's
// event dialog (calendar-apply.ts) and the approval module's 휴가신청서 (approval-link.ts).
import { Hono } from "hono";
import {
  allocationBody, allocationPatchBody, allocationRequestBody, allocationsQuery, decisionBody, statusBody, usageBody,
  usagesQuery,
} from "../../../../shared/leave/leave.ts";
import { LEAVE_ERRORS } from "../../../../shared/leave/errors.ts";
import { type AppContext, type AppEnv, callerOf } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { body, query } from "../../../lib/validate.ts";
import { approversOf } from "../settings/roles.ts";
import { leaveId } from "../settings/routes.ts";
import * as allocations from "./allocations.ts";
import { applyViaApproval, listenToApproval } from "./approval-link.ts";
import { listenToCalendar } from "./calendar-apply.ts";
import * as decisions from "./decisions.ts";
import * as usages from "./usages.ts";

const id = (c: AppContext) => leaveId(c, LEAVE_ERRORS.notFound);

export function ledgerRoutes() {
  listenToCalendar();
  listenToApproval();
  const r = new Hono<AppEnv>();
  r.get("/leaves/approvers", async (c) => {
    const caller = callerOf(c);
    const list = await approversOf(caller.deps.db, caller.auth.companyId, caller.auth.userId);
    if (!list.length) throw new AppError(400, LEAVE_ERRORS.noApprover);
    return c.json(list);
  });

  r.get("/leaves/allocations", async (c) => c.json(await allocations.listAllocations(callerOf(c), query(c, allocationsQuery))));
  r.get("/leaves/allocations/pending", async (c) => c.json(await allocations.pendingAllocations(callerOf(c))));
  r.get("/leaves/allocations/:id", async (c) => c.json(await allocations.getAllocation(callerOf(c), id(c))));
  r.post("/leaves/allocations", async (c) => c.json(await allocations.requestAllocation(callerOf(c), await body(c, allocationRequestBody)), 201));
  r.patch("/leaves/allocations/:id", async (c) => {
    const n = id(c);
    return c.json(await allocations.editRequest(callerOf(c), n, await body(c, allocationRequestBody)));
  });
  r.patch("/leaves/allocations/:id/decision", async (c) => {
    const n = id(c);
    return c.json(await allocations.decideAllocation(callerOf(c), n, await body(c, decisionBody)));
  });
  r.delete("/leaves/allocations/:id", async (c) => c.json(await allocations.withdrawRequest(callerOf(c), id(c))));

  r.get("/leaves/usages", async (c) => c.json(await usages.listUsages(callerOf(c), query(c, usagesQuery))));
  r.get("/leaves/usages/pending", async (c) => c.json(await usages.pendingUsages(callerOf(c))));
  r.get("/leaves/usages/:id", async (c) => c.json(await usages.getUsage(callerOf(c), id(c))));
  r.post("/leaves/usages", async (c) => {
    const caller = callerOf(c);
    const input = await body(c, usageBody);
    if (input.viaApproval) return c.json(await applyViaApproval(caller, input), 201);
    return c.json((await usages.applyUsage(caller, input)).usage, 201);
  });
  r.post("/leaves/usages/preview", async (c) => c.json(await usages.previewUsage(callerOf(c), await body(c, usageBody))));
  r.patch("/leaves/usages/:id", async (c) => {
    const n = id(c);
    return c.json(await usages.editUsage(callerOf(c), n, await body(c, usageBody)));
  });
  r.patch("/leaves/usages/:id/decision", async (c) => {
    const n = id(c);
    return c.json(await decisions.decideUsage(callerOf(c), n, await body(c, decisionBody)));
  });
  r.delete("/leaves/usages/:id", async (c) => c.json(await usages.cancelUsage(callerOf(c), id(c))));

  r.post("/hr/leaves/allocations", async (c) => c.json(await allocations.grantAllocation(callerOf(c), await body(c, allocationBody)), 201));
  r.patch("/hr/leaves/allocations/:id", async (c) => {
    const n = id(c);
    return c.json(await allocations.editAllocation(callerOf(c), n, await body(c, allocationPatchBody)));
  });
  r.patch("/hr/leaves/usages/:id/status", async (c) => {
    const n = id(c);
    return c.json(await decisions.setUsageStatus(callerOf(c), n, await body(c, statusBody)));
  });
  return r;
}
