// Step 1 of planDelivery: what the block and allow lists say about an arriving message's sender (the From
// address, or the envelope sender when From has none). Order (shared/mail/spam-lists.ts): a company BLOCK
// entry wins (the admin's policy: SPAM as SYSTEM, which the user cannot unblock) over mail from outside the
// server — a colleague's mail delivered locally is not the company list's business, and its own domains cannot
// be put on it (spam/senders.ts addCompanySender); then the user's ALLOW
// list (skips the user's block list only: the From it matches is forgeable, so the DMARC step still runs,
// plan.ts); then the user's BLOCK list (SPAM as BLOCK_LIST). Patterns are "a@b.c" (that address) or "@b.c"
// (that domain and its subdomains; "b.c" likewise). settings.ts loads only the entries that can match the
// message's sender: the patterns senderPatternsFor lists, which must stay the exact mirror of senderMatches.
import type { SenderListEntry } from "./settings.ts";
import type { InboundMessage } from "./plan.ts";

export type SenderVerdict =
  | { kind: "ALLOW"; pattern: string }
  | { kind: "BLOCK"; pattern: string; spamReason: "SYSTEM" | "BLOCK_LIST" }
  | null;

/** Does `pattern` cover `address` (both compared lower-case)? */
export function senderMatches(pattern: string, address: string): boolean {
  const p = pattern.trim().toLowerCase();
  const a = address.trim().toLowerCase();
  if (!p || !a) return false;
  if (!p.includes("@") || p.startsWith("@")) {
    const domain = p.replace(/^@/, "");
    const at = a.lastIndexOf("@");
    const host = at >= 0 ? a.slice(at + 1) : a;
    return host === domain || host.endsWith(`.${domain}`);
  }
  return p === a;
}

/** The address the lists judge: the From address, or the envelope sender when From has none. */
export function senderAddress(fromAddress: string, envelopeFrom = ""): string {
  return fromAddress.trim() || envelopeFrom.trim();
}

export function listedSender(msg: Pick<InboundMessage, "parsed" | "envelopeFrom">): string {
  return senderAddress(msg.parsed.from.address, msg.envelopeFrom);
}

/**
 * A guess at listedSender read straight off the raw header (the first From: field's <address>, or its bare
 * address), for work that may start before the parse ends; "" when it finds none. Only a guess: a caller checks
 * it against listedSender once the message is parsed (sameSender) and does the work again when they differ
 * (an encoded or unusual From, a group, a non-ASCII address).
 */
export function senderGuess(raw: Uint8Array, envelopeFrom: string): string {
  const head = new TextDecoder("latin1").decode(raw.subarray(0, Math.min(raw.length, 64 * 1024)));
  const end = head.search(/\r?\n\r?\n/);
  const m = /(?:^|\n)from:([^\n]*(?:\n[ \t][^\n]*)*)/i.exec(end >= 0 ? head.slice(0, end) : head);
  const value = m ? m[1].replace(/\r?\n/g, "") : "";
  const angle = /<([^<>\s@]+@[^<>\s@]+)>\s*$/.exec(value.trim()) ?? /^\s*([^\s<>",;:()@]+@[^\s<>",;:()@]+)\s*$/.exec(value);
  return senderAddress(angle ? angle[1] : "", envelopeFrom);
}

/** Whether two senders select the same list entries (senderPatternsFor compares them so). */
export const sameSender = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Every stored pattern (lower-case, trimmed) that senderMatches finds covering `address`: the address itself,
 * and for its host and each parent domain (every suffix after a dot) both "@domain" and "domain".
 */
export function senderPatternsFor(address: string): string[] {
  const a = address.trim().toLowerCase();
  if (!a) return [];
  const at = a.lastIndexOf("@");
  const host = at >= 0 ? a.slice(at + 1) : a;
  const domains = [host];
  for (let i = host.indexOf("."); i >= 0; i = host.indexOf(".", i + 1)) domains.push(host.slice(i + 1));
  const out = new Set<string>();
  if (at > 0) out.add(a); // an address pattern ("x@y") equals the address; "@y" is a domain pattern
  for (const d of domains) {
    out.add(`@${d}`);
    if (d && !d.includes("@")) out.add(d);
  }
  return [...out];
}

export function senderListVerdict(
  lists: SenderListEntry[] | undefined,
  fromAddress: string,
  envelopeFrom = "",
  { local = false }: { local?: boolean } = {},
): SenderVerdict {
  const address = senderAddress(fromAddress, envelopeFrom);
  if (!lists?.length || !address) return null;
  const find = (kind: "BLOCK" | "ALLOW", company: boolean) =>
    lists.find((e) => e.kind === kind && e.company === company && senderMatches(e.pattern, address));
  const system = local ? undefined : find("BLOCK", true);
  if (system) return { kind: "BLOCK", pattern: system.pattern, spamReason: "SYSTEM" };
  const allow = find("ALLOW", false) ?? find("ALLOW", true);
  if (allow) return { kind: "ALLOW", pattern: allow.pattern };
  const block = find("BLOCK", false);
  if (block) return { kind: "BLOCK", pattern: block.pattern, spamReason: "BLOCK_LIST" };
  return null;
}
