// What follows once an arriving message is stored for its local recipients: forwarding to the recipient's
// accepted targets (forward.ts) and the away reply (away.ts). (The spam log is written in the filing
// transaction itself: store/deliver.ts.) Callers (smtp/ingest.ts, outbound/dispatch.ts) start these with
// startAfterDelivery right after the commit and do NOT wait for them: the SMTP 250 (or the send's answer)
// never waits on a slow forward or reply, so the remote MTA has no reason to send the message again.
// Within one message the follow-ups run one recipient after the other, in order. Failures are logged, never
// thrown: the message is already delivered.
// Durability: each recipient with forwarding or an away reply on got a mail_followups row in the filing
// transaction (FilingTarget.followUp, see followUpFor in followups.ts). This fast path deletes it once that
// recipient's follow-ups are done, or failed in a way a retry would not fix (a refusal: AppError); after a
// transient failure (database, disk) the row stays and the followups job (followups.ts) runs it again later,
// as it does for rows a crash or stop left behind.
import { eq } from "drizzle-orm";
import { mailFollowups } from "../../../../db/schema/mail-settings.ts";
import type { AppDeps } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { BlobMissingError } from "../../../lib/blobs.ts";
import type { LocalMailbox } from "../store/recipients.ts";
import type { DeliveryPlan, InboundMessage } from "./plan.ts";
import type { InboundSettings } from "./settings.ts";
import { forwardArrived } from "./forward.ts";
import { awayReply } from "./away.ts";

export interface Delivered {
  box: LocalMailbox;
  settings: InboundSettings | undefined;
  plan: DeliveryPlan;
  /** The recipient's new mail row. */
  mailId: number;
  /** The stored message (mail_messages.id) and its bytes, for forwarding. */
  messageId: number;
  raw: Uint8Array;
}

/** Follow-ups still running, per database (tests and shutdown wait for them: whenFollowUpsDone). */
const running = new WeakMap<AppDeps["db"], Set<Promise<void>>>();

/** Starts the follow-ups of one message, detached: never throws, never waited on by the caller. */
export function startAfterDelivery(deps: AppDeps, msg: InboundMessage, delivered: Delivered[]): void {
  if (!delivered.some((d) => d.settings?.forward || d.settings?.away)) return; // nothing to do: no task at all
  let set = running.get(deps.db);
  if (!set) running.set(deps.db, set = new Set());
  const task: Promise<void> = afterDelivery(deps, msg, delivered)
    .catch((e) => deps.log.error("inbound.after_delivery_failed", { error: String(e) }))
    .finally(() => set.delete(task));
  set.add(task);
}

/**
 * Resolves once no follow-up is running on this database (including those started by follow-ups, such as
 * a forward to a colleague who forwards or replies in turn); false when `timeoutMs` passed first.
 */
export async function whenFollowUpsDone(deps: AppDeps, timeoutMs = 10_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const set = running.get(deps.db);
    if (!set?.size) return true;
    const left = deadline - Date.now();
    if (left <= 0) return false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([Promise.allSettled([...set]), new Promise((r) => timer = setTimeout(r, left))]);
    clearTimeout(timer);
  }
}

/** The follow-ups of one message, recipient after recipient; each recipient's row deleted once done. */
export async function afterDelivery(deps: AppDeps, msg: InboundMessage, delivered: Delivered[]): Promise<void> {
  for (const d of delivered) {
    if (!d.settings?.forward && !d.settings?.away) continue; // no follow-up, no row
    try {
      const outcome = await afterOne(deps, msg, d);
      if (outcome.done) await deps.db.delete(mailFollowups).where(eq(mailFollowups.mailId, d.mailId));
    } catch (e) {
      deps.log.error("inbound.after_delivery_failed", { userId: d.box.userId, mailId: d.mailId, error: String(e) });
    }
  }
}

/** How one recipient's follow-ups ended: done (its row may go), or a transient failure worth a retry. */
export interface FollowUpOutcome {
  done: boolean;
  /** The failures, logged already (for mail_followups.last_error). */
  error: string | null;
}

/** Forwarding and the away reply of one recipient; never throws. Shared by the fast path and the job. */
export async function afterOne(deps: AppDeps, msg: InboundMessage, d: Delivered): Promise<FollowUpOutcome> {
  const failures = await Promise.all([forwardArrived(deps, msg, d), awayReply(deps, msg, d)].map((step) =>
    step.then(() => null, (e: unknown) => {
      deps.log.error("inbound.forward_or_away_failed", { userId: d.box.userId, mailId: d.mailId, error: String(e) });
      return e;
    })
  ));
  const failed = failures.filter((e) => e !== null);
  return {
    done: !failed.some(isTransient),
    error: failed.length ? failed.map(String).join("; ").slice(0, 2000) : null,
  };
}

/** A failure a later retry may get past (database, network, disk), unlike a refusal or missing bytes. */
export function isTransient(e: unknown): boolean {
  return !(e instanceof AppError) && !(e instanceof BlobMissingError);
}
