// Reading mail and acting on it (000 §3 "Mail list item", "Mail view item"; §4 "Mail read and star",
// "Moving and deleting"; §7 "Mail reading and actions"). Paths the spec leaves "not shown", designed here:
//
//   GET    /api/mails?folderId=&page=&pageSize=&category=  the list (MailListPage), newest received first;
//                                                           category (PROMOTION|SOCIAL) narrows it to one
//                                                           smart-mailbox class (shared/mail/smart.ts)
//   GET    /api/mails/view/{id}?includesReference=&basedMailId=&folderId=    one mail (MailView); marks it read
//   GET    /api/mails/view/{id}?attachPosition=N            the message attached at position N (a message/rfc822
//                                                           part or an .eml file) as a MailView under the parent's
//                                                           mailId, attachPosition N; changes nothing; 404
//                                                           mail.attach_not_found when N is not a message. N may
//                                                           be a dotted path into attached messages ("1.0":
//                                                           shared/mail/attach-path.ts)
//   GET    /api/mails/view/{id}/attach/{path}/{sub}         attachment {sub} of that attached message (bearer)
//   GET    /api/mail-inline/{mailId}/{path}/{sub}?token=    the same with the parent's inline token
//   GET    /api/mails/view/{id}/attach/{position}           an attachment's bytes (bearer)
//   GET    /api/mail-inline/{mailId}/{position}?token=      the same bytes for the sandboxed reader frame: the
//                                                           token (MailView.inlineToken) replaces the bearer
//   GET    /api/mails/view/original/{id}/{view|download}    the raw .eml (view: text/plain; download: file)
//   GET    /api/mails/references?mailId=                    the other mails of its conversation ({ mails })
//   GET    /api/mails/{id}/history?page=&pageSize=          mails exchanged with this mail's sender (list shape)
//   GET    /api/mails/main?size=                            the home widget's summary (shared/mail/main.ts)
//   GET    /api/mails/view/calendar?mailId=                 a mail's invitation events (shared/mail/calendar.ts)
//   PUT    /api/mails/readStatus        { mailIds, folderId?, readStatus }        → { updated }
//   PUT    /api/mails/importantStatus   { mailIds, importantStatus }              → { updated }
//   PUT    /api/mails/{folder}/read     every mail of a folder (any list folderId) → { updated }
//   PUT    /api/mails/folderId          { targetFolderId, mailIds }               → { moved, skipped }
//   PUT    /api/mails/deleteStatus      { folderId?, mailIds }                    → { trashed, deleted }
//   PUT    /api/mails/trash/{id}/clean  empty the trash (or the spam folder)      → { deleted }
//   PUT    /api/mails/tags              { type: add|delete, tag, mailIds }        → { updated }
//   DELETE /api/mails                   { mailIds } delete for ever               → 204
//
// Every call with mailIds refuses the whole request (404 mail.not_found, nothing changed) when any id is
// missing or not the caller's. Bodies may be JSON or forms with bracket arrays (mailIds[]=1&mailIds[]=2).
// The folderId of readStatus and deleteStatus (the list the user acted from) is accepted and not needed:
// mails are found by id, and deleteStatus decides per mail by the folder it is really in (trash or spam:
// deleted for ever; elsewhere: to the trash, prevFolderId kept, a RESERVE mail becoming RESERVE_CANCEL).
// Shared-folder variants (api/share/mails, ownerId) are in shared/mail/shared.ts.
import { z } from "zod";
import { parseAttachPath } from "./attach-path.ts";
import { DEFAULT_MAIL_PAGE_SIZE, MAX_MAIL_PAGE_SIZE } from "./constants.ts";
import { SMART_CATEGORIES } from "./smart.ts";

/** Most mails one action call may name. */
export const MAX_MAIL_ACTION_IDS = 1000;
/** Mail types that belong in Sent: moving to Sent takes only these (000 §4). */
export const SENT_MAIL_TYPES = ["SENT", "RESERVE", "RESERVE_CANCEL"] as const;
/** Life of the token that lets the reader frame load inline images and attachments (seconds). */
export const INLINE_TOKEN_SECONDS = 2 * 60 * 60;

export const READING_ERROR_MESSAGES = {
  "mail.not_found": "The mail does not exist or has been deleted.",
  "mail.folder_not_found": "The mailbox does not exist.",
  "mail.ids_required": "Select at least one mail.",
  "mail.move_target_invalid": "Mail cannot be moved to this mailbox.",
  "mail.move_sent_none": "Only sent mail can be moved to the Sent mailbox.",
  "mail.tag_not_found": "The tag does not exist.",
  "mail.attach_not_found": "The attachment does not exist.",
  "mail.clean_target_invalid": "Only the trash or the spam mailbox can be emptied.",
  "mail.read_all_search": "A saved-search mailbox cannot be marked read all at once.",
  "mail.blocked": "Blocked mail cannot be opened. Unblock it first.",
} as const;

/**
 * A list's folder: a folder id of the caller (a SEARCH folder runs its saved options), a virtual id (ALL -1:
 * everything but trash, spam and drafts, as the folder tree counts it; IMPORTANT -2, UNREAD -3, ATTACH -4, SPAM -5, READ -6, INTERNAL -13),
 * 'all' (= -1) or 't_{tag}' (mails carrying the tag).
 */
export const folderRef = z.string().trim().regex(/^(-?\d{1,15}|all|t_.{1,40})$/, "mail.folder_not_found");

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const asArray = (v: unknown) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : String(v).split(","));
const mailIds = z.preprocess(
  asArray,
  z.array(id, { message: "mail.ids_required" }).min(1, "mail.ids_required").max(MAX_MAIL_ACTION_IDS, "common.validation"),
);
const flag = z.union([z.literal(0), z.literal(1), z.literal("0"), z.literal("1"), z.boolean(), z.literal("true"), z.literal("false")])
  .transform((v) => v === 1 || v === "1" || v === true || v === "true");

export const mailListQuery = z.object({
  folderId: folderRef.default("-1"),
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(MAX_MAIL_PAGE_SIZE).default(DEFAULT_MAIL_PAGE_SIZE),
  /**
   * Only mails of this smart-mailbox class (mails.category, SMART_CATEGORIES): the SMART folder's
   * "Promotion / Social" choice. Allowed with any folder; it only narrows the list and its total. Not applied
   * to a saved-search folder, whose saved options decide alone.
   */
  category: z.enum(SMART_CATEGORIES, { message: "common.validation" }).optional(),
});
export type MailListQuery = z.infer<typeof mailListQuery>;

export const mailViewQuery = z.object({
  /** Add the other mails of the conversation (MailView.references). */
  includesReference: flag.optional(),
  /** Opened from the references of this mail: it must be of the same conversation; dataId becomes '{id}_ref_{basedMailId}'. */
  basedMailId: id.optional(),
  /** The list the reader came from; only checked for form (the mail is found by its id wherever it is). */
  folderId: folderRef.optional(),
  /**
   * Open the message attached at this position (MailView.attachPosition), or deeper inside attached messages
   * at a dotted path ("1.0", shared/mail/attach-path.ts); no read mark, no references.
   */
  attachPosition: z.string().transform((s, ctx) => {
    const path = parseAttachPath(s);
    if (!path) ctx.addIssue({ code: "custom", message: "mail.attach_not_found" });
    return path ?? [];
  }).optional(),
});

export const readStatusBody = z.object({ mailIds, folderId: folderRef.optional(), readStatus: flag });
export const importantStatusBody = z.object({ mailIds, importantStatus: flag });
export const moveBody = z.object({ mailIds, targetFolderId: id });
export const deleteStatusBody = z.object({ mailIds, folderId: folderRef.optional() });
export const mailIdsBody = z.object({ mailIds });
export const tagsBody = z.object({
  type: z.enum(["add", "delete"], { message: "common.validation" }),
  tag: z.string().trim().min(1, "mail.tag_not_found").max(40),
  mailIds,
});
export const referencesQuery = z.object({ mailId: id });
export const pageOnlyQuery = mailListQuery.pick({ page: true, pageSize: true });

export interface MailAddress {
  name: string;
  address: string;
}

/** Read-receipt progress of a sender's copy. */
export interface MailReceiptSummary {
  total: number;
  read: number;
}

/** One row of a mail list (000 §3 "Mail list item" plus what the row shows). */
export interface MailListItem {
  mailId: number;
  folderId: number;
  /** The mail id as text (the view's dataId form). */
  dataId: string;
  readStatus: 0 | 1;
  importantStatus: 0 | 1;
  mailType: string;
  /** Flow tasks come with the flow module; always 0 / null here. */
  flowMail: 0 | 1;
  taskId: number | null;
  taskStatus: string | null;
  tags: string[];
  receivedTimeMillis: number;
  emlSize: number;
  /** Other mails of the same conversation in the caller's mailbox (related mails). */
  exchange: number;
  /** Read receipts of a sender's copy; null when it has none. */
  receipt: MailReceiptSummary | null;
  fromName: string;
  fromAddress: string;
  /** The first five To recipients; toCount says how many there are. */
  to: MailAddress[];
  toCount: number;
  subject: string;
  snippet: string;
  hasAttach: boolean;
  /** 1 highest to 5 lowest; 3 normal. */
  priority: number;
  internal: boolean;
  reserveTimeMillis: number | null;
  /**
   * Smart-mailbox class of a mail the smart mailbox filed in SMART: 'PROMOTION' or 'SOCIAL' (SmartCategory);
   * null for every other mail (and once a categorised mail is moved to the trash by the clean-up).
   */
  category: string | null;
}

export interface MailListPage {
  mails: MailListItem[];
  totalElements: number;
  totalPages: number;
  page: number;
  pageSize: number;
  /** Searches only: more matches exist than totalElements counts (see SEARCH_COUNT_CAP). */
  totalCapped?: boolean;
}

/** What is known of an attachment from parsing (stored with the message). */
export interface MailAttachmentMeta {
  /** 0-based position among the message's attachments: the download path's {position}. */
  position: number;
  name: string;
  size: number;
  contentType: string;
  /** Content-ID without angle brackets, for inline images referenced as cid: from the HTML. */
  contentId: string | null;
  inline: boolean;
}

export interface MailAttachItem extends MailAttachmentMeta {
  /** A URL that downloads it without a bearer header while the inline token lasts. */
  url: string;
}

/** One opened mail (000 §3 "Mail view item"). */
export interface MailView {
  mailId: number;
  /** The mail id, or '{id}_ref_{basedMailId}' when opened from another mail's references. */
  dataId: string;
  mailType: string;
  readStatus: 0 | 1;
  importantStatus: 0 | 1;
  flowMail: 0 | 1;
  taskId: number | null;
  taskStatus: string | null;
  from: MailAddress;
  to: MailAddress[];
  cc: MailAddress[];
  /** Only on the sender's own copy. */
  bcc: MailAddress[];
  replyTo: MailAddress[];
  subject: string;
  /** Sanitised HTML (contentType html; cid: images rewritten to inline URLs) or plain text. */
  content: string;
  contentType: "html" | "text";
  /**
   * The quoted history at the end of a reply or forward, apart from `content` (same contentType; null when
   * there is none or it cannot be told apart). content followed by quoteContent shows the whole mail.
   */
  quoteContent: string | null;
  attachList: MailAttachItem[];
  /** It carries a calendar invitation (GET view/calendar answers its events; shared/mail/calendar.ts). */
  hasCalendar: boolean;
  receivedTimeMillis: number;
  sentTimeMillis: number | null;
  readTimeMillis: number | null;
  tags: string[];
  folderId: number;
  folderType: string;
  /**
   * Set when the view shows a message attached to mail `mailId`: the attachment's position in the mail (for a
   * message inside an attached message, the outer one's); null for the mail itself.
   */
  attachPosition: number | null;
  /**
   * The whole way to the shown attached message ("1", or "1.0" for one attached inside it: shared/mail/
   * attach-path.ts); its attachList downloads through .../attach/{attachPath}/{sub}; null for the mail itself.
   */
  attachPath: string | null;
  priority: number;
  emlSize: number;
  spamReason: string | null;
  /**
   * Blocked (in spam by a rule, the block list or the system, not reported by the user): content and
   * attachments are withheld until it is unblocked (000 §4 "Mail type").
   */
  blocked: boolean;
  /**
   * Came from outside with a From on the company's own domain but passed neither SPF nor DKIM for it (issue
   * 22; server/modules/mail/inbound/own-domain.ts): the reader warns that the sender may be forged.
   */
  ownDomainUnverified: boolean;
  /** Token of the inline/attachment URLs (valid INLINE_TOKEN_SECONDS). */
  inlineToken: string;
  /** With includesReference: the other mails of the conversation, newest first. */
  references?: MailListItem[];
}
