// Authentication middleware: bearer access token → session and user checked in one query on every call,
// so signing out, "log out all sessions" and disabled accounts take effect at once.
import { and, eq, gt, isNull } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import { sessions, users } from "../../db/schema/index.ts";
import type { AppEnv } from "./context.ts";
import { AppError } from "./errors.ts";
import { verifyAccessToken } from "./tokens.ts";

export function bearerOf(header: string | undefined): string | null {
  const m = /^Bearer\s+(\S+)$/i.exec(header ?? "");
  return m ? m[1] : null;
}

export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  // Module routers share one flat route table, so "/api/users/*" of one module and a more specific path of
  // another may both ask for auth on the same request: resolve the caller once.
  if (c.get("auth")) return await next();
  const deps = c.get("deps");
  const token = bearerOf(c.req.header("authorization"));
  if (!token) throw new AppError(401, "common.401");
  const now = deps.clock.now();
  const claims = await verifyAccessToken(deps.secrets.tokenKey, token, now);
  if (!claims) throw new AppError(401, "auth.token_expired");
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
      eq(sessions.id, claims.sid),
      eq(sessions.userId, Number(claims.sub)),
      isNull(sessions.revokedAt),
      gt(sessions.expiresAt, now),
      eq(users.status, "ACTIVE"),
    ));
  if (!row) throw new AppError(401, "auth.token_expired");
  c.set("auth", { ...row, sessionId: claims.sid });
  await next();
});

export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  if (c.get("auth").role !== "ROLE_ADMIN") throw new AppError(403, "common.403");
  await next();
});
