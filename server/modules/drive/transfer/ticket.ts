// Download tickets: POST /api/drive/download/ticket { fileIds } answers a short-lived signed ticket that stands
// for the bearer token on the GET downloads of exactly these items (?ticket=), so the browser can save a
// large file or a zip straight to disk through a plain link (no bytes through the page's memory). The ticket
// names the caller's session: signing out, a revoked session or a disabled user ends it at once; the read
// permission is checked on every download as with the bearer.
import { sign, verify } from "hono/jwt";
import { createMiddleware } from "hono/factory";
import { DOWNLOAD_TICKET_SECONDS, type DownloadTicket } from "../../../../shared/drive/transfer.ts";
import { DRIVE_ERRORS } from "../../../../shared/drive/errors.ts";
import { requireAuth, resolveSession } from "../../../lib/auth.ts";
import type { AppEnv, Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";

const PURPOSE = "drive-download";
const keyOf = (tokenKey: string) => `${tokenKey}:${PURPOSE}`;

interface TicketClaims {
  typ: string;
  sub: number;
  cid: number;
  sid: string;
  ids: number[];
  iat: number;
  exp: number;
}

/** A ticket for the caller's downloads of `ids` (the permission is checked when they are downloaded). */
export async function issueTicket(caller: Caller, ids: number[]): Promise<DownloadTicket> {
  const iat = Math.floor(caller.deps.clock.now().getTime() / 1000);
  const exp = iat + DOWNLOAD_TICKET_SECONDS;
  const claims: TicketClaims = {
    typ: PURPOSE, sub: caller.auth.userId, cid: caller.auth.companyId, sid: caller.auth.sessionId, ids: [...new Set(ids)], iat, exp,
  };
  const ticket = await sign({ ...claims }, keyOf(caller.deps.secrets.tokenKey), "HS256");
  return { ticket, expiresAtMillis: exp * 1000 };
}

/**
 * The bearer token when the request has one; otherwise ?ticket=, which must cover every id `idsOf` names.
 * A bad, expired or foreign ticket answers 401 drive.ticket_invalid.
 */
export function bearerOrTicket(idsOf: (url: URL, param: (name: string) => string | undefined) => number[]) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const url = new URL(c.req.url);
    const ticket = url.searchParams.get("ticket");
    if (c.req.header("authorization") || !ticket) return await requireAuth(c, next);
    const deps = c.get("deps");
    const invalid = () => new AppError(401, DRIVE_ERRORS.ticketInvalid);
    let claims: TicketClaims;
    try {
      claims = await verify(ticket, keyOf(deps.secrets.tokenKey), { alg: "HS256", exp: false, iat: false, nbf: false }) as unknown as TicketClaims;
    } catch {
      throw invalid();
    }
    if (claims.typ !== PURPOSE || typeof claims.exp !== "number" || claims.exp * 1000 <= deps.clock.now().getTime()) throw invalid();
    if (!Array.isArray(claims.ids) || typeof claims.sid !== "string" || typeof claims.sub !== "number") throw invalid();
    const allowed = new Set(claims.ids);
    const wanted = idsOf(url, (name) => c.req.param(name));
    if (!wanted.length || wanted.some((id) => !allowed.has(id))) throw invalid();
    const auth = await resolveSession(deps, claims.sid, claims.sub);
    if (!auth || auth.companyId !== claims.cid) throw invalid();
    c.set("auth", auth);
    await next();
  });
}
