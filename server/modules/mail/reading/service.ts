// Reading mail: lists by folder, opening a mail (which marks it read), its attachments, the raw message,
// its conversation and the mails exchanged with its sender. Every id is the caller's or answers 404.
import { and, eq, inArray } from "drizzle-orm";
import { mailFolders } from "../../../../db/schema/mail.ts";
import type { MailListItem, MailListPage, MailListQuery, MailView } from "../../../../shared/mail/reading.ts";
import { type SearchOptions, searchOptions } from "../../../../shared/mail/search.ts";
import type { AppDeps, Caller } from "../../../lib/context.ts";
import { mailTaskOf } from "../../flow/mail-tasks/link.ts";
import { AppError } from "../../../lib/errors.ts";
import { runSearch } from "../search/service.ts";
import { attachmentBytes } from "../store/parse.ts";
import { attachList, type InlineGrant, inlineUrl, rewriteCidImages, signInlineToken } from "./content.ts";
import { fileHeaders } from "../../../lib/downloads.ts";
import { isBlocked } from "../store/blocked.ts";
import * as repo from "./repo.ts";
import { resolveScope } from "./scope.ts";
import { hasCalendarPart } from "./calendar-parts.ts";
import { attachedView, nestedAttachmentResponse } from "./attached-message.ts";
import { splitHtmlQuote, splitTextQuote } from "./quote.ts";
import { messageBytes } from "../store/message-bytes.ts";

export const mailNotFound = () => new AppError(404, "mail.not_found");

export function pageAnswer(mails: MailListItem[], total: number, page: number, pageSize: number): MailListPage {
  return { mails, totalElements: total, totalPages: Math.ceil(total / pageSize), page, pageSize };
}

export async function list(caller: Caller, q: MailListQuery): Promise<MailListPage> {
  const { db } = caller.deps;
  const scope = await resolveScope(db, caller.auth, q.folderId);
  if (scope.searchOptions) {
    // A saved search folder: its options as saved, without a required word and without history.
    const parsed = searchOptions.safeParse(scope.searchOptions);
    const opts: SearchOptions = parsed.success ? parsed.data : searchOptions.parse({});
    return runSearch(caller, opts, q.page, q.pageSize, { requireWord: false });
  }
  const offset = q.page * q.pageSize;
  // A smart-mailbox class narrows the scope; the folder counters do not know per-class totals, so it counts.
  const where = repo.inCategory(scope.where, q.category);
  const knownTotal = q.category ? undefined : scope.knownTotal;
  const [items, total] = await Promise.all([
    repo.listPage(db, where, q.pageSize, offset),
    knownTotal !== undefined ? Promise.resolve(knownTotal) : repo.countWhere(db, where),
  ]);
  return pageAnswer(items, total, q.page, q.pageSize);
}

export interface ViewOptions {
  includesReference?: boolean;
  basedMailId?: number;
  /** Show the message attached at this position (path: shared/mail/attach-path.ts) instead (attached-message.ts). */
  attachPosition?: readonly number[];
  /**
   * Whom the inline token is issued to when it is not the mailbox's owner: a shared-folder member reading the
   * owner's mail (../shared/), through that folder, so every fetch re-checks the share (./inline.ts).
   */
  grant?: InlineGrant;
}

export function view(caller: Caller, mailId: number, opts: ViewOptions): Promise<MailView> {
  return viewOf(caller.deps, caller.auth.userId, mailId, opts, true);
}

/**
 * One mail of the mailbox of `userId` as the reader shows it. `markRead`: the owner opening their own mail
 * marks it read; a shared-folder member's reading (../shared/) leaves the owner's read status and counters.
 */
export async function viewOf(deps: AppDeps, userId: number, mailId: number, opts: ViewOptions, markRead: boolean): Promise<MailView> {
  const { db, clock, secrets } = deps;
  const grant: InlineGrant = opts.grant ?? { userId, sharedFolderId: null };
  if (opts.attachPosition !== undefined) return attachedView(deps, userId, mailId, opts.attachPosition, grant);
  const row = await repo.findMailWithMessage(db, userId, mailId);
  if (!row) throw mailNotFound();
  const { mail, message } = row;
  let dataId = String(mail.id);
  if (opts.basedMailId !== undefined) {
    const based = await repo.findMailWithMessage(db, userId, opts.basedMailId);
    if (!based || !mail.threadKey || based.mail.threadKey !== mail.threadKey) throw mailNotFound();
    dataId = `${mail.id}_ref_${based.mail.id}`;
  }
  const now = clock.now();
  if (markRead && !mail.read && await repo.markRead(db, mail.id, now)) {
    mail.read = true;
    mail.readAt = now;
  }
  const token = await signInlineToken(secrets.tokenKey, grant, mail.id, now);
  const urlOf = (position: number) => inlineUrl(mail.id, position, token);
  const isSenderCopy = ["SENT", "RESERVE", "RESERVE_CANCEL", "DRAFT"].includes(mail.mailType);
  const blocked = isBlocked(mail);
  // The quoted history of a reply or forward, apart from the new text (quote.ts); withheld while blocked.
  const split = blocked
    ? { content: "", quote: null }
    : message.htmlBody !== null
    ? splitHtmlQuote(rewriteCidImages(message.htmlBody, message.attachments, urlOf))
    : splitTextQuote(message.textBody);
  const answer: MailView = {
    mailId: mail.id,
    dataId,
    mailType: mail.mailType,
    readStatus: mail.read ? 1 : 0,
    importantStatus: mail.important ? 1 : 0,
    ...await mailTaskOf(db, userId, mail.id),
    from: { name: message.fromName, address: message.fromAddress },
    to: message.to,
    cc: message.cc,
    bcc: isSenderCopy ? message.bcc : [],
    replyTo: message.replyTo,
    subject: message.subject,
    content: split.content,
    contentType: message.htmlBody !== null ? "html" : "text",
    quoteContent: split.quote,
    attachList: blocked ? [] : attachList(message.attachments, urlOf),
    hasCalendar: !blocked && hasCalendarPart(message.attachments),
    receivedTimeMillis: mail.receivedAt.getTime(),
    sentTimeMillis: message.sentAt?.getTime() ?? null,
    readTimeMillis: mail.readAt?.getTime() ?? null,
    tags: mail.tags,
    folderId: mail.folderId,
    folderType: row.folderType,
    attachPosition: null,
    attachPath: null,
    priority: message.priority,
    emlSize: mail.size,
    spamReason: mail.spamReason,
    blocked,
    ownDomainUnverified: (message.authResults as { ownDomainUnverified?: unknown } | null)?.ownDomainUnverified === true,
    inlineToken: token,
  };
  if (opts.includesReference) {
    answer.references = mail.threadKey
      ? await repo.listItemsByIds(db, userId, await repo.threadMailIds(db, userId, mail.threadKey, mail.id))
      : [];
  }
  return answer;
}

export async function references(caller: Caller, mailId: number): Promise<{ mails: MailListItem[] }> {
  const { db } = caller.deps;
  const row = await repo.findMailWithMessage(db, caller.auth.userId, mailId);
  if (!row) throw mailNotFound();
  if (!row.mail.threadKey) return { mails: [] };
  const ids = await repo.threadMailIds(db, caller.auth.userId, row.mail.threadKey, mailId);
  return { mails: await repo.listItemsByIds(db, caller.auth.userId, ids) };
}

/** Mails exchanged with the sender of this mail (received from them, or sent to them), outside trash and spam. */
export async function history(caller: Caller, mailId: number, page: number, pageSize: number): Promise<MailListPage> {
  const { db } = caller.deps;
  const userId = caller.auth.userId;
  const row = await repo.findMailWithMessage(db, userId, mailId);
  if (!row) throw mailNotFound();
  const address = row.message.fromAddress;
  if (!address) return pageAnswer([], 0, page, pageSize);
  const excluded = await db.select({ id: mailFolders.id }).from(mailFolders)
    .where(and(eq(mailFolders.userId, userId), inArray(mailFolders.folderType, ["DELETED", "SPAM"])));
  const where = repo.exchangedWith(userId, address, excluded.map((f) => f.id));
  const [mails, total] = await Promise.all([repo.listPage(db, where, pageSize, page * pageSize), repo.countWhere(db, where)]);
  return pageAnswer(mails, total, page, pageSize);
}


export async function attachmentResponse(deps: AppDeps, userId: number, mailId: number, position: number): Promise<Response> {
  const row = await repo.findMailWithMessage(deps.db, userId, mailId);
  if (!row) throw mailNotFound();
  if (isBlocked(row.mail)) throw new AppError(403, "mail.blocked");
  const meta = row.message.attachments.find((a) => a.position === position);
  if (!meta) throw new AppError(404, "mail.attach_not_found");
  const raw = await deps.blobs.get(row.message.blobKey);
  const bytes = await attachmentBytes(raw, position);
  if (!bytes) throw new AppError(404, "mail.attach_not_found");
  const headers = fileHeaders(meta.contentType, meta.name, { length: bytes.length });
  return new Response(bytes as Uint8Array<ArrayBuffer>, { status: 200, headers });
}

export function attachment(caller: Caller, mailId: number, position: number): Promise<Response> {
  return attachmentResponse(caller.deps, caller.auth.userId, mailId, position);
}

/** An attachment of the message attached at `path` (bearer). */
export function nestedAttachment(caller: Caller, mailId: number, path: readonly number[], sub: number): Promise<Response> {
  return nestedAttachmentResponse(caller.deps, caller.auth.userId, mailId, path, sub);
}

/** The raw message: to look at (text/plain, inline) or to save (.eml). */
export function original(caller: Caller, mailId: number, mode: string): Promise<Response> {
  return originalOf(caller.deps, caller.auth.userId, mailId, mode);
}

/** The raw message of a mail of the mailbox of `userId`. */
export async function originalOf(deps: AppDeps, userId: number, mailId: number, mode: string): Promise<Response> {
  if (mode !== "view" && mode !== "download") throw mailNotFound();
  const row = await repo.findMailWithMessage(deps.db, userId, mailId);
  if (!row) throw mailNotFound();
  if (isBlocked(row.mail)) throw new AppError(403, "mail.blocked");
  const raw = await messageBytes(deps.blobs, row.message);
  // deno-lint-ignore no-control-regex -- control characters never belong in a file name
  const name = `${(row.message.subject || `mail-${mailId}`).replace(/[\\/:*?"<>|\u0000-\u001f]/g, "_").slice(0, 100)}.eml`;
  const headers = mode === "view"
    ? fileHeaders("text/plain; charset=utf-8", name, { length: raw.length, inline: true })
    : fileHeaders("message/rfc822", name, { length: raw.length });
  return new Response(raw as Uint8Array<ArrayBuffer>, { status: 200, headers });
}
