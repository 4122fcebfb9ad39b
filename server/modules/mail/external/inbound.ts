// Where a message fetched from an external account goes: the same inbound decisions as mail arriving over
// SMTP (smtp/ingest.ts), through the same functions — the recipient's InboundSettings (inbound/settings.ts,
// one query), planDelivery (inbound/plan.ts: the company block list, the user's allow and block lists → SPAM,
// the auto-sort rules → their folder, the smart mailbox → SMART with its category) and the spam-log entry of
// a message put in spam (inbound/spam-log.ts, written in the filing transaction by store/deliver.ts). The
// account's tag is put on the mail wherever it is filed.
// Deliberately NOT done for fetched mail:
//  - forwarding and the away reply (inbound/after.ts): they answer mail addressed to this server directly.
//    Fetched mail was delivered to (and handled by) the other provider; forwarding it again or replying from
//    here would send copies or replies for mail the user only collects, possibly long after it arrived.
//  - the DMARC step: there is no SMTP session here (no connecting IP, no envelope), and the
//    Authentication-Results a fetched message carries could have been written by anyone on its way.
import type { Sql } from "../../../../db/client.ts";
import { extractAddress } from "../../../../shared/users.ts";
import type { FilingTarget } from "../store/deliver.ts";
import type { ParsedMessage } from "../store/parse.ts";
import { type InboundMessage, planDelivery } from "../inbound/plan.ts";
import { listedSender } from "../inbound/sender-lists.ts";
import { loadInboundSettings } from "../inbound/settings.ts";
import { spamLogEntry } from "../inbound/spam-log.ts";

/** The envelope sender the providing server recorded (Return-Path), "" when none. */
export function returnPathOf(parsed: ParsedMessage): string {
  return extractAddress(parsed.headers["return-path"] ?? "");
}

/** The filing target of one fetched message for the account's owner, decided as for SMTP mail. */
export async function fetchedTarget(
  sql: Sql,
  userId: number,
  parsed: ParsedMessage,
  size: number,
  tag: string,
): Promise<FilingTarget> {
  const message: InboundMessage = { parsed, envelopeFrom: returnPathOf(parsed), local: false, size };
  const settings = await loadInboundSettings(sql, [userId], listedSender(message));
  const plan = planDelivery(settings.get(userId), message);
  return {
    userId,
    folder: plan.folder,
    tags: [tag],
    spamReason: plan.spamReason,
    category: plan.category,
    spamLog: spamLogEntry(message, plan),
  };
}
