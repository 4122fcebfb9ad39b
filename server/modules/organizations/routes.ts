// Organisation chart and address autocomplete for every signed-in user (001 §7, 000 §7 "Autocomplete").
import { Hono } from "hono";
import {
  autocompleteEmailQuery, directoryMembersQuery, groupUserCountQuery, organizationMembersQuery, organizationTreeQuery,
} from "../../../shared/organizations.ts";
import { requireAuth } from "../../lib/auth.ts";
import { type AppEnv, callerOf } from "../../lib/context.ts";
import { idParam, query } from "../../lib/validate.ts";
import * as autocomplete from "./autocomplete.ts";
import type { AutocompleteProvider } from "./autocomplete-providers.ts";
import * as service from "./service.ts";

/** providers: other modules' address candidates for api/autocomplete/email (autocomplete-providers.ts). */
export function organizationRoutes(providers: AutocompleteProvider[] = []) {
  const r = new Hono<AppEnv>();
  r.use("/api/organizations", requireAuth);
  r.use("/api/organizations/*", requireAuth);
  r.use("/api/users/organization/*", requireAuth);
  r.use("/api/users/members", requireAuth);
  r.use("/api/autocomplete/*", requireAuth);

  r.get("/api/organizations", async (c) => {
    const { includeCount } = query(c, organizationTreeQuery);
    return c.json(await service.tree(callerOf(c), includeCount));
  });
  r.get("/api/organizations/top-level", async (c) => c.json(await service.topLevel(callerOf(c))));
  r.get("/api/organizations/user/representative", async (c) => c.json(await service.representative(callerOf(c))));
  r.get("/api/organizations/:parentId/children", async (c) =>
    c.json(await service.children(callerOf(c), idParam(c, "parentId"))));

  r.get("/api/users/organization/:organId", async (c) =>
    c.json(await service.members(callerOf(c), idParam(c, "organId"), query(c, organizationMembersQuery))));

  r.get("/api/users/members", async (c) => c.json(await service.directory(callerOf(c), query(c, directoryMembersQuery))));

  r.get("/api/autocomplete/email", async (c) =>
    c.json(await autocomplete.autocompleteEmail(callerOf(c), query(c, autocompleteEmailQuery), providers)));
  r.get("/api/autocomplete/group/usercount", async (c) => {
    const { email } = query(c, groupUserCountQuery);
    return c.json(await autocomplete.groupUserCount(callerOf(c), email));
  });

  return r;
}
