// Sign-in of DAV clients (phones, desktop calendars): HTTP Basic with the user's address and the mail-program
// password (mail_client_passwords, the one IMAP and SMTP submission take: never the web password, so
// two-factor users can sync too). Throttled on the mail clients' keys (mail/clients/repo.ts), so a client
// retrying an old password counts against the same limits as an IMAP client would. Unlike IMAP and POP3,
// DAV is not gated by the mail-client protocol switches: it is the calendar's (and later contacts' and
// drive's) way in, and each collection checks its module's own rules.
//
// DAV clients send the password with every request. Checking argon2id each time would cost tens of ms per
// request, so a pair that was checked once is remembered for a while (by a SHA-256 of address and password,
// together with the stored hash it matched): a hit still reads the user's row, so a changed password, a
// removed one or a user no longer ACTIVE is refused at once.
import { and, eq } from "drizzle-orm";
import { mailClientPasswords, users } from "../../db/schema/index.ts";
import {
  CLIENT_LOGIN_MAX_FAILURES_PER_ACCOUNT, CLIENT_LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP, CLIENT_LOGIN_MAX_FAILURES_PER_IP,
} from "../../shared/mail/clients.ts";
import { isStorableText } from "../../shared/request-input.ts";
import type { AppDeps, AuthInfo } from "../lib/context.ts";
import { AppError } from "../lib/errors.ts";
import { decoyHash, verifyPassword } from "../lib/passwords.ts";
import { reserveAttempt } from "../modules/auth/throttle.ts";
import { clientAccountIpKey, clientAccountKey } from "../modules/mail/clients/repo.ts";

/** How long a checked address and password pair is taken without argon2id again. */
const REMEMBER_MS = 10 * 60_000;
const REMEMBER_MAX = 5000;

export const DAV_REALM = "Groupware";
export const WWW_AUTHENTICATE = `Basic realm="${DAV_REALM}", charset="UTF-8"`;

export class DavAuthError extends Error {
  constructor(readonly reason: "MISSING" | "INVALID" | "THROTTLED", readonly retryAfterSeconds = 0) {
    super(`DAV sign-in refused: ${reason}`);
  }
}

const remembered = new Map<string, { hash: string; until: number }>();

async function digest(username: string, password: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${username}\0${password}`)));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

function remember(key: string, hash: string, now: number) {
  if (remembered.size >= REMEMBER_MAX) {
    for (const [k, v] of remembered) if (v.until <= now || remembered.size >= REMEMBER_MAX) remembered.delete(k);
  }
  remembered.set(key, { hash, until: now + REMEMBER_MS });
}

/** Address and password of an Authorization: Basic header; null when there is none or it is not Basic. */
export function basicCredentials(header: string | undefined): { username: string; password: string } | null {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? "");
  if (!m) return null;
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(atob(m[1]), (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
  const colon = text.indexOf(":");
  if (colon < 0) return null;
  return { username: text.slice(0, colon).trim().toLowerCase(), password: text.slice(colon + 1) };
}

async function userRow(deps: AppDeps, username: string) {
  const [row] = await deps.db
    .select({ userId: users.id, companyId: users.companyId, role: users.role, isHr: users.isHr, hash: mailClientPasswords.hash })
    .from(users)
    .innerJoin(mailClientPasswords, eq(mailClientPasswords.userId, users.id))
    .where(and(eq(users.username, username), eq(users.status, "ACTIVE")));
  return row;
}

/** The signed-in user of a DAV request, as the services take it (AuthInfo); throws DavAuthError. */
export async function signInDav(deps: AppDeps, header: string | undefined, ip: string): Promise<AuthInfo> {
  const cred = basicCredentials(header);
  if (!cred) throw new DavAuthError("MISSING");
  const { username, password } = cred;
  if (!username || !isStorableText(username) || !isStorableText(password)) throw new DavAuthError("INVALID");
  const key = await digest(username, password);
  const nowMs = deps.clock.now().getTime();
  const known = remembered.get(key);
  if (known && known.until > nowMs) {
    const row = await userRow(deps, username);
    if (row && row.hash === known.hash) return authOf(row, username);
    remembered.delete(key);
  }
  let attempt;
  try {
    attempt = await reserveAttempt(deps, [
      { key: clientAccountIpKey(username, ip), max: CLIENT_LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP },
      { key: clientAccountKey(username), max: CLIENT_LOGIN_MAX_FAILURES_PER_ACCOUNT },
      { key: `mc:ip:${ip}`, max: CLIENT_LOGIN_MAX_FAILURES_PER_IP },
    ]);
  } catch (e) {
    if (e instanceof AppError && e.status === 429) throw new DavAuthError("THROTTLED", Number(e.params?.retryAfterSeconds ?? 60));
    throw e;
  }
  const row = await userRow(deps, username);
  const ok = await verifyPassword(password, row?.hash ?? await decoyHash());
  if (!row || !ok) throw new DavAuthError("INVALID"); // the reserved attempt stays as the failure record
  await attempt.release();
  remember(key, row.hash, nowMs);
  await deps.db.update(mailClientPasswords).set({ lastUsedAt: deps.clock.now() }).where(eq(mailClientPasswords.userId, row.userId));
  return authOf(row, username);
}

function authOf(row: { userId: number; companyId: number; role: string; isHr: boolean }, username: string): AuthInfo {
  return { userId: row.userId, companyId: row.companyId, username, role: row.role, isHr: row.isHr, sessionId: "dav", actorUserId: null };
}
