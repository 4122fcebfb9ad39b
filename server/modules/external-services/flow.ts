// The authorisation-code flow in the popup (001 §7: the browser navigates to oauth2/authorization/{id}, the
// provider answers at login/oauth2/code/{id}):
//   1. POST /api/oauth2/authorization/{id} (signed in): a one-time ticket, valid two minutes, for the popup's
//      address; the popup cannot carry the bearer token, the ticket carries the user.
//   2. GET /oauth2/authorization/{id}?ticket: the ticket is spent; a PKCE verifier, a browser nonce (cookie on
//      the callback path) and the redirect URI (this origin's callback) are kept in the authorisation's row, and
//      the popup goes to the provider with a state signed by the server naming that row and the user.
//   3. GET /login/oauth2/code/{id}?code&state: the state's signature, its row (same user, not expired) and the
//      browser's cookie are checked and the row is spent; the code is exchanged (with the verifier), the
//      granted scopes checked, the account read from userinfo, and the connection stored. A refused consent
//      (error=access_denied) is REJECTED, a missing scope INVALID_SCOPE, an unreachable provider NETWORK_ERROR,
//      a refused grant INVALID_TOKEN, anything else UNKNOWN: the popup's page carries the reason.
import { and, eq, gt, lt } from "drizzle-orm";
import { externalOauthPending } from "../../../db/schema/index.ts";
import {
  type ExternalErrorReason, type ExternalServiceType, OAUTH_STATE_MS, OAUTH_TICKET_MS, type OAuthPopupMessage, registrationOf,
} from "../../../shared/external-services.ts";
import type { AppDeps, Caller } from "../../lib/context.ts";
import { saveConnection } from "./connections.ts";
import { ExternalServiceError, reasonOf } from "./http.ts";
import { authorizationUrl, exchangeCode, hasScopes, randomToken, revoke, sha256Url, userInfo } from "./oauth.ts";
import { CALLBACK_PATH, providerOf } from "./settings.ts";

export const BROWSER_COOKIE = "gw_oauth2";
export const COOKIE_PATH = "/login/oauth2/";

type Outcome = Omit<OAuthPopupMessage, "type">;

const enc = new TextEncoder();
const b64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

async function hmac(deps: AppDeps, text: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", enc.encode(`oauth2-state:${deps.secrets.tokenKey}`), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return b64url(new Uint8Array(await crypto.subtle.sign("HMAC", key, enc.encode(text))));
}

/** state = "<row id>.<user id>.<random>.<signature>" */
async function signState(deps: AppDeps, pendingId: number, userId: number): Promise<string> {
  const body = `${pendingId}.${userId}.${randomToken(12)}`;
  return `${body}.${await hmac(deps, body)}`;
}

async function readState(deps: AppDeps, state: string): Promise<{ pendingId: number; userId: number } | null> {
  const m = /^(\d{1,15})\.(\d{1,15})\.([\w-]{1,64})\.([\w-]{43})$/.exec(state);
  if (!m) return null;
  const expected = await hmac(deps, `${m[1]}.${m[2]}.${m[3]}`);
  if (expected.length !== m[4].length) return null;
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ m[4].charCodeAt(i);
  return diff === 0 ? { pendingId: Number(m[1]), userId: Number(m[2]) } : null;
}

type ConnectGuard = (deps: AppDeps, companyId: number) => Promise<void>;
const connectGuards = new Map<string, ConnectGuard>();

/** A service's own condition for starting a connection (it throws to refuse: the drive's company config). */
export function onConnectionStart(serviceType: ExternalServiceType, guard: ConnectGuard) {
  connectGuards.set(serviceType, guard);
}

/** Step 1. */
export async function startAuthorization(caller: Caller, registrationId: string): Promise<{ url: string }> {
  const { deps, auth } = caller;
  await providerOf(deps, auth.companyId, registrationId); // 404 unknown, 400 external.not_configured
  await connectGuards.get(registrationOf(registrationId)!.serviceType)?.(deps, auth.companyId);
  const now = deps.clock.now();
  const ticket = randomToken();
  await deps.db.delete(externalOauthPending).where(and(eq(externalOauthPending.userId, auth.userId), lt(externalOauthPending.expiresAt, now)));
  await deps.db.insert(externalOauthPending).values({
    companyId: auth.companyId, userId: auth.userId, registrationId, ticketHash: await sha256Url(ticket),
    expiresAt: new Date(now.getTime() + OAUTH_TICKET_MS),
  });
  return { url: `/oauth2/authorization/${encodeURIComponent(registrationId)}?ticket=${ticket}` };
}

/** Step 2: the provider's address and the browser's nonce for the cookie, or the outcome to show at once. */
export async function beginAtProvider(deps: AppDeps, registrationId: string, ticket: string, origin: string) {
  const now = deps.clock.now();
  const [row] = await deps.db.update(externalOauthPending).set({ started: true })
    .where(and(
      eq(externalOauthPending.ticketHash, await sha256Url(ticket)), eq(externalOauthPending.registrationId, registrationId),
      eq(externalOauthPending.started, false), gt(externalOauthPending.expiresAt, now),
    )).returning();
  if (!row) return { outcome: { registrationId, connectionId: null, errorMessage: "UNKNOWN" } as Outcome };
  try {
    const p = await providerOf(deps, row.companyId, registrationId);
    const verifier = randomToken(48);
    const nonce = randomToken();
    const redirectUri = `${origin}${CALLBACK_PATH(registrationId)}`;
    await deps.db.update(externalOauthPending).set({
      browserNonceHash: await sha256Url(nonce), codeVerifier: verifier, redirectUri,
      expiresAt: new Date(now.getTime() + OAUTH_STATE_MS),
    }).where(eq(externalOauthPending.id, row.id));
    return { location: await authorizationUrl(p, await signState(deps, row.id, row.userId), verifier, redirectUri), nonce };
  } catch {
    return { outcome: { registrationId, connectionId: null, errorMessage: "UNKNOWN" } as Outcome };
  }
}

function reasonOfProviderError(error: string): ExternalErrorReason {
  if (error === "access_denied") return "REJECTED";
  if (error === "invalid_scope") return "INVALID_SCOPE";
  if (error === "temporarily_unavailable" || error === "server_error") return "NETWORK_ERROR";
  return "UNKNOWN";
}

/** Step 3. */
export async function finishAtCallback(
  deps: AppDeps, registrationId: string, q: { code?: string; state?: string; error?: string }, browserNonce: string | undefined,
): Promise<Outcome> {
  const fail = (errorMessage: ExternalErrorReason): Outcome => ({ registrationId, connectionId: null, errorMessage });
  const state = q.state ? await readState(deps, q.state) : null;
  if (!state || !browserNonce) return fail("UNKNOWN");
  const now = deps.clock.now();
  const [row] = await deps.db.delete(externalOauthPending).where(and(
    eq(externalOauthPending.id, state.pendingId), eq(externalOauthPending.userId, state.userId),
    eq(externalOauthPending.registrationId, registrationId), eq(externalOauthPending.started, true),
    eq(externalOauthPending.browserNonceHash, await sha256Url(browserNonce)), gt(externalOauthPending.expiresAt, now),
  )).returning();
  if (!row || !row.codeVerifier || !row.redirectUri) return fail("UNKNOWN");
  if (q.error) return fail(reasonOfProviderError(q.error));
  if (!q.code) return fail("UNKNOWN");
  return await exchangeAndSave(deps, registrationId, { ...row, codeVerifier: row.codeVerifier, redirectUri: row.redirectUri }, q.code);
}

/**
 * Step 3 for a client that caught the provider's answer itself (001 §7 "save with code": POST
 * /api/external/token/{type} { code, state }): the signed-in caller stands for the browser's cookie, so the
 * state must name an authorisation this caller started and that has not expired.
 */
export async function finishWithCode(caller: Caller, registrationId: string, code: string, stateText: string): Promise<Outcome> {
  const { deps, auth } = caller;
  const state = await readState(deps, stateText);
  if (!state || state.userId !== auth.userId) return { registrationId, connectionId: null, errorMessage: "UNKNOWN" };
  const [row] = await deps.db.delete(externalOauthPending).where(and(
    eq(externalOauthPending.id, state.pendingId), eq(externalOauthPending.userId, auth.userId),
    eq(externalOauthPending.companyId, auth.companyId), eq(externalOauthPending.registrationId, registrationId),
    eq(externalOauthPending.started, true), gt(externalOauthPending.expiresAt, deps.clock.now()),
  )).returning();
  if (!row || !row.codeVerifier || !row.redirectUri) return { registrationId, connectionId: null, errorMessage: "UNKNOWN" };
  return await exchangeAndSave(deps, registrationId, { ...row, codeVerifier: row.codeVerifier, redirectUri: row.redirectUri }, code);
}

async function exchangeAndSave(
  deps: AppDeps, registrationId: string, row: { companyId: number; userId: number; codeVerifier: string; redirectUri: string }, code: string,
): Promise<Outcome> {
  const fail = (errorMessage: ExternalErrorReason): Outcome => ({ registrationId, connectionId: null, errorMessage });
  try {
    const p = await providerOf(deps, row.companyId, registrationId);
    const tokens = await exchangeCode(deps, p, code, row.redirectUri, row.codeVerifier);
    const granted = tokens.scope ?? p.scopes;
    if (!hasScopes(granted, p.registration.requiredScopes)) {
      await revoke(deps, p, tokens.refreshToken ?? tokens.accessToken);
      throw new ExternalServiceError("INVALID_SCOPE", `granted: ${granted}`);
    }
    const account = await userInfo(deps, p, tokens.accessToken);
    const conn = await saveConnection(deps, p, row.userId, account, tokens, granted);
    return { registrationId, connectionId: conn.id, errorMessage: null };
  } catch (e) {
    if (!(e instanceof ExternalServiceError)) deps.log.error("external service: connecting failed", e);
    else deps.log.info(`external service: connecting failed: ${e.message}`);
    return fail(reasonOf(e));
  }
}

/** Authorisations nobody finished: removed once expired (a job calls this now and then). */
export async function purgeExpiredAuthorizations(deps: AppDeps): Promise<number> {
  const gone = await deps.db.delete(externalOauthPending).where(lt(externalOauthPending.expiresAt, deps.clock.now())).returning({ id: externalOauthPending.id });
  return gone.length;
}
