// Durable follow-ups (forwarding, the away reply: after.ts) of arriving mail. The filing transaction writes one
// mail_followups row per recipient with forwarding or an away reply on (followUpFor: exactly the recipients
// startAfterDelivery acts on), runnable FOLLOWUP_GRACE_MS later; the after-commit fast path normally runs the
// follow-ups at once and deletes the row. This job (jobs/index.ts, "mail-followups") runs what a crash, a stop
// or a transient failure left behind: it claims due rows (FOR UPDATE SKIP LOCKED, in a short transaction that
// pushes runAfter forward by a lease and counts the attempt), rebuilds what afterOne needs from the database
// (followups-rebuild.ts) and runs the same afterOne; done → row deleted; a transient failure → kept for the
// next lease; after FOLLOWUP_MAX_ATTEMPTS attempts an error is logged and the row deleted. A row whose mail
// was deleted meanwhile is gone with it (foreign key cascade): nothing to forward or answer.
// Delivery guarantee: each follow-up exactly once, unless it is given up. The away reply dedupes by mail_away_replies
// (one per sender and period, written in the reply's own transaction) whatever runs it. A forward is filed
// and queued for all its targets in one transaction that also sets this row's forwarded_at (forward.ts), so
// it goes out to every target or none, and a run that finds forwarded_at set does not send it again.
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import { mailFollowups } from "../../../../db/schema/mail-settings.ts";
import type { AppDeps } from "../../../lib/context.ts";
import type { FollowUpEntry } from "../store/deliver.ts";
import { afterOne, type FollowUpOutcome, isTransient } from "./after.ts";
import type { InboundMessage } from "./plan.ts";
import type { InboundSettings } from "./settings.ts";
import { rebuildFollowUp } from "./followups-rebuild.ts";

/** Attempts of the job at most; then the follow-ups are given up (logged). */
export const FOLLOWUP_MAX_ATTEMPTS = 5;
/** How long a claimed row is the claimer's before another run may take it again. */
export const FOLLOWUP_LEASE_MS = 10 * 60_000;
const BATCH = 20;

/** The follow-up row a filing target needs: only when forwarding or an away reply is on (after.ts's condition). */
export function followUpFor(msg: Pick<InboundMessage, "envelopeFrom" | "local">, settings: InboundSettings | undefined): FollowUpEntry | undefined {
  if (!settings?.forward && !settings?.away) return undefined;
  return { envelopeFrom: msg.envelopeFrom, local: msg.local };
}

type FollowUpRow = typeof mailFollowups.$inferSelect;

/** One pass over the due rows; answers how many were claimed. */
export async function processFollowUps(deps: AppDeps, opts: { batch?: number } = {}): Promise<number> {
  const now = deps.clock.now();
  const claimed = await deps.db.transaction(async (tx) => {
    const due = await tx.select().from(mailFollowups).where(lte(mailFollowups.runAfter, now))
      .orderBy(asc(mailFollowups.runAfter)).limit(opts.batch ?? BATCH).for("update", { skipLocked: true });
    if (due.length) {
      await tx.update(mailFollowups)
        .set({ runAfter: new Date(now.getTime() + FOLLOWUP_LEASE_MS), attempts: sql`${mailFollowups.attempts} + 1` })
        .where(inArray(mailFollowups.id, due.map((r) => r.id)));
    }
    return due;
  });
  for (const row of claimed) {
    try {
      await runRow(deps, row);
    } catch (e) {
      // Recording the outcome failed (database): the row keeps its lease and comes due again.
      deps.log.error("inbound.followup_failed", { mailId: row.mailId, error: String(e) });
    }
  }
  return claimed.length;
}

async function runRow(deps: AppDeps, row: FollowUpRow): Promise<void> {
  const attempts = row.attempts + 1;
  if (row.attempts >= FOLLOWUP_MAX_ATTEMPTS) { // a crash during the last attempt
    return giveUp(deps, row, row.attempts, row.lastError);
  }
  let outcome: FollowUpOutcome;
  try {
    const rebuilt = await rebuildFollowUp(deps, row);
    outcome = rebuilt ? await afterOne(deps, rebuilt.msg, rebuilt.delivered) : { done: true, error: null };
  } catch (e) {
    deps.log.error("inbound.followup_failed", { mailId: row.mailId, attempts, error: String(e) });
    outcome = { done: !isTransient(e), error: String(e).slice(0, 2000) };
  }
  if (outcome.done) {
    await deps.db.delete(mailFollowups).where(eq(mailFollowups.id, row.id));
  } else if (attempts >= FOLLOWUP_MAX_ATTEMPTS) {
    await giveUp(deps, row, attempts, outcome.error);
  } else {
    await deps.db.update(mailFollowups).set({ lastError: outcome.error })
      .where(and(eq(mailFollowups.id, row.id), eq(mailFollowups.attempts, attempts)));
  }
}

async function giveUp(deps: AppDeps, row: FollowUpRow, attempts: number, error: string | null): Promise<void> {
  deps.log.error("inbound.followup_given_up", { userId: row.userId, mailId: row.mailId, attempts, error });
  await deps.db.delete(mailFollowups).where(eq(mailFollowups.id, row.id));
}
