// Users: creation, the user-info answer, profile, language, theme, service config and tutorials.
import { DEFAULT_USER_QUOTA, type Language, LANGUAGES, MODULES, type ServiceConfig, type Theme, THEMES, TUTORIAL_MODULES, type UserInfo } from "../../../shared/users.ts";
import { usedModulesOf } from "../../../shared/company.ts";
import type { AppDeps, Caller } from "../../lib/context.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import { hashPassword } from "../../lib/passwords.ts";
import type { DbOrTx } from "../../../db/client.ts";
import * as companyRepo from "../company/repo.ts";
import * as repo from "./repo.ts";

export interface NewUser {
  companyId: number;
  loginId: string;
  domain: string;
  accountName: string;
  password: string;
  role?: "ROLE_USER" | "ROLE_ADMIN";
  personalEmail?: string | null;
  languageType?: Language;
  isHr?: boolean;
  totalQuota?: number;
  jobGrade?: string | null;
  position?: string | null;
  requestPasswordChange?: boolean;
}


/** Creates a user inside the caller's transaction. The username is loginId@domain. */
export async function createUser(tx: DbOrTx, deps: AppDeps, u: NewUser): Promise<repo.UserRow> {
  const username = `${u.loginId.toLowerCase()}@${u.domain.toLowerCase()}`;
  if (await repo.findUserByUsername(tx, username)) throw new AppError(409, "user.username_in_use");
  const now = deps.clock.now();
  const passwordHash = await hashPassword(u.password);
  let row: repo.UserRow;
  try {
    row = await repo.insertUser(tx, {
      companyId: u.companyId,
      username,
      accountName: u.accountName,
      displayName: u.accountName,
      personalEmail: u.personalEmail ?? null,
      languageType: u.languageType ?? "ko",
      totalQuota: u.totalQuota ?? DEFAULT_USER_QUOTA,
      role: u.role ?? "ROLE_USER",
      isHr: u.isHr ?? false,
      jobGrade: u.jobGrade ?? null,
      position: u.position ?? null,
      passwordHash,
      passwordChangedAt: now,
      requestPasswordChange: u.requestPasswordChange ?? false,
      createdAt: now,
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError(409, "user.username_in_use");
    throw e;
  }
  await repo.insertPasswordHistory(tx, { companyId: u.companyId, userId: row.id, passwordHash, changeType: "INIT", changedAt: now });
  await repo.upsertServiceConfig(tx, { userId: row.id, companyId: u.companyId, firstScreenModuleType: "mail", tutorials: {} });
  return row;
}


export async function requireUser(db: DbOrTx, companyId: number, userId: number): Promise<repo.UserRow> {
  const user = await repo.findUser(db, companyId, userId);
  if (!user) throw notFound();
  return user;
}

export async function userInfo(caller: Caller): Promise<UserInfo> {
  const { db, config } = caller.deps;
  const { companyId, userId, actorUserId } = caller.auth;
  const [user, relations, company, actor] = await Promise.all([
    requireUser(db, companyId, userId),
    repo.organRelations(db, companyId, userId),
    companyRepo.findCompany(db, companyId),
    actorUserId ? repo.findUser(db, companyId, actorUserId) : Promise.resolve(undefined),
  ]);
  if (!company) throw notFound();
  const role = user.role as UserInfo["ROLE"];
  return {
    id: user.id,
    username: user.username,
    accountName: user.accountName,
    displayName: user.displayName,
    personalEmail: user.personalEmail,
    languageType: user.languageType as Language,
    theme: user.theme as Theme,
    totalQuota: user.totalQuota,
    usedSize: user.usedSize,
    ROLE: role,
    roles: role === "ROLE_ADMIN" ? ["ROLE_USER", "ROLE_ADMIN"] : ["ROLE_USER"],
    isHr: user.isHr,
    isOrgChartRestricted: user.isOrgChartRestricted,
    organId: user.organId ?? relations[0]?.organId ?? null,
    organRelationList: relations,
    jobGrade: user.jobGrade,
    position: user.position,
    JOIN_TYPE: user.joinType,
    requestPasswordChange: user.requestPasswordChange,
    bypassTwoFactor: user.bypassTwoFactor,
    twoFactorAuth: user.twoFactorAuth,
    companyId: user.companyId,
    prevLoginTimeMillis: user.prevLoginAt?.getTime() ?? null,
    deliveryUrl: config.PUBLIC_URL,
    // The administration screens are part of this app: a same-origin route, whatever address it is reached at.
    adminUrl: role === "ROLE_ADMIN" ? "/#/admin" : null,
    switchedFrom: actor ? { id: actor.id, username: actor.username, accountName: actor.accountName } : null,
    usedModules: usedModulesOf(company),
  };
}

export async function quota(caller: Caller) {
  const user = await requireUser(caller.deps.db, caller.auth.companyId, caller.auth.userId);
  return { totalQuota: user.totalQuota, usedSize: user.usedSize };
}

export async function updateGeneral(
  caller: Caller,
  input: { accountName: string; personalEmail?: string; languageType?: Language },
) {
  const values: Record<string, unknown> = { accountName: input.accountName, displayName: input.accountName };
  if (input.personalEmail !== undefined) values.personalEmail = input.personalEmail === "" ? null : input.personalEmail;
  if (input.languageType) values.languageType = input.languageType;
  await repo.updateUser(caller.deps.db, caller.auth.companyId, caller.auth.userId, values);
}

export async function setLanguage(caller: Caller, languageType: Language) {
  if (!LANGUAGES.includes(languageType)) throw new AppError(400, "user.language_invalid");
  await repo.updateUser(caller.deps.db, caller.auth.companyId, caller.auth.userId, { languageType });
}

export async function setTheme(caller: Caller, theme: string) {
  if (!(THEMES as readonly string[]).includes(theme)) throw new AppError(400, "user.theme_invalid");
  await repo.updateUser(caller.deps.db, caller.auth.companyId, caller.auth.userId, { theme });
}

function toServiceConfig(row: { firstScreenModuleType: string; tutorials: Record<string, boolean> } | undefined): ServiceConfig {
  const t = row?.tutorials ?? {};
  const flag = (m: string) => t[m] ?? true;
  return {
    firstScreenModuleType: (row?.firstScreenModuleType ?? "mail") as ServiceConfig["firstScreenModuleType"],
    homeTutorial: flag("home"),
    mailTutorial: flag("mail"),
    calendarTutorial: flag("calendar"),
    contactTutorial: flag("contact"),
    driveTutorial: flag("drive"),
    boardTutorial: flag("board"),
    workflowTutorial: flag("workflow"),
  };
}

export async function serviceConfig(caller: Caller): Promise<ServiceConfig> {
  return toServiceConfig(await repo.findServiceConfig(caller.deps.db, caller.auth.userId));
}

export async function updateServiceConfig(caller: Caller, patch: Partial<ServiceConfig>): Promise<ServiceConfig> {
  const { db } = caller.deps;
  const current = await repo.findServiceConfig(db, caller.auth.userId);
  const tutorials = { ...(current?.tutorials ?? {}) };
  for (const m of TUTORIAL_MODULES) {
    const v = patch[`${m}Tutorial` as keyof ServiceConfig];
    if (typeof v === "boolean") tutorials[m] = v;
  }
  const firstScreenModuleType = patch.firstScreenModuleType ?? current?.firstScreenModuleType ?? "mail";
  await repo.upsertServiceConfig(db, { userId: caller.auth.userId, companyId: caller.auth.companyId, firstScreenModuleType, tutorials });
  return toServiceConfig({ firstScreenModuleType, tutorials });
}

export async function setTutorial(caller: Caller, module: string, status: string): Promise<ServiceConfig> {
  if (!(TUTORIAL_MODULES as readonly string[]).includes(module) && !(MODULES as readonly string[]).includes(module)) {
    throw new AppError(400, "user.module_invalid");
  }
  const on = ["1", "true", "on", "y", "Y"].includes(status);
  const off = ["0", "false", "off", "n", "N"].includes(status);
  if (!on && !off) throw new AppError(400, "common.validation");
  const { db } = caller.deps;
  const current = await repo.findServiceConfig(db, caller.auth.userId);
  const tutorials = { ...(current?.tutorials ?? {}), [module]: on };
  const firstScreenModuleType = current?.firstScreenModuleType ?? "mail";
  await repo.upsertServiceConfig(db, { userId: caller.auth.userId, companyId: caller.auth.companyId, firstScreenModuleType, tutorials });
  return toServiceConfig({ firstScreenModuleType, tutorials });
}
