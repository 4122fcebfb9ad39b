// Ids in the paths of flow's task, group and detail calls: digits only (/^\d{1,15}$/); anything else answers
// the module's not-found code, as a missing row does (a project: flow.project_not_found; a task:
// flow.task_not_found; ...). {p} may be "all" where the contract says so.
import { ALL_PROJECTS } from "../../../../shared/flow/constants.ts";
import { FLOW_ERRORS, type FlowErrorCode } from "../../../../shared/flow/errors.ts";
import type { AppContext } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";

export function pathId(c: AppContext, name: string, code: FlowErrorCode): number {
  const raw = c.req.param(name) ?? "";
  if (!/^\d{1,15}$/.test(raw) || Number(raw) <= 0) throw new AppError(404, code);
  return Number(raw);
}

export const projectParam = (c: AppContext) => pathId(c, "p", FLOW_ERRORS.projectNotFound);
export const taskParam = (c: AppContext, name = "t") => pathId(c, name, FLOW_ERRORS.taskNotFound);

/** {p} of the calls that take "all" too: null for all. */
export const projectOrAll = (c: AppContext): number | null => (c.req.param("p") === ALL_PROJECTS ? null : projectParam(c));
