// Spam management (000 §3 "Spam item", §7 "Spam", §8 mail.431/432 unsubscribe, mail.434 block detail,
// mail.289/290 recover, mail.404/405 log delete): the block and allow lists and the spam log.
//
//   GET    /api/spam/list?page&pageSize          → Page<SpamLogItem>, the user's spam log, newest first
//   GET    /api/spam/block/detail/{id}           → SpamBlockDetail: the log entry + the blocked mail's headers
//                                                   (never its content); 404 for a foreign or missing id
//   POST   /api/spam/unsubscribe {sender}        → 201 SenderEntry: the sender (address or domain) on the user's
//                                                   BLOCK list ("수신거부"); 409 mail.sender_duplicate
//   POST   /api/spam/allow {ids}                 → SpamActionCount: the log entries' senders on the ALLOW list,
//                                                   their mails recovered; an entry blocked for failed sender
//                                                   authentication (pattern AUTH_FAIL: its From is forged)
//                                                   refuses the request whole: 409 mail.spam_auth_fail_allow
//   POST   /api/spam/recovery {ids}              → SpamActionCount: the log entries' mails back to the inbox,
//                                                   spamReason cleared, entries RECOVERED
//   DELETE /api/spam/maillog {ids}               → 204 (log entries only; the mails stay where they are)
//   GET    /api/spam/senders?kind=BLOCK|ALLOW    → SenderList: the user's entries and the company's (read-only)
//   POST   /api/spam/senders {kind, pattern}     → 201 SenderEntry (add by address or domain)
//   DELETE /api/spam/senders {ids}               → 204; only the user's own entries (company ones answer 404)
// The company's block list, managed by its admin (ROLE_ADMIN):
//   GET    /api/admin/mail/senders               → SenderList (company entries)
//   POST   /api/admin/mail/senders {pattern}     → 201 SenderEntry (kind BLOCK)
//   DELETE /api/admin/mail/senders {ids}         → 204
//
// How the lists decide (server/modules/mail/inbound/sender-lists.ts), for the From address of arriving mail:
//   1. a company BLOCK entry matches → SPAM with spamReason SYSTEM: the admin's policy; the user cannot
//      unblock, recover or allow it (mail.system_blocked), and no user ALLOW entry overrides it;
//   2. a user ALLOW entry matches → the user's block list is skipped; the DMARC step still applies (the
//      From the entry matches can be forged: a DMARC reject/quarantine failure still goes to SPAM as AUTH_FAIL);
//   3. a user BLOCK entry matches → SPAM with spamReason BLOCK_LIST.
// A pattern is an address ("a@b.c") or a domain ("b.c" or "@b.c", stored as "@b.c"); a domain pattern also
// matches its subdomains. Matching is case-insensitive. Every mail put in spam on arrival gets a spam log
// entry (pattern = the list entry, or the reason such as AUTH_FAIL).
import { z } from "zod";

export const SENDER_KINDS = ["BLOCK", "ALLOW"] as const;
export type SenderKind = (typeof SENDER_KINDS)[number];

/** Longest pattern (an address is at most 320 characters; domains at most 255). */
export const SENDER_PATTERN_MAX = 320;
/** Most entries in one user's list of one kind (and in the company's block list). */
export const MAX_SENDER_LIST_ENTRIES = 1000;
/** Most log entries one action takes. */
export const MAX_SPAM_ACTION_IDS = 200;
export const DEFAULT_SPAM_LOG_PAGE_SIZE = 20;
export const MAX_SPAM_LOG_PAGE_SIZE = 200;

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/;
const LOCAL = /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}$/;

/** The stored form of a sender pattern ("a@b.c" or "@b.c"), or null when it is neither an address nor a domain. */
export function normalizeSenderPattern(input: string): string | null {
  const s = input.trim().toLowerCase();
  if (!s || s.length > SENDER_PATTERN_MAX) return null;
  const at = s.lastIndexOf("@");
  if (at < 0) return DOMAIN.test(s) ? `@${s}` : null;
  const local = s.slice(0, at);
  const domain = s.slice(at + 1);
  if (!DOMAIN.test(domain)) return null;
  if (at === 0) return `@${domain}`;
  return LOCAL.test(local) && !local.startsWith(".") && !local.endsWith(".") ? `${local}@${domain}` : null;
}

const pattern = z.string().max(SENDER_PATTERN_MAX + 10, "mail.sender_invalid")
  .transform((v, ctx) => {
    const p = normalizeSenderPattern(v);
    if (!p) ctx.addIssue({ code: "custom", message: "mail.sender_invalid" });
    return p ?? "";
  });

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const asArray = (v: unknown) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : String(v).split(","));
export const spamIdsBody = z.object({
  ids: z.preprocess(asArray, z.array(id).min(1, "mail.ids_required").max(MAX_SPAM_ACTION_IDS, "common.validation")),
});
export type SpamIdsInput = z.infer<typeof spamIdsBody>;

export const unsubscribeBody = z.object({ sender: pattern });
export const senderAddBody = z.object({ kind: z.enum(SENDER_KINDS, { message: "common.validation" }), pattern });
export const companySenderAddBody = z.object({ pattern });
export const senderListQuery = z.object({ kind: z.enum(SENDER_KINDS, { message: "common.validation" }).default("BLOCK") });
export const spamLogQuery = z.object({
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(MAX_SPAM_LOG_PAGE_SIZE).default(DEFAULT_SPAM_LOG_PAGE_SIZE),
});

export const SPAM_LOG_STATUSES = ["BLOCKED", "RECOVERED"] as const;

/** One spam log entry (000 §3 "Spam item" plus the subject and status). */
export interface SpamLogItem {
  id: number;
  adrFrom: string;
  /** The list entry that blocked it, or the reason (AUTH_FAIL, SYSTEM). */
  pattern: string;
  msgSize: number;
  /** ISO time of arrival. */
  insertDate: string;
  subject: string;
  status: (typeof SPAM_LOG_STATUSES)[number];
  /** The blocked mail while it exists. */
  mailId: number | null;
  /** Blocked by the company's policy: cannot be recovered or allowed. */
  system: boolean;
}

export interface SpamBlockDetail extends SpamLogItem {
  /** Headers of the blocked mail (null once the mail is gone); never its content. */
  mail: {
    fromName: string;
    fromAddress: string;
    to: { name: string; address: string }[];
    cc: { name: string; address: string }[];
    subject: string;
    sentAt: string | null;
    receivedAt: string;
    messageId: string | null;
    spamReason: string | null;
    folderType: string;
  } | null;
}

export interface SenderEntry {
  id: number;
  kind: SenderKind;
  pattern: string;
  /** The company's entry (set by an admin): the user cannot remove it. */
  company: boolean;
  createdAt: string;
}

export interface SenderList {
  kind: SenderKind;
  senders: SenderEntry[];
}

export interface SpamActionCount {
  /** Mails brought back to the inbox. */
  recovered: number;
  /** Senders added to the allow list (allow only). */
  allowed?: number;
}

export const SPAM_LISTS_ERROR_MESSAGES = {
  "mail.sender_invalid": "Enter an email address or a domain.",
  "mail.sender_duplicate": "This sender is already on the list.",
  "mail.sender_list_full": "The list cannot hold more senders.",
  "mail.sender_self": "You cannot block your own address.",
  "mail.sender_own_domain": "The company's own domains and their addresses cannot be blocked.",
  "mail.spam_log_not_found": "The spam log entry does not exist.",
  "mail.spam_auth_fail_allow": "Mail that failed sender authentication cannot be allowed: its sender may be forged.",
} as const;
