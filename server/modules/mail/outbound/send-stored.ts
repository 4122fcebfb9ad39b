// Sends a message the server writes on a user's behalf (forwarded mail, away replies, forwarding approval
// mails) through the normal outbound path: the bytes are stored once as a message without a mailbox entry
// (the outbound queue sends stored messages; nobody's folder shows it), then dispatchMessage delivers local
// recipients at once (their own settings apply) and queues the rest for the recipients' MX or the relay.
import type { AppDeps } from "../../../lib/context.ts";
import { fileMessage } from "../store/deliver.ts";
import type { ParsedMessage } from "../store/parse.ts";
import { type DispatchResult, dispatchMessage } from "./dispatch.ts";

export interface StoredSend {
  companyId: number;
  senderUserId: number;
  /** The envelope sender (MAIL FROM): the user's address. */
  senderAddress: string;
  raw: Uint8Array;
  parsed?: ParsedMessage;
  to: string[];
}

export async function sendStored(deps: AppDeps, input: StoredSend): Promise<DispatchResult> {
  const now = deps.clock.now();
  const stored = await fileMessage(deps, { companyId: input.companyId, raw: input.raw, parsed: input.parsed, receivedAt: now, targets: [] });
  return await dispatchMessage(deps, {
    companyId: input.companyId,
    senderUserId: input.senderUserId,
    senderAddress: input.senderAddress,
    raw: input.raw,
    parsed: stored.parsed,
    messageId: stored.messageId,
    recipients: input.to.map((address) => ({ address, name: "", kind: "to" as const })),
    now,
  });
}
