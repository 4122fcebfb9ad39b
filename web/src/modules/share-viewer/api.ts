// The public calls of the share link viewer (shared/share.ts). No sign-in needed: the bearer token goes along
// when there is a session, so a signed-in employee can open a COMPANY link.
import type { LinkAccessGrant, PublicShareLink, VerificationResult, VerificationSent } from "@shared/share.ts";
import { api } from "../../lib/api.ts";
import { hasSession } from "../../lib/session.ts";

const BASE = "/api/share/links";
const enc = encodeURIComponent;
/** Without a session there is no token to send, and nothing to refresh. */
const anon = () => !hasSession();

export const linkApi = {
  describe: (token: string) => api<PublicShareLink>(`${BASE}/public/${enc(token)}`, { anonymous: anon() }),
  open: (token: string, body: { password?: string; verificationId?: string }) =>
    api<LinkAccessGrant>(`${BASE}/public/${enc(token)}/open`, { method: "POST", json: body, anonymous: anon() }),
  sendCode: (token: string, email: string) =>
    api<VerificationSent>(`${BASE}/verification`, { method: "POST", form: { email, encrypt: token }, anonymous: true }),
  validate: (token: string, email: string, verificationCode: string) =>
    api<VerificationResult>(`${BASE}/validation/${enc(token)}`, { query: { email, verificationCode }, anonymous: true }),
};

export { codeOf, paramsOf } from "../../lib/api.ts";

/** Refusals that end the visit: the link itself cannot be opened now. */
export const LINK_REFUSALS = ["shareLink.deleted", "shareLink.not_started", "shareLink.expired", "shareLink.limit_reached"];

/** Opens the link; answers null when it opened (or the page moved to a refusal state), else the failure. */
export type OpenLink = (body: { password?: string; verificationId?: string }) => Promise<{ code: string; params: Record<string, unknown> } | null>;
