// Builds the MIME of a composed mail once (nodemailer's MailComposer): Message-ID at this server's mail host
// name, Date from the clock, X-Priority, threading headers for replies and forwards, attachments from uploads.
import MailComposer from "nodemailer/lib/mail-composer";
import type { AppDeps } from "../../../lib/context.ts";
import { extractAddress } from "../../../../shared/users.ts";

export interface MimeAddress {
  name: string;
  address: string;
}

export interface MimeAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

export interface MimeInput {
  from: MimeAddress;
  to: MimeAddress[];
  cc: MimeAddress[];
  /** Written into the MIME only when keepBcc (drafts); sent mail never shows its Bcc. */
  bcc: MimeAddress[];
  keepBcc?: boolean;
  subject: string;
  html: string;
  priority: number;
  inReplyTo?: string | null;
  references?: string[];
  attachments: MimeAttachment[];
  date: Date;
}

/** The host name in Message-IDs and the SMTP greeting: MAIL_HOSTNAME, else the PUBLIC_URL host. */
export function mailHostname(deps: AppDeps): string {
  return deps.config.MAIL_HOSTNAME ?? new URL(deps.config.PUBLIC_URL).hostname;
}

export function newMessageId(deps: AppDeps): string {
  return `${crypto.randomUUID()}@${mailHostname(deps)}`;
}

/** "Name <a@b>" or "a@b" → name and lower-case address. */
export function parseRecipient(value: string): MimeAddress {
  const address = extractAddress(value).toLowerCase();
  const lt = value.indexOf("<");
  const name = lt > 0 ? value.slice(0, lt).trim().replace(/^"(.*)"$/, "$1").trim() : "";
  return { name, address };
}

export async function buildMime(deps: AppDeps, input: MimeInput, messageId = newMessageId(deps)): Promise<Uint8Array> {
  const composer = new MailComposer({
    from: input.from,
    to: input.to,
    cc: input.cc.length ? input.cc : undefined,
    bcc: input.bcc.length ? input.bcc : undefined,
    subject: input.subject,
    html: input.html || "<p></p>",
    text: htmlToPlain(input.html),
    messageId: `<${messageId}>`,
    date: input.date,
    inReplyTo: input.inReplyTo ? `<${input.inReplyTo}>` : undefined,
    references: input.references?.length ? input.references.map((r) => `<${r}>`).join(" ") : undefined,
    headers: { "X-Priority": String(input.priority), "X-Mailer": "Groupware" },
    attachments: input.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content) })),
  });
  const node = composer.compile();
  if (input.keepBcc) (node as unknown as { keepBcc: boolean }).keepBcc = true;
  const built = await new Promise<Buffer>((ok, fail) => node.build((err, msg) => err ? fail(err) : ok(msg)));
  return new Uint8Array(built.buffer, built.byteOffset, built.byteLength);
}

/** A plain-text alternative of the HTML body. */
function htmlToPlain(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, "")
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/(p|div|li|tr|h[1-6]|blockquote)>/gi, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&nbsp;/g, " ").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

export function escapeHtml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
