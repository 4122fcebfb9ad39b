// Sending a composed mail through an external account's SMTP (compose senderType EXTERNAL) instead of this
// server's outbound queue. The provider takes the message for every recipient, ours or not; what it refuses,
// or a failed connection, shows as FAILED in the send result (the sender's copy is in SENT either way).
import type { SendResultRecipient } from "../../../../shared/mail/compose.ts";
import type { AppDeps } from "../../../lib/context.ts";
import type { DispatchRecipient } from "../outbound/dispatch.ts";
import type { ExternalSender } from "./service.ts";
import { sendThroughSmtp } from "./smtp-check.ts";
import { externalNet } from "./trust.ts";

export async function sendExternal(
  deps: AppDeps,
  account: ExternalSender,
  raw: Uint8Array,
  recipients: DispatchRecipient[],
): Promise<SendResultRecipient[]> {
  const to = [...new Set(recipients.map((r) => r.address))];
  let rejected: Set<string>;
  try {
    const r = await sendThroughSmtp(account, { from: account.email, to }, raw, externalNet(deps.config));
    rejected = new Set(r.rejected.map((a) => a.toLowerCase()));
  } catch (e) {
    deps.log.warn("sending through an external account failed", { host: account.smtpHost, err: String(e) });
    rejected = new Set(to.map((a) => a.toLowerCase()));
  }
  return recipients.map((r) => ({
    ...r,
    status: rejected.has(r.address.toLowerCase()) ? "FAILED" as const : "DELIVERED" as const,
    reason: null,
  }));
}
