// Administration API for ROLE_ADMIN: users, organisations, company settings. Every id in a path is looked up
// within the caller's company; a foreign id answers 404 as a missing one does.
import { Hono } from "hono";
import {
  adminMembershipsBody, adminPasswordResetBody, adminUserCreateBody, adminUsersQuery, adminUserUpdateBody,
  companyConfigPatch, organizationCreateBody, organizationUpdateBody,
} from "../../../shared/admin.ts";
import { companyUpdateBody, isCompanyConfigModule } from "../../../shared/company.ts";
import { requireAdmin, requireAuth } from "../../lib/auth.ts";
import { type AppEnv, callerOf } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";
import { body, idParam, query } from "../../lib/validate.ts";
import { aliasCreateBody } from "../../../shared/mail/aliases.ts";
import * as aliases from "../mail/aliases/service.ts";
import * as organizations from "../organizations/manage.ts";
import * as service from "./service.ts";
import * as settings from "./settings.ts";

export function adminRoutes() {
  const r = new Hono<AppEnv>();
  r.use("/api/admin/*", requireAuth, requireAdmin);

  // Users
  r.get("/api/admin/users", async (c) => c.json(await service.listUsers(callerOf(c), query(c, adminUsersQuery))));
  r.get("/api/admin/users/:id", async (c) => c.json(await service.getUser(callerOf(c), idParam(c))));
  r.post("/api/admin/users", async (c) => c.json(await service.createUser(callerOf(c), await body(c, adminUserCreateBody)), 201));
  r.put("/api/admin/users/:id", async (c) => {
    const id = idParam(c);
    return c.json(await service.updateUser(callerOf(c), id, await body(c, adminUserUpdateBody)));
  });
  r.put("/api/admin/users/:id/password", async (c) => {
    const id = idParam(c);
    await service.resetPassword(callerOf(c), id, await body(c, adminPasswordResetBody));
    return c.json({ result: "SUCCESS" });
  });
  r.put("/api/admin/users/:id/organizations", async (c) => {
    const id = idParam(c);
    return c.json(await service.setMemberships(callerOf(c), id, await body(c, adminMembershipsBody)));
  });
  r.delete("/api/admin/users/:id", async (c) => {
    await service.deleteUser(callerOf(c), idParam(c));
    return c.body(null, 204);
  });

  // A user's mail aliases (shared/mail/aliases.ts)
  r.get("/api/admin/users/:id/aliases", async (c) => c.json(await aliases.userAliases(callerOf(c), idParam(c))));
  r.post("/api/admin/users/:id/aliases", async (c) => {
    const id = idParam(c);
    return c.json(await aliases.addAlias(callerOf(c), id, (await body(c, aliasCreateBody)).address), 201);
  });
  r.delete("/api/admin/users/:id/aliases/:aliasId", async (c) => {
    await aliases.removeAlias(callerOf(c), idParam(c), idParam(c, "aliasId"));
    return c.body(null, 204);
  });

  // Organisations
  r.get("/api/admin/organizations", async (c) => c.json(await organizations.listOrganizations(callerOf(c))));
  r.get("/api/admin/organizations/:id", async (c) => c.json(await organizations.getOrganization(callerOf(c), idParam(c))));
  r.post("/api/admin/organizations", async (c) =>
    c.json(await organizations.createOrganization(callerOf(c), await body(c, organizationCreateBody)), 201));
  r.put("/api/admin/organizations/:id", async (c) => {
    const id = idParam(c);
    return c.json(await organizations.updateOrganization(callerOf(c), id, await body(c, organizationUpdateBody)));
  });
  r.delete("/api/admin/organizations/:id", async (c) => {
    await organizations.deleteOrganization(callerOf(c), idParam(c));
    return c.body(null, 204);
  });

  // Company
  r.put("/api/admin/company", async (c) =>
    c.json(await settings.updateCompanySettings(callerOf(c), await body(c, companyUpdateBody))));
  r.put("/api/admin/company/config/:module", async (c) => {
    const module = c.req.param("module");
    if (!isCompanyConfigModule(module)) throw new AppError(404, "company.config_module_invalid");
    const patch = await body(c, companyConfigPatch(module));
    return c.json({ result: "SUCCESS", config: await settings.updateModuleConfig(callerOf(c), module, patch) });
  });

  return r;
}
