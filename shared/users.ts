// Users: the user-info answer, profile and password rules, languages, themes, service config.
import { z } from "zod";

import { type Language, LANGUAGES, type Theme } from "./locale.ts";
export { DEFAULT_LANGUAGE, type Language, LANGUAGES, type Theme, THEMES } from "./locale.ts";

export const ROLES = ["ROLE_USER", "ROLE_ADMIN"] as const;
export type Role = (typeof ROLES)[number];

/** Modules a user can pick as first screen and switch tutorials for. */
export const MODULES = [
  "home", "mail", "calendar", "contact", "customer", "drive", "board", "wiki", "workflow", "flow", "leave",
  "approval", "resource", "mailHistory", "organization", "messenger",
] as const;
export type ModuleType = (typeof MODULES)[number];
export const TUTORIAL_MODULES = ["home", "mail", "calendar", "contact", "drive", "board", "workflow"] as const;
export type TutorialModule = (typeof TUTORIAL_MODULES)[number];

/** Default mailbox quota of a new user: 10 GiB. */
export const DEFAULT_USER_QUOTA = 10 * 1024 ** 3;

// Password rule. The spec gives 8-16 and 8-20 characters; the stricter reading (8-16) is enforced.
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 16;
export const PASSWORD_SPECIALS = "~!@#$%^&*()+|=-_";
const specialClass = "~!@#$%^&*()+|=\\-_";
const passwordPattern = new RegExp(
  `^(?=.*[A-Za-z])(?=.*\\d)(?=.*[${specialClass}])[A-Za-z\\d${specialClass}]{${PASSWORD_MIN},${PASSWORD_MAX}}$`,
);
export function isValidPassword(pw: string): boolean {
  return passwordPattern.test(pw);
}
export const password = z.string({ error: "user.password_invalid" }).refine(isValidPassword, "user.password_invalid");

/**
 * Local part of a sign-in ID: starts with an English letter, has at least two letters or digits; letters,
 * digits, dot, dash and underscore, no doubled dot and no symbol at the end (it becomes a mail address).
 */
export const LOGIN_ID_PATTERN = /^(?=(?:[^A-Za-z0-9]*[A-Za-z0-9]){2})(?!.*\.\.)(?!.*[._-]$)[A-Za-z][A-Za-z0-9._-]{1,63}$/;
export const loginId = z.string().trim().regex(LOGIN_ID_PATTERN, "user.login_id_invalid").transform((s) => s.toLowerCase());

// Email check from the spec: @ not at the start, the <...> part when present, domain or bracketed IP.
const EMAIL_RE = /^[^\s@<>()[\],;:"]+@(?:(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}|\[\d{1,3}(?:\.\d{1,3}){3}\])$/;
export function extractAddress(value: string): string {
  const m = /<([^<>]*)>/.exec(value);
  return (m ? m[1] : value).trim();
}
export function isValidEmail(value: string): boolean {
  return EMAIL_RE.test(extractAddress(value));
}
export function sameAddress(a: string, b: string): boolean {
  return extractAddress(a).toLowerCase() === extractAddress(b).toLowerCase();
}

export interface OrganRelation {
  organId: number;
  organName: string;
  manager: boolean;
}

/** GET /api/users/detail */
export interface UserInfo {
  id: number;
  username: string;
  accountName: string;
  displayName: string;
  personalEmail: string | null;
  languageType: Language;
  theme: Theme;
  totalQuota: number;
  usedSize: number;
  ROLE: Role;
  roles: Role[];
  isHr: boolean;
  isOrgChartRestricted: boolean;
  organId: number | null;
  organRelationList: OrganRelation[];
  jobGrade: string | null;
  position: string | null;
  JOIN_TYPE: string;
  requestPasswordChange: boolean;
  bypassTwoFactor: boolean;
  twoFactorAuth: boolean;
  companyId: number;
  prevLoginTimeMillis: number | null;
  deliveryUrl: string;
  adminUrl: string | null;
  /** The user who switched into this account, when the session is a switched one. */
  switchedFrom: { id: number; username: string; accountName: string } | null;
  /** Modules this user may open: company flags and plan combined. */
  usedModules: ModuleType[];
}

export const languageParam = z
  .string({ error: "user.language_invalid" })
  .transform((s) => s.toLowerCase())
  .pipe(z.enum(LANGUAGES, { message: "user.language_invalid" }));

/** PUT /api/users/general (form) */
export const generalBody = z.object({
  accountName: z.string({ error: "user.name_required" }).trim().min(1, "user.name_required").max(60, "user.name_required"),
  personalEmail: z
    .string()
    .trim()
    .max(254)
    .refine((v) => v === "" || isValidEmail(v), "user.personal_email_invalid")
    .optional(),
  languageType: languageParam.optional(),
});

export const languageBody = z.object({ languageType: languageParam });

export const passwordChangeBody = z.object({
  currentPassword: z.string({ error: "user.password_mismatch" }).min(1, "user.password_mismatch"),
  newPassword: password,
});
export const forcePasswordBody = z.object({ newPassword: password });

export const otpStartBody = z.object({ password: z.string({ error: "user.password_mismatch" }).min(1, "user.password_mismatch") });
export const twoFactorBody = z.object({
  twoFactorAuth: z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]),
  code: z.string({ error: "user.otp_invalid" }).trim().regex(/^\d{6}$/, "user.otp_invalid"),
});

export const logoutAllSessionsBody = z.object({
  enable: z.union([z.boolean(), z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1")]),
});

export interface ServiceConfig {
  firstScreenModuleType: ModuleType;
  homeTutorial: boolean;
  mailTutorial: boolean;
  calendarTutorial: boolean;
  contactTutorial: boolean;
  driveTutorial: boolean;
  boardTutorial: boolean;
  workflowTutorial: boolean;
}

export const serviceConfigBody = z.object({
  firstScreenModuleType: z.enum(MODULES, { message: "user.module_invalid" }).optional(),
  homeTutorial: z.boolean().optional(),
  mailTutorial: z.boolean().optional(),
  calendarTutorial: z.boolean().optional(),
  contactTutorial: z.boolean().optional(),
  driveTutorial: z.boolean().optional(),
  boardTutorial: z.boolean().optional(),
  workflowTutorial: z.boolean().optional(),
});
/** The body may come wrapped as { config: {...} }. */
export const serviceConfigPut = z.preprocess(
  (v) => (v && typeof v === "object" && "config" in v && typeof v.config === "object" ? v.config : v),
  serviceConfigBody,
);

/** Quota bar colour from the share used: under 70% blue, 70-89% orange, 90% and above red. */
export function quotaColor(used: number, total: number): "blue" | "orange" | "red" {
  const pct = total > 0 ? (used / total) * 100 : 100;
  return pct >= 90 ? "red" : pct >= 70 ? "orange" : "blue";
}

/** Access history, password history and password reuse look back one year. */
export const PASSWORD_HISTORY_DAYS = 365;
export const ACCESS_HISTORY_DAYS = 365;
