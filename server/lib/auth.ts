// Authentication middleware: bearer access token → session and user checked in one query on every call,
// so signing out, "log out all sessions" and disabled accounts take effect at once.
import { and, eq, gt, isNull } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import { sessions, users } from "../../db/schema/index.ts";
import type { AppDeps, AppEnv, AuthInfo } from "./context.ts";
import { AppError } from "./errors.ts";
import { verifyAccessToken } from "./tokens.ts";

export function bearerOf(header: string | undefined): string | null {
  const m = /^Bearer\s+(\S+)$/i.exec(header ?? "");
  return m ? m[1] : null;
}

/**
 * The caller behind an access token: signature and expiry, then the session (not revoked, not expired) and
 * an ACTIVE user, in one query. Null when any of it fails. Used by HTTP calls and by websockets alike.
 */
export async function resolveBearer(deps: AppDeps, token: string): Promise<AuthInfo | null> {
  const claims = await verifyAccessToken(deps.secrets.tokenKey, token, deps.clock.now());
  if (!claims) return null;
  return await resolveSession(deps, claims.sid, Number(claims.sub));
}

/**
 * The caller of a session (not revoked, not expired, its user ACTIVE), for a token of another kind that names
 * the session (the drive's download tickets): signing out ends those too. Null when any of it fails.
 */
export async function resolveSession(deps: AppDeps, sessionId: string, userId: number): Promise<AuthInfo | null> {
  const now = deps.clock.now();
  const [row] = await deps.db
    .select({
      userId: users.id,
      companyId: users.companyId,
      username: users.username,
      role: users.role,
      isHr: users.isHr,
      actorUserId: sessions.actorUserId,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(
      eq(sessions.id, sessionId),
      eq(sessions.userId, userId),
      isNull(sessions.revokedAt),
      gt(sessions.expiresAt, now),
      eq(users.status, "ACTIVE"),
    ));
  if (!row) return null;
  // A session opened by switching into a shared account ends with the person who switched.
  if (row.actorUserId) {
    const [actor] = await deps.db.select({ status: users.status }).from(users).where(eq(users.id, row.actorUserId));
    if (actor?.status !== "ACTIVE") return null;
  }
  return { ...row, sessionId };
}

export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  // Module routers share one flat route table, so "/api/users/*" of one module and a more specific path of
  // another may both ask for auth on the same request: resolve the caller once.
  if (c.get("auth")) return await next();
  const token = bearerOf(c.req.header("authorization"));
  if (!token) throw new AppError(401, "common.401");
  const auth = await resolveBearer(c.get("deps"), token);
  if (!auth) throw new AppError(401, "auth.token_expired");
  c.set("auth", auth);
  await next();
});

export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const auth = c.get("auth");
  if (auth.role !== "ROLE_ADMIN") throw new AppError(403, "common.403");
  // Someone who switched into an administrator's shared account uses it, but does not administer.
  if (auth.actorUserId) throw new AppError(403, "account.switched_session");
  await next();
});
