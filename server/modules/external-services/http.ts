// Outbound calls to a provider. Only the hosts of the company's configured endpoints are called (token,
// revocation, userinfo, API base); each host is resolved first and refused when any address is internal
// (server/lib/host-guard.ts, first written for the mail module), unless
// EXTERNAL_SERVICES_ALLOW_PRIVATE_HOSTS (tests: the stand-in provider on loopback); without that, only https.
// Redirects are not followed. A call that cannot reach the provider throws ExternalServiceError NETWORK_ERROR.
// What stays open: fetch resolves the name again when it connects, so a DNS answer changed between the check
// and the connection (rebinding) is not caught here as the mail module's pinned sockets catch it.
import type { ExternalErrorReason } from "../../../shared/external-services.ts";
import type { AppDeps } from "../../lib/context.ts";
import { HostForbiddenError, resolveTarget } from "../../lib/host-guard.ts";
import type { Provider } from "./settings.ts";

/** A failed use of a connection, with the reason the browser shows (001 §8). */
export class ExternalServiceError extends Error {
  constructor(readonly reason: ExternalErrorReason, detail = "") {
    super(`external service: ${reason}${detail ? ` (${detail})` : ""}`);
  }
}

export const reasonOf = (e: unknown): ExternalErrorReason => (e instanceof ExternalServiceError ? e.reason : "UNKNOWN");

const TIMEOUT_MS = 20_000;

function hostsOf(p: Provider): Set<string> {
  const out = new Set<string>();
  for (const u of [p.tokenUri, p.revocationUri, p.userInfoUri, p.apiBaseUrl]) {
    try {
      out.add(new URL(u).host.toLowerCase());
    } catch { /* an endpoint that is not a URL: nothing to call there */ }
  }
  return out;
}

/** fetch to one of the provider's endpoints, checked as above. */
export async function providerFetch(deps: AppDeps, p: Provider, url: string, init: RequestInit = {}): Promise<Response> {
  const allowPrivate = deps.config.EXTERNAL_SERVICES_ALLOW_PRIVATE_HOSTS;
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new ExternalServiceError("UNKNOWN", "not a URL");
  }
  if (!hostsOf(p).has(target.host.toLowerCase())) throw new ExternalServiceError("UNKNOWN", `host ${target.host} is not configured`);
  if (target.protocol !== "https:" && !(allowPrivate && target.protocol === "http:")) {
    throw new ExternalServiceError("UNKNOWN", "only https endpoints are called");
  }
  try {
    await resolveTarget(target.hostname, allowPrivate);
  } catch (e) {
    if (e instanceof HostForbiddenError) throw new ExternalServiceError("UNKNOWN", `host ${target.host} is internal`);
    throw new ExternalServiceError("NETWORK_ERROR", `host ${target.host} does not resolve`);
  }
  try {
    return await fetch(target, { ...init, redirect: "manual", signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (e) {
    throw new ExternalServiceError("NETWORK_ERROR", String((e as Error).message ?? e));
  }
}

/** The response's JSON, or null when it is not JSON. */
export async function jsonOf(res: Response): Promise<Record<string, unknown> | null> {
  try {
    const v = await res.json();
    return v && typeof v === "object" ? v as Record<string, unknown> : null;
  } catch {
    return null;
  }
}
