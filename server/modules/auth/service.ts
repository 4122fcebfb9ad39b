// Sign-in: password grant (with two-factor and throttling), refresh grant, sign-out, password transport key.
import { OAUTH_BASIC_HEADER, type PasswordKeyResponse, type TokenResponse } from "../../../shared/auth.ts";
import type { AppDeps } from "../../lib/context.ts";
import { base64ToBytes } from "../../lib/encoding.ts";
import { AppError } from "../../lib/errors.ts";
import { decoyHash, verifyPassword } from "../../lib/passwords.ts";
import * as userRepo from "../users/repo.ts";
import { checkTotp } from "../users/totp.ts";
import { switchStillAllowed } from "../accounts/service.ts";
import { openSession, revokeSession, revokeUserSessions, rotateSession } from "./sessions.ts";
import { clearAccountFailures, reserveSignIn } from "./throttle.ts";

export interface RequestMeta {
  ip: string;
  userAgent: string;
}

export function assertClient(authorization: string | undefined) {
  if ((authorization ?? "").trim() !== OAUTH_BASIC_HEADER) throw new AppError(401, "auth.invalid_client");
}

export function passwordKey(deps: AppDeps): PasswordKeyResponse {
  return { keyId: deps.secrets.passwordKey.id, algorithm: "RSA-OAEP-256", publicKey: deps.secrets.passwordKey.publicKeySpki };
}

/**
 * The client may send the password encrypted with the key from POST /oauth/key (base64 RSA-OAEP ciphertext,
 * far longer than any valid password) or as it is, over TLS.
 */
async function plainPassword(deps: AppDeps, password: string): Promise<string> {
  if (password.length < 300 || !/^[A-Za-z0-9+/=]+$/.test(password)) return password;
  try {
    const clear = await crypto.subtle.decrypt({ name: "RSA-OAEP" }, deps.secrets.passwordKey.privateKey, base64ToBytes(password));
    return new TextDecoder().decode(clear);
  } catch {
    throw new AppError(400, "auth.key_invalid");
  }
}

export async function passwordGrant(
  deps: AppDeps,
  input: { username: string; password: string; authentication_code?: string },
  meta: RequestMeta,
): Promise<TokenResponse> {
  const username = input.username.trim().toLowerCase();
  const password = await plainPassword(deps, input.password);
  // The attempt is counted before the password is checked, so parallel guesses cannot pass the limit.
  const attempt = await reserveSignIn(deps, username, meta.ip);
  const now = deps.clock.now();

  const user = await userRepo.findUserByUsername(deps.db, username);
  const ok = await verifyPassword(password, user?.passwordHash ?? (await decoyHash()));
  if (!user || !ok) {
    if (user) {
      await userRepo.insertAccessHistory(deps.db, { companyId: user.companyId, userId: user.id, action: "LOGIN_FAILED", ip: meta.ip, userAgent: meta.userAgent, at: now });
    }
    throw new AppError(401, "auth.invalid_credentials");
  }
  if (user.status !== "ACTIVE") throw new AppError(401, "auth.account_disabled");

  if (user.twoFactorAuth && user.totpSecret && !user.bypassTwoFactor) {
    const code = input.authentication_code?.trim();
    if (!code) {
      await attempt.release(); // asking for the code is not a failed guess
      throw new AppError(401, "auth.otp_required");
    }
    const step = checkTotp(user.totpSecret, code, now, user.totpLastStep);
    // The step is taken only if no other sign-in took it first, so one code cannot open two sessions.
    if (step === null || !(await userRepo.claimTotpStep(deps.db, user.id, step))) throw new AppError(401, "auth.otp_invalid");
  }

  await attempt.release();
  await clearAccountFailures(deps, username, meta.ip);
  if (user.logoutAllSessions) await revokeUserSessions(deps, user.id, "SINGLE_SESSION");
  const tokens = await openSession(deps, user, meta);
  await userRepo.updateUser(deps.db, user.companyId, user.id, { prevLoginAt: user.lastLoginAt ?? now, lastLoginAt: now });
  await userRepo.insertAccessHistory(deps.db, { companyId: user.companyId, userId: user.id, action: "LOGIN", ip: meta.ip, userAgent: meta.userAgent, at: now });
  // The user's other tabs and browsers hear of it (000 §4); best effort, never fails the sign-in.
  await deps.realtime.publishAuth(user.username, "TOKEN_ISSUED");
  return tokens;
}

export async function refreshGrant(deps: AppDeps, refreshToken: string): Promise<TokenResponse> {
  return await rotateSession(deps, refreshToken, async ({ userId, companyId, actorUserId }) => {
    const u = await userRepo.findUser(deps.db, companyId, userId);
    if (!u || u.status !== "ACTIVE") return null;
    // A session opened by switching into a shared account ends with the share (expiry, status).
    if (actorUserId && !(await switchStillAllowed(deps, { companyId, userId, actorUserId }))) return null;
    return u;
  });
}

export async function logout(
  deps: AppDeps,
  auth: { sessionId: string; userId: number; companyId: number; username: string; actorUserId: number | null },
  meta: RequestMeta,
) {
  await revokeSession(deps, auth.sessionId, "LOGOUT");
  await userRepo.insertAccessHistory(deps.db, { companyId: auth.companyId, userId: auth.userId, action: "LOGOUT", ip: meta.ip, userAgent: meta.userAgent, at: deps.clock.now() });
  // Every tab and browser of the user follows the sign-out (000 §4); this session's own sockets are closed.
  // Leaving a switched-into shared account ends only that session: the owner stays signed in elsewhere.
  if (!auth.actorUserId) await deps.realtime.publishAuth(auth.username, "TOKEN_DESTROY");
}
