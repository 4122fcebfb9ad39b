// Account sharing (000 §7 "Accounts"), under /api/users/accounts, for signed-in users of one company.
import { Hono } from "hono";
import {
  availableAccountsQuery, requestAccountBody, shareAccountBody, shareExpiryBody, shareStatusBody,
} from "../../../shared/accounts.ts";
import { pageQuery } from "../../../shared/paging.ts";
import { requireAuth } from "../../lib/auth.ts";
import { type AppEnv, callerOf } from "../../lib/context.ts";
import { body, idParam, query } from "../../lib/validate.ts";
import * as service from "./service.ts";

const BASE = "/api/users/accounts";

export function accountRoutes() {
  const r = new Hono<AppEnv>();
  r.use(BASE, requireAuth);
  r.use(`${BASE}/*`, requireAuth);

  r.get(`${BASE}/shared-users`, async (c) => c.json(await service.sharedUsers(callerOf(c))));

  r.get(`${BASE}/available-accounts`, async (c) => {
    const { includePending } = query(c, availableAccountsQuery);
    return c.json(await service.availableAccounts(callerOf(c), includePending));
  });

  r.get(`${BASE}/logs`, async (c) => c.json(await service.logs(callerOf(c), query(c, pageQuery))));

  // 201 for a new share; 200 when it grants a PENDING request of that user (nothing new is created).
  r.post(BASE, async (c) => {
    const { created, share } = await service.share(callerOf(c), await body(c, shareAccountBody));
    return c.json(share, created ? 201 : 200);
  });

  r.post(`${BASE}/requests`, async (c) => c.json(await service.requestAccess(callerOf(c), await body(c, requestAccountBody)), 201));

  r.put(`${BASE}/:id/status`, async (c) => {
    const id = idParam(c);
    return c.json(await service.setStatus(callerOf(c), id, await body(c, shareStatusBody)));
  });

  r.put(`${BASE}/:id/expiry`, async (c) => {
    const id = idParam(c);
    return c.json(await service.setExpiry(callerOf(c), id, await body(c, shareExpiryBody)));
  });

  r.delete(`${BASE}/:id`, async (c) => {
    await service.remove(callerOf(c), idParam(c));
    return c.body(null, 204);
  });

  r.get(`${BASE}/:id/change-account`, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await service.changeAccount(callerOf(c), idParam(c)));
  });

  return r;
}
