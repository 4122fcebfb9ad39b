// Opening a share link without an account (the viewer at /#/link/viewer/{token}).
//
// GET  /api/share/links/public/{token}       → PublicShareLink: refuses a deleted link (404 shareLink.deleted),
//      before its start (403 shareLink.not_started), after its expiry (410 shareLink.expired) or once its
//      download count is used up (410 shareLink.limit_reached).
// POST /api/share/links/public/{token}/open  → LinkAccessGrant, counting one download. PASSWORD links need the
//      password (wrong ones throttled per link and client address, "link:<id>:<ip>"); COMPANY links need a
//      signed-in user of the link's company, or a company address verified by mail (verificationId).
// The grant is a JWT (10 minutes) the object's module checks with verifyLinkGrant before serving the object.
import { sign, verify } from "hono/jwt";
import {
  type LinkAccessGrant, type PublicShareLink, SHARE_LINK_GRANT_TTL_SECONDS, SHARE_LINK_PASSWORD_MAX_FAILURES, SHARE_LINK_PASSWORD_MAX_FAILURES_TOTAL,
  SHARE_LINK_VERIFIED_TTL_MINUTES, type ShareLinkAccessMode, type ShareLinkPermission,
} from "../../../shared/share.ts";
import type { AppDeps, AuthInfo } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";
import { verifyPassword } from "../../lib/passwords.ts";
import { reserveAttempt } from "../auth/throttle.ts";
import * as repo from "./repo.ts";

export interface Visitor {
  /** The signed-in user, when the viewer sent a valid bearer token. */
  auth?: AuthInfo;
  ip: string;
}

const deleted = () => new AppError(404, "shareLink.deleted");

/** Why the link cannot be opened at `now`, or null. */
function refusalOf(link: repo.LinkRow, now: Date): AppError | null {
  if (link.startAt && link.startAt.getTime() > now.getTime()) {
    return new AppError(403, "shareLink.not_started", { startDateTimeMillis: link.startAt.getTime() });
  }
  if (link.expiryAt && link.expiryAt.getTime() <= now.getTime()) return new AppError(410, "shareLink.expired");
  if (link.downloadLimitCount !== null && link.downloadCount >= link.downloadLimitCount) return new AppError(410, "shareLink.limit_reached");
  return null;
}

/** The link and its object's title; a deleted link, or one whose object is gone, answers 404. */
async function liveLink(deps: AppDeps, token: string) {
  if (token.length > 200) throw deleted();
  const link = await repo.findByToken(deps.db, token);
  if (!link) throw deleted();
  const resolver = deps.shareables.get(link.moduleType);
  const title = resolver ? await resolver.title(link.companyId, link.objectId) : null;
  if (title === null) throw deleted();
  const refusal = refusalOf(link, deps.clock.now());
  if (refusal) throw refusal;
  return { link, title };
}

const isEmployee = (link: repo.LinkRow, v: Visitor) => !!v.auth && v.auth.companyId === link.companyId;

export async function describe(deps: AppDeps, token: string, v: Visitor): Promise<PublicShareLink> {
  const { link, title } = await liveLink(deps, token);
  const mode = link.accessMode as ShareLinkAccessMode;
  const requiresSignIn = mode === "COMPANY" && !isEmployee(link, v);
  return {
    moduleType: link.moduleType,
    title: mode === "ANYONE" || (mode === "COMPANY" && !requiresSignIn) ? title : null,
    permission: link.permission as ShareLinkPermission,
    accessMode: mode,
    requiresPassword: mode === "PASSWORD",
    requiresSignIn,
    downloadLimitCount: link.downloadLimitCount,
    downloadCount: link.downloadCount,
    expiryDate: link.expiryAt?.getTime() ?? null,
    startDateTimeMillis: link.startAt?.getTime() ?? null,
  };
}

async function assertAllowed(deps: AppDeps, link: repo.LinkRow, v: Visitor, input: { password?: string; verificationId?: string }) {
  if (link.accessMode === "PASSWORD") {
    if (!input.password) throw new AppError(400, "shareLink.password_required");
    // Wrong passwords count per client address and for the link in total (guesses spread over many addresses).
    const attempt = await reserveAttempt(deps, [
      { key: `link:${link.id}:${v.ip}`, max: SHARE_LINK_PASSWORD_MAX_FAILURES },
      { key: `link:${link.id}`, max: SHARE_LINK_PASSWORD_MAX_FAILURES_TOTAL },
    ], "shareLink.too_many_attempts");
    if (!link.passwordHash || !(await verifyPassword(input.password, link.passwordHash))) {
      throw new AppError(403, "shareLink.password_invalid");
    }
    await attempt.release();
  } else if (link.accessMode === "COMPANY" && !isEmployee(link, v)) {
    if (input.verificationId) {
      const row = await repo.findVerification(deps.db, input.verificationId);
      const now = deps.clock.now().getTime();
      if (row && row.linkId === link.id && row.verifiedAt && row.verifiedAt.getTime() + SHARE_LINK_VERIFIED_TTL_MINUTES * 60_000 > now) return;
      throw new AppError(403, "shareLink.verification_required");
    }
    if (v.auth) throw new AppError(403, "shareLink.company_only");
    throw new AppError(401, "shareLink.sign_in_required");
  }
}

const grantKey = (deps: AppDeps) => `${deps.secrets.tokenKey}:share-link`;

interface GrantClaims {
  typ: "share-link";
  lid: number;
  cid: number;
  mt: string;
  oid: string;
  perm: ShareLinkPermission;
  iat: number;
  exp: number;
}

export async function open(
  deps: AppDeps, token: string, v: Visitor, input: { password?: string; verificationId?: string },
): Promise<LinkAccessGrant> {
  const { link, title } = await liveLink(deps, token);
  await assertAllowed(deps, link, v, input);
  const now = deps.clock.now();
  const counted = await repo.countOpen(deps.db, link.id, now);
  if (!counted) {
    // Another open took the last count, or the link changed meanwhile.
    const again = await repo.findByToken(deps.db, token);
    throw (again && refusalOf(again, now)) ?? (again ? new AppError(410, "shareLink.limit_reached") : deleted());
  }
  const iat = Math.floor(now.getTime() / 1000);
  const claims: GrantClaims = {
    typ: "share-link", lid: counted.id, cid: counted.companyId, mt: counted.moduleType, oid: counted.objectId,
    perm: counted.permission as ShareLinkPermission, iat, exp: iat + SHARE_LINK_GRANT_TTL_SECONDS,
  };
  return {
    grant: await sign({ ...claims }, grantKey(deps), "HS256"),
    expiresAtMillis: claims.exp * 1000,
    moduleType: counted.moduleType,
    objectId: counted.objectId,
    title,
    permission: claims.perm,
    downloadCount: counted.downloadCount,
    downloadLimitCount: counted.downloadLimitCount,
  };
}

export interface LinkGrant {
  linkId: number;
  companyId: number;
  moduleType: string;
  objectId: string;
  permission: ShareLinkPermission;
}

/** For the modules serving linked objects: the grant's link, when the grant is valid and the link still exists. */
export async function verifyLinkGrant(deps: AppDeps, grant: string): Promise<LinkGrant | null> {
  let claims: GrantClaims;
  try {
    claims = (await verify(grant, grantKey(deps), { alg: "HS256", exp: false, iat: false, nbf: false })) as unknown as GrantClaims;
  } catch {
    return null;
  }
  if (claims.typ !== "share-link" || typeof claims.exp !== "number" || claims.exp * 1000 <= deps.clock.now().getTime()) return null;
  const link = await repo.findLink(deps.db, claims.cid, claims.lid);
  if (!link || link.moduleType !== claims.mt || link.objectId !== claims.oid) return null;
  return { linkId: link.id, companyId: link.companyId, moduleType: link.moduleType, objectId: link.objectId, permission: link.permission as ShareLinkPermission };
}
