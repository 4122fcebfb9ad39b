// Auto-sort rules API (paths and answers in shared/mail/rules.ts).
import { Hono } from "hono";
import { ruleDeleteInput, ruleInput, ruleMoveInput, rulePageQuery } from "../../../../shared/mail/rules.ts";
import { requireAuth } from "../../../lib/auth.ts";
import { type AppEnv, callerOf } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { body, idParam, query, readBody } from "../../../lib/validate.ts";
import { addRule, changeRule, deleteRules, listRules, moveRule } from "./service.ts";

export function ruleRoutes() {
  const r = new Hono<AppEnv>();
  const base = "/api/mail/config/rule";
  r.get(base, requireAuth, async (c) => {
    const q = query(c, rulePageQuery);
    return c.json(await listRules(callerOf(c), q.page, q.pageSize));
  });
  r.post(base, requireAuth, async (c) => {
    const out = await addRule(callerOf(c), await input(c));
    return "ignored" in out ? c.json(out, 200) : c.json(out, 201);
  });
  r.put(`${base}/:id`, requireAuth, async (c) => c.json(await changeRule(callerOf(c), ruleId(c, "id"), await input(c))));
  r.put(`${base}/:id/sortOrder/:target`, requireAuth, async (c) => {
    const { isLast } = await body(c, ruleMoveInput);
    const target = /^-?\d{1,15}$/.test(c.req.param("target")) ? Number(c.req.param("target")) : NaN;
    if (!isLast && !Number.isSafeInteger(target)) throw new AppError(404, "mail.388");
    return c.json(await moveRule(callerOf(c), ruleId(c, "id"), target, isLast));
  });
  r.delete(base, requireAuth, async (c) => {
    const { ruleIds } = await body(c, ruleDeleteInput);
    await deleteRules(callerOf(c), ruleIds);
    return c.body(null, 204);
  });
  return r;
}

function ruleId(c: Parameters<typeof callerOf>[0], name: string): number {
  try {
    return idParam(c, name);
  } catch {
    throw new AppError(404, "mail.388");
  }
}

/** Any validation failure of a rule is 400 mail.387, except a malformed folder id (400 mail.389). */
async function input(c: Parameters<typeof callerOf>[0]) {
  const r = ruleInput.safeParse(await readBody(c));
  if (r.success) return r.data;
  const folder = r.error.issues.every((i) => i.path[0] === "processOptions");
  throw new AppError(400, folder ? "mail.389" : "mail.387");
}
