// GET /api/messenger/token (002 §7: messenger.success, messenger.data.authToken, tenantId): a short-lived signed
// token that /ws accepts in place of the access token, for the messenger's topics only (a separate window or
// app). It names the caller's session: signing out, a revoked session or a disabled user ends it at once, as it
// ends the access token; it is signed with a key of its own purpose, so it is never an access token.
import { sign, verify } from "hono/jwt";
import type { MessengerTokenAnswer } from "../../../shared/messenger/api.ts";
import { MESSENGER_TOKEN_SECONDS } from "../../../shared/messenger/constants.ts";
import { resolveSession } from "../../lib/auth.ts";
import type { AppDeps, AuthInfo, Caller } from "../../lib/context.ts";

const PURPOSE = "messenger";
const keyOf = (tokenKey: string) => `${tokenKey}:${PURPOSE}`;

interface Claims {
  typ: string;
  sub: number;
  cid: number;
  sid: string;
  iat: number;
  exp: number;
}

export async function messengerToken(caller: Caller): Promise<MessengerTokenAnswer> {
  const iat = Math.floor(caller.deps.clock.now().getTime() / 1000);
  const exp = iat + MESSENGER_TOKEN_SECONDS;
  const claims: Claims = { typ: PURPOSE, sub: caller.auth.userId, cid: caller.auth.companyId, sid: caller.auth.sessionId, iat, exp };
  const authToken = await sign({ ...claims }, keyOf(caller.deps.secrets.tokenKey), "HS256");
  return { messenger: { success: true, data: { authToken, tenantId: caller.auth.companyId, expiresAt: exp * 1000 } } };
}

/** The caller behind a messenger token, or null (bad, expired, another purpose, session ended). */
export async function resolveMessengerToken(deps: AppDeps, token: string): Promise<AuthInfo | null> {
  let claims: Claims;
  try {
    claims = await verify(token, keyOf(deps.secrets.tokenKey), { alg: "HS256", exp: false, iat: false, nbf: false }) as unknown as Claims;
  } catch {
    return null;
  }
  if (claims.typ !== PURPOSE || typeof claims.exp !== "number" || claims.exp * 1000 <= deps.clock.now().getTime()) return null;
  if (typeof claims.sid !== "string" || typeof claims.sub !== "number") return null;
  const auth = await resolveSession(deps, claims.sid, claims.sub);
  return auth && auth.companyId === claims.cid ? auth : null;
}

/** Whether a token (already verified by resolveBearer or resolveMessengerToken) is a messenger token. */
export function isMessengerToken(token: string): boolean {
  try {
    const part = token.split(".")[1].replace(/-/g, "+").replace(/_/g, "/");
    return (JSON.parse(atob(part.padEnd(part.length + (4 - part.length % 4) % 4, "="))) as { typ?: unknown }).typ === PURPOSE;
  } catch {
    return false;
  }
}
