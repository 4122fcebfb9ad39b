// A module's company flag (001 §1: "Modules appear only if the company enables them", flags useCalendar,
// useContact, useCustomer, ...; shared/company.ts MODULE_FLAGS) as a middleware: a company without the module
// answers 403 with the module's own code on every call of it. Runs after requireAuth.
import { createMiddleware } from "hono/factory";
import type { ModuleFlag } from "../../shared/company.ts";
import { companyInfo } from "../modules/company/service.ts";
import type { AppEnv } from "./context.ts";
import { AppError } from "./errors.ts";

/** `flags`: the module's flag, or several of which any one switches it on (the messenger: useMessenger, useTeamChat). */
export function moduleGate(flags: ModuleFlag | ModuleFlag[], code: `${string}.${string}`) {
  const any = Array.isArray(flags) ? flags : [flags];
  return createMiddleware<AppEnv>(async (c, next) => {
    const info = await companyInfo(c.get("deps"), c.get("auth").companyId);
    if (!any.some((f) => info[f])) throw new AppError(403, code);
    await next();
  });
}
