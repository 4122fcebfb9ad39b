// POST api/mails/v2/send: the checks of §5 in order, the sender (§6), attachments and quota; then the MIME is
// built once per message (one, or one per recipient with eachSend), the sender's copy is filed (SENT, TOME for
// a to-me mail, or RESERVE with its time) and, unless scheduled, handed to the recipients at once, all of it
// (the large-file links included) in one transaction.
import { mailLargeFiles } from "../../../../db/schema/mail.ts";
import type { ComposeBody, SendResult } from "../../../../shared/mail/compose.ts";
import type { AppDeps, Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { transactionWithRetry } from "../../../lib/transaction.ts";
import { announceFiled, fileStaged, stageFiling } from "../store/deliver.ts";
import { type ParsedMessage, parseMessage } from "../store/parse.ts";
import { overQuota } from "../store/recipients.ts";
import { type DispatchRecipient, stageDispatch, writeDispatch } from "../outbound/dispatch.ts";
import { assemble, type Assembled } from "./assemble.ts";
import { checkSend, checkSender, checkSystem, loadSender, type Sender } from "./checks.ts";
import { saveComposeState } from "./state.ts";
import { recordReceipts } from "./receipts.ts";
import { stageSecureNotice, writeSecureNotice } from "./secure.ts";
import { buildMime, type MimeAddress } from "./mime.ts";
import { checkDraft, takeDraft } from "./drafts.ts";
import { uploadsForMail } from "./uploads.ts";
import { sendExternal } from "../external/send.ts";
import { checkSendLimit, recordSend, SendLimitExceeded } from "../outbound/send-limit.ts";

/**
 * Sends a mail. A mail sent from a draft takes the draft in the send's own transaction (takeDraft), so two
 * sends of one draft cannot both go out, and the draft stays unless the send commits.
 */
export async function sendMail(caller: Caller, body: ComposeBody): Promise<SendResult> {
  if (body.draftId) await checkDraft(caller, body.draftId);
  try {
    return await deliver(caller, body);
  } catch (e) {
    // The hourly send limit (outbound/send-limit.ts): 429 with the limit and when to try again.
    if (e instanceof SendLimitExceeded) throw new AppError(429, "mail.send_limit_exceeded", e.params);
    throw e;
  }
}

async function deliver(caller: Caller, body: ComposeBody): Promise<SendResult> {
  const { deps } = caller;
  const now = deps.clock.now();
  const sender = await loadSender(caller);
  await checkSystem(caller, sender);
  checkSend(body, now);
  const external = await checkSender(caller, body, sender);
  // Through an external account's SMTP: sent at once and as it is (no scheduling, no secure-mail notice).
  if (external && (body.isReserve || body.isSecure)) throw new AppError(403, "mail.360");
  const uploads = await uploadsForMail(deps, sender.companyId, sender.userId, body.attachments);
  const reserveAt = body.isReserve ? new Date(body.reserveDate!) : null;
  const parts = await assemble(deps, sender, body, uploads, { largeLinks: true, sendAt: reserveAt ?? now });
  if (external) parts.from = { ...parts.from, address: external.email };

  // A scheduled to-me mail waits in Sent like any other and reaches the inbox when due.
  const toMe = !reserveAt && body.composeType === "TOME" &&
    [...parts.to, ...parts.cc, ...parts.bcc].every((a) => a.address === sender.username);
  const messages = body.eachSend && !toMe ? splitPerRecipient(parts) : [parts];
  // The hourly send limit counts every recipient of every message (a to-me mail none), checked before any
  // work and again, recorded, in the send's transaction.
  const counted = toMe ? 0 : messages.reduce((n, m) => n + new Set(recipientList(m).map((r) => r.address)).size, 0);
  const who = { companyId: sender.companyId, userId: sender.userId };
  const limit = counted ? await checkSendLimit(deps, who, counted, now) : 0;

  const built = [];
  for (const m of messages) {
    const raw = await buildMime(deps, { ...m, priority: body.priority, date: reserveAt ?? now });
    built.push({ parts: m, raw, parsed: await parseMessage(raw) });
  }
  const total = built.reduce((s, b) => s + b.raw.length, 0);
  if (overQuota(sender, total)) throw new AppError(507, "mail.quota_exceeded");

  // Everything a message needs is staged first (bytes synced in the blob store, recipients resolved); then
  // one transaction writes the sender's copies, the secure-mail notices, every local recipient's copy, the
  // outbound queue rows and the receipts of all the messages (eachSend included): a failure or a crash leaves
  // the whole send or nothing of it, never a mail in Sent that went nowhere or half a list of recipients.
  const staged: Awaited<ReturnType<typeof stageMessage>>[] = [];
  for (const b of built) staged.push(await stageMessage(deps, { sender, body, now, reserveAt, toMe, external: !!external }, b));
  const written = await transactionWithRetry(deps.db, async (tx) => {
    if (body.draftId) await takeDraft(tx, caller, body.draftId);
    await recordSend(tx, who, counted, limit, now);
    // The large-file links, once for all the messages of the send (eachSend shares them).
    if (parts.largeFiles.length) await tx.insert(mailLargeFiles).values(parts.largeFiles);
    const out = [];
    for (const m of staged) {
      const filed = await fileStaged(tx, m.copy);
      const mailId = filed.mails[0].mailId;
      // What the recipients get: the secure-mail notice, or the message itself.
      const handedId = m.notice ? await writeSecureNotice(tx, m.notice, filed.messageId) : filed.messageId;
      if (reserveAt && !toMe) await saveComposeState(deps, sender, mailId, { ...body, eachSend: false, draftId: undefined }, tx);
      const dispatched = m.dispatch ? await writeDispatch(tx, m.dispatch, handedId) : null;
      if (dispatched) await recordReceipts(deps, sender.companyId, mailId, dispatched.result, tx);
      out.push({ filed, mailId, dispatched });
    }
    return out;
  });

  const result: SendResult = { mailIds: [], reserved: !!reserveAt, recipients: [] };
  for (const [i, m] of staged.entries()) {
    const { filed, mailId, dispatched } = written[i];
    announceFiled(deps, m.copy, filed);
    dispatched?.afterCommit(deps);
    result.mailIds.push(mailId);
    if (toMe) {
      result.recipients.push(...m.recipients.map((r) => ({ ...r, status: "DELIVERED" as const, reason: null })));
    } else if (reserveAt) {
      result.recipients.push(...m.recipients.map((r) => ({ ...r, status: "RESERVED" as const, reason: null })));
    } else if (external) {
      // Through the account's own SMTP server after the commit: that conversation cannot be in the transaction.
      result.recipients.push(...await sendExternal(deps, external, m.b.raw, m.recipients));
    } else {
      result.recipients.push(...dispatched!.result.recipients);
    }
  }
  return result;
}

/** One message of a send, staged for the send's transaction: nothing of it is in the database yet. */
async function stageMessage(
  deps: AppDeps,
  ctx: { sender: Sender; body: ComposeBody; now: Date; reserveAt: Date | null; toMe: boolean; external: boolean },
  b: { parts: Assembled; raw: Uint8Array; parsed: ParsedMessage },
) {
  const { sender, body, now, reserveAt, toMe } = ctx;
  const recipients = recipientList(b.parts);
  const copy = await stageFiling(deps, {
    companyId: sender.companyId,
    raw: b.raw,
    parsed: b.parsed,
    receivedAt: reserveAt ?? now,
    bcc: b.parts.bcc,
    targets: [toMe
      ? { userId: sender.userId, folder: "TOME", mailType: "NORMAL", read: false, internal: true, seesBcc: true, notify: { username: sender.username } }
      : { userId: sender.userId, folder: "SENT", mailType: reserveAt ? "RESERVE" : "SENT", read: true, internal: true, seesBcc: true, reserveAt }],
  });
  // Secure mail: the recipients get a notice with a link; the message stays with the sender.
  const notice = body.isSecure && !toMe
    ? await stageSecureNotice(deps, sender, b.parts, { password: body.securePw!, hint: body.securePwHint ?? "", priority: body.priority, date: reserveAt ?? now })
    : null;
  const handOver = notice ?? b;
  const dispatch = toMe || reserveAt || ctx.external ? null : await stageDispatch(deps, {
    companyId: sender.companyId,
    senderUserId: sender.userId,
    senderAddress: b.parts.from.address,
    raw: handOver.raw,
    parsed: handOver.parsed,
    recipients,
    now,
  });
  return { b, recipients, copy, notice, dispatch };
}

/** The recipients of a message to hand it to: To, Cc, then Bcc. */
export function recipientList(m: Pick<Assembled, "to" | "cc" | "bcc">): DispatchRecipient[] {
  const one = (kind: DispatchRecipient["kind"]) => (a: MimeAddress) => ({ address: a.address, name: a.name, kind });
  return [...m.to.map(one("to")), ...m.cc.map(one("cc")), ...m.bcc.map(one("bcc"))];
}

/** eachSend: every recipient (To, Cc and Bcc alike) gets a message of their own with only them in To. */
function splitPerRecipient(parts: Assembled): Assembled[] {
  const seen = new Set<string>();
  return [...parts.to, ...parts.cc, ...parts.bcc]
    .filter((a) => !seen.has(a.address) && seen.add(a.address))
    .map((a) => ({ ...parts, to: [a], cc: [], bcc: [] }));
}

