// For the followups job (followups.ts): rebuilds, from the database alone, what after.ts's afterOne needs for
// one mail_followups row — the recipient's mail row and mailbox, the stored message's bytes (blob store)
// parsed again (store/parse.ts), its SPF/DKIM/DMARC verdicts (mail_messages.auth_results), the recipient's
// current InboundSettings and the plan (plan.ts planDelivery; a mail filed as spam stays spam: its
// spam_reason). A forward that already went out (forwardAlreadySent) is left out, so a retry after a crash
// between the forward and the row's delete does not send it twice; the away reply dedupes on its own.
import { and, asc, eq, gt, sql } from "drizzle-orm";
import { mailMessages, mailOutbound, mails, users } from "../../../../db/schema/index.ts";
import type { mailFollowups } from "../../../../db/schema/mail-settings.ts";
import type { AppDeps } from "../../../lib/context.ts";
import type { AuthVerdicts } from "../smtp/auth.ts";
import { parseMessage } from "../store/parse.ts";
import { type LocalMailbox, MAILBOX_COLUMNS, resolveRecipients } from "../store/recipients.ts";
import type { Delivered } from "./after.ts";
import { forwardedBy } from "./forward.ts";
import { type InboundMessage, planDelivery } from "./plan.ts";
import { listedSender } from "./sender-lists.ts";
import { loadInboundSettings } from "./settings.ts";

/** What afterOne needs for the row, or null when there is nothing left to do (mail gone, settings off). */
export async function rebuildFollowUp(
  deps: AppDeps,
  row: typeof mailFollowups.$inferSelect,
): Promise<{ msg: InboundMessage; delivered: Delivered } | null> {
  const [m] = await deps.db.select({
    ...MAILBOX_COLUMNS,
    spamReason: mails.spamReason,
    messageId: mails.messageId,
    blobKey: mailMessages.blobKey,
    authResults: mailMessages.authResults,
    messageIdHeader: mailMessages.messageIdHeader,
  }).from(mails)
    .innerJoin(mailMessages, eq(mailMessages.id, mails.messageId))
    .innerJoin(users, eq(users.id, mails.userId))
    .where(and(eq(mails.id, row.mailId), eq(mails.userId, row.userId), eq(mails.companyId, row.companyId)));
  if (!m) return null;
  const raw = await deps.blobs.get(m.blobKey); // BlobMissingError: nothing to send, ever (not transient)
  const parsed = await parseMessage(raw);
  const msg: InboundMessage = {
    parsed,
    envelopeFrom: row.envelopeFrom,
    verdicts: row.local ? undefined : (m.authResults as unknown as AuthVerdicts | null) ?? undefined,
    local: row.local,
    size: raw.length,
  };
  let settings = (await loadInboundSettings(deps.sql, [row.userId], listedSender(msg))).get(row.userId);
  if (!settings?.forward && !settings?.away) return null; // turned off meanwhile
  const planned = planDelivery(settings, msg);
  const plan = m.spamReason && planned.folder !== "SPAM" ? { ...planned, folder: "SPAM" as const, spamReason: m.spamReason } : planned;
  const box: LocalMailbox = {
    userId: m.userId,
    companyId: m.companyId,
    username: m.username,
    displayName: m.displayName,
    totalQuota: m.totalQuota,
    usedSize: m.usedSize,
  };
  if (settings.forward && await forwardAlreadySent(deps, box, m, settings.forward.targets)) {
    settings = { ...settings, forward: null };
  }
  return { msg, delivered: { box, settings, plan, mailId: row.mailId, messageId: m.messageId, raw } };
}

/**
 * Whether this user's forward of this message was stored and handed on already. forward.ts stores the
 * forwarded copy (send-stored.ts) as a message without mailbox entries, later than the original, with the same
 * Message-ID and this user's marker (X-Gw-Forwarded-By) in front; dispatch then files it for local targets
 * (the same bytes, so the same blob key) and queues it for remote ones (mail_outbound.message_id) last.
 * A message without a Message-ID cannot be matched: it may be forwarded again (at least once).
 */
async function forwardAlreadySent(
  deps: AppDeps,
  box: LocalMailbox,
  m: { messageId: number; messageIdHeader: string | null },
  targets: string[],
): Promise<boolean> {
  if (!m.messageIdHeader) return false;
  const me = box.username.toLowerCase();
  // Qualified by table: a bare column inside the subquery would bind to mails' own id.
  const copyId = sql.raw(`"mail_messages"."id"`);
  const copies = await deps.db.select({ id: mailMessages.id, blobKey: mailMessages.blobKey }).from(mailMessages)
    .where(and(
      eq(mailMessages.companyId, box.companyId),
      eq(mailMessages.messageIdHeader, m.messageIdHeader),
      gt(mailMessages.id, m.messageId),
      sql`not exists (select 1 from mails x where x.message_id = ${copyId})`,
    )).orderBy(asc(mailMessages.id)).limit(20);
  let remote: boolean | undefined;
  for (const c of copies) {
    const raw = await deps.blobs.get(c.blobKey).catch(() => null);
    if (!raw || !forwardedBy(raw).includes(me)) continue;
    const [queued] = await deps.db.select({ id: mailOutbound.id }).from(mailOutbound)
      .where(eq(mailOutbound.messageId, c.id)).limit(1);
    if (queued) return true; // queued last: the local targets had it before
    remote ??= await hasRemoteTarget(deps, targets);
    if (remote) continue;
    const [filed] = await deps.db.select({ id: mailMessages.id }).from(mailMessages)
      .where(and(eq(mailMessages.blobKey, c.blobKey), gt(mailMessages.id, c.id))).limit(1);
    if (filed) return true;
  }
  return false;
}

/** Some target is not a mailbox of this server (dispatch queues those in mail_outbound). */
async function hasRemoteTarget(deps: AppDeps, targets: string[]): Promise<boolean> {
  const local = await resolveRecipients(deps.db, targets);
  return targets.some((t) => !local.get(t.toLowerCase())?.boxes.length);
}
