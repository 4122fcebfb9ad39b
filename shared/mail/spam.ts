// Reporting a mail as spam and unblocking it (000 §4 "Mail type", §7 POST api/mails/report, PATCH
// api/mails/{id}/unblock; the UI's texts are mail.408/409 and mail.410-412).
import { z } from "zod";

export const REPORT_CONTENTS_MAX = 1000;

export const reportBody = z.object({
  mailId: z.coerce.number().int().positive(),
  reportContents: z.string().trim().max(REPORT_CONTENTS_MAX).optional().default(""),
});
export type ReportInput = z.infer<typeof reportBody>;

/** Answer of report and unblock: where the mail is now and its type (the UI shows mail.411 for mailType). */
export interface SpamActionResult {
  mailId: number;
  folderId: number;
  mailType: string;
}

export const SPAM_ERROR_MESSAGES = {
  "mail.already_blocked": "Mail that is already blocked cannot be reported.",
  "mail.not_blocked": "This mail is not blocked.",
  "mail.system_blocked": "Mail blocked by the system cannot be unblocked.",
  "mail.not_reportable": "Only received mail can be reported as spam.",
} as const;
