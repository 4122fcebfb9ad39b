// What happens to a message a mail program submits (after AUTH, MAIL FROM, RCPT and DATA): the same
// outbound path as web mail (compose/send.ts). The From field, and the Sender field when there is one, must
// name only the user's own address or aliases (a Sender is what mail programs show as "on behalf of");
// the Bcc field is taken out and Date/Message-ID added (headers.ts); the message is stored ONCE, with a
// copy in the user's Sent folder when their saveSentMail setting is on, and handed (outbound/dispatch.ts) to
// every envelope recipient in the same transaction: mailboxes on this server get it at once (their own
// settings apply), the others are queued for the relay or the recipients' MX (the queue DKIM-signs them,
// outbound/queue.ts). The caller answers 250 only after this returns: by then everything is committed.
import { and, eq } from "drizzle-orm";
import { companies } from "../../../../db/schema/companies.ts";
import { users } from "../../../../db/schema/users.ts";
import type { AppDeps } from "../../../lib/context.ts";
import { transactionWithRetry } from "../../../lib/transaction.ts";
import { isAliasOf } from "../aliases/repo.ts";
import type { ClientUser } from "../clients/auth.ts";
import { mailHostname } from "../compose/mime.ts";
import { recordReceipts } from "../compose/receipts.ts";
import { type DispatchRecipient, stageDispatch, writeDispatch } from "../outbound/dispatch.ts";
import { SmtpReply } from "../smtp/recipients.ts";
import { fileStaged, stageFiling } from "../store/deliver.ts";
import { parseMessage } from "../store/parse.ts";
import { type LocalMailbox, MAILBOX_COLUMNS, normalizeAddress, overQuota } from "../store/recipients.ts";
import { prepareMessage } from "./headers.ts";
import { checkSendLimit, recordSend, SendLimitExceeded } from "../outbound/send-limit.ts";

export interface Submission {
  user: ClientUser;
  /** MAIL FROM, already checked to be the user's own address or alias. */
  mailFrom: string;
  rcptTo: string[];
  raw: Uint8Array;
}

export interface Submitted {
  /** The stored message (mail_messages.id). */
  messageId: number;
  /** The Sent copy (mails.id), when saveSentMail is on. */
  sentMailId: number | null;
  /** Recipients handed to mailboxes here, queued for elsewhere, and refused. */
  delivered: number;
  queued: number;
  failed: string[];
}

export const SUBMIT_REPLIES = {
  notOwnSender: (address: string) =>
    new SmtpReply(553, `5.7.1 <${address}>: sender address is not yours (use your own address or one of your aliases)`),
  notOwnFrom: (address: string) =>
    new SmtpReply(550, `5.7.1 From <${address}> is not your address (use your own address or one of your aliases)`),
  notOwnSenderField: (address: string) =>
    new SmtpReply(550, `5.7.1 Sender <${address}> is not your address (use your own address or one of your aliases)`),
  noMailbox: () => new SmtpReply(550, "5.7.1 your mailbox is not available for sending"),
  domain: () => new SmtpReply(554, "5.7.1 your company's mail domain is not available for sending"),
  quota: () => new SmtpReply(552, "5.2.2 your mailbox is full: the Sent copy does not fit (free some space or turn off saving sent mail)"),
  /** The hourly send limit (outbound/send-limit.ts): temporary (RFC 3463 4.7.1), the client may try later. */
  sendLimit: (e: SendLimitExceeded) =>
    new SmtpReply(450, `4.7.1 hourly send limit reached: at most ${e.limit} recipients an hour, try again in ${e.params.retryAfterMinutes} min`),
};

/** Whether the address is the user's own or one of their aliases (000 §6, as compose/checks.ts checkSender). */
export async function isOwnAddress(deps: AppDeps, user: ClientUser, address: string): Promise<boolean> {
  return normalizeAddress(address) === user.username || await isAliasOf(deps.db, user.companyId, user.userId, address);
}

export async function submitMessage(deps: AppDeps, input: Submission): Promise<Submitted> {
  try {
    return await submit(deps, input);
  } catch (e) {
    if (e instanceof SendLimitExceeded) throw SUBMIT_REPLIES.sendLimit(e);
    throw e;
  }
}

async function submit(deps: AppDeps, input: Submission): Promise<Submitted> {
  const now = deps.clock.now();
  const { user } = input;
  const sender = await loadMailbox(deps, user);

  const prepared = prepareMessage(input.raw, now, mailHostname(deps));
  const from = prepared.from.length ? prepared.from : [normalizeAddress(input.mailFrom)];
  for (const address of from) {
    if (!(await isOwnAddress(deps, user, address))) throw SUBMIT_REPLIES.notOwnFrom(address);
  }
  for (const address of prepared.sender) {
    if (!(await isOwnAddress(deps, user, address))) throw SUBMIT_REPLIES.notOwnSenderField(address);
  }
  let raw = prepared.raw;
  if (!prepared.from.length) raw = withHeader(raw, `From: <${from[0]}>`); // RFC 6409 §8.2: the MSA may add it
  const parsed = await parseMessage(raw);

  const saveSent = user.config.saveSentMail;
  if (saveSent && overQuota(sender, raw.length)) throw SUBMIT_REPLIES.quota();

  // Recipients by the header that names them; an envelope recipient named nowhere is a Bcc recipient.
  const seen = new Set<string>();
  const recipients: DispatchRecipient[] = [];
  const bcc = new Map(prepared.bcc.map((a) => [a.address, a]));
  for (const r of input.rcptTo) {
    const address = normalizeAddress(r);
    if (seen.has(address)) continue;
    seen.add(address);
    const kind = prepared.to.includes(address) ? "to" : prepared.cc.includes(address) ? "cc" : "bcc";
    if (kind === "bcc" && !bcc.has(address)) bcc.set(address, { name: "", address });
    recipients.push({ address, name: "", kind });
  }
  // The hourly send limit, before any work; checked again and recorded in the transaction.
  const who = { companyId: user.companyId, userId: user.userId };
  const limit = await checkSendLimit(deps, who, recipients.length, now);

  const copy = await stageFiling(deps, {
    companyId: user.companyId,
    raw,
    parsed,
    receivedAt: now,
    bcc: [...bcc.values()].filter((a) => seen.has(a.address)),
    targets: saveSent
      ? [{ userId: user.userId, folder: "SENT", mailType: "SENT", read: true, internal: true, seesBcc: true }]
      : [],
  });
  const staged = await stageDispatch(deps, {
    companyId: user.companyId,
    senderUserId: user.userId,
    senderAddress: normalizeAddress(input.mailFrom),
    raw,
    parsed,
    recipients,
    now,
  });
  // The copy in Sent, the recipients' copies, the queue rows and the receipts commit together: the client's
  // 250 (after the commit) means all of it, and a failure leaves none of it.
  const { filed, written } = await transactionWithRetry(deps.db, async (tx) => {
    await recordSend(tx, who, recipients.length, limit, now);
    const filed = await fileStaged(tx, copy);
    const written = await writeDispatch(tx, staged, filed.messageId);
    if (saveSent) await recordReceipts(deps, user.companyId, filed.mails[0].mailId, written.result, tx);
    return { filed, written };
  });
  written.afterCommit(deps);
  const sentMailId = saveSent ? filed.mails[0].mailId : null;
  const dispatched = written.result;
  const failed = dispatched.recipients.filter((r) => r.status === "FAILED").map((r) => `${r.address} (${r.reason})`);
  if (failed.length) deps.log.warn(`submission: ${user.username}: not delivered to ${failed.join(", ")}`);
  return {
    messageId: filed.messageId,
    sentMailId,
    delivered: dispatched.recipients.filter((r) => r.status === "DELIVERED").length,
    queued: dispatched.recipients.filter((r) => r.status === "QUEUED").length,
    failed,
  };
}

/** The sender's mailbox, while the user is active and the company domain may send (compose/checks.ts checkSystem). */
async function loadMailbox(deps: AppDeps, user: ClientUser): Promise<LocalMailbox> {
  const [row] = await deps.db.select({ ...MAILBOX_COLUMNS, status: users.status, domainStatus: companies.domainStatus })
    .from(users).innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.id, user.userId), eq(users.companyId, user.companyId)));
  if (!row || row.status !== "ACTIVE") throw SUBMIT_REPLIES.noMailbox();
  if (row.domainStatus !== "AVAILABLE") throw SUBMIT_REPLIES.domain();
  return row;
}

/** The message with one more header field at the top. */
function withHeader(raw: Uint8Array, field: string): Uint8Array {
  const head = new TextEncoder().encode(`${field}\r\n`);
  const out = new Uint8Array(head.length + raw.length);
  out.set(head);
  out.set(raw, head.length);
  return out;
}
