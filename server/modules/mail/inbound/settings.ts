// What a recipient's mail settings say about an arriving message, loaded in ONE query for all recipients
// of a message (ingest speed: one round trip per message, not one per setting and recipient): auto-sort
// rules, block and allow lists (the user's and the company's), forwarding, away reply and smart mailbox.
// The steps of plan.ts and after.ts read only this; they never query these settings again. Of the block and
// allow lists (thousands of entries) only those that can match the message's sender are loaded: the patterns
// sender-lists.ts senderPatternsFor gives for it (the address, and "@d"/"d" for its domain and each parent
// domain), which is exactly what senderMatches would accept, so the verdict is the same as over the full lists.
// Stored patterns are normalised (lower-case, trimmed: shared/mail/spam-lists.ts), so they compare as they are.
import { inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { users } from "../../../../db/schema/index.ts";
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

/** The settings of these recipients for a message from `sender` (listedSender: From, else the envelope sender). */
export async function loadInboundSettings(db: DbOrTx, userIds: number[], sender: string): Promise<Map<number, InboundSettings>> {
  const out = new Map<number, InboundSettings>();
  if (!userIds.length) return out;
  const patterns = senderPatternsFor(sender);
  const patternList = patterns.length ? sql.join(patterns.map((p) => sql`${p}`), sql`, `) : null;
  // Qualified by table: drizzle renders a bare column inside these subqueries as "id", which would bind to the
  // subquery's own table (mail_rules.id, mail_sender_lists.id) instead of the user's.
  const uid = sql.raw(`"users"."id"`);
  const cid = sql.raw(`"users"."company_id"`);
  const rows = await db.select({
    userId: users.id,
    rules: sql<InboundRule[]>`coalesce((select json_agg(json_build_object('id', r.id, 'conditionOptions', r.condition_options,
      'folderId', r.folder_id) order by r.sort_order, r.id) from mail_rules r where r.user_id = ${uid}), '[]'::json)`,
    senderLists: sql<SenderListEntry[]>`coalesce((select json_agg(json_build_object('kind', l.kind, 'pattern', l.pattern,
      'company', l.user_id is null)) from mail_sender_lists l
      where l.company_id = ${cid} and (l.user_id = ${uid} or l.user_id is null)
        and ${patternList ? sql`l.pattern in (${patternList})` : sql`false`}), '[]'::json)`,
    forward: sql<{ saveOriginal: boolean; targets: string[] } | null>`(select json_build_object('saveOriginal', f.save_original,
      'targets', (select coalesce(json_agg(t.address order by t.id), '[]'::json) from mail_forward_targets t
        where t.user_id = f.user_id and t.status = 'ACCEPTED'))
      from mail_forward_configs f where f.user_id = ${uid} and f.use_yn)`,
    away: sql<{ startAt: string | null; endAt: string | null; contents: string; period: string } | null>`(select json_build_object(
      'startAt', a.start_at, 'endAt', a.end_at, 'contents', a.contents, 'period', a.updated_at)
      from mail_away_configs a where a.user_id = ${uid} and a.use_away)`,
    config: sql<Record<string, unknown> | null>`(select c.config from mail_configs c where c.user_id = ${uid})`,
  }).from(users).where(inArray(users.id, [...new Set(userIds)]));
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
    out.set(r.userId, { userId: r.userId, rules: r.rules, senderLists: r.senderLists, forward, away, smart });
  }
  return out;
}
