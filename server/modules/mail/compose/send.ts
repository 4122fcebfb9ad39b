// POST api/mails/v2/send: the checks of §5 in order, the sender (§6), attachments and quota; then the MIME is
// built once per message (one, or one per recipient with eachSend), the sender's copy is filed (SENT, TOME for
// a to-me mail, or RESERVE with its time) and, unless scheduled, handed to the recipients at once.
import type { ComposeBody, SendResult } from "../../../../shared/mail/compose.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { fileMessage } from "../store/deliver.ts";
import { parseMessage } from "../store/parse.ts";
import { overQuota } from "../store/recipients.ts";
import { dispatchMessage, type DispatchRecipient } from "../outbound/dispatch.ts";
import { assemble, type Assembled } from "./assemble.ts";
import { checkSend, checkSender, checkSystem, loadSender } from "./checks.ts";
import { saveComposeState } from "./state.ts";
import { recordReceipts } from "./receipts.ts";
import { createSecureNotice } from "./secure.ts";
import { buildMime, type MimeAddress } from "./mime.ts";
import { claimDraft, purgeClaimedDraft, releaseDraft } from "./drafts.ts";
import { uploadsForMail } from "./uploads.ts";
import { sendExternal } from "../external/send.ts";

/**
 * Sends a mail. A mail sent from a draft first claims the draft (DRAFT → SENDING in one conditional update),
 * so two sends of one draft cannot both go out; the draft comes back if sending fails and goes once sent.
 */
export async function sendMail(caller: Caller, body: ComposeBody): Promise<SendResult> {
  if (!body.draftId) return await deliver(caller, body);
  await claimDraft(caller, body.draftId);
  let result: SendResult;
  try {
    result = await deliver(caller, body);
  } catch (e) {
    await releaseDraft(caller, body.draftId);
    throw e;
  }
  await purgeClaimedDraft(caller, body.draftId);
  return result;
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

  const built = [];
  for (const m of messages) {
    const raw = await buildMime(deps, { ...m, priority: body.priority, date: reserveAt ?? now });
    built.push({ parts: m, raw, parsed: await parseMessage(raw) });
  }
  const total = built.reduce((s, b) => s + b.raw.length, 0);
  if (overQuota(sender, total)) throw new AppError(507, "mail.quota_exceeded");

  const result: SendResult = { mailIds: [], reserved: !!reserveAt, recipients: [] };
  for (const b of built) {
    const filed = await fileMessage(deps, {
      companyId: sender.companyId,
      raw: b.raw,
      parsed: b.parsed,
      receivedAt: reserveAt ?? now,
      bcc: b.parts.bcc,
      targets: [toMe
        ? { userId: sender.userId, folder: "TOME", mailType: "NORMAL", read: false, internal: true, seesBcc: true, notify: { username: sender.username } }
        : { userId: sender.userId, folder: "SENT", mailType: reserveAt ? "RESERVE" : "SENT", read: true, internal: true, seesBcc: true, reserveAt }],
    });
    const mailId = filed.mails[0].mailId;
    // Secure mail: the recipients get a notice with a link; the message stays with the sender.
    const handed = body.isSecure && !toMe
      ? await createSecureNotice(deps, sender, b.parts, filed.messageId, {
        password: body.securePw!,
        hint: body.securePwHint ?? "",
        priority: body.priority,
        date: reserveAt ?? now,
      })
      : { raw: b.raw, parsed: b.parsed, messageId: filed.messageId };
    result.mailIds.push(mailId);
    const recipients = recipientList(b.parts);
    if (toMe) {
      result.recipients.push(...recipients.map((r) => ({ ...r, status: "DELIVERED" as const, reason: null })));
    } else if (reserveAt) {
      await saveComposeState(deps, sender, mailId, { ...body, eachSend: false, draftId: undefined, securePw: undefined });
      result.recipients.push(...recipients.map((r) => ({ ...r, status: "RESERVED" as const, reason: null })));
    } else if (external) {
      result.recipients.push(...await sendExternal(deps, external, b.raw, recipients));
    } else {
      const dispatched = await dispatchMessage(deps, {
        companyId: sender.companyId,
        senderUserId: sender.userId,
        senderAddress: b.parts.from.address,
        raw: handed.raw,
        parsed: handed.parsed,
        messageId: handed.messageId,
        recipients,
        now,
      });
      await recordReceipts(deps, sender.companyId, mailId, dispatched);
      result.recipients.push(...dispatched.recipients);
    }
  }
  return result;
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

