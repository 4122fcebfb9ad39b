// Share links (000 §7 "Share links"): management for signed-in owners and editors, and the public calls of
// the link viewer (no sign-in needed; a bearer token, when sent, identifies an employee for COMPANY links).
// The public paths are registered first: GET /api/share/links/public/{token} must not be read as
// /api/share/links/{moduleType}/{objectId}.
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import {
  linkValidationQuery, linkVerificationBody, shareLinkCreateBody, shareLinkOpenBody, shareLinkUpdateBody,
  moduleTypeParam, objectIdParam,
} from "../../../shared/share.ts";
import { requireAuth } from "../../lib/auth.ts";
import { type AppContext, type AppEnv, callerOf } from "../../lib/context.ts";
import { notFound } from "../../lib/errors.ts";
import { body, idParam, query } from "../../lib/validate.ts";
import * as publicAccess from "./public.ts";
import * as service from "./service.ts";
import * as verification from "./verification.ts";

const BASE = "/api/share/links";

/** Resolves the caller when a bearer token is sent; anonymous otherwise. */
const optionalAuth = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.header("authorization")) return await requireAuth(c, next);
  await next();
});

const visitor = (c: AppContext): publicAccess.Visitor => ({ auth: c.get("auth"), ip: c.get("ip") });

export function shareLinkRoutes() {
  const r = new Hono<AppEnv>();

  r.get(`${BASE}/public/:token`, optionalAuth, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await publicAccess.describe(c.get("deps"), c.req.param("token"), visitor(c)));
  });
  r.post(`${BASE}/public/:token/open`, optionalAuth, async (c) => {
    c.header("Cache-Control", "no-store");
    const input = await body(c, shareLinkOpenBody);
    return c.json(await publicAccess.open(c.get("deps"), c.req.param("token"), visitor(c), input));
  });
  r.post(`${BASE}/verification`, async (c) =>
    c.json(await verification.sendCode(c.get("deps"), await body(c, linkVerificationBody), c.get("ip"))));
  r.get(`${BASE}/validation/:param`, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await verification.validate(c.get("deps"), c.req.param("param"), query(c, linkValidationQuery)));
  });

  r.get(`${BASE}/:moduleType/:objectId`, requireAuth, async (c) => {
    const m = moduleTypeParam.safeParse(c.req.param("moduleType"));
    const o = objectIdParam.safeParse(c.req.param("objectId"));
    if (!m.success || !o.success) throw notFound();
    return c.json(await service.list(callerOf(c), m.data, o.data));
  });
  r.post(BASE, requireAuth, async (c) => c.json(await service.create(callerOf(c), await body(c, shareLinkCreateBody)), 201));
  r.put(BASE, requireAuth, async (c) => c.json(await service.update(callerOf(c), await body(c, shareLinkUpdateBody))));
  r.delete(`${BASE}/:id`, requireAuth, async (c) => {
    await service.remove(callerOf(c), idParam(c));
    return c.body(null, 204);
  });

  return r;
}
