// The spam log (000 §3 "Spam item"): one row per mail put in spam on arrival, with the sender, the list entry
// (or reason) that blocked it, its size and subject. The rows are written by fileInTransaction
// (store/deliver.ts) in the filing transaction itself, one insert for all recipients of the message; this
// only says what a recipient's entry is, from the delivery plan.
import type { SpamLogEntry } from "../store/deliver.ts";
import type { DeliveryPlan, InboundMessage } from "./plan.ts";

/** The spam-log entry of a recipient whose plan puts the message in spam; undefined otherwise. */
export function spamLogEntry(msg: InboundMessage, plan: DeliveryPlan): SpamLogEntry | undefined {
  if (!plan.spamReason) return undefined;
  return { pattern: plan.blockedBy ?? plan.spamReason, sender: msg.parsed.from.address || msg.envelopeFrom || "" };
}
