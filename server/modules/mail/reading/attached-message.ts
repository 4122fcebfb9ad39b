// A message attached to a mail (a message/rfc822 part, or a .eml file) opened in the reader
// (MailView.attachPosition): GET /api/mails/view/{id}?attachPosition=N. Its bytes are read again from the
// parent's raw message and parsed like any inbound mail (HTML sanitised, remote images left to the reader's
// frame policy). The answer is a MailView of the attached message under the parent's mailId; nothing about
// the parent changes (no read mark). The attached message's own attachments download through the parent:
//
//   GET /api/mails/view/{id}/attach/{path}/{sub}          bearer
//   GET /api/mail-inline/{id}/{path}/{sub}?token=         the parent's inline token (reader frame, links)
//
// A message attached inside an attached message (a forward of a forward) opens the same way, by its path:
// attachPosition=1.0 is attachment 0 of the message attached at 1 (shared/mail/attach-path.ts), up to
// ATTACH_PATH_MAX_DEPTH levels; each level must be a message.
import type { MailAttachmentJson } from "../../../../db/schema/mail.ts";
import type { MailView } from "../../../../shared/mail/reading.ts";
import { formatAttachPath } from "../../../../shared/mail/attach-path.ts";
import { fileHeaders } from "../../../lib/downloads.ts";
import type { AppDeps } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { isBlocked } from "../store/blocked.ts";
import { attachmentBytes, attachmentParts, parseMessage } from "../store/parse.ts";
import { attachList, type InlineGrant, rewriteCidImages, signInlineToken } from "./content.ts";
import { splitHtmlQuote, splitTextQuote } from "./quote.ts";
import * as repo from "./repo.ts";

const attachNotFound = () => new AppError(404, "mail.attach_not_found");

/** A message/rfc822 part or an .eml file: an attachment the reader can open as a mail. */
export function isMessageAttachment(a: Pick<MailAttachmentJson, "contentType" | "name">): boolean {
  const type = a.contentType.toLowerCase();
  return type === "message/rfc822" || type === "message/global" || /\.eml$/i.test(a.name);
}

export function nestedInlineUrl(mailId: number, path: readonly number[], sub: number, token: string): string {
  return `/api/mail-inline/${mailId}/${formatAttachPath(path)}/${sub}?token=${encodeURIComponent(token)}`;
}

/**
 * The bytes of the attached message at `path` of a mail of `userId`: the first position is checked against
 * the mail's stored listing, each deeper one against its attached message's parts; 404 when any is not a
 * message.
 */
async function loadAttached(deps: AppDeps, userId: number, mailId: number, path: readonly number[]) {
  const row = await repo.findMailWithMessage(deps.db, userId, mailId);
  if (!row) throw new AppError(404, "mail.not_found");
  if (isBlocked(row.mail)) throw new AppError(403, "mail.blocked");
  const [first, ...deeper] = path;
  const meta = row.message.attachments.find((a) => a.position === first);
  if (!meta || !isMessageAttachment(meta)) throw attachNotFound();
  let bytes = await attachmentBytes(await deps.blobs.get(row.message.blobKey), first);
  for (const position of deeper) {
    if (!bytes) break;
    const part = (await attachmentParts(bytes, [position]).catch(() => null))?.get(position);
    bytes = part && isMessageAttachment(part.meta) ? part.bytes : null;
  }
  if (!bytes) throw attachNotFound();
  return { row, bytes };
}

/** The MailView of an attached message (000 §3 "Mail view item", attachPosition), at any depth. */
export async function attachedView(deps: AppDeps, userId: number, mailId: number, path: readonly number[], grant: InlineGrant): Promise<MailView> {
  const { row, bytes } = await loadAttached(deps, userId, mailId, path);
  const parsed = await parseMessage(bytes);
  const { mail } = row;
  const token = await signInlineToken(deps.secrets.tokenKey, grant, mail.id, deps.clock.now());
  const urlOf = (sub: number) => nestedInlineUrl(mail.id, path, sub, token);
  const isHtml = parsed.htmlBody !== null;
  const split = isHtml
    ? splitHtmlQuote(rewriteCidImages(parsed.htmlBody!, parsed.attachments, urlOf))
    : splitTextQuote(parsed.textBody);
  return {
    mailId: mail.id,
    dataId: String(mail.id),
    mailType: "NORMAL",
    readStatus: 1,
    importantStatus: 0,
    flowMail: 0,
    taskId: null,
    taskStatus: null,
    from: parsed.from,
    to: parsed.to,
    cc: parsed.cc,
    bcc: parsed.bcc,
    replyTo: parsed.replyTo,
    subject: parsed.subject,
    content: split.content,
    contentType: isHtml ? "html" : "text",
    quoteContent: split.quote,
    attachList: attachList(parsed.attachments, urlOf),
    hasCalendar: false,
    receivedTimeMillis: mail.receivedAt.getTime(),
    sentTimeMillis: parsed.sentAt?.getTime() ?? null,
    readTimeMillis: null,
    tags: [],
    folderId: mail.folderId,
    folderType: row.folderType,
    attachPosition: path[0],
    attachPath: formatAttachPath(path),
    priority: parsed.priority,
    emlSize: bytes.length,
    spamReason: null,
    blocked: false,
    ownDomainUnverified: false,
    inlineToken: token,
  };
}

/** One attachment of an attached message, downloaded through the parent mail. */
export async function nestedAttachmentResponse(
  deps: AppDeps,
  userId: number,
  mailId: number,
  path: readonly number[],
  sub: number,
): Promise<Response> {
  const { bytes: message } = await loadAttached(deps, userId, mailId, path);
  // One parse of the attached message for both the part's listing and its bytes; a message that cannot be
  // parsed lists no attachments (parseMessage), so it has none to download.
  const part = (await attachmentParts(message, [sub]).catch(() => null))?.get(sub);
  if (!part) throw attachNotFound();
  const { meta, bytes } = part;
  const headers = fileHeaders(meta.contentType, meta.name, { length: bytes.length });
  return new Response(bytes as Uint8Array<ArrayBuffer>, { status: 200, headers });
}
