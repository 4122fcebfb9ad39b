// The one way mail enters a mailbox: inbound SMTP, internal sending, the sender's own copy, imports and
// bounces all come through fileMessage(). The raw bytes are written to the blob store first (synced to disk);
// then, in one transaction, the parsed message and one mailbox entry per target are inserted. Only after
// that transaction commits does a caller acknowledge anything (the SMTP listener answers 250 then), so a
// crash at any point loses nothing that was acknowledged: an unacknowledged message is retried by its sender,
// and a blob without rows is only garbage. Targets put in spam on arrival carry their spam-log entry
// (FilingTarget.spamLog): all entries of the message are inserted in the same transaction, in one statement,
// so a filed spam mail always has its log entry.
import { sql } from "drizzle-orm";
import type { AppDeps } from "../../../lib/context.ts";
import type { DbOrTx } from "../../../../db/client.ts";
import { mailMessages, mails } from "../../../../db/schema/mail.ts";
import { mailSpamLog } from "../../../../db/schema/mail-settings.ts";
import type { MailType, SystemFolderType } from "../../../../shared/mail/constants.ts";
import { searchVectorLiteral } from "../search/tokens.ts";
import { type ParsedMessage, parseMessage } from "./parse.ts";
import { systemFolders } from "./folders.ts";

export interface FilingTarget {
  userId: number;
  /** A system folder by type, or a folder id the caller has already checked belongs to the user. */
  folder: SystemFolderType | number;
  mailType?: MailType;
  read?: boolean;
  important?: boolean;
  tags?: string[];
  internal?: boolean;
  spamReason?: string | null;
  /** Smart mailbox class (PROMOTION, SOCIAL) of a mail filed in SMART. */
  category?: string | null;
  reserveAt?: Date | null;
  /** The sender's own copy: its search index includes the Bcc recipients (nobody else's does). */
  seesBcc?: boolean;
  /** Announce it on the user's mail topic (NEW_MAIL) once committed. */
  notify?: { username: string };
  /** Put in spam on arrival: its spam-log entry (the list pattern or the reason, the sender shown). */
  spamLog?: SpamLogEntry;
}

export interface SpamLogEntry {
  /** The block-list pattern that matched, or the reason (AUTH_FAIL, SYSTEM). */
  pattern: string;
  /** The sender shown in the log: the From address, or the envelope sender when From has none. */
  sender: string;
}

export interface FileInput {
  companyId: number;
  raw: Uint8Array;
  /** Parsed already (the caller needed it to decide the targets); parsed here otherwise. */
  parsed?: ParsedMessage;
  receivedAt: Date;
  targets: FilingTarget[];
  /** Bcc recipients to remember on this stored message (outgoing mail); only seesBcc targets can search them. */
  bcc?: { name: string; address: string }[];
  authResults?: Record<string, unknown> | null;
}

export interface FiledMail {
  userId: number;
  mailId: number;
  folderId: number;
}

export interface FileResult {
  messageId: number;
  parsed: ParsedMessage;
  mails: FiledMail[];
}

/** Stores the message and files it for every target; publishes NEW_MAIL after the commit. */
export async function fileMessage(deps: AppDeps, input: FileInput): Promise<FileResult> {
  const parsed = input.parsed ?? await parseMessage(input.raw);
  const blob = await deps.blobs.put(input.raw);
  const result = await deps.db.transaction((tx) => fileInTransaction(tx, input, parsed, blob.key));
  for (const [i, t] of input.targets.entries()) {
    if (t.notify) void deps.realtime.publishNewMail(t.notify.username, result.mails[i].folderId, result.mails[i].mailId);
  }
  return result;
}

/** The database half of fileMessage, for callers that file inside a transaction of their own. */
export async function fileInTransaction(
  tx: DbOrTx,
  input: FileInput,
  parsed: ParsedMessage,
  blobKey: string,
): Promise<FileResult> {
  const [message] = await tx.insert(mailMessages).values({
    companyId: input.companyId,
    blobKey,
    size: input.raw.length,
    messageIdHeader: parsed.messageIdHeader,
    inReplyTo: parsed.inReplyTo,
    references: parsed.references,
    subject: parsed.subject,
    fromName: parsed.from.name,
    fromAddress: parsed.from.address,
    to: parsed.to,
    cc: parsed.cc,
    bcc: input.bcc ?? parsed.bcc,
    replyTo: parsed.replyTo,
    sentAt: parsed.sentAt,
    textBody: parsed.textBody,
    htmlBody: parsed.htmlBody,
    snippet: parsed.snippet,
    attachments: parsed.attachments,
    hasAttachments: parsed.attachments.some((a) => !a.inline),
    priority: parsed.priority,
    authResults: input.authResults ?? null,
  }).returning({ id: mailMessages.id });

  const vectorOf = (withBcc: boolean) =>
    searchVectorLiteral({
      subject: parsed.subject,
      addresses: [parsed.from, ...parsed.to, ...parsed.cc, ...(withBcc ? input.bcc ?? [] : [])]
        .map((a) => `${a.name} ${a.address}`).join(" "),
      body: parsed.textBody,
      attachmentNames: parsed.attachments.map((a) => a.name).join(" "),
    });
  const vector = vectorOf(false);
  const senderVector = input.bcc?.length ? vectorOf(true) : vector;
  const threadKey = parsed.references[0] ?? parsed.inReplyTo ?? parsed.messageIdHeader ?? `local-${message.id}`;
  const hasAttachments = parsed.attachments.some((a) => !a.inline);

  const rows = [];
  for (const t of input.targets) {
    const folderId = typeof t.folder === "number" ? t.folder : (await systemFolders(tx, input.companyId, t.userId))[t.folder];
    rows.push({
      companyId: input.companyId,
      userId: t.userId,
      folderId,
      messageId: message.id,
      mailType: t.mailType ?? "NORMAL",
      read: t.read ?? false,
      readAt: t.read ? input.receivedAt : null,
      important: t.important ?? false,
      tags: t.tags ?? [],
      receivedAt: input.receivedAt,
      size: input.raw.length,
      hasAttachments,
      internal: t.internal ?? false,
      spamReason: t.spamReason ?? null,
      category: t.category ?? null,
      reserveAt: t.reserveAt ?? null,
      threadKey,
      searchVector: sql`${t.seesBcc ? senderVector : vector}::tsvector`,
    });
  }
  const inserted = rows.length
    ? await tx.insert(mails).values(rows).returning({ id: mails.id, userId: mails.userId, folderId: mails.folderId })
    : [];
  const logRows = input.targets.flatMap((t, i) =>
    t.spamLog
      ? [{
        companyId: input.companyId,
        userId: t.userId,
        mailId: inserted[i].id,
        adrFrom: t.spamLog.sender.toLowerCase().slice(0, 320),
        pattern: t.spamLog.pattern,
        msgSize: input.raw.length,
        subject: parsed.subject.slice(0, 500),
        status: "BLOCKED",
        insertDate: input.receivedAt,
      }]
      : []
  );
  if (logRows.length) await tx.insert(mailSpamLog).values(logRows);
  return { messageId: message.id, parsed, mails: inserted.map((r) => ({ userId: r.userId, mailId: r.id, folderId: r.folderId })) };
}
