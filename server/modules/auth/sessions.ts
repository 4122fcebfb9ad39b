// Sessions: a sign-in opens one; its refresh token rotates on every use; reuse of a rotated token revokes it.
// Each new refresh token is derived from the one it replaces (HMAC with a server key: nextRefreshToken), so a
// rotated token presented again within REUSE_GRACE_MS of its rotation, while nothing rotated the session since,
// answers the same new token again: the refresh whose answer never arrived (a reload or a closed tab cut it off
// after the server had rotated; another tab's refresh at the same moment) keeps the session instead of ending
// it. Later, or once the session has rotated again, it is refused; past the grace period it revokes the session.
import { and, eq, gt, isNull, ne, or } from "drizzle-orm";
import { sessions } from "../../../db/schema/index.ts";
import type { TokenResponse } from "../../../shared/auth.ts";
import type { AppDeps } from "../../lib/context.ts";
import { base64ToBytes, bytesToBase64Url, randomToken, sha256Hex } from "../../lib/encoding.ts";
import { AppError } from "../../lib/errors.ts";
import { signAccessToken } from "../../lib/tokens.ts";
import type { DbOrTx } from "../../../db/client.ts";

/** A rotated token presented again within this many ms is a lost answer or a race between tabs, not a theft. */
const REUSE_GRACE_MS = 15_000;

export interface SessionUser {
  id: number;
  companyId: number;
  username: string;
}

async function tokensFor(deps: AppDeps, user: SessionUser, sessionId: string, refresh: string, actorUserId: number | null): Promise<TokenResponse> {
  const ttl = deps.config.ACCESS_TOKEN_TTL_SECONDS;
  const access = await signAccessToken(
    deps.secrets.tokenKey,
    { sub: String(user.id), cid: user.companyId, sid: sessionId, usr: user.username, ...(actorUserId ? { act: actorUserId } : {}) },
    deps.clock.now(),
    ttl,
  );
  return { access_token: access, refresh_token: refresh, token_type: "bearer", expires_in: ttl, scope: "read write" };
}

export async function openSession(
  deps: AppDeps,
  user: SessionUser,
  meta: { ip: string; userAgent: string; actorUserId?: number | null },
  db: DbOrTx = deps.db,
): Promise<TokenResponse> {
  const now = deps.clock.now();
  const id = crypto.randomUUID();
  const refresh = randomToken(32);
  await db.insert(sessions).values({
    id,
    companyId: user.companyId,
    userId: user.id,
    actorUserId: meta.actorUserId ?? null,
    refreshHash: await sha256Hex(refresh),
    userAgent: meta.userAgent || null,
    ip: meta.ip,
    createdAt: now,
    refreshedAt: now,
    expiresAt: new Date(now.getTime() + deps.config.REFRESH_TOKEN_TTL_DAYS * 86_400_000),
  });
  return await tokensFor(deps, user, id, refresh, meta.actorUserId ?? null);
}

export async function rotateSession(
  deps: AppDeps,
  refreshToken: string,
  loadUser: (s: { userId: number; companyId: number; actorUserId: number | null }) => Promise<SessionUser | null>,
): Promise<TokenResponse> {
  const now = deps.clock.now();
  const oldHash = await sha256Hex(refreshToken);
  const next = await nextRefreshToken(deps.secrets.refreshKey, refreshToken);
  const nextHash = await sha256Hex(next);
  const [row] = await deps.db
    .update(sessions)
    .set({
      refreshHash: nextHash,
      previousHash: oldHash,
      refreshedAt: now,
      expiresAt: new Date(now.getTime() + deps.config.REFRESH_TOKEN_TTL_DAYS * 86_400_000),
    })
    .where(and(eq(sessions.refreshHash, oldHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .returning();
  if (!row) {
    const [reused] = await deps.db.select().from(sessions).where(and(eq(sessions.previousHash, oldHash), isNull(sessions.revokedAt)));
    if (!reused) throw new AppError(400, "auth.invalid_grant");
    if (now.getTime() - reused.refreshedAt.getTime() > REUSE_GRACE_MS) {
      await revokeSession(deps, reused.id, "REFRESH_REUSE");
      deps.log.warn(`refresh token reuse: session ${reused.id} of user ${reused.userId} revoked`);
      throw new AppError(400, "auth.invalid_grant");
    }
    // Within the grace period, and still the token this one became: the same answer again.
    if (reused.refreshHash !== nextHash || reused.expiresAt <= now) throw new AppError(400, "auth.invalid_grant");
    return await tokensForRow(deps, reused, next, loadUser);
  }
  return await tokensForRow(deps, row, next, loadUser);
}

/** The answer for the session `row` with refresh token `refresh`; ends the session of a user gone inactive. */
async function tokensForRow(
  deps: AppDeps,
  row: typeof sessions.$inferSelect,
  refresh: string,
  loadUser: (s: { userId: number; companyId: number; actorUserId: number | null }) => Promise<SessionUser | null>,
): Promise<TokenResponse> {
  const user = await loadUser(row);
  if (!user) {
    await revokeSession(deps, row.id, "USER_INACTIVE");
    throw new AppError(400, "auth.invalid_grant");
  }
  return await tokensFor(deps, user, row.id, refresh, row.actorUserId);
}

/** The refresh token that replaces `token`: HMAC-SHA-256 of it under the server's key, URL-safe base64. */
async function nextRefreshToken(key: string, token: string): Promise<string> {
  const k = await crypto.subtle.importKey("raw", base64ToBytes(key), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", k, new TextEncoder().encode(`refresh:${token}`)));
  return bytesToBase64Url(mac);
}

export async function revokeSession(deps: AppDeps, id: string, reason: string) {
  await deps.db.update(sessions).set({ revokedAt: deps.clock.now(), revokeReason: reason })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

/** Revokes every open session of the user, except `keepId` when given. Returns how many. */
export async function revokeUserSessions(deps: AppDeps, userId: number, reason: string, keepId?: string, db: DbOrTx = deps.db): Promise<number> {
  // The user's own sessions and those they opened by switching into an account shared with them.
  const theirs = or(eq(sessions.userId, userId), eq(sessions.actorUserId, userId));
  const where = keepId
    ? and(theirs, isNull(sessions.revokedAt), ne(sessions.id, keepId))
    : and(theirs, isNull(sessions.revokedAt));
  const rows = await db.update(sessions).set({ revokedAt: deps.clock.now(), revokeReason: reason }).where(where).returning({ id: sessions.id });
  return rows.length;
}
