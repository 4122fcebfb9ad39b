// Mail constants from the spec (000 §3, §5, §9), shared by server and UI. No imports: the web bundle reads it.

/** System folders every user has, one each. */
/** SMART: the smart mailbox (promotion and social mail by mails.category; shown when config.smartMailbox is on). */
export const SYSTEM_FOLDER_TYPES = ["INBOX", "TOME", "SENT", "DRAFTS", "DELETED", "SPAM", "PRIVATE_ROOT", "SEARCH_ROOT", "SMART"] as const;
export type SystemFolderType = (typeof SYSTEM_FOLDER_TYPES)[number];

export const FOLDER_TYPES = [
  "ALL", "IMPORTANT", "UNREAD", "READ", "ATTACH", "EXCHANGED", "INTERNAL", "CONTACT", "FLOW", "INBOX", "TOME", "SENT",
  "DRAFTS", "DELETED", "SPAM", "SMART", "PRIVATE_ROOT", "PRIVATE", "PRIVATE_SECURE", "PRIVATE_PERMANENT",
  "SEARCH_ROOT", "SEARCH", "TAG_ROOT", "TAG", "SHARED_ROOT", "SHARING_ROOT", "SHARE", "PROJECT_ROOT",
] as const;
export type FolderType = (typeof FOLDER_TYPES)[number];

/** Virtual folders by their numeric ids (000 §3). */
export const VIRTUAL_FOLDER_IDS = {
  ALL: -1,
  IMPORTANT: -2,
  UNREAD: -3,
  ATTACH: -4,
  SPAM: -5,
  READ: -6,
  SHARED_ROOT: -9,
  SHARE: -10,
  EXCHANGED: -12,
  INTERNAL: -13,
  CONTACT: -14,
  SHARING_ROOT: -15,
  FLOW: -17,
} as const;

/** Display order of the system folders in the tree. */
export const SYSTEM_FOLDER_ORDER: Record<SystemFolderType, number> = {
  INBOX: 1, TOME: 2, SENT: 3, DRAFTS: 4, DELETED: 5, SPAM: 6, PRIVATE_ROOT: 7, SEARCH_ROOT: 8, SMART: 9,
};

export const MAIL_TYPES = ["NORMAL", "SENT", "RESERVE", "RESERVE_CANCEL", "REPORT_MAIL", "DRAFT"] as const;
export type MailType = (typeof MAIL_TYPES)[number];

export const DEFAULT_MAIL_PAGE_SIZE = 20;
export const MAX_MAIL_PAGE_SIZE = 200;
export const MAX_ATTACHMENTS = 20;
/** Normal attachment total per mail (bytes); beyond it files become large files. */
export const NORMAL_ATTACHMENT_TOTAL = 20_971_520;
/** Days a large-file link stays valid unless the company sets largeFileMaxDuration (shared/company.ts). */
export const LARGE_FILE_DAYS = 7;
/**
 * Recipients a user may send to per hour unless the company sets sendLimitPerHour (shared/company.ts). Every
 * recipient of every message counts (To, Cc and Bcc, a mailbox here or elsewhere; with eachSend each copy's
 * one recipient): a mail to 30 people counts 30. Counted when the mail is queued (a scheduled mail when it is
 * scheduled), over the last SEND_LIMIT_WINDOW_MINUTES; a mail to oneself (TOME) does not count.
 */
export const DEFAULT_SEND_LIMIT_PER_HOUR = 500;
export const SEND_LIMIT_WINDOW_MINUTES = 60;
/** Downloads a large-file link allows. */
export const LARGE_FILE_DOWNLOADS = 100;
/** How long the download ticket of a password-protected large file (shared/mail/compose.ts) is valid. */
export const LARGE_FILE_TICKET_SECONDS = 300;
export const RESERVE_MAX_YEARS = 5;
export const DEFAULT_PRIORITY = 3;
export const TAG_MAX_LENGTH = 20;
export const RESTORE_MAX_BYTES = 500 * 1024 * 1024;
export const BACKUP_SPLIT_BYTES = 2 * 1024 * 1024 * 1024;
/** Largest message accepted over SMTP or imported (bytes). Normal attachments are 20 MB before encoding. */
export const MAX_MESSAGE_BYTES = 40 * 1024 * 1024;
