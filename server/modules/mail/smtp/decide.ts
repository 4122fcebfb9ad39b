// Which folder an inbound message lands in for one recipient. Today the only reason to divert a message is
// its sender's own DMARC policy: a DMARC failure whose policy is reject or quarantine goes to SPAM with
// spamReason AUTH_FAIL. The company block list (spamReason BLOCK_LIST) and each user's spam rules
// (USER_RULE) plug in here, in that order, once they exist; nothing else decides where inbound mail goes.
import type { AuthVerdicts } from "./auth.ts";
import type { LocalMailbox } from "../store/recipients.ts";

export interface FolderDecision {
  folder: "INBOX" | "SPAM";
  spamReason: string | null;
}

export interface FolderDecisionInput {
  recipient: LocalMailbox;
  verdicts: AuthVerdicts;
}

export function decideFolder(input: FolderDecisionInput): FolderDecision {
  const { dmarc } = input.verdicts;
  if (dmarc.result === "fail" && (dmarc.policy === "reject" || dmarc.policy === "quarantine")) {
    return { folder: "SPAM", spamReason: "AUTH_FAIL" };
  }
  return { folder: "INBOX", spamReason: null };
}
