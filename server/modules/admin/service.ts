// Administration of users: list, create, edit, password reset, memberships, soft delete.
// Rules: the company keeps at least one active administrator; an administrator cannot delete or deactivate
// their own account; deactivating, deleting or resetting the password signs the user out everywhere.
import type { AdminMemberships, AdminUser, AdminUserCreate, AdminUserUpdate } from "../../../shared/admin.ts";
import { type Page, pageOf, type PageQuery } from "../../../shared/paging.ts";
import type { Language, Role } from "../../../shared/users.ts";
import type { Caller } from "../../lib/context.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { revokeUserSessions } from "../auth/sessions.ts";
import { forgetUser } from "../accounts/service.ts";
import type { DbOrTx } from "../../../db/client.ts";
import { companyInfo } from "../company/service.ts";
import { releaseAliases } from "../mail/aliases/service.ts";
import { isAliasAddress } from "../mail/aliases/taken.ts";
import { isBoardAddress } from "../board/mail/taken.ts";
import { isGroupAddress, lockOrganizations, relationsOf, replaceMemberships } from "../organizations/manage.ts";
import { containsPattern } from "../../lib/like.ts";
import type { UserRow } from "../users/repo.ts";
import { storePassword } from "../users/security.ts";
import { createUser as insertNewUser } from "../users/service.ts";
import * as repo from "./repo.ts";

async function toAdminUsers(db: DbOrTx, companyId: number, rows: UserRow[]): Promise<AdminUser[]> {
  const relations = await relationsOf(db, companyId, rows.map((u) => u.id));
  return rows.map((u) => {
    const list = relations.get(u.id) ?? [];
    return {
      id: u.id,
      username: u.username,
      accountName: u.accountName,
      personalEmail: u.personalEmail,
      role: u.role as Role,
      isHr: u.isHr,
      isOrgChartRestricted: u.isOrgChartRestricted,
      bypassTwoFactor: u.bypassTwoFactor,
      twoFactorAuth: u.twoFactorAuth,
      jobGrade: u.jobGrade,
      position: u.position,
      totalQuota: u.totalQuota,
      usedSize: u.usedSize,
      status: u.status as AdminUser["status"],
      languageType: u.languageType as Language,
      requestPasswordChange: u.requestPasswordChange,
      organId: u.organId ?? list[0]?.organId ?? null,
      organRelationList: list,
      lastLoginTimeMillis: u.lastLoginAt?.getTime() ?? null,
      createdTimeMillis: u.createdAt.getTime(),
    };
  });
}

async function liveUser(db: DbOrTx, companyId: number, id: number): Promise<UserRow> {
  const user = await repo.findLiveUser(db, companyId, id);
  if (!user) throw notFound();
  return user;
}

async function answer(db: DbOrTx, companyId: number, id: number): Promise<AdminUser> {
  return (await toAdminUsers(db, companyId, [await liveUser(db, companyId, id)]))[0];
}

const isActiveAdmin = (u: { role: string; status: string }) => u.role === "ROLE_ADMIN" && u.status === "ACTIVE";

/** Refuses when `userId` is the company's last active administrator. Locks the admins until commit. */
async function assertAnotherAdmin(tx: DbOrTx, companyId: number, userId: number) {
  const admins = await repo.lockActiveAdmins(tx, companyId);
  if (!admins.some((id) => id !== userId)) throw new AppError(409, "company.last_admin");
}

export async function listUsers(caller: Caller, q: PageQuery & { searchWord?: string; status?: string }): Promise<Page<AdminUser>> {
  const { db } = caller.deps;
  const { companyId } = caller.auth;
  const pattern = q.searchWord ? containsPattern(q.searchWord) : undefined;
  const { rows, total } = await repo.usersPage(db, companyId, { pattern, status: q.status }, q.pageSize, q.page * q.pageSize);
  return pageOf(await toAdminUsers(db, companyId, rows), total, q);
}

export async function getUser(caller: Caller, id: number): Promise<AdminUser> {
  return await answer(caller.deps.db, caller.auth.companyId, id);
}

export async function createUser(caller: Caller, input: AdminUserCreate): Promise<AdminUser> {
  const { deps } = caller;
  const { companyId } = caller.auth;
  const domain = (await companyInfo(deps, companyId)).domains[0];
  if (!domain) throw new AppError(409, "company.domain_invalid");
  return await deps.db.transaction(async (tx) => {
    // An organisation's group address or a mail alias cannot become a mailbox too (checked under the tree
    // lock, which organisation edits and new aliases take before claiming an address).
    await lockOrganizations(tx, companyId);
    const address = `${input.loginId}@${domain}`.toLowerCase();
    if ((await isGroupAddress(tx, companyId, address)) || (await isAliasAddress(tx, address)) || (await isBoardAddress(tx, address))) {
      throw new AppError(409, "user.username_in_use");
    }
    const row = await insertNewUser(tx, deps, {
      companyId,
      loginId: input.loginId,
      domain,
      accountName: input.accountName,
      password: input.password,
      role: input.role,
      isHr: input.isHr,
      personalEmail: input.personalEmail ?? null,
      jobGrade: input.jobGrade ?? null,
      position: input.position ?? null,
      totalQuota: input.totalQuota,
      languageType: input.languageType,
      requestPasswordChange: input.requestPasswordChange,
    });
    const relations = [
      ...(input.organIds ?? []).map((organId) => ({ organId, manager: false })),
      ...(input.managerOrganIds ?? []).map((organId) => ({ organId, manager: true })),
    ];
    const list = await replaceMemberships(tx, companyId, row.id, relations);
    if (list.length > 0) await repo.updateUser(tx, companyId, row.id, { organId: list[0].organId });
    return await answer(tx, companyId, row.id);
  });
}

export async function updateUser(caller: Caller, id: number, input: AdminUserUpdate): Promise<AdminUser> {
  const { deps } = caller;
  const { companyId } = caller.auth;
  return await deps.db.transaction(async (tx) => {
    const user = await liveUser(tx, companyId, id);
    const next = { role: input.role ?? user.role, status: input.status ?? user.status };
    if (id === caller.auth.userId && next.status !== "ACTIVE") throw new AppError(409, "user.self_forbidden");
    if (isActiveAdmin(user) && !isActiveAdmin(next)) await assertAnotherAdmin(tx, companyId, id);

    const values: Partial<UserRow> = {};
    if (input.accountName !== undefined) Object.assign(values, { accountName: input.accountName, displayName: input.accountName });
    for (const key of ["role", "isHr", "isOrgChartRestricted", "bypassTwoFactor", "jobGrade", "position", "totalQuota", "status", "languageType"] as const) {
      if (input[key] !== undefined) Object.assign(values, { [key]: input[key] });
    }
    if (Object.keys(values).length > 0) await repo.updateUser(tx, companyId, id, values);
    if (user.status === "ACTIVE" && next.status === "INACTIVE") await revokeUserSessions(deps, id, "USER_INACTIVE", undefined, tx);
    return await answer(tx, companyId, id);
  });
}

/** An administrator's reset: no history check; the user is signed out (the caller keeps this session). */
export async function resetPassword(caller: Caller, id: number, input: { password: string; requestPasswordChange: boolean }) {
  const { deps } = caller;
  const { companyId } = caller.auth;
  await deps.db.transaction(async (tx) => {
    const user = await liveUser(tx, companyId, id);
    await storePassword(tx, deps, user, input.password, "RESET", {
      ip: caller.ip,
      requestChange: input.requestPasswordChange,
      checkHistory: false,
    });
    await revokeUserSessions(deps, id, "PASSWORD_RESET", id === caller.auth.userId ? caller.auth.sessionId : undefined, tx);
  });
}

export async function setMemberships(caller: Caller, id: number, input: AdminMemberships): Promise<AdminUser> {
  const { companyId } = caller.auth;
  if (input.organId != null && !input.relations.some((r) => r.organId === input.organId)) {
    throw new AppError(400, "organization.representative_invalid");
  }
  return await caller.deps.db.transaction(async (tx) => {
    await liveUser(tx, companyId, id);
    const list = await replaceMemberships(tx, companyId, id, input.relations);
    const organId = input.organId === undefined ? list[0]?.organId ?? null : input.organId;
    await repo.updateUser(tx, companyId, id, { organId });
    return await answer(tx, companyId, id);
  });
}

/** Soft delete: status DELETED, memberships removed, aliases released, sessions revoked; the username stays reserved. */
export async function deleteUser(caller: Caller, id: number): Promise<void> {
  const { deps } = caller;
  const { companyId } = caller.auth;
  await deps.db.transaction(async (tx) => {
    const user = await liveUser(tx, companyId, id);
    if (id === caller.auth.userId) throw new AppError(409, "user.self_forbidden");
    if (isActiveAdmin(user)) await assertAnotherAdmin(tx, companyId, id);
    await replaceMemberships(tx, companyId, id, []);
    await repo.updateUser(tx, companyId, id, { status: "DELETED", organId: null });
    await forgetUser(tx, companyId, id);
    await releaseAliases(tx, companyId, id);
    await revokeUserSessions(deps, id, "USER_DELETED", undefined, tx);
  });
}
