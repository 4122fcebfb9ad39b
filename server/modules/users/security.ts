// Password change (own, forced, administrator reset) with the one-year history rule, and two-factor setup.
import { PASSWORD_HISTORY_DAYS } from "../../../shared/users.ts";
import type { AppDeps, Caller } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";
import { hashPassword, verifyPassword } from "../../lib/passwords.ts";
import type { DbOrTx } from "../../../db/client.ts";
import * as companyRepo from "../company/repo.ts";
import * as repo from "./repo.ts";
import { requireUser } from "./service.ts";
import { checkTotp, newTotpSecret, totpUri } from "./totp.ts";
import { revokeUserSessions } from "../auth/sessions.ts";

const DAY = 86_400_000;

/** Someone who switched into a shared account may use it, not change how it is secured. */
function assertOwnSession(caller: Caller) {
  if (caller.auth.actorUserId) throw new AppError(403, "account.switched_session");
}

async function assertNotReused(db: DbOrTx, user: repo.UserRow, newPassword: string, now: Date) {
  if (await verifyPassword(newPassword, user.passwordHash)) throw new AppError(400, "user.password_same");
  const since = new Date(now.getTime() - PASSWORD_HISTORY_DAYS * DAY);
  for (const h of await repo.passwordHashesSince(db, user.id, since)) {
    if (await verifyPassword(newPassword, h)) throw new AppError(400, "user.password_reused");
  }
}

/** Stores a new password for `user`; `changeType` is CHANGE, FORCE or RESET. */
export async function storePassword(
  db: DbOrTx,
  deps: AppDeps,
  user: repo.UserRow,
  newPassword: string,
  changeType: "CHANGE" | "FORCE" | "RESET",
  opts: { ip?: string; requestChange?: boolean; checkHistory?: boolean } = {},
) {
  const now = deps.clock.now();
  if (opts.checkHistory !== false) await assertNotReused(db, user, newPassword, now);
  const passwordHash = await hashPassword(newPassword);
  await repo.updateUser(db, user.companyId, user.id, {
    passwordHash,
    passwordChangedAt: now,
    requestPasswordChange: opts.requestChange ?? false,
  });
  await repo.insertPasswordHistory(db, { companyId: user.companyId, userId: user.id, passwordHash, changeType, ip: opts.ip ?? null, changedAt: now });
}

export async function changePassword(caller: Caller, currentPassword: string, newPassword: string) {
  assertOwnSession(caller);
  const { db } = caller.deps;
  const user = await requireUser(db, caller.auth.companyId, caller.auth.userId);
  if (!(await verifyPassword(currentPassword, user.passwordHash))) throw new AppError(400, "user.password_mismatch");
  await storePassword(db, caller.deps, user, newPassword, "CHANGE", { ip: caller.ip });
  // Whoever else held this account is signed out; the session that changed it stays.
  await revokeUserSessions(caller.deps, user.id, "PASSWORD_CHANGED", caller.auth.sessionId);
}

export async function forceChangePassword(caller: Caller, newPassword: string) {
  assertOwnSession(caller);
  const { db } = caller.deps;
  const user = await requireUser(db, caller.auth.companyId, caller.auth.userId);
  if (!user.requestPasswordChange) throw new AppError(409, "user.password_change_not_requested");
  await storePassword(db, caller.deps, user, newPassword, "FORCE", { ip: caller.ip });
}

/** POST api/users/otp: checks the password, then starts a setup with a fresh secret. */
export async function startOtpSetup(caller: Caller, password: string) {
  assertOwnSession(caller);
  const { db } = caller.deps;
  const user = await requireUser(db, caller.auth.companyId, caller.auth.userId);
  if (!(await verifyPassword(password, user.passwordHash))) throw new AppError(400, "user.password_mismatch");
  const secret = newTotpSecret();
  await repo.updateUser(db, user.companyId, user.id, { totpPendingSecret: secret });
  const company = await companyRepo.findCompany(db, user.companyId);
  return { secret, otpauthUrl: totpUri(secret, user.username, company?.name ?? "Groupware") };
}

/** PUT api/users/twoFactorAuth: turn on with a code from the pending secret, or off with a current code. */
export async function setTwoFactor(caller: Caller, enable: boolean, code: string) {
  assertOwnSession(caller);
  const { db, clock } = caller.deps;
  const user = await requireUser(db, caller.auth.companyId, caller.auth.userId);
  const now = clock.now();
  if (enable) {
    if (!user.totpPendingSecret) throw new AppError(409, "user.otp_not_started");
    const step = checkTotp(user.totpPendingSecret, code, now, null);
    if (step === null) throw new AppError(400, "user.otp_invalid");
    await repo.updateUser(db, user.companyId, user.id, {
      twoFactorAuth: true, totpSecret: user.totpPendingSecret, totpPendingSecret: null, totpLastStep: step,
    });
    return { twoFactorAuth: true };
  }
  if (!user.twoFactorAuth || !user.totpSecret) return { twoFactorAuth: false };
  const company = await companyRepo.findCompany(db, user.companyId);
  if (company?.securityMfa && !user.bypassTwoFactor) throw new AppError(403, "user.mfa_required");
  const step = checkTotp(user.totpSecret, code, now, user.totpLastStep);
  if (step === null) throw new AppError(400, "user.otp_invalid");
  await repo.updateUser(db, user.companyId, user.id, { twoFactorAuth: false, totpSecret: null, totpLastStep: null });
  return { twoFactorAuth: false };
}

export async function logoutAllSessions(caller: Caller) {
  const user = await requireUser(caller.deps.db, caller.auth.companyId, caller.auth.userId);
  return { enable: user.logoutAllSessions };
}

/** Turning it on signs out every other session now; from then on each sign-in ends the previous ones. */
export async function setLogoutAllSessions(caller: Caller, enable: boolean) {
  assertOwnSession(caller);
  const { db } = caller.deps;
  await repo.updateUser(db, caller.auth.companyId, caller.auth.userId, { logoutAllSessions: enable });
  const revokedSessions = enable ? await revokeUserSessions(caller.deps, caller.auth.userId, "LOGOUT_ALL", caller.auth.sessionId) : 0;
  return { enable, revokedSessions };
}
