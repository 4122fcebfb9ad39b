// Composing and sending mail (000 §3 Compose draft, Upload file; §5 Send checks, Attachments; §7 "Mail files
// and compose"): request and answer shapes, the §5 email check and the error codes of this area.
// Imports nothing but zod: the web bundle reads it.
import { z } from "zod";

export const UPLOAD_TYPES = ["normal", "draft", "large"] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

/** Form field names of POST api/mail/file/upload (multipart: part, uploadType). */
export const MAIL_UPLOAD_PATH = "/api/mail/file/upload";

/**
 * PUT api/mail/file/{id}/type (uploadType normal | large, attachments: the mail's other upload ids) switches
 * an upload's type when the whole mail stays within the limits (mail.416 to normal, mail.417 to large);
 * answers the UploadedFile.
 */

/** Answer of an upload, and the attachment details of a compose draft. */
export interface UploadedFile {
  id: string;
  name: string;
  size: number;
  uploadType: UploadType;
}

export const COMPOSE_TYPES = ["DEFAULT", "TOME", "INIT", "REPLY", "FORWARD"] as const;
export type ComposeType = (typeof COMPOSE_TYPES)[number];

// The email check of §5 is the suite's one check (shared/users.ts): isValidEmail, extractAddress, sameAddress.
export { extractAddress, isValidEmail, sameAddress } from "../users.ts";

/** A recipient as the compose screen keeps it (key, value, valid), or just the address text. */
export const recipientEntry = z.union([
  z.string().max(500),
  z.object({ key: z.string().max(200).optional(), value: z.string().max(500), valid: z.boolean().optional() }),
]).transform((e) => (typeof e === "string" ? e : e.value).trim()).pipe(z.string());

const flag = z.union([z.boolean(), z.number(), z.string()]).transform((v) => v === true || v === 1 || v === "1" || v === "true");
const recipients = z.array(recipientEntry).max(1000).default([]).transform((l) => l.filter((v) => v !== ""));
/** The compose screen sends its whole draft back: null and "" mean "not given". */
const opt = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === null || v === "" ? undefined : v), schema.optional());
const millis = z.union([z.number(), z.string().regex(/^\d{1,15}$/)]).transform(Number);

/** Body of POST api/mails/v2/send and POST/PUT api/mails/v2/draft (the Compose draft of §3). */
export const composeBody = z.object({
  /** The draft this mail was written in (its mail id): updated by PUT draft, deleted once sent. */
  draftId: opt(z.coerce.number().int().positive()),
  /** The mail replied to or forwarded (REPLY/FORWARD), for In-Reply-To and References. */
  mailId: opt(z.coerce.number().int().positive()),
  mailIds: opt(z.array(z.coerce.number().int().positive()).max(100)),
  composeType: z.enum(COMPOSE_TYPES).default("DEFAULT"),
  senderName: opt(z.string().max(200)),
  senderEmail: opt(z.string().max(320)),
  senderType: z.enum(["DOMAIN", "EXTERNAL"]).default("DOMAIN"),
  senderId: opt(z.union([z.number(), z.string()])),
  to: recipients,
  cc: recipients,
  bcc: recipients,
  subject: z.string().max(998).default(""),
  subjectFirst: opt(z.string().max(100)),
  /** The body as HTML. */
  content: z.string().max(10_000_000).default(""),
  eachSend: flag.default(false),
  priority: z.coerce.number().int().min(1).max(5).default(3),
  isReserve: flag.default(false),
  /** Scheduled time in epoch milliseconds. */
  reserveDate: opt(millis),
  isSecure: flag.default(false),
  securePw: opt(z.string().max(100)),
  securePwHint: opt(z.string().max(200)),
  /**
   * The password of the mail's large-file links, required (the SECURE_PASSWORD form) when the company's
   * isLargeAttPw is on and the mail has large files; ignored otherwise. Never stored with a draft.
   */
  largeFilePw: opt(z.string().max(100)),
  /** Upload ids (POST api/mail/file/upload). */
  attachments: z.array(z.string().max(64)).default([]),
  /** 1 adds the sender to Cc; any other value adds them to Bcc; absent adds nothing. */
  includeMe: opt(z.coerce.number().int()),
  fromType: opt(z.string().max(20)),
});
export type ComposeBody = z.infer<typeof composeBody>;

/** A recipient entry of a compose draft answer. */
export interface RecipientEntry {
  key: string;
  value: string;
  valid: boolean;
}

/** Answer of the GET api/mails/v2/compose family: the Compose draft of §3. */
export interface ComposeDraft {
  draftId: number | null;
  mailId: number | null;
  mailIds: number[];
  composeType: ComposeType;
  senderName: string;
  senderEmail: string;
  senderType: "DOMAIN" | "EXTERNAL";
  senderId: string | null;
  to: RecipientEntry[];
  cc: RecipientEntry[];
  bcc: RecipientEntry[];
  subject: string;
  subjectFirst: string;
  content: string;
  eachSend: 0 | 1;
  priority: number;
  isReserve: boolean;
  reserveDate: number | null;
  isSecure: boolean;
  /** Upload ids, as the send body takes them. */
  attachments: string[];
  /** The same uploads with their names and sizes, for the attachment list. */
  attachmentFiles: UploadedFile[];
}

/** Answer of POST (201) and PUT api/mails/v2/draft. PUT answers the ids of the replacing draft. */
export interface DraftSaved {
  draftId: number;
  mailId: number;
}

export const draftDeleteBody = z.object({ mailIds: z.array(z.coerce.number().int().positive()).min(1).max(1000) });

/** What became of one recipient of a sent mail (the result panel). */
export type RecipientOutcome = "DELIVERED" | "QUEUED" | "RESERVED" | "FAILED";
export type RecipientFailure = "NO_SUCH_USER" | "QUOTA_EXCEEDED";

export interface SendResultRecipient {
  address: string;
  name: string;
  /** to, cc or bcc */
  kind: "to" | "cc" | "bcc";
  status: RecipientOutcome;
  reason: RecipientFailure | null;
}

/** Answer of POST api/mails/v2/send. */
export interface SendResult {
  /** The sender's copies (one per message; several with eachSend). */
  mailIds: number[];
  reserved: boolean;
  recipients: SendResultRecipient[];
}

/**
 * Read receipts of recipients on this server (GET api/mail/{mailId}/receipt; GET api/mail/receipt/{receiptId}
 * where receiptId is the sent mail's id; PUT api/mail/receipt/{id} with targetAddress; PUT .../{id}/all).
 * READ is taken from the recipient's copy; CANCELED once an unread copy was withdrawn; FAILED when it could
 * not be delivered here (replyCode NO_SUCH_USER or QUOTA_EXCEEDED). External recipients have no receipt.
 */
export const RECEIPT_STATUSES = ["UNREAD", "READ", "CANCELED", "FAILED"] as const;
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];

/** One recipient's receipt (000 §3 Receipt user). */
export interface ReceiptUser {
  id: number;
  name: string;
  address: string;
  receiptStatus: ReceiptStatus;
  replyCode: string | null;
  updateTimeMillis: number;
  cancelable: boolean;
}

export interface ReceiptSummary {
  mailId: number;
  total: number;
  counts: Record<ReceiptStatus, number>;
  receipts: ReceiptUser[];
}

export interface ReceiptPage {
  content: ReceiptUser[];
  totalElements: number;
  totalPages: number;
}

export interface ReceiptCancelResult {
  canceled: number;
}

/** Secure mail password (§5): at least 5 characters with letters and digits, no spaces. */
export const SECURE_PASSWORD = /^(?=.*[A-Za-z])(?=.*\d)\S{5,100}$/;
/**
 * Wrong secure-mail passwords: from one client address, this many in the 15-minute throttle window (then 429
 * mail.secure_too_many_attempts with retryAfterSeconds, for that address only); from all addresses together,
 * SECURE_MAX_FAILURES lock the link (423 mail.secure_locked) until its sender unlocks it.
 */
export const SECURE_MAX_FAILURES_PER_ADDRESS = 10;
export const SECURE_MAX_FAILURES = 100;

/**
 * The sender's view of a secure mail's lock (the sender's own sent copy, by its mail id; "not shown" in the
 * spec, designed here): GET api/mail/{mailId}/secure (secure false for the caller's own mail that is not a
 * secure one), and PUT api/mail/{mailId}/secure/unlock, which clears the wrong-password count (404 unless the
 * mail is the caller's own secure mail). Another user's mail is 404.
 */
export interface SecureMailStatus {
  secure: boolean;
  locked: boolean;
  failedAttempts: number;
  maxFailures: number;
}

/**
 * Secure mail: the recipients get a notice linking to #/mail/secure/{token} (the page to build); the page
 * calls GET api/mail/secure/{token} (no sign-in) for this, then POST api/mail/secure/{token} with password for
 * the content, and POST api/mail/secure/{token}/attach/{position} with password for an attachment.
 */
export interface SecureMailInfo {
  from: { name: string; address: string };
  hint: string;
  sentTimeMillis: number;
  locked: boolean;
}

export interface SecureMailContent {
  subject: string;
  from: { name: string; address: string };
  to: { name: string; address: string }[];
  cc: { name: string; address: string }[];
  sentTimeMillis: number;
  /** Sanitised HTML. */
  content: string;
  attachList: { position: number; name: string; size: number; contentType: string }[];
}

export const securePasswordBody = z.object({ password: z.string().min(1).max(200) });

/**
 * Large attachments are sent as links (valid the company's largeFileMaxDuration days, LARGE_FILE_DOWNLOADS
 * downloads). A link without a password is GET api/mail/large/{token} itself. With the company's
 * isLargeAttPw on, the mail links to the download page #/mail/large/{token} instead, which calls (no sign-in)
 * GET api/mail/large/{token}/info, then POST api/mail/large/{token}/unlock with the password the sender set
 * (largeFilePw) for a ticket, and downloads GET api/mail/large/{token}?ticket=... (valid
 * LARGE_FILE_TICKET_SECONDS). An unknown, expired or used-up link answers 404 common.43 alike.
 */
export const LARGE_FILE_PAGE_PATH = "/mail/large/";

export interface LargeFileInfo {
  name: string;
  size: number;
  contentType: string;
  /** The sender. */
  from: { name: string; address: string };
  expiresAtMillis: number;
  downloadCount: number;
  maxDownloads: number;
  requiresPassword: boolean;
}

export interface LargeFileTicket {
  ticket: string;
  expiresAtMillis: number;
}

/** Wrong large-file passwords allowed per link and client address in the sign-in throttle's window. */
export const LARGE_FILE_PASSWORD_MAX_FAILURES = 10;

/** Outbound retry delays after each failed attempt (minutes); afterwards every 2 hours until 2 days passed. */
export const OUTBOUND_RETRY_MINUTES = [1, 5, 15, 60] as const;
export const OUTBOUND_RETRY_LATER_MINUTES = 120;
export const OUTBOUND_GIVE_UP_HOURS = 48;

export const COMPOSE_ERROR_MESSAGES = {
  "mail.100": "The reservation time must be later than now and within 5 years.",
  "mail.130": "You can attach up to 20 files.",
  "mail.131": "The attachments exceed the allowed size.",
  "mail.359": "The mail cannot be sent right now: the company's domain is not valid.",
  "mail.360": "You do not have permission to send as this sender.",
  "mail.575": "A group address among the recipients does not exist.",
  "mail.367": "Enter at least one recipient.",
  "mail.368": "There is an invalid address among the recipients.",
  "mail.369": "There is an invalid address among the Cc recipients.",
  "mail.370": "There is an invalid address among the Bcc recipients.",
  "common.43": "The file does not exist.",
  "mail.416": "The attachments would exceed 20 MB: the file cannot become a normal attachment.",
  "mail.417": "The large files would exceed the allowed size: the file cannot become a large file.",
  "mail.quota_exceeded": "You have exceeded your allowed capacity",
  "mail.send_limit_exceeded": "You have reached the limit of recipients you can send to in an hour. Try again later.",
  "mail.upload_missing": "Choose a file to upload.",
  "mail.secure_password_invalid": "Enter a password of at least 5 characters with letters and digits, without spaces.",
  "mail.secure_password_wrong": "The password is not correct.",
  "mail.secure_locked": "Too many wrong passwords: this secure mail is locked until its sender unlocks it.",
  "mail.secure_too_many_attempts": "Too many wrong passwords from your address. Try again later.",
  "mail.large_password_invalid": "Set a password for the large files: at least 5 characters with letters and digits, without spaces.",
  "mail.large_password_required": "This file needs its password: open the link in the mail to enter it.",
  "mail.large_password_wrong": "The password is not correct.",
  "mail.large_too_many_attempts": "Too many wrong passwords. Try again later.",
  "mail.reserve_not_cancelable": "Only a scheduled mail can be cancelled.",
  "mail.receipt_not_cancelable": "The mail has already been read and cannot be cancelled.",
} as const;

/**
 * The recipient check of send check 2 (000 §5; path designed): GET /api/mails/v2/recipients/check?address=.
 * result: how many mailboxes the address reaches here (1 a user, the members of an organisation's address),
 * 0 when it is on a company domain of this server but reaches nobody (the UI flags it: mail.575), and 1 for
 * an address elsewhere (it cannot be checked from here).
 */
export const recipientCheckQuery = z.object({ address: z.string().trim().min(3).max(320) });

export interface RecipientCheck {
  address: string;
  result: number;
  group: boolean;
}
