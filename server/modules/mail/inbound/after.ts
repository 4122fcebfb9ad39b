// What follows once an arriving message is stored for its local recipients: forwarding to the recipient's
// accepted targets (forward.ts) and the away reply (away.ts). (The spam log is written in the filing
// transaction itself: store/deliver.ts.) Callers (smtp/ingest.ts, outbound/dispatch.ts) start these with
// startAfterDelivery right after the commit and do NOT wait for them: the SMTP 250 (or the send's answer)
// never waits on a slow forward or reply, so the remote MTA has no reason to send the message again.
// Within one message the follow-ups run one recipient after the other, in order. Failures are logged, never
// thrown: the message is already delivered.
// Durability: the follow-ups are not queued anywhere durable. A crash (or stop) between the commit and their
// end loses the follow-ups still to run (a forward or an away reply not sent), never the mail itself.
import type { AppDeps } from "../../../lib/context.ts";
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

/** The follow-ups of one message, recipient after recipient. */
export async function afterDelivery(deps: AppDeps, msg: InboundMessage, delivered: Delivered[]): Promise<void> {
  for (const d of delivered) {
    try {
      await afterOne(deps, msg, d);
    } catch (e) {
      deps.log.error("inbound.after_delivery_failed", { userId: d.box.userId, mailId: d.mailId, error: String(e) });
    }
  }
}

async function afterOne(deps: AppDeps, msg: InboundMessage, d: Delivered): Promise<void> {
  await Promise.all([forwardArrived(deps, msg, d), awayReply(deps, msg, d)].map((step) =>
    step.catch((e) => deps.log.error("inbound.forward_or_away_failed", { userId: d.box.userId, mailId: d.mailId, error: String(e) }))
  ));
}
