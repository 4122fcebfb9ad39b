// Sessions: a sign-in opens one; its refresh token rotates on every use; reuse of a rotated token revokes it.
import { and, eq, gt, isNull, ne, or } from "drizzle-orm";
import { sessions } from "../../../db/schema/index.ts";
import type { TokenResponse } from "../../../shared/auth.ts";
import type { AppDeps } from "../../lib/context.ts";
import { randomToken, sha256Hex } from "../../lib/encoding.ts";
import { AppError } from "../../lib/errors.ts";
import { signAccessToken } from "../../lib/tokens.ts";
import type { DbOrTx } from "../../../db/client.ts";

/** A rotated token presented again within this many ms is a race between tabs, not a theft. */
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
  const next = randomToken(32);
  const [row] = await deps.db
    .update(sessions)
    .set({
      refreshHash: await sha256Hex(next),
      previousHash: oldHash,
      refreshedAt: now,
      expiresAt: new Date(now.getTime() + deps.config.REFRESH_TOKEN_TTL_DAYS * 86_400_000),
    })
    .where(and(eq(sessions.refreshHash, oldHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .returning();
  if (!row) {
    const [reused] = await deps.db.select().from(sessions).where(and(eq(sessions.previousHash, oldHash), isNull(sessions.revokedAt)));
    if (reused && now.getTime() - reused.refreshedAt.getTime() > REUSE_GRACE_MS) {
      await revokeSession(deps, reused.id, "REFRESH_REUSE");
      deps.log.warn(`refresh token reuse: session ${reused.id} of user ${reused.userId} revoked`);
    }
    throw new AppError(400, "auth.invalid_grant");
  }
  const user = await loadUser(row);
  if (!user) {
    await revokeSession(deps, row.id, "USER_INACTIVE");
    throw new AppError(400, "auth.invalid_grant");
  }
  return await tokensFor(deps, user, row.id, next, row.actorUserId);
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
