// Companies: creation with the first administrator, the company-info answer, module configs, admin edits.
import {
  COMPANY_CONFIG_SCHEMAS, type CompanyConfigModule, type CompanyInfo, type CustomizeUI, DEFAULT_CUSTOMIZE_UI,
  type DomainStatus, isCompanyConfigModule, MODULE_FLAGS, type ModuleFlag, type Plan, usedModulesOf,
} from "../../../shared/company.ts";
import type { ModuleType } from "../../../shared/users.ts";
import type { Language } from "../../../shared/users.ts";
import type { AppDeps, Caller } from "../../lib/context.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { createUser } from "../users/service.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import * as repo from "./repo.ts";

export interface NewCompany {
  name: string;
  domain: string;
  planType?: Plan;
  signupEmail?: string | null;
  admin: { loginId: string; name: string; password: string; personalEmail?: string | null; languageType?: Language };
}

export async function createCompanyWithAdmin(deps: AppDeps, input: NewCompany) {
  const domain = input.domain.toLowerCase();
  try {
    return await deps.db.transaction(async (tx) => {
      if (await repo.findDomain(tx, domain)) throw new AppError(409, "company.domain_in_use");
      const company = await repo.insertCompany(tx, {
        name: input.name,
        planType: input.planType ?? "FREE",
        signupEmail: input.signupEmail ?? null,
        createdAt: deps.clock.now(),
      });
      await repo.insertDomain(tx, company.id, domain, true);
      const admin = await createUser(tx, deps, {
        companyId: company.id,
        loginId: input.admin.loginId,
        domain,
        accountName: input.admin.name,
        password: input.admin.password,
        role: "ROLE_ADMIN",
        isHr: true,
        personalEmail: input.admin.personalEmail ?? null,
        languageType: input.admin.languageType,
      });
      return { company, admin, domain };
    });
  } catch (e) {
    if (isUniqueViolation(e, "company_domains_domain_uq")) throw new AppError(409, "company.domain_in_use");
    throw e;
  }
}

export async function isDomainInUse(deps: AppDeps, domain: string): Promise<boolean> {
  return !!(await repo.findDomain(deps.db, domain.toLowerCase()));
}

export async function isSignupEmailInUse(deps: AppDeps, email: string): Promise<boolean> {
  return !!(await repo.findCompanyBySignupEmail(deps.db, email.toLowerCase()));
}

/** The company's mail domains, lower case. */
export async function companyDomainNames(deps: AppDeps, companyId: number): Promise<string[]> {
  return (await repo.domainsOf(deps.db, companyId)).map((d) => d.domain.toLowerCase());
}

/** The modules the caller's company uses (the user info's usedModules): what home and search offer them. */
export async function usedModules(caller: Caller): Promise<Set<ModuleType>> {
  return new Set(usedModulesOf(await companyInfo(caller.deps, caller.auth.companyId)));
}

export async function companyInfo(deps: AppDeps, companyId: number): Promise<CompanyInfo> {
  const [company, domains] = await Promise.all([repo.findCompany(deps.db, companyId), repo.domainsOf(deps.db, companyId)]);
  if (!company) throw notFound();
  const flags = Object.fromEntries(
    [...Object.keys(MODULE_FLAGS), "useTeamChat"].map((f) => [f, company[f as keyof typeof company] as boolean]),
  ) as Record<ModuleFlag, boolean>;
  return {
    id: company.id,
    name: company.name,
    domainStatus: company.domainStatus as DomainStatus,
    domains: domains.sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary)).map((d) => d.domain),
    planType: company.planType as Plan,
    ...flags,
    customizeUI: { ...DEFAULT_CUSTOMIZE_UI, ...(company.customizeUI as Partial<CustomizeUI>) },
    logo: company.logo,
    footer: company.footer,
    pageTitle: company.pageTitle,
    security: { mfa: company.securityMfa },
  };
}

export async function companyConfig(deps: AppDeps, companyId: number, module: string) {
  if (!isCompanyConfigModule(module)) throw new AppError(404, "company.config_module_invalid");
  const stored = (await repo.findConfig(deps.db, companyId, module)) ?? {};
  return COMPANY_CONFIG_SCHEMAS[module].parse(stored);
}

export async function updateCompanyConfig(caller: Caller, module: CompanyConfigModule, patch: Record<string, unknown>) {
  const current = await companyConfig(caller.deps, caller.auth.companyId, module);
  const next = COMPANY_CONFIG_SCHEMAS[module].parse({ ...current, ...patch });
  await repo.upsertConfig(caller.deps.db, caller.auth.companyId, module, next, caller.deps.clock.now());
  return next;
}

export async function updateCompany(caller: Caller, patch: Record<string, unknown>) {
  if (Object.keys(patch).length > 0) await repo.updateCompany(caller.deps.db, caller.auth.companyId, patch);
  return await companyInfo(caller.deps, caller.auth.companyId);
}
