// A project id in a flow path: digits only (/^\d{1,15}$/); anything else answers 404 flow.project_not_found as
// a missing project does.
import type { AppContext } from "../../../lib/context.ts";
import { projectNotFound } from "../access.ts";

export function projectIdParam(c: AppContext, name = "id"): number {
  const raw = c.req.param(name) ?? "";
  if (!/^\d{1,15}$/.test(raw)) throw projectNotFound();
  const id = Number(raw);
  if (id <= 0) throw projectNotFound();
  return id;
}
