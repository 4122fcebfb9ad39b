// For the followups job (followups.ts): rebuilds, from the database alone, what after.ts's afterOne needs for
// one mail_followups row — the recipient's mail row and mailbox, the stored message's bytes (blob store)
// parsed again (store/parse.ts), its SPF/DKIM/DMARC verdicts (mail_messages.auth_results), the recipient's
// current InboundSettings and the plan (plan.ts planDelivery; a mail filed as spam stays spam: its
// spam_reason). A forward that already went out (the row's forwarded_at, set in the forward's own transaction:
// forward.ts) is left out, so a retry after a crash between the forward and the row's delete does not send it
// twice; the away reply dedupes on its own.
import { and, eq } from "drizzle-orm";
import { mailMessages, mails, users } from "../../../../db/schema/index.ts";
import type { mailFollowups } from "../../../../db/schema/mail-settings.ts";
import type { AppDeps } from "../../../lib/context.ts";
import type { AuthVerdicts } from "../smtp/auth.ts";
import { parseMessage } from "../store/parse.ts";
import { type LocalMailbox, MAILBOX_COLUMNS } from "../store/recipients.ts";
import type { Delivered } from "./after.ts";
import { type InboundMessage, planDelivery } from "./plan.ts";
import { listedSender } from "./sender-lists.ts";
import { loadInboundSettings } from "./settings.ts";
import { messageBytes } from "../store/message-bytes.ts";

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
    headerPrefix: mailMessages.headerPrefix,
    authResults: mailMessages.authResults,
  }).from(mails)
    .innerJoin(mailMessages, eq(mailMessages.id, mails.messageId))
    .innerJoin(users, eq(users.id, mails.userId))
    .where(and(eq(mails.id, row.mailId), eq(mails.userId, row.userId), eq(mails.companyId, row.companyId)));
  if (!m) return null;
  const raw = await messageBytes(deps.blobs, m); // BlobMissingError: nothing to send, ever (not transient)
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
  if (row.forwardedAt) settings = { ...settings, forward: null }; // it went out before the crash
  return { msg, delivered: { box, settings, plan, mailId: row.mailId, messageId: m.messageId, raw } };
}
