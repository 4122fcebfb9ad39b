// POST appr-line/approver/validate and appr-line/approver/list/validate (shared/approval/lines.ts): the line
// picker checks a line before adding it, the draft screen checks its whole list. Both answer the LineCheck(s)
// when valid and 400 with the first code (params.lines: the checks) when not. Mounted by ./routes.ts.
import { Hono } from "hono";
import { approverValidateBody, lineListValidateBody } from "../../../../shared/approval/lines.ts";
import { type AppEnv, callerOf } from "../../../lib/context.ts";
import { body } from "../../../lib/validate.ts";
import { checkLineList, checkOneLine } from "./validate-service.ts";

export function lineValidateRoutes() {
  const r = new Hono<AppEnv>();
  r.post("/appr-line/approver/validate", async (c) => c.json(await checkOneLine(callerOf(c), await body(c, approverValidateBody))));
  r.post("/appr-line/approver/list/validate", async (c) => c.json(await checkLineList(callerOf(c), await body(c, lineListValidateBody))));
  return r;
}
