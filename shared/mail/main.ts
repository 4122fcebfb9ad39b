// The mail summary of the home dashboard's mail widget (002 widget "mail-1") and the app shell (000 §7
// "GET api/mails/main"; its shape is not shown in the spec, designed here):
//
//   GET /api/mails/main?size=5   → MailMainSummary
//
// The caller's newest inbox mails (exactly as the list API returns its rows, newest received first) and the
// unread and total counts of the inbox and of all mail. "All mail" is what the virtual folder ALL (-1)
// counts: every folder of the caller but trash, spam and drafts, as the folder tree shows it. The counts
// come from the folder counters, kept exact by triggers. Quota is not repeated here: GET /api/users/quota
// answers it.
import { z } from "zod";
import type { MailListItem } from "./reading.ts";

/** Inbox mails the summary lists when the caller does not say. */
export const MAIL_MAIN_DEFAULT_SIZE = 5;
/** Most inbox mails one summary lists. */
export const MAIL_MAIN_MAX_SIZE = 20;

export const mailMainQuery = z.object({
  size: z.coerce.number().int().min(1).max(MAIL_MAIN_MAX_SIZE).default(MAIL_MAIN_DEFAULT_SIZE),
});
export type MailMainQuery = z.infer<typeof mailMainQuery>;

export interface MailCounts {
  /** Unread mails. */
  newCount: number;
  totalCount: number;
}

export interface MailMainSummary {
  /** The newest mails of the inbox, at most `size`, newest received first (list item shape). */
  mails: MailListItem[];
  /** The caller's INBOX folder id (to open the full list) and its counts. */
  inbox: MailCounts & { folderId: number };
  /** All mail: every folder but trash, spam and drafts (virtual folder ALL / UNREAD). */
  all: MailCounts;
}
