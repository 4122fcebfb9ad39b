// The settings calls of api/leaves and api/hr/leaves (shared/leave/leave.ts): policy, leave types, HR user data
// and attendance. Mounted by ../routes.ts under /api.
import { Hono } from "hono";
import {
  attendanceBody, dateQuery, hrUserBody, hrUsersQuery, policyBody, templateBody, templatePatchBody,
} from "../../../../shared/leave/leave.ts";
import { type AppContext, type AppEnv, callerOf } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { body, query } from "../../../lib/validate.ts";
import { allocationsOfType } from "../ledger/allocations.ts";
import { usagesOfType } from "../ledger/usages.ts";
import * as hrUsers from "./hr-users.ts";
import * as templates from "./templates.ts";

/** A numeric path id; anything else answers 404 with the call's own code, like a missing row. */
export function leaveId(c: AppContext, code: `leave.${string}`): number {
  const raw = c.req.param("id") ?? "";
  if (!/^\d{1,15}$/.test(raw)) throw new AppError(404, code);
  return Number(raw);
}
const templateId = (c: AppContext) => leaveId(c, "leave.template_not_found");
const userId = (c: AppContext) => leaveId(c, "leave.user_not_found");

export function settingsRoutes() {
  const r = new Hono<AppEnv>();
  r.get("/leaves/policies", async (c) => c.json(await templates.getPolicy(callerOf(c))));
  r.put("/leaves/policies", async (c) => c.json(await templates.putPolicy(callerOf(c), await body(c, policyBody))));
  r.get("/leaves/templates", async (c) => c.json(await templates.listTemplates(callerOf(c))));
  r.post("/leaves/templates", async (c) => c.json(await templates.createTemplate(callerOf(c), await body(c, templateBody)), 201));
  r.patch("/leaves/templates/:id", async (c) => {
    const id = templateId(c);
    return c.json(await templates.patchTemplate(callerOf(c), id, await body(c, templatePatchBody)));
  });
  r.delete("/leaves/templates/:id", async (c) => c.json(await templates.deleteTemplate(callerOf(c), templateId(c))));
  r.get("/leaves/templates/:id/allocations", async (c) => {
    const id = templateId(c);
    return c.json(await allocationsOfType(callerOf(c), id, query(c, dateQuery).date));
  });
  r.get("/leaves/templates/:id/usages", async (c) => {
    const id = templateId(c);
    return c.json(await usagesOfType(callerOf(c), id, query(c, dateQuery).date));
  });
  r.get("/hr/leaves/users", async (c) => c.json(await hrUsers.listHrUsers(callerOf(c), query(c, hrUsersQuery))));
  r.patch("/hr/leaves/users/:id", async (c) => {
    const id = userId(c);
    return c.json(await hrUsers.patchHrUser(callerOf(c), id, await body(c, hrUserBody)));
  });
  r.put("/hr/leaves/users/:id/attendance", async (c) => {
    const id = userId(c);
    return c.json(await hrUsers.putAttendance(callerOf(c), id, await body(c, attendanceBody)));
  });
  return r;
}
