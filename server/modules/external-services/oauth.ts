// The OAuth 2.0 calls of the authorisation-code flow (RFC 6749, PKCE RFC 7636, revocation RFC 7009) and the
// OpenID userinfo, against the company's configured provider. Client authentication: client_secret_post,
// which Google and most providers take. Errors map to the reasons of 001 §8: invalid_grant (revoked or
// expired grant) INVALID_TOKEN, invalid_scope INVALID_SCOPE, a provider that cannot be reached or answers 5xx
// NETWORK_ERROR, anything else UNKNOWN.
import type { AppDeps } from "../../lib/context.ts";
import { ExternalServiceError, jsonOf, providerFetch } from "./http.ts";
import type { Provider } from "./settings.ts";

export interface TokenSet {
  accessToken: string;
  refreshToken: string | null;
  /** Seconds, as the provider said; null: not said. */
  expiresIn: number | null;
  /** Granted scopes (space-separated); null: the provider did not say (then they are the ones asked for). */
  scope: string | null;
}

export interface UserInfo {
  subject: string;
  email: string;
  name: string;
}

const b64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

export function randomToken(bytes = 32): string {
  return b64url(crypto.getRandomValues(new Uint8Array(bytes)));
}

export async function sha256Url(text: string): Promise<string> {
  return b64url(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text))));
}

/** The provider's consent address: code flow, offline access (a refresh token), PKCE S256. */
export async function authorizationUrl(p: Provider, state: string, verifier: string, redirectUri: string): Promise<string> {
  const u = new URL(p.authorizationUri);
  u.searchParams.set("response_type", "code");
  u.searchParams.set("client_id", p.clientId);
  u.searchParams.set("redirect_uri", redirectUri);
  u.searchParams.set("scope", p.scopes);
  u.searchParams.set("state", state);
  u.searchParams.set("code_challenge", await sha256Url(verifier));
  u.searchParams.set("code_challenge_method", "S256");
  u.searchParams.set("access_type", "offline");
  u.searchParams.set("include_granted_scopes", "true");
  u.searchParams.set("prompt", "consent");
  return u.toString();
}

function failure(status: number, body: Record<string, unknown> | null): ExternalServiceError {
  const code = typeof body?.error === "string" ? body.error : "";
  if (code === "invalid_grant") return new ExternalServiceError("INVALID_TOKEN", code);
  if (code === "invalid_scope") return new ExternalServiceError("INVALID_SCOPE", code);
  if (status >= 500) return new ExternalServiceError("NETWORK_ERROR", `status ${status}`);
  return new ExternalServiceError("UNKNOWN", code || `status ${status}`);
}

async function tokenCall(deps: AppDeps, p: Provider, form: Record<string, string>): Promise<TokenSet> {
  const res = await providerFetch(deps, p, p.tokenUri, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body: new URLSearchParams({ ...form, client_id: p.clientId, client_secret: p.clientSecret }),
  });
  const body = await jsonOf(res);
  if (!res.ok) throw failure(res.status, body);
  if (typeof body?.access_token !== "string" || !body.access_token) throw new ExternalServiceError("UNKNOWN", "no access_token");
  const expires = Number(body.expires_in);
  return {
    accessToken: body.access_token,
    refreshToken: typeof body.refresh_token === "string" && body.refresh_token ? body.refresh_token : null,
    expiresIn: Number.isFinite(expires) && expires > 0 ? expires : null,
    scope: typeof body.scope === "string" ? body.scope : null,
  };
}

export function exchangeCode(deps: AppDeps, p: Provider, code: string, redirectUri: string, verifier: string) {
  return tokenCall(deps, p, { grant_type: "authorization_code", code, redirect_uri: redirectUri, code_verifier: verifier });
}

export function refreshGrant(deps: AppDeps, p: Provider, refreshToken: string) {
  return tokenCall(deps, p, { grant_type: "refresh_token", refresh_token: refreshToken });
}

/** Revokes a token at the provider; best effort (a provider that is down does not keep a user connected). */
export async function revoke(deps: AppDeps, p: Provider, token: string): Promise<boolean> {
  try {
    const res = await providerFetch(deps, p, p.revocationUri, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token, client_id: p.clientId, client_secret: p.clientSecret }),
    });
    await res.body?.cancel();
    return res.ok;
  } catch (e) {
    deps.log.warn("external service: revocation failed", { reason: String((e as Error).message) });
    return false;
  }
}

/** The account behind an access token (OpenID Connect userinfo: sub, email, name). */
export async function userInfo(deps: AppDeps, p: Provider, accessToken: string): Promise<UserInfo> {
  const res = await providerFetch(deps, p, p.userInfoUri, { headers: { authorization: `Bearer ${accessToken}`, accept: "application/json" } });
  const body = await jsonOf(res);
  if (res.status === 401) throw new ExternalServiceError("INVALID_TOKEN", "userinfo 401");
  if (res.status === 403) throw new ExternalServiceError("INVALID_SCOPE", "userinfo 403");
  if (!res.ok) throw failure(res.status, body);
  const subject = String(body?.sub ?? body?.id ?? "");
  if (!subject) throw new ExternalServiceError("UNKNOWN", "userinfo without sub");
  return { subject, email: String(body?.email ?? ""), name: String(body?.name ?? body?.email ?? "") };
}

/** Whether every required scope is among the granted ones. */
export function hasScopes(granted: string, required: readonly string[]): boolean {
  const set = new Set(granted.split(/\s+/).filter(Boolean));
  return required.every((s) => set.has(s));
}
