// Which attachments of a stored message are calendar invitations (shared/mail/calendar.ts): a text/calendar
// or application/ics part (postal-mime lists these as attachments, also inside multipart/alternative), or a
// file named *.ics whatever its declared type. Used by the view item's hasCalendar and by view/calendar.
import type { MailAttachmentJson } from "../../../../db/schema/mail.ts";

const CALENDAR_TYPES = new Set(["text/calendar", "application/ics", "text/x-vcalendar"]);

export function isCalendarAttachment(a: Pick<MailAttachmentJson, "contentType" | "name">): boolean {
  return CALENDAR_TYPES.has(a.contentType.toLowerCase()) || /\.ics$/i.test(a.name.trim());
}

export function hasCalendarPart(attachments: MailAttachmentJson[]): boolean {
  return attachments.some(isCalendarAttachment);
}
