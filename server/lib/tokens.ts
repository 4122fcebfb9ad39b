// Short-lived signed access tokens (HS256 JWT). The session id inside lets the server revoke them at once.
import { sign, verify } from "hono/jwt";

export interface AccessClaims {
  sub: string;
  cid: number;
  sid: string;
  usr: string;
  act?: number;
  iat: number;
  exp: number;
}

export async function signAccessToken(
  key: string,
  claims: Omit<AccessClaims, "iat" | "exp">,
  now: Date,
  ttlSeconds: number,
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return await sign({ ...claims, iat, exp: iat + ttlSeconds }, key, "HS256");
}

/** Returns the claims, or null when the token is malformed, forged or expired at `now`. */
export async function verifyAccessToken(key: string, token: string, now: Date): Promise<AccessClaims | null> {
  try {
    const claims = (await verify(token, key, { alg: "HS256", exp: false, iat: false, nbf: false })) as unknown as AccessClaims;
    // Time claims are checked against the app clock, not the wall clock.
    if (typeof claims.exp !== "number" || claims.exp * 1000 <= now.getTime()) return null;
    if (typeof claims.iat !== "number" || claims.iat * 1000 > now.getTime() + 60_000) return null;
    if (typeof claims.sid !== "string" || typeof claims.sub !== "string") return null;
    return claims;
  } catch {
    return null;
  }
}
