// iMIP (RFC 6047): an iTIP message as a mail, built with the mail module's composer (nodemailer's
// MailComposer, as compose/mime.ts builds every mail): multipart/mixed holding a multipart/alternative of a
// text/plain summary (and an HTML one when given) and the text/calendar part with its method parameter,
// then the same calendar as an invite.ics attachment (application/ics, base64), the shape Outlook and Gmail
// send and read. The bytes go out through the mail module's outbound path (outbound/send-stored.ts
// sendStored); the mail reader's invitation card (mail/reading/calendar-ics.ts) reads them back.
import MailComposer from "nodemailer/lib/mail-composer";
import type { MimeAddress } from "../../mail/compose/mime.ts";
import type { ItipMethod } from "./itip.ts";
import type { EventFields } from "./types.ts";

export interface ImipInput {
  from: MimeAddress;
  to: MimeAddress[];
  cc?: MimeAddress[];
  subject: string;
  /** The text/plain summary (imipText makes one). */
  text: string;
  html?: string;
  method: ItipMethod;
  /** The iTIP body (itip.ts). */
  ics: string;
  date: Date;
  /** Without angle brackets: "uuid@mail.host". */
  messageId: string;
  inReplyTo?: string;
  /** Name of the attachment (default invite.ics). */
  filename?: string;
}

/** The MIME bytes of an iMIP mail. */
export async function buildImipMessage(input: ImipInput): Promise<Uint8Array> {
  const composer = new MailComposer({
    from: input.from,
    to: input.to,
    cc: input.cc?.length ? input.cc : undefined,
    subject: input.subject,
    text: input.text,
    html: input.html,
    messageId: `<${input.messageId}>`,
    date: input.date,
    inReplyTo: input.inReplyTo ? `<${input.inReplyTo}>` : undefined,
    headers: { "X-Mailer": "Groupware" },
    icalEvent: { method: input.method, content: input.ics, filename: input.filename ?? "invite.ics" },
  });
  const built = await new Promise<Buffer>((ok, fail) => composer.compile().build((err, msg) => err ? fail(err) : ok(msg)));
  return new Uint8Array(built.buffer, built.byteOffset, built.byteLength);
}

/** Labels of the plain-text summary, in the reader's language. */
export interface ImipLabels {
  when: string;
  where: string;
  organizer: string;
  attendees: string;
  allDay: string;
}

export const IMIP_LABELS: Record<"ko" | "en" | "id", ImipLabels> = {
  ko: { when: "일시", where: "장소", organizer: "주최자", attendees: "참석자", allDay: "종일" },
  en: { when: "When", where: "Where", organizer: "Organizer", attendees: "Attendees", allDay: "All day" },
  id: { when: "Waktu", where: "Tempat", organizer: "Penyelenggara", attendees: "Peserta", allDay: "Sepanjang hari" },
};

/**
 * A plain-text summary of an event for the text/plain part: an optional first line (the caller's "You are
 * invited" or "Cancelled" sentence), the title, the time in the event's zone (dates for all-day events) in
 * the given locale, the place, the organizer and the attendees.
 */
export function imipText(fields: EventFields, opts: { locale: "ko" | "en" | "id"; headline?: string; labels?: ImipLabels }): string {
  const labels = opts.labels ?? IMIP_LABELS[opts.locale];
  const zone = fields.tzid && fields.tzid !== "UTC" ? fields.tzid : "UTC";
  const person = (p: { name: string; email: string }) => (p.name ? `${p.name} <${p.email}>` : p.email);
  let when: string;
  if (fields.isAllDay) {
    const day = (local: string) => new Intl.DateTimeFormat(opts.locale, { dateStyle: "full", timeZone: "UTC" }).format(new Date(`${local}T00:00:00Z`));
    const lastDay = new Date(Date.parse(`${fields.end.local}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    when = `${day(fields.start.local)}${lastDay > fields.start.local ? ` – ${day(lastDay)}` : ""} (${labels.allDay})`;
  } else {
    const f = new Intl.DateTimeFormat(opts.locale, { dateStyle: "full", timeStyle: "short", timeZone: zone });
    when = `${f.formatRange(fields.start.instant, fields.end.instant)} (${fields.tzid ?? zone})`;
  }
  const lines = [
    ...(opts.headline ? [opts.headline, ""] : []),
    fields.summary,
    "",
    `${labels.when}: ${when}`,
    ...(fields.location ? [`${labels.where}: ${fields.location}`] : []),
    ...(fields.organizer ? [`${labels.organizer}: ${person(fields.organizer)}`] : []),
    ...(fields.attendees.length ? [`${labels.attendees}: ${fields.attendees.map(person).join(", ")}`] : []),
  ];
  if (fields.description) lines.push("", fields.description);
  return lines.join("\n");
}
