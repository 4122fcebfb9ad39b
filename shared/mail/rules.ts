// Auto-sort rules (000 §3 "Auto-sort rule", §5 "Auto-sort rules", §7 "Mail settings" Rules, §9): address
// conditions keyed From, To, Cc, ToCc → move the arriving message to a folder. Applied to every arriving
// message that is not spam, in sort order; the first matching rule wins (server/modules/mail/inbound/rules.ts).
//
//   GET    /api/mail/config/rule?page=0&pageSize=20        → RulePage (in sort order; page is 0-based)
//   POST   /api/mail/config/rule          RuleInput (JSON) → 201 MailRule
//                                          at the limit: 200 { ignored: true } (000 §5 "further adds ignored")
//   PUT    /api/mail/config/rule/{id}     RuleInput        → MailRule
//   PUT    /api/mail/config/rule/{id}/sortOrder/{target}  (form or JSON isLast)
//          moves rule {id} just before rule {target}; with isLast true to the end ({target} is then ignored,
//          any number, e.g. 0) → RulePage of every rule in the new order
//   DELETE /api/mail/config/rule          (form or JSON ruleIds) → 204; unknown or foreign ids are skipped
//
// Matching: From compares the From header's address; To the To recipients, Cc the Cc recipients, ToCc either.
// Addresses compare case-insensitively. An entry "@example.com" (or "example.com") matches every address of
// that domain. Within one option any entry matches; all options given must match (AND).
// Target folder: one of the user's own folders of a type in RULE_FOLDER_TYPES; another's or a missing folder
// answers 404 mail.389.
// Errors: 400 mail.387 (no criterion, a bad address, more than 10 per option), 404 mail.388 (rule),
// 404 mail.389 (folder), 409 mail.386 (a rule with the same conditions exists).
import { z } from "zod";
import { MAX_LIST_ITEMS, TOO_MANY_ITEMS_MESSAGE } from "../request-input.ts";

/** 000 §9: addresses per rule option. */
export const RULE_ADDRESSES_MAX = 10;
/** 000 §9: rules per user; adds beyond this are ignored (answered { ignored: true }). */
export const RULES_MAX = 100;
export const RULE_OPTIONS = ["From", "To", "Cc", "ToCc"] as const;
export type RuleOption = (typeof RULE_OPTIONS)[number];
/** Folder types a rule may file into: the inbox, to-me, trash and the user's private folders. */
export const RULE_FOLDER_TYPES = ["INBOX", "TOME", "DELETED", "PRIVATE", "PRIVATE_SECURE", "PRIVATE_PERMANENT"] as const;

export type RuleConditions = Partial<Record<RuleOption, string[]>>;

export interface MailRule {
  id: number;
  conditionOptions: RuleConditions;
  processOptions: { folderId: number };
  /** 1-based position. */
  sortOrder: number;
}

export interface RulePage {
  rules: MailRule[];
  page: number;
  pageSize: number;
  totalCount: number;
}

export interface RuleIgnored {
  ignored: true;
}

export const RULE_ERROR_MESSAGES = {
  "mail.386": "A rule with the same conditions already exists.",
  "mail.387": "Enter at least one condition with valid addresses (up to 10 per condition).",
  "mail.388": "The rule does not exist.",
  "mail.389": "The folder to move to does not exist.",
} as const;

/** An address, or a domain written "@example.com" / "example.com"; lower-cased. */
const ruleAddress = z.string().trim().toLowerCase().max(320)
  .refine((v) => /^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/.test(v) || /^@?[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(v), "mail.387")
  .transform((v) => v.includes("@") ? v : `@${v}`);

const addressList = z.array(ruleAddress, { message: "mail.387" }).max(RULE_ADDRESSES_MAX, "mail.387").optional();

export const ruleInput = z.object({
  conditionOptions: z.object({ From: addressList, To: addressList, Cc: addressList, ToCc: addressList }, { message: "mail.387" }),
  processOptions: z.object({ folderId: z.coerce.number({ message: "mail.389" }).int("mail.389") }, { message: "mail.389" }),
});
export type RuleInput = z.infer<typeof ruleInput>;

export const rulePageQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(RULES_MAX).default(20),
});

export const ruleMoveInput = z.object({
  isLast: z.union([z.boolean(), z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1")]).default(false),
});

export const ruleDeleteInput = z.object({
  ruleIds: z.union([
    z.array(z.coerce.number().int()).max(MAX_LIST_ITEMS, TOO_MANY_ITEMS_MESSAGE),
    z.coerce.number().int().transform((n) => [n]),
  ]),
});

/** The conditions without empty options, each list de-duplicated and sorted (stored form). */
export function normalizeConditions(c: RuleConditions): RuleConditions {
  const out: RuleConditions = {};
  for (const k of RULE_OPTIONS) {
    const list = [...new Set((c[k] ?? []).map((a) => a.trim().toLowerCase()).filter(Boolean))].sort();
    if (list.length) out[k] = list;
  }
  return out;
}

/** Canonical text of normalised conditions: equal conditions give equal keys (duplicate check, 409 mail.386). */
export function conditionKey(c: RuleConditions): string {
  return RULE_OPTIONS.filter((k) => c[k]?.length).map((k) => `${k}:${c[k]!.join(",")}`).join("|");
}
