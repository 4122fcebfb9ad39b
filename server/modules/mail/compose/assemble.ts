// Turns a compose body into what the MIME is built from: sender, recipients (with includeMe), the subject
// with its prefix, threading headers of the mail replied to or forwarded, and the attachments: normal uploads
// as MIME parts, large uploads as download links (mail_large_files: the company's largeFileMaxDuration days,
// 100 downloads, maybe behind a password) listed in the body in the sender's language (mail-text.ts).
import { and, eq } from "drizzle-orm";
import { mailLargeFiles, mailMessages, mails } from "../../../../db/schema/mail.ts";
import { type ComposeBody, LARGE_FILE_PAGE_PATH, SECURE_PASSWORD } from "../../../../shared/mail/compose.ts";
import { LARGE_FILE_DOWNLOADS } from "../../../../shared/mail/constants.ts";
import type { AppDeps } from "../../../lib/context.ts";
import { AppError, notFound } from "../../../lib/errors.ts";
import { randomToken } from "../../../lib/encoding.ts";
import { hashPassword } from "../../../lib/passwords.ts";
import { fromAddressOf, type Sender } from "./checks.ts";
import { largeFilesHtml } from "./mail-text.ts";
import { type MimeAddress, type MimeAttachment, parseRecipient } from "./mime.ts";
import { largeFilePolicy, type UploadRow } from "./uploads.ts";

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
  /** The large-file links to store when the mail goes out (none for a draft). */
  largeFiles: NewLargeFile[];
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

const LARGE_FILE_API_PATH = "/api/mail/large/";

/** The tokens of the large-file links in a body this server wrote (direct and download-page links alike). */
export function largeFileTokensIn(html: string): string[] {
  const found = html.matchAll(/(?:\/api\/mail\/large\/|#\/mail\/large\/)([A-Za-z0-9_-]{20,100})/g);
  return [...new Set([...found].map((m) => m[1]))];
}

/** A large-file link to store with the send (in its transaction, send.ts). */
export type NewLargeFile = typeof mailLargeFiles.$inferInsert;

/**
 * Assembles the parts. `largeLinks` makes the download links of large uploads (only when the mail really
 * goes out: `largeFiles`, for the send to store); a draft lists them by name instead. The links follow the
 * company's settings: valid largeFileMaxDuration days from the sending, and with isLargeAttPw behind the
 * password the sender set (largeFilePw, the secure-mail password form: mail.large_password_invalid).
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
  const largeUploads: UploadRow[] = [];
  for (const u of uploads) {
    if (u.uploadType === "large") largeUploads.push(u);
    else attachments.push({ filename: u.name, contentType: u.contentType, content: await deps.blobs.get(u.blobKey) });
  }
  const large = largeUploads.length ? await largeFilesOf(deps, sender, body, largeUploads, { ...opts, sendAt }) : null;
  return {
    from: { name: body.senderName?.trim() || sender.displayName, address: fromAddressOf(body, sender) },
    to,
    cc,
    bcc,
    subject: subjectOf(body),
    html: body.content + (large?.html ?? ""),
    inReplyTo,
    references,
    attachments,
    largeFiles: large?.rows ?? [],
  };
}

/** The links of the large uploads (when `largeLinks`) and the block listing them, in the sender's language. */
async function largeFilesOf(
  deps: AppDeps,
  sender: Sender,
  body: ComposeBody,
  uploads: UploadRow[],
  opts: { largeLinks: boolean; sendAt: Date },
) {
  const policy = await largeFilePolicy(deps, sender.companyId);
  const expiresAt = new Date(opts.sendAt.getTime() + policy.days * 86_400_000);
  let passwordHash: string | null = null;
  if (opts.largeLinks && policy.password) {
    if (!SECURE_PASSWORD.test(body.largeFilePw ?? "")) throw new AppError(400, "mail.large_password_invalid");
    passwordHash = await hashPassword(body.largeFilePw!);
  }
  const base = deps.config.PUBLIC_URL.replace(/\/$/, "");
  const now = deps.clock.now();
  const rows: NewLargeFile[] = [];
  const list = uploads.map((u) => {
    if (!opts.largeLinks) return { name: u.name, size: u.size, url: null };
    const token = randomToken();
    rows.push({
      companyId: sender.companyId,
      userId: sender.userId,
      token,
      name: u.name,
      size: u.size,
      contentType: u.contentType,
      blobKey: u.blobKey,
      maxDownloads: LARGE_FILE_DOWNLOADS,
      expiresAt,
      passwordHash,
      createdAt: now,
    });
    // Behind a password the link opens the download page, which asks for it; otherwise it is the file.
    const url = passwordHash ? `${base}/#${LARGE_FILE_PAGE_PATH}${token}` : `${base}${LARGE_FILE_API_PATH}${token}`;
    return { name: u.name, size: u.size, url };
  });
  const html = largeFilesHtml(sender.language, list, { until: expiresAt, downloads: LARGE_FILE_DOWNLOADS, password: policy.password });
  return { html, rows };
}
