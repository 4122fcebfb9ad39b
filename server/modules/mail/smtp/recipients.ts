// RCPT TO: who the listener accepts mail for. An active mailbox of a company hosted here is accepted unless
// the message would take it over its quota; an unknown user of a hosted domain and any other domain (this
// server relays for nobody) are refused for good, with the reply texts a sending server shows its user.
import { isValidEmail } from "../../../../shared/users.ts";
import type { AppDeps } from "../../../lib/context.ts";
import { companyOfDomain, domainOf, type LocalMailbox, normalizeAddress, overQuota } from "../store/recipients.ts";
import { lookupRecipients } from "./mailboxes.ts";

/** A reply other than 250: thrown by the handlers, written by the listener as "<code> <text>". */
export class SmtpReply extends Error {
  constructor(readonly responseCode: number, text: string) {
    super(text);
  }
}

/** Most recipients of one message; the next RCPT is answered 452 4.5.3 (RFC 5321 4.5.3.1.10). */
export const MAX_RECIPIENTS = 100;

export const REPLIES = {
  unknownUser: (address: string) => new SmtpReply(550, `5.1.1 <${address}>: recipient address rejected: user unknown`),
  relayDenied: (address: string) => new SmtpReply(550, `5.7.1 <${address}>: relaying denied`),
  quotaExceeded: (address: string) => new SmtpReply(552, `5.2.2 <${address}>: user quota exceeded`),
  badAddress: (address: string) => new SmtpReply(553, `5.1.3 <${address}>: bad recipient address syntax`),
  noRecipients: () => new SmtpReply(550, "5.1.1 none of the recipients exists any more"),
  tempFailure: () => new SmtpReply(451, "4.3.0 temporary failure storing the message, try again later"),
} as const;


/**
 * The mailbox `address` names, or the refusal to answer. `size` is the announced message size (MAIL FROM
 * SIZE=); without one, a mailbox already at its quota is refused (a message has at least one byte).
 * `relay` (authenticated client submission): an address of a domain not hosted here is accepted, with no
 * mailbox; inbound, it is refused (this server relays for nobody). An unknown user of a hosted domain is
 * refused either way.
 */
export async function acceptRecipient(
  deps: AppDeps,
  address: string,
  size: number | null,
  opts: { relay?: boolean } = {},
): Promise<LocalMailbox[]> {
  const normalized = normalizeAddress(address);
  if (!isValidEmail(normalized)) throw REPLIES.badAddress(normalized);
  const found = (await lookupRecipients(deps, [normalized])).get(normalized);
  if (!found?.boxes.length) {
    const hosted = await companyOfDomain(deps.db, domainOf(normalized));
    if (hosted !== null) throw REPLIES.unknownUser(normalized);
    if (opts.relay) return [];
    throw REPLIES.relayDenied(normalized);
  }
  // A group address is refused for nobody's full mailbox: its members with room get the mail.
  if (!found.group && overQuota(found.boxes[0], Math.max(size ?? 1, 1))) throw REPLIES.quotaExceeded(normalized);
  return found.boxes;
}
