// Flow's HTTP API (002 §7 "Flow (base api/flow)"; the calls and their shapes: shared/flow/). Every call needs a
// signed-in user of a company with flow switched on (companies.use_flow): otherwise 403 flow.disabled. Who may
// do what: access.ts. Ids in paths are numeric, so fixed paths (projects/my, projects/all, tasks/initial,
// tasks/bulk, tasks/copy, tasks/all, tasks/project-group, tasks/filters, tasks/sub) never reach an {id} route.
//
// Layout (each folder mounts its own calls under /api/flow, mail-tasks/ under /api/mails):
//   projects/     projects (create, change, delete, my, all, one), the project tree (folders), favourites
//   members/      invite, resend, apply, accept, approve, decline, cancel, leave, remove, authority, delegate
//                 (and their mails)
//   groups/       task groups (the default group 미지정), move, move to another project
//   tasks/        lists and kanban (initial, lane pages, filters in SQL, ISO weeks), create, bulk, copy, field
//                 changes, moves (fractional keys), delete, move to another project, saved task filters
//   details/      a task's checklist, comments, files and the .eml view
//   mail-tasks/   /api/mails/flow/tasks: mails made into tasks (the mail module's flow folder -17)
//   calendar/     (no calls) the project calendars' source for the calendar module
import { Hono } from "hono";
import { FLOW_ERRORS } from "../../../shared/flow/errors.ts";
import { requireAuth } from "../../lib/auth.ts";
import type { AppEnv } from "../../lib/context.ts";
import { moduleGate } from "../../lib/module-gate.ts";
import { registerFlowCalendar } from "./calendar/source.ts";
import { detailRoutes } from "./details/routes.ts";
import { groupRoutes } from "./groups/routes.ts";
import { mailTaskRoutes } from "./mail-tasks/routes.ts";
import { memberRoutes } from "./members/routes.ts";
import { projectRoutes } from "./projects/routes.ts";
import { taskRoutes } from "./tasks/routes.ts";

export const flowEnabled = moduleGate("useFlow", FLOW_ERRORS.disabled);

export function flowRoutes() {
  registerFlowCalendar();
  const r = new Hono<AppEnv>();
  r.use("/api/flow/*", requireAuth, flowEnabled);
  r.use("/api/mails/flow/*", requireAuth, flowEnabled);
  r.route("/api/mails", mailTaskRoutes());
  r.route("/api/flow", projectRoutes());
  r.route("/api/flow", memberRoutes());
  r.route("/api/flow", groupRoutes());
  r.route("/api/flow", taskRoutes());
  r.route("/api/flow", detailRoutes());
  return r;
}
