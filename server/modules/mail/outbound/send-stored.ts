// Sends a message the server writes on a user's behalf (forwarded mail, away replies, forwarding approval
// mails) through the normal outbound path: the bytes are stored once as a message without a mailbox entry
// (the outbound queue sends stored messages; nobody's folder shows it), local recipients get it at once (their
// own settings apply) and the rest is queued for the recipients' MX or the relay. All of it commits in one
// transaction, together with the caller's own record of the send (SendRecord): a forward marks its follow-up
// row (and trashes the original when it keeps none), an away reply writes its once-per-period row. So a crash or a failure leaves either the whole send
// with its record, or neither: a retry then sends it exactly once.
import type { Tx } from "../../../../db/client.ts";
import type { AppDeps } from "../../../lib/context.ts";
import { transactionWithRetry } from "../../../lib/transaction.ts";
import { fileStaged, stageFiling } from "../store/deliver.ts";
import type { ParsedMessage } from "../store/parse.ts";
import { type DispatchResult, stageDispatch, writeDispatch } from "./dispatch.ts";

export interface StoredSend {
  companyId: number;
  senderUserId: number;
  /** The envelope sender (MAIL FROM): the user's address. */
  senderAddress: string;
  raw: Uint8Array;
  parsed?: ParsedMessage;
  to: string[];
}

/** The caller's own rows of a send, written in its transaction. */
export interface SendRecord {
  /** Runs first; false declines (nothing is written, null is answered), e.g. another run sent it already. */
  before?: (tx: Tx) => Promise<boolean>;
  /** Runs after the send's rows, with its outcome. */
  after?: (tx: Tx, result: DispatchResult) => Promise<void>;
}

export async function sendStored(deps: AppDeps, input: StoredSend, record: SendRecord = {}): Promise<DispatchResult | null> {
  const now = deps.clock.now();
  const copy = await stageFiling(deps, { companyId: input.companyId, raw: input.raw, parsed: input.parsed, receivedAt: now, targets: [] });
  const staged = await stageDispatch(deps, {
    companyId: input.companyId,
    senderUserId: input.senderUserId,
    senderAddress: input.senderAddress,
    raw: input.raw,
    parsed: copy.parsed,
    recipients: input.to.map((address) => ({ address, name: "", kind: "to" as const })),
    now,
    automatic: true,
  });
  const written = await transactionWithRetry(deps.db, async (tx) => {
    if (record.before && !(await record.before(tx))) return null;
    const stored = await fileStaged(tx, copy);
    const w = await writeDispatch(tx, staged, stored.messageId);
    await record.after?.(tx, w.result);
    return w;
  });
  written?.afterCommit(deps);
  return written?.result ?? null;
}
