// Mail search and its history (000 §3 "Mail search history", §5 "Search word required", §7).
//
//   GET    /api/mails/search?{options}&page=&pageSize=   → MailListPage (as the list, with totalCapped); saves
//                                                        the options
//   GET    /api/mail/history                            → SearchHistoryItem[] newest first (at most 20)
//   DELETE /api/mail/history  (form id | isAll=true)     → 204
//
// Options: each query* field holds words (split at spaces); every word must appear in one of the field's
// parts (subject, from, to, cc, body text, attachment names), case-insensitively. Latin (and any non-CJK)
// words match at the start of a word: `port` finds "Port" and "portal", not "report", as mail users expect.
// Korean (CJK) words of two syllables or more match anywhere, inside a word too, through the two-character
// grams of mails.search_vector: `보고` finds "월간보고서를". The pieces of a word (`foo-bar`, `회의록`) must
// be adjacent. (IMAP SEARCH differs: it matches substrings, as RFC 3501 asks.) `query` searches the parts
// `type` names (all by default). folderId limits to one list (same values as the list's folderId; default
// everything but trash, spam and drafts). timeRange: a preset (1d, 1w, 1m, 3m, 6m, 1y) back from now,
// "{startMillis},{endMillis}" with either side empty, or (saved folders) { startTimeMillis, endTimeMillis }.
// tags: every tag named must be on the mail.
import { z } from "zod";
import { DEFAULT_MAIL_PAGE_SIZE, MAX_MAIL_PAGE_SIZE } from "./constants.ts";
import { folderRef } from "./reading.ts";
import { MAX_TIME_MILLIS } from "../paging.ts";

export const SEARCH_HISTORY_MAX = 20;
/**
 * A search counts its matches up to this many (or up to the page asked for, when deeper): beyond it the
 * answer says totalCapped: true and totalElements is the cap ("1,000+"); the next pages still work.
 */
export const SEARCH_COUNT_CAP = 1000;
export const SEARCH_WORD_MAX = 200;
export const SEARCH_TYPES = ["all", "subject", "from", "to", "cc", "content", "attach"] as const;
export const TIME_RANGE_PRESETS = ["1d", "1w", "1m", "3m", "6m", "1y"] as const;

export const SEARCH_ERROR_MESSAGES = {
  "mail.search_word_required": "Enter a search word.",
  "mail.search_time_range_invalid": "The search period is not valid.",
  "mail.history_not_found": "The search history does not exist.",
} as const;

/** The text options, each searching these parts of a mail. `query` follows `type`. */
export const SEARCH_TEXT_FIELDS = {
  querySubject: ["subject"],
  queryFrom: ["from"],
  queryTo: ["to"],
  queryCc: ["cc"],
  queryToCc: ["to", "cc"],
  queryContent: ["content"],
  queryAttach: ["attach"],
  querySubjectContent: ["subject", "content"],
  querySubjectContentAttach: ["subject", "content", "attach"],
} as const satisfies Record<string, readonly SearchPart[]>;
export type SearchPart = "subject" | "from" | "to" | "cc" | "content" | "attach";
export const TYPE_PARTS: Record<(typeof SEARCH_TYPES)[number], readonly SearchPart[]> = {
  all: ["subject", "from", "to", "cc", "content", "attach"],
  subject: ["subject"],
  from: ["from"],
  to: ["to"],
  cc: ["cc"],
  content: ["content"],
  attach: ["attach"],
};

const word = z.string().trim().max(SEARCH_WORD_MAX, "common.validation").optional().transform((v) => v || undefined);
const asArray = (v: unknown) => (v === undefined || v === null || v === "" ? undefined : Array.isArray(v) ? v : String(v).split(","));

const millis = z.coerce.number().int().min(0).max(MAX_TIME_MILLIS);
type SearchType = (typeof SEARCH_TYPES)[number];

/**
 * The options of a search, of a saved-search folder (shared/mail/folders.ts mailSearchOptions: type in any
 * case, numeric folderId, timeRange as { startTimeMillis, endTimeMillis }) and of the history: all accepted.
 */
export const searchOptions = z.object({
  type: z.string().trim().toLowerCase().optional()
    .transform((v): SearchType => ((SEARCH_TYPES as readonly string[]).includes(v ?? "") ? v as SearchType : "all")),
  folderId: z.union([z.number().int().transform(String), folderRef]).optional(),
  query: word,
  queryAttach: word,
  queryCc: word,
  queryContent: word,
  queryFrom: word,
  querySubject: word,
  querySubjectContent: word,
  querySubjectContentAttach: word,
  queryTo: word,
  queryToCc: word,
  timeRange: z.union([
    z.string().trim().regex(/^(|all|1d|1w|1m|3m|6m|1y|\d{0,15},\d{0,15})$/, "mail.search_time_range_invalid")
      .transform((v) => v || undefined),
    z.object({ startTimeMillis: millis.optional(), endTimeMillis: millis.optional() }),
  ], { message: "mail.search_time_range_invalid" }).optional(),
  tags: z.preprocess(asArray, z.array(z.string().trim().min(1).max(40)).max(20).optional()),
});
export type SearchOptions = z.infer<typeof searchOptions>;

export const searchQuery = searchOptions.extend({
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(MAX_MAIL_PAGE_SIZE).default(DEFAULT_MAIL_PAGE_SIZE),
});

export const deleteHistoryBody = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  isAll: z.union([z.boolean(), z.enum(["true", "false", "1", "0"])]).optional()
    .transform((v) => v === true || v === "true" || v === "1"),
}).refine((b) => b.isAll || b.id !== undefined, { message: "common.validation", path: ["id"] });

export interface SearchHistoryItem {
  id: number;
  options: SearchOptions;
  createdTimeMillis: number;
}
