// Hands a sent message to its recipients: mailboxes on this server (any company here) get it in their inbox
// at once, with a NEW_MAIL event; every other address is queued in mail_outbound (one row per remote domain)
// for the outbound job. Used by sending now, the scheduled-send job, SMTP submission and the mail the server
// writes for a user (send-stored.ts). In three steps, so that a caller can make a send all or nothing:
// stageDispatch (recipients resolved, each colleague's plan, the bytes synced in the blob store: nothing
// written to the database), writeDispatch in the caller's transaction (every company's copies and the queue
// rows, beside the caller's own rows such as the sender's copy and the receipts: a crash or a failure leaves
// none of them), and the returned afterCommit (NEW_MAIL events, follow-ups) once that transaction committed.
// Colleagues' copies carry the Return-Path of final delivery (store/return-path.ts: the envelope sender, <>
// for none). A colleague who gets it in spam has its spam-log entry written with the copy (store/deliver.ts); the
// follow-ups (forwarding, away replies: inbound/after.ts) start after the commit and are not waited for, so
// sending never waits on them; they are durable (a mail_followups row per colleague who has any, written with
// the mail; inbound/followups.ts runs those a crash left behind).
// A recipient on a company domain of this server that is no user, alias or organisation may be a board's
// address: delivered (the message becomes a post after the commit, board/mail). After the commit, the boards'
// OUT filters also keep the user's own mail (not the server's automatic mail), detached: board/mail/service.ts.
import { mailOutbound } from "../../../../db/schema/mail.ts";
import type { SendResultRecipient } from "../../../../shared/mail/compose.ts";
import type { AppDeps } from "../../../lib/context.ts";
import type { DbOrTx } from "../../../../db/client.ts";
import { announceFiled, fileStaged, stageFiling } from "../store/deliver.ts";
import type { PreparedFiling } from "../store/filing-rows.ts";
import { type ParsedMessage, parseMessage } from "../store/parse.ts";
import { type Delivered, startAfterDelivery } from "../inbound/after.ts";
import { startItipInbound } from "../../calendar/itip-mail/inbound.ts";
import { followUpFor } from "../inbound/followups.ts";
import { listedSender } from "../inbound/sender-lists.ts";
import { spamLogEntry } from "../inbound/spam-log.ts";
import { type DeliveryPlan, type InboundMessage, planDelivery } from "../inbound/plan.ts";
import { type InboundSettings, loadInboundSettings } from "../inbound/settings.ts";
import { companyOfDomain, domainOf, type LocalMailbox, overQuota, resolveRecipients } from "../store/recipients.ts";
import { withReturnPath } from "../store/return-path.ts";
import { afterUserSend, boardRecipients } from "../../board/mail/service.ts";

export interface DispatchRecipient {
  address: string;
  name: string;
  kind: "to" | "cc" | "bcc";
}

export interface DispatchInput {
  companyId: number;
  senderUserId: number;
  senderAddress: string;
  raw: Uint8Array;
  parsed?: ParsedMessage;
  recipients: DispatchRecipient[];
  now: Date;
  /** Mail the server writes for the user (forwarding, away replies): not kept by boards' OUT filters. */
  automatic?: boolean;
}

export interface DispatchResult {
  recipients: SendResultRecipient[];
  /** The copies filed for local recipients, by address (read receipts follow them). */
  localCopies: Map<string, { userId: number; companyId: number; mailId: number }>;
}

/** A dispatch staged for writeDispatch: nothing of it is in the database yet. */
export interface StagedDispatch {
  input: DispatchInput;
  recipients: SendResultRecipient[];
  message: InboundMessage | null;
  /** Per company of this server with recipients: their mailboxes, plans and the staged filing. */
  local: { companyId: number; boxes: LocalMailbox[]; plans: DeliveryPlan[]; settings: Map<number, InboundSettings>; filing: PreparedFiling }[];
  remoteByDomain: Map<string, string[]>;
  /** Written to as an alias: the receipt of this address follows the mailbox's copy. */
  writtenAs: Map<string, string>;
  /** Boards' addresses among the recipients (board/mail): posted to after the commit. */
  boards: { companyId: number; boardId: number }[];
}

export async function stageDispatch(deps: AppDeps, input: DispatchInput): Promise<StagedDispatch> {
  const seen = new Set<string>();
  const recipients = input.recipients.filter((r) => !seen.has(r.address) && seen.add(r.address));
  const resolved = await resolveRecipients(deps.db, recipients.map((r) => r.address));
  const results: SendResultRecipient[] = [];
  const localByCompany = new Map<number, LocalMailbox[]>();
  const remoteByDomain = new Map<string, string[]>();
  const ourDomains = new Map<string, boolean>();
  // A mailbox named directly and through a group address (or two groups) gets one copy.
  const taken = new Set<number>();
  const writtenAs = new Map<string, string>();
  const boards: StagedDispatch["boards"] = [];
  const take = (box: LocalMailbox) => {
    if (taken.has(box.userId)) return;
    taken.add(box.userId);
    localByCompany.set(box.companyId, [...(localByCompany.get(box.companyId) ?? []), box]);
  };

  for (const r of recipients) {
    const found = resolved.get(r.address);
    const result: SendResultRecipient = { address: r.address, name: r.name, kind: r.kind, status: "DELIVERED", reason: null };
    results.push(result);
    if (found?.group) {
      // An organisation's address: every member with room gets it; full mailboxes are passed over.
      const room = found.boxes.filter((b) => !overQuota(b, input.raw.length));
      if (!room.length) {
        result.status = "FAILED";
        result.reason = found.boxes.length ? "QUOTA_EXCEEDED" : "NO_SUCH_USER";
      }
      room.forEach(take);
      continue;
    }
    const box = found?.boxes[0];
    if (box) {
      if (overQuota(box, input.raw.length)) {
        result.status = "FAILED";
        result.reason = "QUOTA_EXCEEDED";
        continue;
      }
      take(box);
      if (r.address !== box.username) writtenAs.set(r.address, box.username);
      continue;
    }
    const domain = domainOf(r.address);
    if (!ourDomains.has(domain)) ourDomains.set(domain, (await companyOfDomain(deps.db, domain)) !== null);
    if (ourDomains.get(domain)) {
      const board = (await boardRecipients(deps, [r.address])).get(r.address);
      if (board) {
        boards.push(board);
        continue;
      }
      result.status = "FAILED";
      result.reason = "NO_SUCH_USER";
      continue;
    }
    result.status = "QUEUED";
    remoteByDomain.set(domain, [...(remoteByDomain.get(domain) ?? []), r.address]);
  }

  const local: StagedDispatch["local"] = [];
  let message: InboundMessage | null = null;
  if (localByCompany.size) {
    // Each colleague's own settings decide where it lands (inbound/plan.ts), as for mail from outside.
    const parsed = input.parsed ?? await parseMessage(input.raw);
    message = { parsed, envelopeFrom: input.senderAddress, local: true, size: input.raw.length };
    const settings = await loadInboundSettings(deps.sql, [...localByCompany.values()].flat().map((b) => b.userId), listedSender(message));
    const delivered = withReturnPath(input.raw, input.senderAddress);
    for (const [companyId, boxes] of localByCompany) {
      const plans = boxes.map((b) => planDelivery(settings.get(b.userId), message!));
      const filing = await stageFiling(deps, {
        companyId,
        raw: delivered,
        parsed,
        receivedAt: input.now,
        targets: boxes.map((b, i) => ({
          userId: b.userId,
          folder: plans[i].folder,
          spamReason: plans[i].spamReason,
          category: plans[i].category,
          internal: companyId === input.companyId,
          notify: { username: b.username },
          spamLog: spamLogEntry(message!, plans[i]),
          followUp: followUpFor(message!, settings.get(b.userId)),
        })),
      });
      local.push({ companyId, boxes, plans, settings, filing });
    }
  }
  return { input, recipients: results, message, local, remoteByDomain, writtenAs, boards };
}

/**
 * The database half: every company's copies and the queue rows (which send the bytes of `messageId`, the
 * stored message: the sender's copy). May run again when the caller's transaction is retried.
 */
export async function writeDispatch(
  db: DbOrTx,
  staged: StagedDispatch,
  messageId: number,
): Promise<{ result: DispatchResult; afterCommit: (deps: AppDeps) => void }> {
  const { input } = staged;
  const localCopies = new Map<string, { userId: number; companyId: number; mailId: number }>();
  const delivered: Delivered[] = [];
  const filed: { filing: PreparedFiling; result: Awaited<ReturnType<typeof fileStaged>> }[] = [];
  for (const { companyId, boxes, plans, settings, filing } of staged.local) {
    const result = await fileStaged(db, filing);
    filed.push({ filing, result });
    for (const [i, b] of boxes.entries()) localCopies.set(b.username, { userId: b.userId, companyId, mailId: result.mails[i].mailId });
    delivered.push(...boxes.map((b, i) => ({
      box: b,
      settings: settings.get(b.userId),
      plan: plans[i],
      mailId: result.mails[i].mailId,
      messageId: result.messageId,
      raw: input.raw,
    })));
  }
  if (staged.remoteByDomain.size) {
    await db.insert(mailOutbound).values([...staged.remoteByDomain.values()].map((addresses) => ({
      companyId: input.companyId,
      messageId,
      senderUserId: input.senderUserId,
      envelopeFrom: input.senderAddress,
      recipients: addresses,
      status: "QUEUED",
      nextAttemptAt: input.now,
      createdAt: input.now,
      updatedAt: input.now,
    })));
  }
  for (const [address, username] of staged.writtenAs) {
    const copy = localCopies.get(username);
    if (copy) localCopies.set(address, copy);
  }
  const recipients = staged.recipients.map((r) => ({ ...r }));
  return {
    result: { recipients, localCopies },
    afterCommit: (deps) => {
      for (const f of filed) announceFiled(deps, f.filing, f.result);
      if (staged.message) startAfterDelivery(deps, staged.message, delivered); // one ordered run for the whole message
      if (staged.message) startItipInbound(deps, staged.message, delivered); // a calendar REPLY between companies of this server
      // Boards: the posts of board addresses it named and, for the user's own mail, the OUT filters' archive
      // (detached, best effort: board/mail/service.ts).
      afterUserSend(deps, {
        companyId: input.companyId,
        senderUserId: input.senderUserId,
        senderAddress: input.senderAddress,
        recipients: staged.recipients.map((r) => r.address),
        raw: input.raw,
        parsed: staged.message?.parsed ?? input.parsed,
        boards: staged.boards,
        archive: !input.automatic,
      });
    },
  };
}
