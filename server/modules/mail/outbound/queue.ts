// The outbound queue job: claims due mail_outbound rows (FOR UPDATE SKIP LOCKED, then a lease on
// next_attempt_at so a crashed instance's rows come due again), tries each once, and records the outcome.
// Temporary failures are retried after 1, 5, 15 and 60 minutes, then every 2 hours; permanent refusals, and
// recipients still failing after 2 days, come back to the sender as a bounce in their inbox.
import { and, asc, eq, inArray, lte } from "drizzle-orm";
import { mailMessages, mailOutbound } from "../../../../db/schema/mail.ts";
import {
  OUTBOUND_GIVE_UP_HOURS, OUTBOUND_RETRY_LATER_MINUTES, OUTBOUND_RETRY_MINUTES,
} from "../../../../shared/mail/compose.ts";
import type { AppDeps } from "../../../lib/context.ts";
import { domainOf } from "../store/recipients.ts";
import { fileBounce } from "./bounce.ts";
import { dkimSigningFor } from "./dkim.ts";
import { deliverRaw, type TransportOptions } from "./transport.ts";
import { messageBytes } from "../store/message-bytes.ts";

/** How long a claimed row stays with the instance that claimed it. */
const LEASE_MS = 10 * 60_000;

export type OutboundRow = typeof mailOutbound.$inferSelect;

export function retryDelayMinutes(attempts: number): number {
  return OUTBOUND_RETRY_MINUTES[attempts - 1] ?? OUTBOUND_RETRY_LATER_MINUTES;
}

/** One pass over the due rows; answers how many were tried. */
export async function processOutbound(deps: AppDeps, opts: TransportOptions & { batch?: number } = {}): Promise<number> {
  const now = deps.clock.now();
  const leaseUntil = new Date(now.getTime() + LEASE_MS);
  const claimed = await deps.db.transaction(async (tx) => {
    const due = await tx.select().from(mailOutbound)
      .where(and(eq(mailOutbound.status, "QUEUED"), lte(mailOutbound.nextAttemptAt, now)))
      .orderBy(asc(mailOutbound.nextAttemptAt)).limit(opts.batch ?? 20)
      .for("update", { skipLocked: true });
    if (due.length) {
      await tx.update(mailOutbound).set({ nextAttemptAt: leaseUntil })
        .where(inArray(mailOutbound.id, due.map((r) => r.id)));
    }
    return due;
  });
  for (const row of claimed) {
    // Each row's lease is renewed just before it is tried, and only if it is still ours: slow servers earlier
    // in the batch may have let it lapse, and another instance may have taken it meanwhile.
    const [mine] = await deps.db.update(mailOutbound)
      .set({ nextAttemptAt: new Date(deps.clock.now().getTime() + LEASE_MS) })
      .where(and(eq(mailOutbound.id, row.id), eq(mailOutbound.status, "QUEUED"), eq(mailOutbound.nextAttemptAt, leaseUntil)))
      .returning({ id: mailOutbound.id });
    if (!mine) continue;
    try {
      await tryRow(deps, opts, row, now);
    } catch (e) {
      deps.log.error(`outbound ${row.id} failed`, e);
    }
  }
  return claimed.length;
}

async function tryRow(deps: AppDeps, opts: TransportOptions, row: OutboundRow, now: Date): Promise<void> {
  const [message] = await deps.db.select({
    blobKey: mailMessages.blobKey,
    headerPrefix: mailMessages.headerPrefix,
    subject: mailMessages.subject,
    messageIdHeader: mailMessages.messageIdHeader,
  }).from(mailMessages).where(eq(mailMessages.id, row.messageId));
  const raw = await messageBytes(deps.blobs, message);
  const dkim = await dkimSigningFor(deps.db, row.envelopeFrom);
  const outcome = await deliverRaw(deps, opts, { from: row.envelopeFrom, to: row.recipients, domain: domainOf(row.recipients[0]), dkim }, raw);

  const attempts = row.attempts + 1;
  const givingUp = outcome.deferred.length > 0 && now.getTime() - row.createdAt.getTime() >= OUTBOUND_GIVE_UP_HOURS * 3_600_000;
  const failures = [...outcome.rejected, ...(givingUp ? outcome.deferred.map((d) => ({ ...d, reply: `${d.reply} (gave up after ${attempts} attempts)` })) : [])];
  const lastError = [...outcome.rejected, ...outcome.deferred].map((f) => `${f.address}: ${f.reply}`).join("\n").slice(0, 2000) || null;

  if (outcome.deferred.length && !givingUp) {
    await deps.db.update(mailOutbound).set({
      recipients: outcome.deferred.map((d) => d.address),
      attempts,
      nextAttemptAt: new Date(now.getTime() + retryDelayMinutes(attempts) * 60_000),
      lastError,
      updatedAt: now,
    }).where(eq(mailOutbound.id, row.id));
  } else {
    await deps.db.update(mailOutbound).set({
      status: failures.length ? "FAILED" : "SENT",
      attempts,
      lastError,
      updatedAt: now,
    }).where(eq(mailOutbound.id, row.id));
  }
  if (failures.length && row.senderUserId) {
    await fileBounce(deps, {
      companyId: row.companyId,
      senderUserId: row.senderUserId,
      originalRaw: raw,
      originalSubject: message.subject,
      originalMessageId: message.messageIdHeader,
      failures,
    });
  }
}
