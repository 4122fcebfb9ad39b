// The dashboards calls of api/leaves and api/hr/leaves (shared/leave/leave.ts). Mounted by ../routes.ts under
// /api (sign-in and the useLeave gate are checked there).
//   GET leaves/list?date&organId&includeChildren&page&size   MembersPage (members.ts)
//   GET leaves/users/{id}?date                               UserLeave (user-leave.ts)
//   GET hr/leaves/pending/count                              PendingCount (hr-lists.ts)
//   GET hr/leaves/pending                                    HrPending (hr-lists.ts)
//   GET hr/leaves/usages/untracked?page&size                 Page<Usage> (hr-lists.ts)
import { Hono } from "hono";
import { dateQuery, membersQuery, untrackedQuery } from "../../../../shared/leave/leave.ts";
import { LEAVE_ERRORS } from "../../../../shared/leave/errors.ts";
import { type AppEnv, callerOf } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { query } from "../../../lib/validate.ts";
import { hrPending, pendingCount, untrackedUsages } from "./hr-lists.ts";
import { membersPage } from "./members.ts";
import { userLeave } from "./user-leave.ts";

export function dashboardRoutes() {
  const r = new Hono<AppEnv>();
  r.get("/leaves/list", async (c) => c.json(await membersPage(callerOf(c), query(c, membersQuery))));
  r.get("/leaves/users/:id", async (c) => {
    const raw = c.req.param("id");
    // Not a number: no such member (404 like a missing or foreign one).
    if (!/^\d{1,15}$/.test(raw)) throw new AppError(404, LEAVE_ERRORS.userNotFound);
    return c.json(await userLeave(callerOf(c), Number(raw), query(c, dateQuery).date));
  });
  r.get("/hr/leaves/pending/count", async (c) => c.json(await pendingCount(callerOf(c))));
  r.get("/hr/leaves/pending", async (c) => c.json(await hrPending(callerOf(c))));
  r.get("/hr/leaves/usages/untracked", async (c) => {
    const q = query(c, untrackedQuery);
    return c.json(await untrackedUsages(callerOf(c), q.page, q.size));
  });
  return r;
}
