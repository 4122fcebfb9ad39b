// Share API (000 §7 "Share"). Auth is asked per route, not for /api/share/*: the public share-link calls
// live under the same prefix.
import { Hono } from "hono";
import {
  moduleTypeParam, objectIdParam, shareCancelBody, shareCreateBody, shareDeleteBody, shareUpdateBody,
} from "../../../shared/share.ts";
import { requireAuth } from "../../lib/auth.ts";
import { type AppContext, type AppEnv, callerOf } from "../../lib/context.ts";
import { notFound } from "../../lib/errors.ts";
import { body } from "../../lib/validate.ts";
import { resolverOf, sharedWith } from "./access.ts";
import * as service from "./service.ts";

/** moduleType and objectId of the path; malformed ones answer 404 like unknown ones. */
function target(c: AppContext): { moduleType: string; objectId: string } {
  const m = moduleTypeParam.safeParse(c.req.param("moduleType"));
  const o = objectIdParam.safeParse(c.req.param("objectId"));
  if (!m.success || !o.success) throw notFound();
  return { moduleType: m.data, objectId: o.data };
}

export function shareRoutes() {
  const r = new Hono<AppEnv>();

  r.get("/api/share/shared-with-me/:moduleType", requireAuth, async (c) => {
    const m = moduleTypeParam.safeParse(c.req.param("moduleType"));
    if (!m.success) throw notFound();
    const { auth, deps } = callerOf(c);
    resolverOf(deps, m.data);
    return c.json(await sharedWith(deps, auth, m.data));
  });

  r.get("/api/share/:moduleType/:objectId/members", requireAuth, async (c) => {
    const { moduleType, objectId } = target(c);
    return c.json(await service.members(callerOf(c), moduleType, objectId));
  });

  r.post("/api/share/:moduleType/:objectId", requireAuth, async (c) => {
    const { moduleType, objectId } = target(c);
    const { members } = await body(c, shareCreateBody);
    return c.json(await service.create(callerOf(c), moduleType, objectId, members), 201);
  });

  // Answers a bare number: -2 gone, -1 not the organiser, 0 updated, 1 all sharing cancelled.
  r.put("/api/share/:moduleType/:objectId", requireAuth, async (c) => {
    const { moduleType, objectId } = target(c);
    const input = await body(c, shareUpdateBody);
    return c.json(await service.update(callerOf(c), moduleType, objectId, input));
  });

  r.delete("/api/share/cancel", requireAuth, async (c) => {
    const { cancelList, moduleType } = await body(c, shareCancelBody);
    await service.cancel(callerOf(c), moduleType, cancelList);
    return c.body(null, 204);
  });

  r.delete("/api/share", requireAuth, async (c) => {
    const { objectIds, moduleType } = await body(c, shareDeleteBody);
    await service.removeShares(callerOf(c), moduleType, objectIds);
    return c.body(null, 204);
  });

  return r;
}
