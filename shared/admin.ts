// Administration API (/api/admin, ROLE_ADMIN only): users, organisations, company settings.
import { z } from "zod";
import { COMPANY_CONFIG_SCHEMAS, type CompanyConfigModule } from "./company.ts";
import { pageQuery } from "./paging.ts";
import { isBareAddress, ORGANIZATION_NAME_MAX, searchWordParam } from "./organizations.ts";
import { type Language, languageParam, loginId, type OrganRelation, password, type Role, ROLES, isValidEmail } from "./users.ts";

/** DELETED is a soft delete: the row stays (the username remains reserved) but the admin API no longer shows it. */
export const USER_STATUSES = ["ACTIVE", "INACTIVE", "DELETED"] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
/** Statuses an administrator may set with PUT; DELETE sets DELETED. */
export const EDITABLE_USER_STATUSES = ["ACTIVE", "INACTIVE"] as const;

/** Largest mailbox quota an administrator may give: 1 TiB. */
export const USER_QUOTA_MAX = 1024 ** 4;
export const JOB_TEXT_MAX = 60;
export const ACCOUNT_NAME_MAX = 60;
export const SORT_ORDER_MAX = 1_000_000;
/** Organisations one user may belong to. */
export const USER_ORGANIZATIONS_MAX = 50;

/** One user as the admin API answers it. */
export interface AdminUser {
  id: number;
  username: string;
  accountName: string;
  personalEmail: string | null;
  role: Role;
  isHr: boolean;
  isOrgChartRestricted: boolean;
  bypassTwoFactor: boolean;
  twoFactorAuth: boolean;
  jobGrade: string | null;
  position: string | null;
  totalQuota: number;
  usedSize: number;
  status: Exclude<UserStatus, "DELETED">;
  languageType: Language;
  requestPasswordChange: boolean;
  /** Representative organisation: the stored one, else the first membership. */
  organId: number | null;
  organRelationList: OrganRelation[];
  lastLoginTimeMillis: number | null;
  createdTimeMillis: number;
}

/** One organisation as the admin API answers it. */
export interface AdminOrganization {
  id: number;
  parentId: number | null;
  name: string;
  email: string | null;
  sortOrder: number;
  childCount: number;
  /** Users (active or inactive) who are direct members. */
  memberCount: number;
}

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const accountName = z.string({ error: "user.name_required" }).trim().min(1, "user.name_required").max(ACCOUNT_NAME_MAX, "user.name_required");
const jobText = z.string().trim().max(JOB_TEXT_MAX).nullable().optional().transform((v) => (v ? v : v === undefined ? undefined : null));
const quota = z.number({ message: "user.quota_invalid" }).int("user.quota_invalid").min(1, "user.quota_invalid").max(USER_QUOTA_MAX, "user.quota_invalid");
const role = z.enum(ROLES, { message: "user.role_invalid" });
const personalEmail = z
  .string()
  .trim()
  .max(254, "user.personal_email_invalid")
  .refine((v) => v === "" || isValidEmail(v), "user.personal_email_invalid")
  .nullable()
  .optional()
  .transform((v) => (v === "" ? null : v));
const organIdList = z.array(id).max(USER_ORGANIZATIONS_MAX);

export const adminUsersQuery = pageQuery.extend({
  searchWord: searchWordParam,
  status: z.enum(EDITABLE_USER_STATUSES, { message: "user.status_invalid" }).optional(),
});

/** POST /api/admin/users. The username is loginId@<company primary domain>. */
export const adminUserCreateBody = z.object({
  loginId,
  accountName,
  password,
  role: role.optional(),
  isHr: z.boolean().optional(),
  personalEmail,
  jobGrade: jobText,
  position: jobText,
  /** Memberships; the first becomes the representative organisation. */
  organIds: organIdList.optional(),
  /** Memberships with the manager flag (added when not in organIds). */
  managerOrganIds: organIdList.optional(),
  totalQuota: quota.optional(),
  /** The UI language of the new user; ko when left out. */
  languageType: languageParam.optional(),
  requestPasswordChange: z.boolean().default(true),
});
export type AdminUserCreate = z.infer<typeof adminUserCreateBody>;

/** PUT /api/admin/users/{id}: every field optional. */
export const adminUserUpdateBody = z.object({
  accountName: accountName.optional(),
  role: role.optional(),
  isHr: z.boolean().optional(),
  isOrgChartRestricted: z.boolean().optional(),
  bypassTwoFactor: z.boolean().optional(),
  jobGrade: jobText,
  position: jobText,
  totalQuota: quota.optional(),
  status: z.enum(EDITABLE_USER_STATUSES, { message: "user.status_invalid" }).optional(),
  languageType: languageParam.optional(),
});
export type AdminUserUpdate = z.infer<typeof adminUserUpdateBody>;

/** PUT /api/admin/users/{id}/password: an administrator's reset; the history rule does not apply. */
export const adminPasswordResetBody = z.object({
  password,
  requestPasswordChange: z.boolean().default(true),
});

/**
 * PUT /api/admin/users/{id}/organizations: replaces the memberships. organId (the representative) must be one
 * of them; when left out, the first relation is taken; with no relations it must be null or absent.
 */
export const adminMembershipsBody = z.object({
  relations: z.array(z.object({ organId: id, manager: z.boolean().default(false) })).max(USER_ORGANIZATIONS_MAX),
  organId: id.nullable().optional(),
});
export type AdminMemberships = z.infer<typeof adminMembershipsBody>;

const orgName = z.string({ error: "organization.name_required" }).trim().min(1, "organization.name_required").max(ORGANIZATION_NAME_MAX, "organization.name_required");
/**
 * An organisation's group address: a bare address (organization.email_invalid otherwise; the service checks
 * that it is on one of the company's domains, organization.email_domain); "" or null clears it.
 */
const orgEmail = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => v === "" || (v.length <= 254 && isBareAddress(v)), "organization.email_invalid")
  .nullable()
  .optional()
  .transform((v) => (v === "" ? null : v));
const sortOrder = z.number({ message: "organization.sort_order_invalid" }).int("organization.sort_order_invalid")
  .min(0, "organization.sort_order_invalid").max(SORT_ORDER_MAX, "organization.sort_order_invalid");

/** POST /api/admin/organizations. Without sortOrder the node goes after its siblings. */
export const organizationCreateBody = z.object({
  name: orgName,
  parentId: id.nullable().optional(),
  email: orgEmail,
  sortOrder: sortOrder.optional(),
});
export type OrganizationCreate = z.infer<typeof organizationCreateBody>;

/** PUT /api/admin/organizations/{id}. parentId null moves the node to the top level. */
export const organizationUpdateBody = z.object({
  name: orgName.optional(),
  parentId: id.nullable().optional(),
  email: orgEmail,
  sortOrder: sortOrder.optional(),
});
export type OrganizationUpdate = z.infer<typeof organizationUpdateBody>;

/** The body may come wrapped as { config: {...} }, as GET api/company/config/{module} answers it. */
const unwrapConfig = (v: unknown) =>
  v && typeof v === "object" && !Array.isArray(v) && Object.keys(v).length === 1 && "config" in v && typeof v.config === "object"
    ? v.config
    : v;

/**
 * PUT /api/admin/company/config/{module}: a partial config. Only the fields sent are changed (no defaults
 * filled in); unknown fields and invalid values are refused.
 */
export function companyConfigPatch(module: CompanyConfigModule) {
  const fields = Object.fromEntries(
    Object.entries(COMPANY_CONFIG_SCHEMAS[module].shape).map(([k, v]) => [k, (v instanceof z.ZodDefault ? v.unwrap() : v).optional()]),
  ) as Record<string, z.ZodOptional<z.ZodType>>;
  return z.preprocess(unwrapConfig, z.strictObject(fields));
}
