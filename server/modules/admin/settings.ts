// Administration of the company: company info (module flags, branding, MFA) and per-module configs.
import type { z } from "zod";
import type { CompanyConfigModule, CompanyInfo, companyUpdateBody } from "../../../shared/company.ts";
import type { Caller } from "../../lib/context.ts";
import { updateCompany, updateCompanyConfig } from "../company/service.ts";

/** Fields left out are kept. The body's names match the company columns (securityMfa, customizeUI, flags). */
export async function updateCompanySettings(caller: Caller, input: z.infer<typeof companyUpdateBody>): Promise<CompanyInfo> {
  const patch = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  return await updateCompany(caller, patch);
}

/** Merges the fields sent into the stored config and answers the whole config. */
export async function updateModuleConfig(caller: Caller, module: CompanyConfigModule, patch: Record<string, unknown>) {
  return await updateCompanyConfig(caller, module, patch);
}
