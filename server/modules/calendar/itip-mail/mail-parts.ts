// The iTIP message a mail carries: its calendar parts (mail/reading/calendar-parts.ts isCalendarAttachment:
// text/calendar, application/ics, *.ics) read with the ICS library's parseItip, the first one that is an
// iTIP message. Parts larger than the mail reader reads (shared/mail/calendar.ts MAX_CALENDAR_PART_BYTES)
// and parts that are not iCalendar are passed over.
import { MAX_CALENDAR_PART_BYTES } from "../../../../shared/mail/calendar.ts";
import type { AppDeps } from "../../../lib/context.ts";
import { AppError, notFound } from "../../../lib/errors.ts";
import { isBlocked } from "../../mail/store/blocked.ts";
import { isCalendarAttachment } from "../../mail/reading/calendar-parts.ts";
import * as mailRepo from "../../mail/reading/repo.ts";
import { parseStored } from "../../mail/store/parse.ts";
import type { MailAttachmentJson } from "../../../../db/schema/mail.ts";
import { type ItipMessage, parseItip } from "../ics/index.ts";

/** The first iTIP message among the calendar parts of a raw message; null when none reads. */
export async function itipOfRaw(raw: Uint8Array, attachments: MailAttachmentJson[]): Promise<ItipMessage | null> {
  const positions = attachments.filter(isCalendarAttachment).map((a) => a.position);
  if (!positions.length) return null;
  const email = await parseStored(raw);
  for (const position of positions) {
    const a = email.attachments[position];
    if (!a) continue;
    const bytes = typeof a.content === "string" ? new TextEncoder().encode(a.content) : new Uint8Array(a.content as ArrayBuffer);
    if (bytes.length > MAX_CALENDAR_PART_BYTES) continue;
    try {
      return parseItip(new TextDecoder().decode(bytes), a.method ?? null);
    } catch {
      // not an iTIP message: the next part
    }
  }
  return null;
}

export interface MailItip {
  itip: ItipMessage | null;
  /** The mail's From address (lower-case) and Message-ID header. */
  from: string;
  messageIdHeader: string | null;
}

/** The iTIP message of a mail of `userId`'s mailbox; 404 for a missing or foreign mail, 403 mail.blocked for a blocked one. */
export async function itipOfMail(deps: AppDeps, userId: number, mailId: number): Promise<MailItip> {
  const row = await mailRepo.findMailWithMessage(deps.db, userId, mailId);
  if (!row) throw notFound();
  // A blocked mail's content is withheld, as the reader's view/calendar does.
  if (isBlocked(row.mail)) throw new AppError(403, "mail.blocked");
  const from = String(row.message.fromAddress ?? "").toLowerCase();
  const messageIdHeader = row.message.messageIdHeader ?? null;
  if (!row.message.attachments.some(isCalendarAttachment)) return { itip: null, from, messageIdHeader };
  try {
    return { itip: await itipOfRaw(await deps.blobs.get(row.message.blobKey), row.message.attachments), from, messageIdHeader };
  } catch (e) {
    deps.log.warn("calendar: invitation mail could not be read", { mailId, error: String(e) });
    return { itip: null, from, messageIdHeader };
  }
}
