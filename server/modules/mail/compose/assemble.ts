// Turns a compose body into what the MIME is built from: sender, recipients (with includeMe), the subject
// with its prefix, threading headers of the mail replied to or forwarded, and the attachments: normal uploads
// as MIME parts, large uploads as download links (mail_large_files: 7 days, 100 downloads) in the body.
import { and, eq } from "drizzle-orm";
import { mailLargeFiles, mailMessages, mails } from "../../../../db/schema/mail.ts";
import type { ComposeBody } from "../../../../shared/mail/compose.ts";
import { LARGE_FILE_DAYS, LARGE_FILE_DOWNLOADS } from "../../../../shared/mail/constants.ts";
import type { AppDeps } from "../../../lib/context.ts";
import { notFound } from "../../../lib/errors.ts";
import { randomToken } from "../../../lib/encoding.ts";
import { fromAddressOf, type Sender } from "./checks.ts";
import { escapeHtml, type MimeAddress, type MimeAttachment, parseRecipient } from "./mime.ts";
import type { UploadRow } from "./uploads.ts";

export interface Assembled {
  from: MimeAddress;
  to: MimeAddress[];
  cc: MimeAddress[];
  bcc: MimeAddress[];
  subject: string;
  html: string;
  inReplyTo: string | null;
  references: string[];
  attachments: MimeAttachment[];
}

export function recipientsOf(body: ComposeBody, sender: Sender) {
  const to = body.to.map(parseRecipient);
  const cc = body.cc.map(parseRecipient);
  const bcc = body.bcc.map(parseRecipient);
  if (body.includeMe !== undefined) {
    const me = { name: sender.displayName, address: sender.username };
    const list = body.includeMe === 1 ? cc : bcc;
    if (![...to, ...cc, ...bcc].some((a) => a.address === me.address)) list.push(me);
  }
  return { to, cc, bcc };
}

export function subjectOf(body: ComposeBody): string {
  const subject = body.subject.trim();
  const prefix = body.subjectFirst?.trim();
  if (!prefix || subject.startsWith(prefix)) return subject;
  return `${prefix} ${subject}`.trim();
}

/** In-Reply-To and References from the user's own mail that is replied to or forwarded; a foreign id is 404. */
export async function threadingOf(deps: AppDeps, userId: number, body: ComposeBody) {
  if (!body.mailId || (body.composeType !== "REPLY" && body.composeType !== "FORWARD")) return { inReplyTo: null, references: [] };
  const [orig] = await deps.db.select({ messageIdHeader: mailMessages.messageIdHeader, references: mailMessages.references })
    .from(mails).innerJoin(mailMessages, eq(mailMessages.id, mails.messageId))
    .where(and(eq(mails.id, body.mailId), eq(mails.userId, userId)));
  if (!orig) throw notFound();
  if (!orig.messageIdHeader) return { inReplyTo: null, references: orig.references };
  return {
    inReplyTo: body.composeType === "REPLY" ? orig.messageIdHeader : null,
    references: [...orig.references, orig.messageIdHeader].slice(-50),
  };
}

/**
 * Assembles the parts. `largeLinks` creates the download links of large uploads (only when the mail really
 * goes out); a draft lists them by name instead.
 */
export async function assemble(
  deps: AppDeps,
  sender: Sender,
  body: ComposeBody,
  uploads: UploadRow[],
  opts: { largeLinks: boolean; /** When the mail goes out (a scheduled one later): large files count from then. */ sendAt?: Date },
): Promise<Assembled> {
  const sendAt = opts.sendAt ?? deps.clock.now();
  const { to, cc, bcc } = recipientsOf(body, sender);
  const { inReplyTo, references } = await threadingOf(deps, sender.userId, body);
  const attachments: MimeAttachment[] = [];
  const large: { name: string; size: number; url: string | null }[] = [];
  for (const u of uploads) {
    if (u.uploadType === "large") {
      large.push({ name: u.name, size: u.size, url: opts.largeLinks ? await largeFileLink(deps, sender, u, sendAt) : null });
    } else {
      attachments.push({ filename: u.name, contentType: u.contentType, content: await deps.blobs.get(u.blobKey) });
    }
  }
  return {
    from: { name: body.senderName?.trim() || sender.displayName, address: fromAddressOf(body, sender) },
    to,
    cc,
    bcc,
    subject: subjectOf(body),
    html: body.content + largeFilesHtml(large, sendAt),
    inReplyTo,
    references,
    attachments,
  };
}

async function largeFileLink(deps: AppDeps, sender: Sender, u: UploadRow, sendAt: Date): Promise<string> {
  const now = deps.clock.now();
  const token = randomToken();
  await deps.db.insert(mailLargeFiles).values({
    companyId: sender.companyId,
    userId: sender.userId,
    token,
    name: u.name,
    size: u.size,
    contentType: u.contentType,
    blobKey: u.blobKey,
    maxDownloads: LARGE_FILE_DOWNLOADS,
    expiresAt: new Date(sendAt.getTime() + LARGE_FILE_DAYS * 86_400_000),
    createdAt: now,
  });
  return `${deps.config.PUBLIC_URL.replace(/\/$/, "")}/api/mail/large/${token}`;
}

function largeFilesHtml(list: { name: string; size: number; url: string | null }[], sendAt: Date): string {
  if (!list.length) return "";
  const until = new Date(sendAt.getTime() + LARGE_FILE_DAYS * 86_400_000).toISOString().slice(0, 10);
  const items = list.map((f) => {
    const label = `${escapeHtml(f.name)} (${f.size.toLocaleString("en")} bytes)`;
    return `<li>${f.url ? `<a href="${escapeHtml(f.url)}">${label}</a>` : label}</li>`;
  }).join("");
  return `<div class="large-files"><p>Large attachments (downloadable until ${until}, at most ${LARGE_FILE_DOWNLOADS} times):</p><ul>${items}</ul></div>`;
}
