// Where an arriving message goes for one local recipient, whichever way it arrived (inbound SMTP, or a
// colleague's mail delivered locally by dispatch.ts). One place decides, in this order:
//   1. the sender lists (company block → SPAM, for mail from outside only; the user's allow list skips the
//      user's block list; then the user's block list → SPAM)
//   2. the sender's own DMARC policy: a failure with policy reject or quarantine → SPAM (AUTH_FAIL), even for
//      an allowed sender: the allow list matches the From address, which is exactly what a DMARC failure
//      says may be forged; likewise mail from outside claiming the company's own domain unchecked, when the
//      company's setting says SPAM (own-domain.ts)
//   3. the recipient's auto-sort rules, first match in sort order → that folder
//   4. the smart mailbox: promotion or social mail → SMART with its category
//   otherwise → INBOX.
// Each step is a pure function over the recipient's InboundSettings (settings.ts, loaded once per message).
// What happens after the message is stored (forwarding, away reply, the spam log) is in after.ts.
import type { SystemFolderType } from "../../../../shared/mail/constants.ts";
import type { AuthVerdicts } from "../smtp/auth.ts";
import type { ParsedMessage } from "../store/parse.ts";
import type { InboundSettings } from "./settings.ts";
import { senderListVerdict } from "./sender-lists.ts";
import { classifySmart } from "./smart.ts";
import { matchRules } from "./rules.ts";
import type { OwnDomainSpoof } from "./own-domain.ts";

export interface InboundMessage {
  parsed: ParsedMessage;
  /** MAIL FROM of the envelope ("" for bounces); for local mail, the sender's address. */
  envelopeFrom: string;
  /** SPF/DKIM/DMARC of inbound SMTP mail; absent for mail from a user of this server. */
  verdicts?: AuthVerdicts;
  /** Sent by a user of this server (local delivery). */
  local: boolean;
  size: number;
  /**
   * Inbound mail whose From claims the recipient's company domain without passing SPF/DKIM for it
   * (own-domain.ts): what that company's setting does with it. Absent for any other mail.
   */
  ownDomainSpoof?: OwnDomainSpoof;
}

export interface DeliveryPlan {
  folder: SystemFolderType | number;
  spamReason: string | null;
  /** The block-list pattern (or the reason) that sent it to spam, for the spam log. */
  blockedBy: string | null;
  /** Smart mailbox class (PROMOTION, SOCIAL) when filed in SMART. */
  category: string | null;
}

export function planDelivery(settings: InboundSettings | undefined, msg: InboundMessage): DeliveryPlan {
  const inbox: DeliveryPlan = { folder: "INBOX", spamReason: null, blockedBy: null, category: null };
  const listed = senderListVerdict(settings?.senderLists, msg.parsed.from.address, msg.envelopeFrom, { local: msg.local }); // step 1
  if (listed?.kind === "BLOCK") return { ...inbox, folder: "SPAM", spamReason: listed.spamReason, blockedBy: listed.pattern };
  const dmarc = msg.verdicts?.dmarc; // step 2, whatever the allow list says
  if (dmarc && dmarc.result === "fail" && (dmarc.policy === "reject" || dmarc.policy === "quarantine")) {
    return { ...inbox, folder: "SPAM", spamReason: "AUTH_FAIL", blockedBy: "AUTH_FAIL" };
  }
  if (msg.ownDomainSpoof === "SPAM") return { ...inbox, folder: "SPAM", spamReason: "AUTH_FAIL", blockedBy: "AUTH_FAIL" };
  const ruled = settings?.rules.length ? matchRules(settings.rules, msg.parsed) : null; // step 3
  if (ruled !== null) return { ...inbox, folder: ruled };
  const smart = settings?.smart ? classifySmart(msg.parsed, msg.local) : null; // step 4
  if (smart && settings?.smart?.[smart === "PROMOTION" ? "promotion" : "social"]) return { ...inbox, folder: "SMART", category: smart };
  return inbox;
}
