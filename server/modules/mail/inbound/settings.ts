// What a recipient's mail settings say about an arriving message, loaded in ONE query for all recipients
// of a message (ingest speed: one round trip per message, not one per setting and recipient): auto-sort
// rules, block and allow lists (the user's and the company's), forwarding, away reply and smart mailbox.
// The steps of plan.ts and after.ts read only this; they never query these settings again. Of the block and
// allow lists (thousands of entries) only those that can match the message's sender are loaded: the patterns
// sender-lists.ts senderPatternsFor gives for it (the address, and "@d"/"d" for its domain and each parent
// domain), which is exactly what senderMatches would accept, so the verdict is the same as over the full lists.
// Stored patterns are normalised (lower-case, trimmed: shared/mail/spam-lists.ts), so they compare as they are.
import type { Sql } from "../../../../db/client.ts";
import { MAIL_CONFIG_DEFAULTS, type MailConfig } from "../../../../shared/mail/config.ts";
import { senderPatternsFor } from "./sender-lists.ts";

export interface InboundRule {
  id: number;
  /** Lower-cased addresses keyed From, To, Cc, ToCc. */
  conditionOptions: Record<string, string[]>;
  folderId: number;
}

export interface SenderListEntry {
  kind: "BLOCK" | "ALLOW";
  pattern: string;
  /** The company's list (set by an admin) rather than the user's own. */
  company: boolean;
}

export interface InboundSettings {
  userId: number;
  /** In sort order. */
  rules: InboundRule[];
  senderLists: SenderListEntry[];
  /** Set only when forwarding is on and at least one target has accepted. */
  forward: { saveOriginal: boolean; targets: string[] } | null;
  /** Set only when the away reply is on; period = the config's updatedAt (one reply per sender per period). */
  away: { startAt: Date | null; endAt: Date | null; contents: string; period: Date } | null;
  /** Set only when the smart mailbox is on. */
  smart: { promotion: boolean; social: boolean } | null;
}

type Row = {
  user_id: string | number;
  rules: InboundRule[];
  sender_lists: SenderListEntry[];
  forward: { saveOriginal: boolean; targets: string[] } | null;
  away: { startAt: string | null; endAt: string | null; contents: string; period: string } | null;
  config: Record<string, unknown> | null;
};

/** The settings of these recipients for a message from `sender` (listedSender: From, else the envelope sender). */
export async function loadInboundSettings(sql: Sql, userIds: number[], sender: string): Promise<Map<number, InboundSettings>> {
  const out = new Map<number, InboundSettings>();
  if (!userIds.length) return out;
  // One fixed statement (prepared once per connection by postgres.js) calling mail_inbound_settings
  // (migration 0009), a function so that PostgreSQL keeps the plan of the query inside as well.
  const rows = await sql<Row[]>`
    select * from mail_inbound_settings(${[...new Set(userIds)]}::bigint[], ${senderPatternsFor(sender)}::text[])`;
  for (const r of rows) {
    const forward = r.forward && r.forward.targets.length ? r.forward : null;
    const away = r.away
      ? {
        startAt: r.away.startAt ? new Date(r.away.startAt) : null,
        endAt: r.away.endAt ? new Date(r.away.endAt) : null,
        contents: r.away.contents,
        period: new Date(r.away.period),
      }
      : null;
    const c = { ...MAIL_CONFIG_DEFAULTS, ...(r.config ?? {}) } as MailConfig;
    const smart = c.smartMailbox ? { promotion: c.classifyPromotion, social: c.classifySocial } : null;
    const userId = Number(r.user_id);
    out.set(userId, { userId, rules: r.rules, senderLists: r.sender_lists, forward, away, smart });
  }
  return out;
}
