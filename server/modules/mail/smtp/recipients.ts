// RCPT TO: who the listener accepts mail for. An active mailbox of a company hosted here is accepted unless
// the message would take it over its quota; an unknown user of a hosted domain and any other domain (this
// server relays for nobody) are refused for good, with the reply texts a sending server shows its user.
import { isValidEmail } from "../../../../shared/users.ts";
import type { AppDeps } from "../../../lib/context.ts";
import { companyOfDomain, domainOf, normalizeAddress, overQuota, type ResolvedRecipient } from "../store/recipients.ts";
import { lookupRecipients } from "./mailboxes.ts";

/** A reply other than 250: thrown by the handlers, written by the listener as "<code> <text>". */
export class SmtpReply extends Error {
  constructor(readonly responseCode: number, text: string) {
    super(text);
  }
}

/**
 * Most recipients of one message: the 100 RFC 5321 4.5.3.1.8 asks a server to take; the next RCPT is answered
 * 452 4.5.3 (4.5.3.1.10; smtp-server's maxRecipients, which counts accepted recipients only: refused ones are
 * the harvesting guard's below).
 */
export const MAX_RECIPIENTS = 100;

export const REPLIES = {
  unknownUser: (address: string) => new SmtpReply(550, `5.1.1 <${address}>: recipient address rejected: user unknown`),
  relayDenied: (address: string) => new SmtpReply(550, `5.7.1 <${address}>: relaying denied`),
  quotaExceeded: (address: string) => new SmtpReply(552, `5.2.2 <${address}>: user quota exceeded`),
  badAddress: (address: string) => new SmtpReply(553, `5.1.3 <${address}>: bad recipient address syntax`),
  noRecipients: () => new SmtpReply(550, "5.1.1 none of the recipients exists any more"),
  tempFailure: () => new SmtpReply(451, "4.3.0 temporary failure storing the message, try again later"),
  harvesting: () => new SmtpReply(421, "4.7.0 too many unknown recipients, closing connection"),
} as const;

/**
 * Address harvesting (trying many addresses to learn which exist): a session's RCPT refusals for unknown users,
 * foreign domains or bad addresses are counted; past `free` of them every further RCPT reply (accepted or not)
 * waits, `stepMs` after the first and twice as long after each further refusal, at most `maxDelayMs`; the
 * `dropAfter`-th refusal ends the session with 421 4.7.0. A sender with a few stale addresses never notices.
 */
export interface HarvestPolicy {
  free: number;
  stepMs: number;
  maxDelayMs: number;
  dropAfter: number;
}
export const HARVEST_POLICY: HarvestPolicy = { free: 3, stepMs: 1000, maxDelayMs: 16_000, dropAfter: 10 };

/** The harvesting guard of one listener: per session (kept over RSET and new transactions), forgotten with it. */
export function harvestGuard(policy: HarvestPolicy = HARVEST_POLICY) {
  const refused = new WeakMap<object, number>();
  return {
    /** Answers a RCPT (`reply` null = accepted) through `callback`, slowed or ended as the session deserves. */
    answer(session: object, reply: SmtpReply | null, callback: (err?: Error | null) => void): void {
      let n = refused.get(session) ?? 0;
      if (reply && [550, 553].includes(reply.responseCode)) refused.set(session, ++n);
      if (n >= policy.dropAfter) return callback(REPLIES.harvesting());
      const delay = n > policy.free ? Math.min(policy.stepMs * 2 ** (n - policy.free - 1), policy.maxDelayMs) : 0;
      if (!delay) return callback(reply);
      setTimeout(() => callback(reply), delay);
    },
  };
}


/**
 * The mailboxes `address` names (as lookupRecipients resolves it), or the refusal to answer. `size` is the
 * announced message size (MAIL FROM SIZE=); without one, a mailbox already at its quota is refused (a message
 * has at least one byte). The inbound listener keeps the answer for the DATA of the same transaction.
 * `relay` (authenticated client submission): an address of a domain not hosted here is accepted, with no
 * mailbox; inbound, it is refused (this server relays for nobody). An unknown user of a hosted domain is
 * refused either way.
 */
export async function acceptRecipient(
  deps: AppDeps,
  address: string,
  size: number | null,
  opts: { relay?: boolean } = {},
): Promise<ResolvedRecipient> {
  const normalized = normalizeAddress(address);
  if (!isValidEmail(normalized)) throw REPLIES.badAddress(normalized);
  const found = (await lookupRecipients(deps, [normalized])).get(normalized);
  if (found?.board) return found; // a board's address: the message becomes a post (no mailbox, no quota)
  if (!found?.boxes.length) {
    const hosted = await companyOfDomain(deps.db, domainOf(normalized));
    if (hosted !== null) throw REPLIES.unknownUser(normalized);
    if (opts.relay) return { boxes: [], group: false };
    throw REPLIES.relayDenied(normalized);
  }
  // A group address is refused for nobody's full mailbox: its members with room get the mail.
  if (!found.group && overQuota(found.boxes[0], Math.max(size ?? 1, 1))) throw REPLIES.quotaExceeded(normalized);
  return found;
}
