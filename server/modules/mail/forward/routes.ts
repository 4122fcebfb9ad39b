// Forwarding API (paths in shared/mail/forward.ts): the signed-in user's config, and the public acceptance link
// of the approval mail (GET shows a confirmation page, its button POSTs the token and accepts).
import { Hono } from "hono";
import { forwardInput, resendInput } from "../../../../shared/mail/forward.ts";
import { requireAuth } from "../../../lib/auth.ts";
import { type AppContext, type AppEnv, callerOf } from "../../../lib/context.ts";
import { parseWith, readBody } from "../../../lib/validate.ts";
import { acceptPage } from "./approval.ts";
import { acceptByToken, findByToken, getForward, resendApproval, saveForward } from "./service.ts";

export function forwardRoutes() {
  const r = new Hono<AppEnv>();
  r.get("/api/mail/config/forward", requireAuth, async (c) => c.json(await getForward(callerOf(c))));
  r.post("/api/mail/config/forward", requireAuth, async (c) => {
    return c.json(await saveForward(callerOf(c), parseWith(forwardInput, withTargets(await readBody(c)))));
  });
  r.post("/api/mail/config/resend_approval_mail", requireAuth, async (c) => {
    const { targets } = parseWith(resendInput, withTargets(await readBody(c)));
    return c.json(await resendApproval(callerOf(c), targets));
  });
  r.get("/api/mail/forward/accept", async (c) => {
    const token = c.req.query("token") ?? "";
    const found = await findByToken(c.get("deps"), token);
    if (!found) return page(c, "invalid", 404, {});
    return page(c, "confirm", 200, { name: found.ownerName, owner: found.ownerAddress, target: found.target.address, token });
  });
  r.post("/api/mail/forward/accept", async (c) => {
    const form = await readBody(c) as Record<string, unknown>;
    const done = await acceptByToken(c.get("deps"), typeof form.token === "string" ? form.token : "");
    if (!done) return page(c, "invalid", 404, {});
    return page(c, "done", 200, { name: done.ownerName, owner: done.ownerAddress, target: done.target.address });
  });
  return r;
}

function page(c: AppContext, kind: Parameters<typeof acceptPage>[0], status: 200 | 404, v: Parameters<typeof acceptPage>[2]) {
  c.header("cache-control", "no-store");
  c.header("referrer-policy", "no-referrer");
  return c.html(acceptPage(kind, c.req.header("accept-language") ?? "", v), status);
}

/** Form bodies may name targets as targets[0][address]=… or targets[address]=…: folded into a list here. */
function withTargets(input: unknown): unknown {
  if (!input || typeof input !== "object" || Array.isArray(input)) return input;
  const o = { ...(input as Record<string, unknown>) };
  const keyed = Object.keys(o).filter((k) => /^targets(\[\d+\])?\[address\]$/.test(k)).sort();
  if (keyed.length) {
    const list = keyed.flatMap((k) => o[k] as string | string[]);
    for (const k of keyed) delete o[k];
    o.targets = [...(Array.isArray(o.targets) ? o.targets : o.targets ? [o.targets] : []), ...list];
  }
  return o;
}
