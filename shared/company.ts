// Companies: plans, module flags, the company-info answer and the per-module company configs.
import { z } from "zod";
import type { ModuleType } from "./users.ts";
import { DEFAULT_SEND_LIMIT_PER_HOUR, LARGE_FILE_DAYS } from "./mail/constants.ts";

export const PLANS = ["FREE", "BASIC", "STANDARD", "ADVANCED", "CUSTOM"] as const;
export type Plan = (typeof PLANS)[number];

export const DOMAIN_STATUSES = ["AVAILABLE", "PENDING", "SUSPENDED"] as const;
export type DomainStatus = (typeof DOMAIN_STATUSES)[number];

/** Company flag → module it switches on. Mail, the organisation chart and account pages are always on. */
export const MODULE_FLAGS = {
  useHome: "home",
  useCalendar: "calendar",
  useContact: "contact",
  useCustomer: "customer",
  useDrive: "drive",
  useBoard: "board",
  useWiki: "wiki",
  useToDo: "workflow",
  useFlow: "flow",
  useLeave: "leave",
  useApproval: "approval",
  useResource: "resource",
  useMailHistory: "mailHistory",
  useMessenger: "messenger",
} as const satisfies Record<string, ModuleType>;
export type ModuleFlag = keyof typeof MODULE_FLAGS | "useTeamChat";
export const ALWAYS_ON_MODULES: ModuleType[] = ["mail", "organization"];

/** The modules the flags switch on; the messenger by useMessenger or useTeamChat, as its own gate has it. */
export function usedModulesOf(flags: Partial<Record<ModuleFlag, boolean>>): ModuleType[] {
  const on = Object.entries(MODULE_FLAGS).filter(([flag]) => flags[flag as ModuleFlag]).map(([, m]) => m);
  if (flags.useTeamChat && !flags.useMessenger) on.push("messenger");
  return [...ALWAYS_ON_MODULES, ...on];
}

export interface CustomMenu {
  name: string;
  url: string;
  icon?: string;
}
export interface CustomizeUI {
  /** 1 shows the apps menu on CUSTOM plans; 0 forces the side panel open instead. */
  flagAppFolder: 0 | 1;
  ui: { help: boolean; helpUrl: string | null };
  customMenuList: CustomMenu[];
}
export const DEFAULT_CUSTOMIZE_UI: CustomizeUI = { flagAppFolder: 1, ui: { help: false, helpUrl: null }, customMenuList: [] };

/** GET /api/company */
export interface CompanyInfo extends Record<ModuleFlag, boolean> {
  id: number;
  name: string;
  domainStatus: DomainStatus;
  domains: string[];
  planType: Plan;
  customizeUI: CustomizeUI;
  logo: string | null;
  footer: string | null;
  pageTitle: string | null;
  security: { mfa: boolean };
}

// Company module configs, with the spec's defaults.
export const mailCompanyConfig = z.object({
  /** Days a large-file link stays valid (000 §9: 7). */
  largeFileMaxDuration: z.number().int().min(1).max(365).default(LARGE_FILE_DAYS),
  largeFileMaxSize: z.number().int().min(1).max(100_000).default(2),
  largeFileSizeUnit: z.enum(["MB", "GB"]).default("GB"),
  /** Large-file links need the password the sender sets when writing (composeBody.largeFilePw). */
  isLargeAttPw: z.boolean().default(false),
  pop3: z.boolean().default(true),
  imap: z.boolean().default(true),
  /**
   * Recipients each user may send to per hour, web mail and mail programs together (shared/mail/constants.ts
   * DEFAULT_SEND_LIMIT_PER_HOUR says what counts); 0 = no limit. Not in the spec (issue 22).
   */
  sendLimitPerHour: z.number().int().min(0).max(1_000_000).default(DEFAULT_SEND_LIMIT_PER_HOUR),
  /**
   * Mail from outside whose From names one of the company's own domains but passes neither SPF nor DKIM for
   * it: MARK delivers it with a warning in the reader, SPAM files it in spam. Not in the spec (issue 22).
   */
  ownDomainSpoof: z.enum(["MARK", "SPAM"]).default("MARK"),
});
export type MailCompanyConfig = z.infer<typeof mailCompanyConfig>;

/** The company's large-file limit in bytes (largeFileMaxSize in largeFileSizeUnit): the server's and the compose screen's. */
export function largeFileMaxBytes(c: Pick<MailCompanyConfig, "largeFileMaxSize" | "largeFileSizeUnit">): number {
  return c.largeFileMaxSize * (c.largeFileSizeUnit === "GB" ? 1024 ** 3 : 1024 ** 2);
}
export const driveCompanyConfig = z.object({ useGoogleDrive: z.boolean().default(false) });
export const boardCompanyConfig = z.object({ deletedPostMaxDuration: z.number().int().min(1).max(365).default(7) });
export const approvalCompanyConfig = z.object({
  prevRejectUse: z.boolean().default(false),
  upperLineChangeUse: z.boolean().default(false),
});

export const COMPANY_CONFIG_SCHEMAS = {
  mail: mailCompanyConfig,
  drive: driveCompanyConfig,
  board: boardCompanyConfig,
  approval: approvalCompanyConfig,
} as const;
export type CompanyConfigModule = keyof typeof COMPANY_CONFIG_SCHEMAS;
export const COMPANY_CONFIG_MODULES = Object.keys(COMPANY_CONFIG_SCHEMAS) as CompanyConfigModule[];

export function isCompanyConfigModule(m: string): m is CompanyConfigModule {
  return Object.hasOwn(COMPANY_CONFIG_SCHEMAS, m);
}

/** Domain names: letters, digits and dashes in labels, at least one dot, a letter-only top-level label. */
export const DOMAIN_PATTERN = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
export const domainName = z.string().trim().toLowerCase().regex(DOMAIN_PATTERN, "company.domain_invalid");

/** Links the shell renders: http(s) only, never javascript: or data:. */
const webUrl = z.string().url().max(2000).refine((u) => /^https?:\/\//i.test(u), "common.validation");

/** PUT /api/admin/company (administrators) */
export const companyUpdateBody = z.object({
  name: z.string().trim().min(1).max(100).optional(),
  planType: z.enum(PLANS).optional(),
  logo: z.string().max(2000).nullable().optional(),
  footer: z.string().max(2000).nullable().optional(),
  pageTitle: z.string().max(100).nullable().optional(),
  securityMfa: z.boolean().optional(),
  customizeUI: z
    .object({
      flagAppFolder: z.union([z.literal(0), z.literal(1)]),
      ui: z.object({ help: z.boolean(), helpUrl: webUrl.nullable() }),
      customMenuList: z.array(z.object({ name: z.string().min(1).max(40), url: webUrl, icon: z.string().max(200).optional() })).max(20),
    })
    .optional(),
  ...Object.fromEntries(
    [...Object.keys(MODULE_FLAGS), "useTeamChat"].map((f) => [f, z.boolean().optional()]),
  ) as Record<ModuleFlag, z.ZodOptional<z.ZodBoolean>>,
});
