// The public download of a large attachment sent as a link: valid the company's largeFileMaxDuration days
// (000 §9: 7) and 100 downloads. One conditional update counts the download only while both hold, so
// concurrent downloads cannot exceed it; an unknown, expired or used-up link answers 404 alike.
//
// A link made while the company's isLargeAttPw was on carries the hash of the password its sender set: the
// mail links to the download page (#/mail/large/{token}), which reads the info, trades the password for a
// ticket (unlock: wrong passwords throttled per link and client address) and downloads with the ticket. The
// ticket is a JWT of a few minutes for that one file, keyed by the server's token key with its own purpose,
// so the download itself can be a plain GET the browser saves to disk, whatever the file's size.
import { sign, verify } from "hono/jwt";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import { mailLargeFiles } from "../../../../db/schema/mail.ts";
import { users } from "../../../../db/schema/users.ts";
import {
  LARGE_FILE_PASSWORD_MAX_FAILURES, type LargeFileInfo, type LargeFileTicket,
} from "../../../../shared/mail/compose.ts";
import { LARGE_FILE_TICKET_SECONDS } from "../../../../shared/mail/constants.ts";
import type { AppDeps } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { fileHeaders } from "../../../lib/downloads.ts";
import { verifyPassword } from "../../../lib/passwords.ts";
import { reserveAttempt } from "../../auth/throttle.ts";

const gone = () => new AppError(404, "common.43");

function validNow(deps: AppDeps, token: string) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw gone();
  return and(
    eq(mailLargeFiles.token, token),
    lt(mailLargeFiles.downloadCount, mailLargeFiles.maxDownloads),
    gt(mailLargeFiles.expiresAt, deps.clock.now()),
  );
}

/** GET api/mail/large/{token}/info: what the download page shows (nothing of the bytes). */
export async function largeFileInfo(deps: AppDeps, token: string): Promise<LargeFileInfo> {
  const [row] = await deps.db.select({ file: mailLargeFiles, name: users.displayName, address: users.username })
    .from(mailLargeFiles).innerJoin(users, eq(users.id, mailLargeFiles.userId))
    .where(validNow(deps, token));
  if (!row) throw gone();
  const f = row.file;
  return {
    name: f.name,
    size: f.size,
    contentType: f.contentType,
    from: { name: row.name, address: row.address },
    expiresAtMillis: f.expiresAt.getTime(),
    downloadCount: f.downloadCount,
    maxDownloads: f.maxDownloads,
    requiresPassword: f.passwordHash !== null,
  };
}

const ticketKey = (deps: AppDeps) => `${deps.secrets.tokenKey}:mail-large-file`;

/**
 * POST api/mail/large/{token}/unlock (password): a download ticket. Every try is reserved in the throttle
 * before the password is checked (parallel guesses cannot pass the limit: 429 with retryAfterSeconds); a
 * right one is released again. A link without a password answers a ticket too.
 */
export async function unlockLargeFile(deps: AppDeps, token: string, password: string, ip: string): Promise<LargeFileTicket> {
  const [file] = await deps.db.select().from(mailLargeFiles).where(validNow(deps, token));
  if (!file) throw gone();
  if (file.passwordHash !== null) {
    const attempt = await reserveAttempt(
      deps,
      [{ key: `large:${file.id}:${ip}`, max: LARGE_FILE_PASSWORD_MAX_FAILURES }],
      "mail.large_too_many_attempts",
    );
    if (!await verifyPassword(password, file.passwordHash)) throw new AppError(403, "mail.large_password_wrong");
    await attempt.release();
  }
  const iat = Math.floor(deps.clock.now().getTime() / 1000);
  const exp = iat + LARGE_FILE_TICKET_SECONDS;
  const ticket = await sign({ typ: "mail-large-file", lf: file.id, iat, exp }, ticketKey(deps), "HS256");
  return { ticket, expiresAtMillis: exp * 1000 };
}

/** Whether `ticket` is an unexpired ticket of the file `id`. */
async function ticketOpens(deps: AppDeps, ticket: string | undefined, id: number): Promise<boolean> {
  if (!ticket) return false;
  try {
    // Expiry is checked against the clock of the context, not the process time.
    const claims = await verify(ticket, ticketKey(deps), { alg: "HS256", exp: false, iat: false, nbf: false });
    return claims.typ === "mail-large-file" && claims.lf === id && typeof claims.exp === "number" &&
      claims.exp * 1000 > deps.clock.now().getTime();
  } catch {
    return false;
  }
}

/**
 * GET api/mail/large/{token} (?ticket= for a file behind a password: else 403 mail.large_password_required).
 * `countIt` false (a HEAD request, a link preview's probe): answers the headers without using a download.
 */
export async function downloadLargeFile(deps: AppDeps, token: string, countIt = true, ticket?: string): Promise<Response> {
  const valid = validNow(deps, token);
  const [found] = await deps.db.select().from(mailLargeFiles).where(valid);
  if (!found) throw gone();
  if (found.passwordHash !== null && !await ticketOpens(deps, ticket, found.id)) {
    throw new AppError(403, "mail.large_password_required");
  }
  if (!countIt) {
    return new Response(null, { headers: fileHeaders(found.contentType, found.name, { length: found.size, cache: "no-store" }) });
  }
  const [file] = await deps.db.update(mailLargeFiles)
    .set({ downloadCount: sql`${mailLargeFiles.downloadCount} + 1` })
    .where(and(valid, eq(mailLargeFiles.id, found.id)))
    .returning();
  if (!file) throw gone();
  const stream = await deps.blobs.stream(file.blobKey);
  return new Response(stream, {
    headers: fileHeaders(file.contentType, file.name, { length: file.size, cache: "no-store" }),
  });
}
