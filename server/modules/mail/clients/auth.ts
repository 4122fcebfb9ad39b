// Sign-in of desktop and phone mail clients (IMAP, POP3, SMTP submission): the user's address and the
// mail-program password (mail_client_passwords; never the web password, so two-factor users can use clients
// too). Throttled like the web sign-in (auth/throttle.ts) but on keys of its own, per account and per client
// address: a client retrying an old password does not lock its owner out of the web. A right password is
// still refused while the company switch of the protocol (mail.imap / mail.pop3) or the user's own client
// setting (pop3Flag, clientProtocolType: shared/mail/clients.ts) does not allow it.
import { and, eq } from "drizzle-orm";
import { mailClientPasswords, users } from "../../../../db/schema/index.ts";
import {
  CLIENT_LOGIN_MAX_FAILURES_PER_ACCOUNT,
  CLIENT_LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP,
  CLIENT_LOGIN_MAX_FAILURES_PER_IP,
} from "../../../../shared/mail/clients.ts";
import type { AppDeps } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { decoyHash, verifyPassword } from "../../../lib/passwords.ts";
import { reserveAttempt } from "../../auth/throttle.ts";
import { companyConfig } from "../../company/service.ts";
import { mailConfigOf } from "../config/service.ts";
import { clientAccountIpKey, clientAccountKey } from "./repo.ts";
import type { MailConfig } from "../../../../shared/mail/config.ts";
import { isStorableText } from "../../../../shared/request-input.ts";

export type ClientProtocol = "IMAP" | "POP3" | "SMTP";

/** A signed-in client's user. */
export interface ClientUser {
  userId: number;
  companyId: number;
  /** The user's address (users.username), lower case. */
  username: string;
  /** The user's mail config at sign-in (imapMessageMaxLimit, pop3 settings, saveSentMail). */
  config: MailConfig;
}

/**
 * INVALID: wrong address or password (the protocols answer alike for both). THROTTLED: too many failures,
 * try again after retryAfterSeconds. DISABLED: the password is right but the company or the user has this
 * protocol off.
 */
export class ClientAuthError extends Error {
  constructor(readonly reason: "INVALID" | "THROTTLED" | "DISABLED", readonly retryAfterSeconds = 0) {
    super(`client sign-in refused: ${reason}`);
  }
}

/** Checks address and mail-program password; throws ClientAuthError. The window is the web sign-in's (15 minutes). */
export async function signInClient(
  deps: AppDeps,
  input: { username: string; password: string; ip: string; protocol: ClientProtocol },
): Promise<ClientUser> {
  const username = input.username.trim().toLowerCase();
  // No address holds a NUL (an AUTH answer decoded from base64 may): wrong, and never looked up or recorded.
  if (!isStorableText(username)) throw new ClientAuthError("INVALID");
  let attempt;
  try {
    attempt = await reserveAttempt(deps, [
      { key: clientAccountIpKey(username, input.ip), max: CLIENT_LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP },
      { key: clientAccountKey(username), max: CLIENT_LOGIN_MAX_FAILURES_PER_ACCOUNT },
      { key: `mc:ip:${input.ip}`, max: CLIENT_LOGIN_MAX_FAILURES_PER_IP },
    ]);
  } catch (e) {
    if (e instanceof AppError && e.status === 429) {
      throw new ClientAuthError("THROTTLED", Number(e.params?.retryAfterSeconds ?? 60));
    }
    throw e;
  }
  const [row] = await deps.db
    .select({ userId: users.id, companyId: users.companyId, hash: mailClientPasswords.hash })
    .from(users)
    .innerJoin(mailClientPasswords, eq(mailClientPasswords.userId, users.id))
    .where(and(eq(users.username, username), eq(users.status, "ACTIVE")));
  const ok = await verifyPassword(input.password, row?.hash ?? await decoyHash());
  if (!row || !ok) throw new ClientAuthError("INVALID"); // the reserved attempt stays as the failure record
  await attempt.release();

  const config = await mailConfigOf(deps.db, row.userId);
  const company = await companyConfig(deps, row.companyId, "mail") as { imap: boolean; pop3: boolean };
  if (!allowed(input.protocol, config, company)) throw new ClientAuthError("DISABLED");
  await deps.db.update(mailClientPasswords).set({ lastUsedAt: deps.clock.now() }).where(eq(mailClientPasswords.userId, row.userId));
  return { userId: row.userId, companyId: row.companyId, username, config };
}

/** Whether the company and the user's settings let this protocol in (shared/mail/clients.ts). */
export function allowed(protocol: ClientProtocol, config: MailConfig, company: { imap: boolean; pop3: boolean }): boolean {
  if (!config.pop3Flag) return false;
  if (protocol === "IMAP") return company.imap && config.clientProtocolType === "IMAP";
  if (protocol === "POP3") return company.pop3 && config.clientProtocolType === "POP3";
  return company.imap || company.pop3; // SMTP submission goes with whichever reading protocol is on
}
